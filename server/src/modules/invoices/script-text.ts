import bidiFactory from 'bidi-js';
import { adoptFont } from './embedded-font.ts';
import { covers, fontFile, isWinAnsi, scriptFace, sharedFont, type Face, type Weight } from './pdf-fonts.ts';

/**
 * Text in any of India's scripts, drawn with pdfkit: each string is split into runs by script,
 * each run drawn with the font that covers it (pdfkit shapes it with fontkit: conjuncts, matras,
 * Arabic joining), lines wrapped on the runs' measured widths, and right-to-left runs (Urdu)
 * put in their visual order by the Unicode bidirectional algorithm. Each run drawn with an
 * embedded font is marked with its text (ActualText), so readers copy and search the words as
 * written rather than the glyphs as shaped (a matra drawn before its consonant, say).
 *
 * Text Helvetica can encode whole goes to pdfkit as before: the same layout, the same bytes.
 */

/** The bidi algorithm, made when first needed (it takes a while): only text with right-to-left letters needs it. */
let bidiAlgorithm: ReturnType<typeof bidiFactory> | undefined;
const bidi = () => (bidiAlgorithm ??= bidiFactory());
/** Right-to-left letters (Hebrew, Arabic and their neighbours) and bidi controls. */
const RIGHT_TO_LEFT =
  /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe\u200f\u202a-\u202e\u2066-\u2069\u061c]|[\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

export interface Run {
  text: string;
  face: Face;
  /** Bidi embedding level: odd is right to left. */
  level: number;
  space: boolean;
}

/** Marks, joiners (ZWNJ, ZWJ), dandas and the dotted circle belong to the script of the letters around them. */
const INHERITING = new Set([0x200c, 0x200d, 0x0964, 0x0965, 0x25cc]);
const inherits = (codePoint: number, char: string) => INHERITING.has(codePoint) || /\p{M}/u.test(char);
/** Bidi controls steer the order and are not drawn; nor are other control characters. */
const NOT_DRAWN = /[\p{Cc}\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\u061c\ufeff]/u;
/** What fontkit lays out right to left by itself. */
const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

const faceCovers = (face: Face, codePoint: number) =>
  face === 'helvetica' ? isWinAnsi(codePoint) : covers(face, codePoint);

/** True when Helvetica can draw the whole text: no font to embed, pdfkit lays it out alone. */
export const isPlainText = (text: string) => [...text].every((c) => c === '\n' || isWinAnsi(c.codePointAt(0)!));

type Class = Face | 'inherit' | 'space' | null;

function classify(codePoint: number, char: string): Class {
  if (codePoint === 0x20 || codePoint === 0x09) return 'space';
  if (NOT_DRAWN.test(char)) return null;
  if (inherits(codePoint, char)) return 'inherit';
  const script = scriptFace(codePoint);
  if (script) return script;
  if (isWinAnsi(codePoint)) return 'helvetica';
  // Anything else Noto Sans draws (ā, Cyrillic, ₹); what no shipped font has shows as a box,
  // while its ActualText keeps it for readers.
  return 'latin';
}

/** One paragraph (no line breaks) as runs of one face and one direction, in logical order. */
export function itemize(paragraph: string): Run[] {
  const text = paragraph.normalize('NFC');
  const levels = RIGHT_TO_LEFT.test(text) ? bidi().getEmbeddingLevels(text).levels : new Uint8Array(text.length);
  const chars: { char: string; codePoint: number; level: number; face: Class }[] = [];
  let index = 0;
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    chars.push({ char, codePoint, level: levels[index]!, face: classify(codePoint, char) });
    index += char.length;
  }
  const drawn = chars.filter((c) => c.face !== null);
  const strongFace = (from: number, step: 1 | -1): Face | undefined => {
    for (let i = from; i >= 0 && i < drawn.length; i += step) {
      const face = drawn[i]!.face;
      if (face !== 'space' && face !== 'inherit') return face as Face;
    }
    return undefined;
  };
  // Marks and joiners take the face before them (else the script's own, the one after, Noto Sans).
  drawn.forEach((c, i) => {
    if (c.face !== 'inherit') return;
    const candidates = [strongFace(i - 1, -1), scriptFace(c.codePoint), strongFace(i + 1, 1), 'latin' as const];
    c.face = candidates.find((face) => face && faceCovers(face, c.codePoint)) ?? 'latin';
  });
  // A space between two words of one script is drawn in that script's font, else in Helvetica.
  drawn.forEach((c, i) => {
    if (c.face !== 'space') return;
    const before = strongFace(i - 1, -1);
    c.face =
      before && before !== 'helvetica' && before === strongFace(i + 1, 1) && faceCovers(before, 0x20)
        ? before
        : 'helvetica';
    c.char = ' ';
  });
  const runs: Run[] = [];
  let lastAlone = false;
  for (const c of drawn) {
    const face = c.face as Face;
    const space = c.char === ' ';
    const last = runs.at(-1);
    // Digits in Arabic script (level even) are drawn one by one: fontkit would turn them round.
    const alone = face === 'naskh' && c.level % 2 === 0;
    if (last && !alone && !lastAlone && last.face === face && last.level === c.level && last.space === space) {
      last.text += c.char;
    } else {
      runs.push({ text: c.char, face, level: c.level, space });
    }
    lastAlone = alone;
  }
  return runs;
}

