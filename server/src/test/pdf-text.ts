import { PDFiumLibrary } from '@hyzyla/pdfium';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The PDF as pdf.js reads it, with no fonts of this machine's and no code evaluated. */
function openPdf(data: Uint8Array) {
  return getDocument({ data: new Uint8Array(data), useSystemFonts: false, isEvalSupported: false, verbosity: 0 })
    .promise;
}

/**
 * The text of a PDF as a reader would copy it, page after page, each line of text joined by
 * spaces: what tests look for in invoices and credit notes.
 */
export async function pdfText(data: Uint8Array): Promise<string> {
  const pdf = await openPdf(data);
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages.join('\n').replace(/\s+/g, ' ');
}

/** The first page's runs of text as pdf.js finds them, each with where it starts (points from the left, from the bottom). */
export async function pdfTextItems(data: Uint8Array): Promise<{ text: string; x: number; y: number }[]> {
  const pdf = await openPdf(data);
  const content = await (await pdf.getPage(1)).getTextContent();
  await pdf.destroy();
  return content.items.flatMap((item) =>
    'str' in item && item.str.trim()
      ? [{ text: item.str, x: item.transform[4] as number, y: item.transform[5] as number }]
      : [],
  );
}

let pdfium: Promise<PDFiumLibrary> | undefined;

/**
 * The text of a PDF as Chrome's reader (PDFium) copies it, lines joined by spaces. Unlike
 * pdf.js it reads a span's ActualText, as Acrobat and Poppler do: the way Indian scripts, whose
 * shaped glyphs are not in the order of the letters (a matra before its consonant), are copied
 * as written.
 */
export async function copiedText(data: Uint8Array): Promise<string> {
  const library = await (pdfium ??= PDFiumLibrary.init());
  const document = await library.loadDocument(new Uint8Array(data));
  try {
    const pages = [...document.pages()].map((page) => page.getText());
    return pages.join('\n').replace(/\s+/g, ' ');
  } finally {
    document.destroy();
  }
}

/** The fonts a PDF embeds, by name without the subset's tag ("NotoSansDevanagari-Bold"). */
export function embeddedFonts(data: Uint8Array): string[] {
  const text = Buffer.from(data).toString('latin1');
  return [...text.matchAll(/\/FontName \/[A-Z]{6}\+([\w-]+)/g)].map((m) => m[1]!).sort();
}
