import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { copiedText, pdfTextItems } from '../../test/pdf-text.ts';
import {
  isPlainText,
  itemize,
  layout,
  measureText,
  visualOrder,
  writeText,
  type ScriptTextOptions,
} from './script-text.ts';

const runs = (text: string) => itemize(text).map((r) => [r.text, r.face, r.level]);

describe('splitting text into runs by script', () => {
  it.each([
    [
      'Asha Rao',
      [
        ['Asha', 'helvetica', 0],
        [' ', 'helvetica', 0],
        ['Rao', 'helvetica', 0],
      ],
    ],
    // A space between two words of one script stays in its font.
    [
      'राहुल शर्मा',
      [
        ['राहुल', 'devanagari', 0],
        [' ', 'devanagari', 0],
        ['शर्मा', 'devanagari', 0],
      ],
    ],
    // Latin letters and figures go to Helvetica; the space between scripts too.
    [
      'Priya शर्मा 12',
      [
        ['Priya', 'helvetica', 0],
        [' ', 'helvetica', 0],
        ['शर्मा', 'devanagari', 0],
        [' ', 'helvetica', 0],
        ['12', 'helvetica', 0],
      ],
    ],
    // Joiners, marks and the danda go with the letters they follow.
    ['क्‍ष।', [['क्‍ष।', 'devanagari', 0]]],
    ['আমি।', [['আমি।', 'bengali', 0]]],
    // Decomposed Latin letters are composed first, so Helvetica draws them.
    ['Zoe\u0308', [['Zoë', 'helvetica', 0]]],
    // What Helvetica cannot write goes to Noto Sans.
    ['Āśā', [['Āśā', 'latin', 0]]],
    // Right to left: Arabic letters at level 1, figures within them at level 2.
    [
      'گلی 12',
      [
        ['گلی', 'naskh', 1],
        [' ', 'helvetica', 1],
        ['12', 'helvetica', 2],
      ],
    ],
    // Arabic-Indic figures, one run each, so that fontkit does not turn them round.
    [
      'مکان ۱۲',
      [
        ['مکان', 'naskh', 1],
        [' ', 'naskh', 1],
        ['۱', 'naskh', 2],
        ['۲', 'naskh', 2],
      ],
    ],
    // Bidi controls steer the order and are not drawn.
    ['\u200fA', [['A', 'helvetica', 2]]],
  ])('%s', (text, expected) => {
    expect(runs(text)).toEqual(expected);
    // Nothing is lost but controls: the runs hold the text (composed).
    expect(
      itemize(text)
        .map((r) => r.text)
        .join(''),
    ).toBe(text.normalize('NFC').replace(/[\u200e\u200f]/g, ''));
  });

  it('only text Helvetica can write whole is plain', () => {
    expect(isPlainText('Rs. 1,199.00 – “Linen” Shirt, Zoë\nnext line')).toBe(true);
    expect(isPlainText('राहुल')).toBe(false);
    expect(isPlainText('₹ 1,199')).toBe(false);
  });
});

describe('visual order of a line (bidi rule L2)', () => {
  const order = (levels: number[]) => visualOrder(levels.map((level, i) => ({ level, i }))).map((r) => r.i);
  it.each([
    [
      [0, 0, 0],
      [0, 1, 2],
    ],
    [
      [1, 1, 1],
      [2, 1, 0],
    ],
    // Figures in right-to-left text keep their own order.
    [
      [1, 1, 2, 2, 1],
      [4, 2, 3, 1, 0],
    ],
    // Right-to-left words in a left-to-right line.
    [
      [0, 1, 1, 1, 0],
      [0, 3, 2, 1, 4],
    ],
    [[], []],
  ])('%j → %j', (levels, expected) => {
    expect(order(levels)).toEqual(expected);
  });
});