/** Runs of one line in visual order, left to right (rule L2 of the bidi algorithm). */
export function visualOrder<T extends { level: number }>(runs: T[]): T[] {
  const ordered = [...runs];
  if (ordered.length === 0) return ordered;
  const highest = Math.max(...ordered.map((r) => r.level));
  const lowest = Math.min(...ordered.map((r) => r.level));
  const lowestOdd = lowest % 2 === 1 ? lowest : lowest + 1;
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < ordered.length;) {
      if (ordered[i]!.level < level) {
        i++;
        continue;
      }
      let end = i;
      while (end < ordered.length && ordered[end]!.level >= level) end++;
      ordered.splice(i, end - i, ...ordered.slice(i, end).reverse());
      i = end;
    }
  }
  return ordered;
}

type Doc = PDFKit.PDFDocument;

/** pdfkit's current font, whose metrics (per 1000 units of the em) it does not expose. */
const currentFont = (doc: Doc) =>
  (doc as unknown as { _font: { ascender: number; descender: number; lineGap: number } })._font;

/** Which of a document's fonts it has registered: each embedded font is read once per document. */
const registered = new WeakMap<Doc, Set<string>>();

function useFace(doc: Doc, face: Face, weight: Weight) {
  if (face === 'helvetica') return doc.font(weight === 'bold' ? 'Helvetica-Bold' : 'Helvetica');
  const name = `noto-${face}-${weight}`;
  let names = registered.get(doc);
  if (!names) registered.set(doc, (names = new Set()));
  if (names.has(name)) return doc.font(name);
  doc.registerFont(name, fontFile(face, weight));
  names.add(name);
  doc.font(name);
  // Shaped with fontkit's reading of the font kept for the process; left-to-right scripts
  // mapped cluster by cluster, so that readers ignoring ActualText copy them as written too.
  adoptFont((doc as unknown as { _font: unknown })._font, sharedFont(face, weight), face !== 'naskh');
  return doc;
}

interface Placed extends Run {
  width: number;
}

interface Line {
  runs: Placed[];
  width: number;
  /** From the line's top to its baseline, and from the baseline to the next line's top (points). */
  ascent: number;
  below: number;
}

