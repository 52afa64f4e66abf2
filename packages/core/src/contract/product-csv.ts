/**
 * Staff CSV import of products with their variants (`/api/admin/products/import…`). The file
 * travels as text in JSON: the preview and the apply send the same text, and the apply checks
 * it whole again before writing any of it.
 */
import { z } from 'zod';
import { successEnvelope } from './envelope.ts';
import { inputText } from './primitives.ts';

/** The file's text. Its size in UTF-8 bytes (at most `PRODUCT_CSV_MAX_BYTES`) is checked by the server: a 413. */
export const productImportBody = z.object({ csv: inputText() });
export type ProductImportBody = z.input<typeof productImportBody>;

/** A row whose stock figure the import sets (a figure left as exported, or empty, keeps the stock). */
export const productImportStockChange = z.object({
  line: z.number().int(),
  /** "Navy / M", or "M" for a product without named colours. */
  variant: z.string(),
  /** The stock held now; null: a new variant. */
  from: z.number().int().nullable(),
  to: z.number().int(),
});
export type ProductImportStockChange = z.infer<typeof productImportStockChange>;

/** What an import does to one product. */
export const productImportChange = z.object({
  handle: z.string(),
  name: z.string(),
  action: z.enum(['create', 'update']),
  /** The line of its first row. */
  line: z.number().int(),
  variants: z.number().int(),
  /** What changes, as staff read it: "name", "price", "stock of 3 variants", "2 variants added". */
  changes: z.array(z.string()),
  /** The rows of an existing product whose stock it sets, each from what it holds now. */
  stock: z.array(productImportStockChange),
});
export type ProductImportChange = z.infer<typeof productImportChange>;

export const productImportIssue = z.object({ line: z.number().int(), message: z.string() });

export const productImportSummary = z.object({
  /** Variant rows read. */
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** The products created or changed (the first 1,000; the counts are whole). */
  products: z.array(productImportChange),
  /** Every problem found, by line (the first 500; `errorCount` is whole). Any error: nothing is written. */
  errors: z.array(productImportIssue),
  errorCount: z.number().int(),
});
export type ProductImportSummary = z.infer<typeof productImportSummary>;
export const productImportResponse = successEnvelope(productImportSummary);
