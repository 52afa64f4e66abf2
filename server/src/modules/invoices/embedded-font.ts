import type * as fontkit from 'fontkit';

/**
 * What script-text.ts changes in a font pdfkit embeds (its EmbeddedFont, which pdfkit does not
 * export): the fontkit font it shapes with, and the text each glyph it draws stands for.
 */
interface EmbeddedFont {
  font: fontkit.Font;
  subset: { glyphs: number[]; includeGlyph(glyph: number): number };
  /** The code points each glyph of the subset stands for (its ToUnicode map). */
  unicode: number[][];
  widths: number[];
  scale: number;
  layout(text: string, features?: unknown): { glyphs: fontkit.Glyph[]; positions: unknown[] };
  encode(text: string, features?: unknown): [string[], unknown[]];
}

const isEmbeddedFont = (font: unknown): font is EmbeddedFont => {
  const f = font as Partial<EmbeddedFont>;
  return (
    !!f.font &&
    Array.isArray(f.subset?.glyphs) &&
    Array.isArray(f.unicode) &&
    Array.isArray(f.widths) &&
    typeof f.layout === 'function' &&
    typeof f.encode === 'function'
  );
};

/**
 * Which text each glyph of a shaped run stands for, in the glyphs' order, such that the texts
 * joined read as the run's text (canonically: decomposed where fontkit decomposed a letter).
 * Indian scripts draw some letters before those they follow (the i-matra ि before its
 * consonant) or after (the reph): the glyphs of such a cluster stand for its letters in the order
 * written, one each, the last for what remains. Glyphs in the text's order each stand for their
 * own letters. Where the glyphs do not add up to the text (a glyph added by the font), the rest
 * stand for their own letters, as pdfkit has them.
 */
export function clusterTexts(text: string, glyphs: readonly (readonly number[])[]): string[] {
  const nfd = (codePoint: number) =>
    [...String.fromCodePoint(codePoint).normalize('NFD')].map((d) => d.codePointAt(0)!);
  const letters = [...text].map((c) => c.codePointAt(0)!);
  const sorted = (a: number[]) => [...a].sort((m, n) => m - n).join(' ');
  const texts = glyphs.map(() => '');
  let at = 0;
  for (let first = 0; first < glyphs.length;) {
    const taken: number[] = [];
    let next = first;
    let written: number[] | undefined;
    while (next < glyphs.length && taken.length <= 16 && !written) {
      for (const c of glyphs[next++]!) taken.push(...nfd(c));
      if (taken.length === 0) continue;
      // The fewest letters that decompose into as many code points, if they are the same.
      const those: number[] = [];
      let count = 0;
      while (those.length < taken.length && at + count < letters.length) those.push(...nfd(letters[at + count++]!));
      if (those.length === taken.length && sorted(those) === sorted(taken)) {
        written = those;
        at += count;
      }
    }
    const cluster = next - first;
    if (!written || cluster > written.length) {
      for (let i = first; i < glyphs.length; i++) texts[i] = String.fromCodePoint(...glyphs[i]!);
      return texts;
    }
    for (let i = 0; i < cluster; i++) {
      texts[first + i] = String.fromCodePoint(...(i < cluster - 1 ? [written[i]!] : written.slice(i)));
    }
    first = next;
  }
  return texts;
}

/**
 * Makes a font pdfkit has just opened for a document shape with `shared` (fontkit's reading of
 * it, kept for the process: reading the shaping tables costs tens of milliseconds) and, with
 * `byCluster`, map each glyph it draws to the text of its cluster (clusterTexts): a glyph that
 * stands for different text in different places is embedded once for each. Readers that ignore
 * ActualText (pdf.js, Firefox's) then copy Indian scripts as written too. Left as pdfkit made it
 * if pdfkit's font is not as this expects.
 */
export function adoptFont(font: unknown, shared: fontkit.Font, byCluster: boolean) {
  if (!isEmbeddedFont(font)) return;
  font.font = shared;
  font.subset = shared.createSubset() as unknown as EmbeddedFont['subset'];
  if (!byCluster) return;
  const embedded = font;
  const glyphOf = new Map<string, number>();
  embedded.encode = (text, features) => {
    const { glyphs, positions } = embedded.layout(text, features);
    const texts = clusterTexts(
      text,
      glyphs.map((g) => g.codePoints),
    );
    const encoded = glyphs.map((glyph, i) => {
      const stands = texts[i]!;
      const key = `${glyph.id} ${stands}`;
      let id = glyphOf.get(key);
      if (id === undefined) {
        id = embedded.subset.includeGlyph(glyph.id);
        const known = embedded.unicode[id];
        if (known && String.fromCodePoint(...known) !== stands) {
          embedded.subset.glyphs.push(glyph.id);
          id = embedded.subset.glyphs.length - 1;
        }
        embedded.unicode[id] = [...stands].map((c) => c.codePointAt(0)!);
        embedded.widths[id] ??= glyph.advanceWidth * embedded.scale;
        glyphOf.set(key, id);
      }
      return `0000${id.toString(16)}`.slice(-4);
    });
    return [encoded, positions];
  };
}