export interface ScriptTextOptions {
  width?: number;
  align?: 'left' | 'right' | 'center';
  bold?: boolean;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export function layout(doc: Doc, text: string, width: number, weight: Weight): Line[] {
  const size = (doc as unknown as { _fontSize: number })._fontSize;
  const measure = (run: Run): Placed => ({ ...run, width: useFace(doc, run.face, weight).widthOfString(run.text) });
  const finish = (runs: Placed[]): Line => {
    while (runs.at(-1)?.space) runs.pop();
    let ascent = 0;
    let below = 0;
    for (const face of new Set<Face>(runs.length ? runs.map((r) => r.face) : ['helvetica'])) {
      const font = currentFont(useFace(doc, face, weight));
      ascent = Math.max(ascent, (font.ascender * size) / 1000);
      below = Math.max(below, ((font.lineGap - font.descender) * size) / 1000);
    }
    return { runs, width: runs.reduce((sum, r) => sum + r.width, 0), ascent, below };
  };

  const lines: Line[] = [];
  for (const paragraph of text.split('\n')) {
    // Words: runs between spaces, each with the spaces before it.
    const words: { spaces: Placed[]; runs: Placed[] }[] = [];
    for (const run of itemize(paragraph).map(measure)) {
      const last = words.at(-1);
      if (run.space) {
        if (!last || last.runs.length) words.push({ spaces: [run], runs: [] });
        else last.spaces.push(run);
      } else if (last) last.runs.push(run);
      else words.push({ spaces: [], runs: [run] });
    }
    let line: Placed[] = [];
    let used = 0;
    const sum = (runs: Placed[]) => runs.reduce((n, r) => n + r.width, 0);
    for (const word of words) {
      const wordWidth = sum(word.runs);
      const spaceWidth = sum(word.spaces);
      if (line.length && used + spaceWidth + wordWidth <= width + 1e-6) {
        line.push(...word.spaces, ...word.runs);
        used += spaceWidth + wordWidth;
        continue;
      }
      if (line.length) lines.push(finish(line));
      line = [];
      used = 0;
      if (wordWidth <= width + 1e-6) {
        line.push(...word.runs);
        used = wordWidth;
        continue;
      }
      // A word wider than the line is broken between its letters: each letter (grapheme) is
      // measured once, and the letters of one run on a line are summed as they are added; the
      // run is shaped whole only where the line ends, and if shaped it proves narrower than the
      // sum (a conjunct, kerning), it takes letters on until it is truly full. Shaping the run
      // again for every letter took seconds for one long word.
      const letterWidth = new Map<string, number>();
      for (const run of word.runs) {
        const letters = [...graphemes.segment(run.text)].map(({ segment }) => {
          const key = `${run.face} ${segment}`;
          let measured = letterWidth.get(key);
          if (measured === undefined) letterWidth.set(key, (measured = measure({ ...run, text: segment }).width));
          return { text: segment, width: measured };
        });
        // Letters of the run on the line not yet shaped with its last run: that run's text before them.
        let pending: { base: Placed; text: string; width: number } | undefined;
        const settle = () => {
          if (!pending) return;
          const shaped = measure({ ...pending.base, text: pending.base.text + pending.text });
          line[line.length - 1] = shaped;
          used += shaped.width - pending.base.width - pending.width;
          pending = undefined;
        };
        for (const letter of letters) {
          if (line.length && used + letter.width > width + 1e-6) {
            settle();
            if (used + letter.width > width + 1e-6) {
              lines.push(finish(line));
              line = [];
              used = 0;
            }
          }
          const last = line.at(-1);
          if (last && last.face === run.face && last.level === run.level && run.level % 2 === 0) {
            pending ??= { base: last, text: '', width: 0 };
            pending.text += letter.text;
            pending.width += letter.width;
          } else {
            line.push({ ...run, text: letter.text, width: letter.width });
          }
          used += letter.width;
        }
        settle();
      }
    }
    lines.push(finish(line));
  }
  return lines;
}

/** Neighbouring runs of one face and direction, drawn in one go. */
function mergeFaces(runs: Placed[]): Placed[] {
  const merged: Placed[] = [];
  for (const run of runs) {
    const last = merged.at(-1);
    if (last && last.face === run.face && last.level === run.level) {
      merged[merged.length - 1] = { ...last, text: last.text + run.text, width: last.width + run.width };
    } else merged.push(run);
  }
  return merged;
}

/**
 * Draws one run at its baseline; returns its width. A right-to-left run in Arabic script is
 * turned round by fontkit as it shapes it; spaces and brackets between right-to-left words are
 * turned round (the brackets mirrored) here. Readers put right-to-left text back in the order
 * it was written themselves, so it carries no ActualText (they would turn that round again).
 */
function drawRun(doc: Doc, run: Placed, left: number, baseline: number, weight: Weight) {
  const shown =
    run.level % 2 === 1 && !RTL_SCRIPT.test(run.text)
      ? [...run.text]
          .reverse()
          .map((c) => bidi().getMirroredCharacter(c) ?? c)
          .join('')
      : run.text;
  useFace(doc, run.face, weight).text(shown, left, baseline, { lineBreak: false, baseline: 'alphabetic' });
  return run.width;
}

const lineHeight = (line: Line) => line.ascent + line.below;

const pageWidthFrom = (doc: Doc, x: number) => doc.page.width - x - doc.page.margins.right;

/**
 * What `writeText` would take: its height, as pdfkit's `heightOfString`, and how far below its
 * top the first line's baseline is (to line up cells of a row written in different scripts).
 */
export function measureText(doc: Doc, text: string, x: number, options: ScriptTextOptions = {}) {
  const weight: Weight = options.bold ? 'bold' : 'regular';
  const size = (doc as unknown as { _fontSize: number })._fontSize;
  if (isPlainText(text)) {
    const helvetica = useFace(doc, 'helvetica', weight);
    const height = helvetica.heightOfString(text, { width: options.width });
    return { height, ascent: (currentFont(helvetica).ascender * size) / 1000 };
  }
  const lines = layout(doc, text, options.width ?? pageWidthFrom(doc, x), weight);
  return { height: lines.reduce((sum, line) => sum + lineHeight(line), 0), ascent: lines[0]!.ascent };
}

/**
 * `doc.text(text, x, y, { width, align })` in Helvetica (bold or not) for text it can encode,
 * and in the fonts of the text's scripts otherwise; leaves `doc.y` below the text, as pdfkit does.
 */
export function writeText(doc: Doc, text: string, x: number, y: number, options: ScriptTextOptions = {}) {
  const weight: Weight = options.bold ? 'bold' : 'regular';
  if (isPlainText(text)) {
    useFace(doc, 'helvetica', weight).text(text, x, y, { width: options.width, align: options.align });
    return;
  }
  const width = options.width ?? pageWidthFrom(doc, x);
  let top = y;
  for (const line of layout(doc, text, width, weight)) {
    const free = width - line.width;
    let left = x + (options.align === 'right' ? free : options.align === 'center' ? free / 2 : 0);
    const baseline = top + line.ascent;
    const runs = visualOrder(line.runs);
    for (let i = 0; i < runs.length;) {
      if (runs[i]!.level % 2 === 1) {
        left += drawRun(doc, runs[i]!, left, baseline, weight);
        i++;
        continue;
      }
      // Text running left to right is drawn a face at a time, marked with its words as one span.
      let end = i;
      while (end < runs.length && runs[end]!.level % 2 === 0) end++;
      const span = runs.slice(i, end);
      const marked = span.some((run) => run.face !== 'helvetica');
      if (marked) doc.markContent('Span', { actual: span.map((run) => run.text).join('') });
      for (const run of mergeFaces(span)) left += drawRun(doc, run, left, baseline, weight);
      if (marked) doc.endMarkedContent();
      i = end;
    }
    top += lineHeight(line);
  }
  doc.x = x;
  doc.y = top;
}