async function drawn(lines: [string, ScriptTextOptions][], x = 50, size = 12) {
  const doc = new PDFDocument({ size: 'A4', margin: 40 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.fontSize(size);
  let y = 50;
  const heights: number[] = [];
  for (const [text, options] of lines) {
    const { height } = measureText(doc, text, x, options);
    writeText(doc, text, x, y, options);
    expect(doc.y - y).toBeCloseTo(height, 6);
    heights.push(height);
    y = doc.y + 20;
  }
  doc.end();
  return { pdf: await done, heights };
}

describe('drawing text in the scripts of India', () => {
  it('right-to-left text is drawn in the order it is read: words, then figures and Latin within them', async () => {
    const { pdf } = await drawn([
      ['محمد علی خان', {}],
      ['مکان نمبر 12، گلی قاسم جان', {}],
      ['سوتی کرتا (XL) 2 عدد', {}],
    ]);
    const items = await pdfTextItems(pdf);
    /** A line's words as an Urdu reader meets them: from the right. */
    const fromTheRight = (first: string) => {
      const start = items.find((item) => item.text === first)!;
      return items
        .filter((item) => Math.abs(item.y - start.y) < 1)
        .sort((a, b) => b.x - a.x)
        .map((item) => item.text)
        .join(' ');
    };
    expect(fromTheRight('محمد')).toBe('محمد علی خان');
    expect(fromTheRight('مکان')).toBe('مکان نمبر 12 ، گلی قاسم جان');
    // The brackets are mirrored: the opening one, on the right, opens to the left.
    expect(fromTheRight('سوتی')).toBe('سوتی کرتا ) XL ( 2 عدد');
    const copied = await copiedText(pdf);
    expect(copied).toContain('محمد علی خان');
    expect(copied).toContain('گلی قاسم جان');
  });

  it('wraps on the widths of its runs, within the width given, and measures what it draws', async () => {
    const text = 'श्री कृष्ण निवास, गली नं. 4, सिविल लाइंस, Near Gandhi Park, इलाहाबाद';
    const { pdf, heights } = await drawn([
      [text, { width: 120 }],
      [text, { width: 120, align: 'right', bold: true }],
      [text, {}],
    ]);
    // Three lines or more in 120 points; one across the page.
    expect(heights[0]).toBeGreaterThan(3 * 12);
    expect(heights[2]).toBeLessThan(2 * 12 * 1.4);
    const items = await pdfTextItems(pdf);
    for (const item of items) {
      expect(item.x).toBeGreaterThanOrEqual(50 - 0.01);
      expect(item.x).toBeLessThan(50 + 595.28 - 40);
    }
    // Every word comes back, once for each time it was drawn.
    const copied = await copiedText(pdf);
    for (const word of text.split(' ')) {
      expect(copied.split(word).length - 1).toBeGreaterThanOrEqual(3);
    }
  });

  it('a word wider than the line is broken between its letters, not drawn past the edge', async () => {
    const { heights } = await drawn([['कृष्णकृष्णकृष्णकृष्णकृष्णकृष्ण', { width: 40 }]]);
    expect(heights[0]).toBeGreaterThan(2 * 12);
  });
});

describe('breaking a word wider than the line', () => {
  /** Lays the text out at 9 points, counting the strings pdfkit is asked to measure. */
  function laidOut(text: string, width: number, bold = false) {
    const doc = new PDFDocument({ size: 'A4' });
    doc.fontSize(9);
    const widthOfString = doc.widthOfString.bind(doc);
    let measured = 0;
    doc.widthOfString = ((s: string, options?: PDFKit.Mixins.TextOptions) => {
      measured++;
      return widthOfString(s, options);
    }) as typeof doc.widthOfString;
    const lines = layout(doc, text, width, bold ? 'bold' : 'regular');
    return { lines, texts: lines.map((line) => line.runs.map((run) => run.text)), measured };
  }

  const word = 'क्षत्रिय'.repeat(25);
  // The lines are those the break gave when it shaped the line's run again for every letter.
  it.each([
    [
      word,
      150,
      false,
      [
        ['क्षत्रियक्षत्रियक्षत्रियक्षत्रियक्षत्रियक्षत्रियक्षत्रियक्षत्रि'],
        ['यक्षत्रियक्षत्रियक्षत्रियक्षत्रियक्षत्रियक्षत्रियक्षत्रियक्ष'],
        ['त्रियक्षत्रियक्षत्रियक्षत्रियक्षत्रियक्षत्रियक्षत्रियक्षत्रिय'],
        ['क्षत्रियक्षत्रिय'],
      ],
    ],
    [
      'सूतीकुर्ताहाथसेबुना'.repeat(6) + ' छोटा',
      120,
      false,
      [['सूतीकुर्ताहाथसेबुनासूतीकुर्ताहाथसेबुना'], ['सूतीकुर्ताहाथसेबुनासूतीकुर्ताहाथसेबुना'], ['सूतीकुर्ताहाथसेबुनासूतीकुर्ताहाथसेबुना'], ['छोटा']],
    ],
    [
      'abc ' + 'தமிழ்செல்வி'.repeat(10),
      90,
      false,
      [
        ['abc'],
        ['தமிழ்செல்விதமிழ்'],
        ['செல்விதமிழ்செல்'],
        ['விதமிழ்செல்விதமி'],
        ['ழ்செல்விதமிழ்செ'],
        ['ல்விதமிழ்செல்வித'],
        ['மிழ்செல்விதமிழ்'],
        ['செல்விதமிழ்செல்'],
        ['வி'],
      ],
    ],
    // Right to left: each letter a run of its own, as before.
    [
      'Linen ' + 'شرٹ'.repeat(7),
      30,
      false,
      [
        ['Linen'],
        ['ش', 'ر', 'ٹ', 'ش'],
        ['ر', 'ٹ', 'ش', 'ر', 'ٹ'],
        ['ش', 'ر', 'ٹ', 'ش'],
        ['ر', 'ٹ', 'ش', 'ر', 'ٹ'],
        ['ش', 'ر', 'ٹ'],
      ],
    ],
    // Two scripts in one word: the line holding the end of one and the start of the other.
    [
      'বাংলা'.repeat(20) + 'abcdefghij'.repeat(5),
      70,
      true,
      [
        ...Array.from({ length: 6 }, () => ['বাংলাবাংলাবাংলা']),
        ['বাংলাবাংলা', 'abcd'],
        ['efghijabcdefghij'],
        ['abcdefghijabcd'],
        ['efghijabcdefghij'],
      ],
    ],
    // A line narrower than any letter still takes one.
    ['x', 0.5, false, [['x']]],
  ])('%s in %d points', (text, width, bold, expected) => {
    const { lines, texts } = laidOut(text, width, bold);
    expect(texts).toEqual(expected);
    for (const line of lines) {
      // Every line but one of a single letter fits, and its width is its runs' measured widths.
      if (line.runs.length > 1 || [...graphemeSegments(line.runs[0]!.text)].length > 1) {
        expect(line.width).toBeLessThanOrEqual(width + 1e-6);
      }
      expect(line.width).toBeCloseTo(
        line.runs.reduce((sum, run) => sum + run.width, 0),
        6,
      );
    }
  });

  it('measures each letter once and each line once, not the line again for every letter', () => {
    const { texts, measured } = laidOut(word, 150);
    expect(texts.flat().join('')).toBe(word);
    // Shaping the growing run for every letter asked for 147 measurements here.
    expect(measured).toBeLessThanOrEqual(20);
  });
});

const graphemeSegments = (text: string) =>
  [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map((s) => s.segment);
