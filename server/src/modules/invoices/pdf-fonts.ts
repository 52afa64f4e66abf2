import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';

/**
 * The fonts tax documents are drawn with. Text PDF's standard Helvetica can encode (Windows-1252:
 * English, most Western European letters) stays in Helvetica, which the PDF names without
 * embedding anything; every other script of India's scheduled languages is drawn with a Noto
 * font shipped in `server/assets/fonts` (OFL), which pdfkit embeds, subset to the glyphs used.
 */
export type NotoFace =
  | 'latin'
  | 'devanagari'
  | 'bengali'
  | 'gurmukhi'
  | 'gujarati'
  | 'oriya'
  | 'tamil'
  | 'telugu'
  | 'kannada'
  | 'malayalam'
  | 'olChiki'
  | 'meeteiMayek'
  | 'naskh';
export type Face = 'helvetica' | NotoFace;
export type Weight = 'regular' | 'bold';

type Ranges = readonly (readonly [number, number])[];

/** Each Noto face: its font family's file name, and the Unicode blocks of its script. */
const noto: Record<NotoFace, { file: string; blocks: Ranges }> = {
  // Letters Helvetica cannot encode (ā, ṣ, Cyrillic, Greek): no script of its own.
  latin: { file: 'NotoSans', blocks: [] },
  devanagari: {
    file: 'NotoSansDevanagari',
    blocks: [
      [0x0900, 0x097f],
      [0xa8e0, 0xa8ff],
      [0x1cd0, 0x1cff],
    ],
  },
  bengali: { file: 'NotoSansBengali', blocks: [[0x0980, 0x09ff]] },
  gurmukhi: { file: 'NotoSansGurmukhi', blocks: [[0x0a00, 0x0a7f]] },
  gujarati: { file: 'NotoSansGujarati', blocks: [[0x0a80, 0x0aff]] },
  oriya: { file: 'NotoSansOriya', blocks: [[0x0b00, 0x0b7f]] },
  tamil: {
    file: 'NotoSansTamil',
    blocks: [
      [0x0b80, 0x0bff],
      [0x11fc0, 0x11fff],
    ],
  },
  telugu: { file: 'NotoSansTelugu', blocks: [[0x0c00, 0x0c7f]] },
  kannada: { file: 'NotoSansKannada', blocks: [[0x0c80, 0x0cff]] },
  malayalam: { file: 'NotoSansMalayalam', blocks: [[0x0d00, 0x0d7f]] },
  olChiki: { file: 'NotoSansOlChiki', blocks: [[0x1c50, 0x1c7f]] },
  meeteiMayek: {
    file: 'NotoSansMeeteiMayek',
    blocks: [
      [0xabc0, 0xabff],
      [0xaae0, 0xaaff],
    ],
  },
  // Arabic script (Urdu, Kashmiri, Sindhi): Naskh, whose letters readers can copy back.
  naskh: {
    file: 'NotoNaskhArabic',
    blocks: [
      [0x0600, 0x06ff],
      [0x0750, 0x077f],
      [0x0870, 0x08ff],
      [0xfb50, 0xfdff],
      [0xfe70, 0xfeff],
    ],
  },
};

export const notoFaces = Object.keys(noto) as NotoFace[];

/** The Noto face whose script a code point belongs to, if any. */
export function scriptFace(codePoint: number): NotoFace | undefined {
  for (const face of notoFaces) {
    if (noto[face].blocks.some(([from, to]) => codePoint >= from && codePoint <= to)) return face;
  }
  return undefined;
}

/** The font's file name: "NotoSansDevanagari-Bold.ttf". */
export const fontFileName = (face: NotoFace, weight: Weight) =>
  `${noto[face].file}-${weight === 'bold' ? 'Bold' : 'Regular'}.ttf`;

/**
 * Where the fonts are: beside the bundle (`dist/fonts`, copied there by build.mjs) or, running
 * the sources, in `server/assets/fonts`.
 */
let directory: string | undefined;
function fontsDirectory() {
  directory ??= [new URL('./fonts/', import.meta.url), new URL('../../../assets/fonts/', import.meta.url)]
    .map((url) => fileURLToPath(url))
    .find((dir) => fs.existsSync(path.join(dir, 'OFL.txt')));
  if (!directory)
    throw new Error(
      'The fonts of tax documents are missing: neither dist/fonts (the build copies them) nor server/assets/fonts is there.',
    );
  return directory;
}

/** A font file's bytes, read once per process (a face only when a document first needs it). */
const files = new Map<string, Buffer>();
export function fontFile(face: NotoFace, weight: Weight): Buffer {
  const name = fontFileName(face, weight);
  let bytes = files.get(name);
  if (!bytes) {
    bytes = fs.readFileSync(path.join(fontsDirectory(), name));
    files.set(name, bytes);
  }
  return bytes;
}

/**
 * fontkit's reading of each font, kept for the process. Reading a font's shaping tables costs
 * tens of milliseconds, far more than drawing an invoice: documents share these (see
 * script-text.ts) rather than read them again each time.
 */
const fonts = new Map<string, fontkit.Font>();
export function sharedFont(face: NotoFace, weight: Weight): fontkit.Font {
  const name = fontFileName(face, weight);
  let font = fonts.get(name);
  if (!font) {
    font = fontkit.create(fontFile(face, weight)) as fontkit.Font;
    fonts.set(name, font);
  }
  return font;
}

/** The characters a face has (its bold cut has the same). */
const characters = new Map<NotoFace, Set<number>>();
function charactersOf(face: NotoFace) {
  let known = characters.get(face);
  if (!known) {
    known = new Set(sharedFont(face, 'regular').characterSet);
    characters.set(face, known);
  }
  return known;
}

export const covers = (face: NotoFace, codePoint: number) => charactersOf(face).has(codePoint);

/** Characters PDF's standard fonts encode (WinAnsiEncoding), as pdfkit writes them. */
const winAnsiExtras = new Set([
  0x0152, 0x0153, 0x0160, 0x0161, 0x0178, 0x017d, 0x017e, 0x0192, 0x02c6, 0x02dc, 0x2013, 0x2014, 0x2018, 0x2019,
  0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
]);
export const isWinAnsi = (codePoint: number) =>
  (codePoint >= 0x20 && codePoint <= 0x7e) || (codePoint >= 0xa0 && codePoint <= 0xff) || winAnsiExtras.has(codePoint);
