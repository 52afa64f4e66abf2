import { makerRoles, tidyCountry, type ListingDeclarations } from './listing-declarations.ts';
import type { Paise } from './money.ts';
import { isKnownColor } from './colors.ts';
import { SKU_PATTERN, UNNAMED_COLOR, variantKeyOf, type StockedVariant, type VariantKey } from './variants.ts';

/**
 * The catalogue as a spreadsheet: one row per variant (colour × size), the product's own fields
 * repeated or left empty on its other rows. What an export writes, an import reads back to the
 * same catalogue: quoting per RFC 4180, a UTF-8 byte order mark tolerated, rupees with two
 * decimals, tags with their commas escaped, and text a spreadsheet would run as a formula
 * written with a leading apostrophe that the import takes off again.
 */

/** The columns, in the order an export writes them; an import accepts them in any order. */
export const PRODUCT_CSV_COLUMNS = [
  'handle',
  'name',
  'category',
  'colour',
  'size',
  'sku',
  'price',
  'original_price',
  'stock',
  'tags',
  'description',
  'generic_name',
  'net_quantity',
  'country_of_origin',
  'maker_role',
  'maker_name',
  'maker_address',
] as const;
/**
 * The stock each row showed when it was exported, written after the columns staff edit. An
 * import sets a variant's stock only where the `stock` cell differs from it: a figure left as
 * exported keeps what the shop holds by then, so pieces sold since the export are not put back.
 * Optional on import (a file made by hand may leave it out).
 */
export const EXPORTED_STOCK_COLUMN = 'exported_stock';
/** The columns an export writes: every column an import needs, then the stock it read. */
export const PRODUCT_CSV_EXPORT_COLUMNS = [...PRODUCT_CSV_COLUMNS, EXPORTED_STOCK_COLUMN] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_EXPORT_COLUMNS)[number];

/**
 * The Legal Metrology declarations' columns, by the declaration each holds, with its longest
 * text. A file may leave them out (one exported before they existed): its products keep
 * the declarations they have.
 */
const declarationColumns = {
  generic_name: { key: 'genericName', max: 80 },
  net_quantity: { key: 'netQuantity', max: 40 },
  country_of_origin: { key: 'countryOfOrigin', max: 56 },
  maker_role: { key: 'makerRole', max: 20 },
  maker_name: { key: 'makerName', max: 120 },
  maker_address: { key: 'makerAddress', max: 300 },
} as const satisfies Partial<Record<ProductCsvColumn, { key: keyof ListingDeclarations; max: number }>>;
type DeclarationColumn = keyof typeof declarationColumns;
const isDeclarationColumn = (column: string): column is DeclarationColumn => column in declarationColumns;

/** The largest file an import reads (UTF-8 bytes), and the most variant rows. */
export const PRODUCT_CSV_MAX_BYTES = 5 * 1024 * 1024;
export const PRODUCT_CSV_MAX_ROWS = 20_000;
/** A product's most colours and sizes: what the product form allows. */
const MAX_COLORS = 12;
const MAX_SIZES = 12;
const MAX_TAGS = 12;
const MAX_RUPEES = 10_000_000;
const MAX_STOCK = 1_000_000;

/** A problem found in the file, on the line (1 = the header) where its row starts. */
export interface CsvIssue {
  line: number;
  message: string;
}

/** One record of a CSV file: its cells, and the line of the file it starts on. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

const BOM = '\uFEFF';

/**
 * Reads CSV text into records (RFC 4180: fields quoted with `"`, a quote doubled inside them,
 * commas and line breaks allowed in quoted fields; CRLF or LF). A leading byte order mark is
 * dropped. Stops at the first malformed quote, naming its line.
 */
export function parseCsv(text: string): { records: CsvRecord[]; issue: CsvIssue | null } {
  const records: CsvRecord[] = [];
  const end = text.length;
  const special = /[,\r\n"]/g;
  let i = text.startsWith(BOM) ? 1 : 0;
  let line = 1;
  let recordLine = 1;
  let cells: string[] = [];
  const refuse = (at: number, message: string) => ({ records, issue: { line: at, message } });
  while (i < end) {
    // At the start of a cell: a quoted one runs to its closing quote, a bare one to the next
    // comma or line end (found by search, not character by character: files are megabytes).
    if (text[i] === '"') {
      let value = '';
      let from = i + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote === -1) return refuse(recordLine, 'A quoted value is not closed.');
        value += text.slice(from, quote);
        if (text[quote + 1] !== '"') {
          i = quote + 1;
          break;
        }
        value += '"';
        from = quote + 2;
      }
      for (let at = value.indexOf('\n'); at !== -1; at = value.indexOf('\n', at + 1)) line += 1;
      const next = text[i];
      if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
        return refuse(line, 'A quoted value must end at a comma or the end of the line.');
      }
      cells.push(value);
    } else {
      special.lastIndex = i;
      const match = special.exec(text);
      const stop = match ? match.index : end;
      if (match?.[0] === '"') return refuse(line, 'A quote inside a value needs the whole value in quotes.');
      cells.push(text.slice(i, stop));
      i = stop;
    }
    if (i >= end) break;
    if (text[i] === ',') {
      i += 1;
      // A comma ending the text leaves one empty cell after it.
      if (i >= end) cells.push('');
      continue;
    }
    i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1;
    records.push({ line: recordLine, cells });
    cells = [];
    line += 1;
    recordLine = line;
  }
  if (cells.length > 0) records.push({ line: recordLine, cells });
  return { records, issue: null };
}

/** One CSV cell: quoted when it holds a comma, a quote, a line break or edge spaces. */
function csvCell(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** CSV text of the rows, CRLF line ends, each line ended. */
export function serialiseCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',') + '\r\n').join('');
}

// A spreadsheet runs a cell starting with = + - @ as a formula: such text is written after an
// apostrophe, and the import takes one apostrophe off text that starts with apostrophes and
// then one of those, so any text goes out and comes back the same.
const formulaLike = /^'*[=+\-@]/;
export function guardFormula(text: string): string {
  return formulaLike.test(text) ? `'${text}` : text;
}
export function unguardFormula(text: string): string {
  return text.startsWith("'") && formulaLike.test(text) ? text.slice(1) : text;
}

/** Tags in one cell: "summer, linen"; a comma or backslash inside a tag is escaped with a backslash. */
export function tagsCell(tags: readonly string[]): string {
  return tags.map((tag) => tag.replace(/[\\,]/g, (c) => `\\${c}`)).join(', ');
}
export function tagsFromCell(cell: string): string[] {
  const tags: string[] = [];
  let tag = '';
  for (let i = 0; i < cell.length; i++) {
    const ch = cell[i]!;
    if (ch === '\\' && i + 1 < cell.length) {
      tag += cell[++i];
    } else if (ch === ',') {
      tags.push(tag.trim());
      tag = '';
    } else {
      tag += ch;
    }
  }
  tags.push(tag.trim());
  return tags.filter((t) => t !== '');
}

/** Paise as the file shows rupees: 119900 → "1199.00". */
export function rupeesCell(paise: Paise): string {
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

/** Rupees as typed ("1199", "1199.5", "₹1,199.00") in paise; null when it is not an amount. */
export function paiseFromCell(cell: string): Paise | null {
  const plain = cell.replace(/^₹\s*/, '').replace(/(\d),(?=\d)/g, '$1');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A product as an export writes it: its variants in colour, then size order. */
export interface ProductForCsv {
  handle: string;
  name: string;
  categoryId: string;
  price: Paise;
  originalPrice: Paise | null;
  tags: readonly string[];
  description: string;
  declarations: ListingDeclarations;
  variants: readonly StockedVariant[];
}

/** The start of an export: a byte order mark (spreadsheets then read it as UTF-8) and the header. */
export function productCsvHeader(): string {
  return BOM + serialiseCsv([PRODUCT_CSV_EXPORT_COLUMNS]);
}

/** A product's rows of an export: one per variant, each with its effective price (its own, or the product's). */
export function productCsvRows(p: ProductForCsv): string {
  return serialiseCsv(
    p.variants.map((v) => {
      const [price, originalPrice] = v.price === null ? [p.price, p.originalPrice] : [v.price, v.originalPrice];
      const cells: Record<ProductCsvColumn, string> = {
        handle: p.handle,
        name: guardFormula(p.name),
        category: p.categoryId,
        colour: v.color,
        size: guardFormula(v.size),
        sku: v.sku,
        price: rupeesCell(price),
        original_price: originalPrice === null ? '' : rupeesCell(originalPrice),
        stock: String(v.stock),
        tags: guardFormula(tagsCell(p.tags)),
        description: guardFormula(p.description),
        generic_name: guardFormula(p.declarations.genericName),
        net_quantity: guardFormula(p.declarations.netQuantity),
        country_of_origin: guardFormula(p.declarations.countryOfOrigin),
        maker_role: p.declarations.makerRole,
        maker_name: guardFormula(p.declarations.makerName),
        maker_address: guardFormula(p.declarations.makerAddress),
        exported_stock: String(v.stock),
      };
      return PRODUCT_CSV_EXPORT_COLUMNS.map((c) => cells[c]);
    }),
  );
}

/** A whole export of the products. */
export function writeProductCsv(products: readonly ProductForCsv[]): string {
  return productCsvHeader() + products.map(productCsvRows).join('');
}

/** One variant row as read: prices in paise, its SKU '' when left empty. */
export interface CsvVariant extends VariantKey {
  line: number;
  sku: string;
  /**
   * The stock to set; null: keep what the variant holds when the import is applied (the cell
   * left empty, or still the figure the export read). A new variant then starts at zero.
   */
  stock: number | null;
  price: Paise;
  originalPrice: Paise | null;
}

/** A product as the file describes it, its rows gathered by handle. */
export interface CsvProduct {
  handle: string;
  /** The line of its first row. */
  line: number;
  name: string;
  categoryId: string;
  tags: string[];
  description: string;
  /** The declarations the file has columns for (none: it has none of those columns). */
  declarations: Partial<ListingDeclarations>;
  /** Its named colours in the order the file first shows them; empty: the unnamed colour. */
  colors: string[];
  /** Its sizes in order (see `mergedSizes`). */
  sizes: string[];
  variants: CsvVariant[];
}

export interface ReadProductCsv {
  products: CsvProduct[];
  /** Every problem, by line; when there is any, nothing may be written. */
  issues: CsvIssue[];
  /** Variant rows read (blank lines not counted). */
  rows: number;
}

const HANDLE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const CATEGORY_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** A header cell as a column: case, spaces, dashes and "color" forgiven. */
function columnOf(header: string): string {
  const name = header
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '_');
  return name === 'color' ? 'colour' : name;
}

/**
 * The sizes of a product in one order every colour's rows agree with as far as they can: a size
 * first seen goes just before the next size of its colour already placed (so colours listing
 * some sizes each still give S, M, L), otherwise last.
 */
export function mergedSizes(rowsByColor: readonly (readonly string[])[]): string[] {
  const order: string[] = [];
  for (const sizes of rowsByColor) {
    sizes.forEach((size, i) => {
      if (order.includes(size)) return;
      const next = sizes.slice(i + 1).find((s) => order.includes(s));
      order.splice(next === undefined ? order.length : order.indexOf(next), 0, size);
    });
  }
  return order;
}

/**
 * Reads an import whole: every problem it has, each with its line, and the products it
 * describes. Checks what the file alone can tell; the server adds what needs the catalogue
 * (categories, SKUs of other products).
 */
export function readProductCsv(text: string, maxRows = PRODUCT_CSV_MAX_ROWS): ReadProductCsv {
  const issues: CsvIssue[] = [];
  const parsed = parseCsv(text);
  if (parsed.issue) return { products: [], issues: [parsed.issue], rows: 0 };
  const [header, ...body] = parsed.records;
  if (!header || header.cells.every((c) => c.trim() === '')) {
    return { products: [], issues: [{ line: 1, message: 'The file is empty: it needs the header row.' }], rows: 0 };
  }
  const columns = header.cells.map(columnOf);
  const at = new Map<string, number>();
  columns.forEach((column, index) => {
    if (!(PRODUCT_CSV_EXPORT_COLUMNS as readonly string[]).includes(column)) {
      issues.push({ line: 1, message: `Unknown column “${header.cells[index]!.trim()}”.` });
    } else if (at.has(column)) {
      issues.push({ line: 1, message: `The column “${column}” appears twice.` });
    } else at.set(column, index);
  });
  const missing = PRODUCT_CSV_COLUMNS.filter((c) => !at.has(c) && !isDeclarationColumn(c));
  if (missing.length > 0) issues.push({ line: 1, message: `Missing columns: ${missing.join(', ')}.` });
  if (issues.length > 0) return { products: [], issues, rows: 0 };

  const rows = body.filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (rows.length > maxRows) {
    return {
      products: [],
      issues: [{ line: 1, message: `The file has ${rows.length} rows; an import takes at most ${maxRows}.` }],
      rows: rows.length,
    };
  }

  const groups = new Map<string, RowCells[]>();
  for (const row of rows) {
    if (row.cells.length !== columns.length) {
      issues.push({ line: row.line, message: `Has ${row.cells.length} values; the header has ${columns.length}.` });
      continue;
    }
    if (row.cells.some((c) => c.includes('\uFFFD') || c.includes('\u0000'))) {
      issues.push({ line: row.line, message: 'Has characters that are not UTF-8 text: save the file as CSV UTF-8.' });
      continue;
    }
    const cells = Object.fromEntries([...at].map(([c, index]) => [c, row.cells[index]!.trim()])) as RowCells['cells'];
    const handle = cells.handle.toLowerCase();
    if (handle === '') {
      issues.push({ line: row.line, message: 'handle is required.' });
      continue;
    }
    if (!HANDLE_PATTERN.test(handle) || handle.length > 80) {
      issues.push({
        line: row.line,
        message: `handle “${cells.handle}” must be lower-case letters and digits joined by hyphens (at most 80).`,
      });
      continue;
    }
    const group = groups.get(handle) ?? [];
    group.push({ line: row.line, cells });
    groups.set(handle, group);
  }

  const products: CsvProduct[] = [];
  for (const [handle, group] of groups) {
    const product = readProduct(handle, group, issues);
    if (product) products.push(product);
  }
  issues.sort((a, b) => a.line - b.line);
  return { products, issues, rows: rows.length };
}

/** A row's cells by column; the declarations' and the exported stock only when the file has their columns. */
type OptionalColumn = DeclarationColumn | typeof EXPORTED_STOCK_COLUMN;
type RowCells = {
  line: number;
  cells: Record<Exclude<ProductCsvColumn, OptionalColumn>, string> & Partial<Record<OptionalColumn, string>>;
};

/**
 * The value the product's rows agree on: rows may leave it empty, and those that fill it in
 * must say the same. '' when none does.
 */
function agreed(rows: readonly RowCells[], column: ProductCsvColumn, issues: CsvIssue[]): string {
  const first = rows.find((r) => (r.cells[column] ?? '') !== '');
  if (!first) return '';
  for (const row of rows) {
    if ((row.cells[column] ?? '') !== '' && row.cells[column] !== first.cells[column]) {
      issues.push({
        line: row.line,
        message: `${column} differs from line ${first.line} of the same handle; a product's rows must agree.`,
      });
    }
  }
  return first.cells[column]!;
}

/**
 * A declaration cell (trimmed, as every cell is) as the product keeps it: the spreadsheet's
 * formula guard taken off, a country's spaces made single and a role's case forgiven, as the
 * product form does. Rows are compared on this: "Sri  Lanka" and "Sri Lanka" agree.
 */
function declarationCell(column: DeclarationColumn, cell: string): string {
  const value = unguardFormula(cell);
  if (column === 'country_of_origin') return tidyCountry(value);
  if (column === 'maker_role') return value.toLowerCase();
  return value;
}

/** The declarations of a product's rows, for the columns the file has. */
function readDeclarations(rows: readonly RowCells[], line: number, issues: CsvIssue[]): Partial<ListingDeclarations> {
  const declarations: Partial<Record<keyof ListingDeclarations, string>> = {};
  for (const [column, { key, max }] of Object.entries(declarationColumns) as [
    DeclarationColumn,
    (typeof declarationColumns)[DeclarationColumn],
  ][]) {
    if (rows[0]!.cells[column] === undefined) continue;
    const tidied = rows.map((row) => ({
      ...row,
      cells: { ...row.cells, [column]: declarationCell(column, row.cells[column] ?? '') },
    }));
    const value = agreed(tidied, column, issues);
    if (column === 'maker_role') {
      if (value !== '' && !(makerRoles as readonly string[]).includes(value)) {
        issues.push({ line, message: `maker_role “${value}” must be manufacturer, packer or importer.` });
      }
    } else if (value.length > max) issues.push({ line, message: `${column} must be ${max} characters or fewer.` });
    declarations[key] = value;
  }
  return declarations as Partial<ListingDeclarations>;
}

function readProduct(handle: string, rows: RowCells[], issues: CsvIssue[]): CsvProduct | null {
  const before = issues.length;
  const line = rows[0]!.line;
  const name = unguardFormula(agreed(rows, 'name', issues));
  const categoryId = agreed(rows, 'category', issues);
  const tagText = unguardFormula(agreed(rows, 'tags', issues));
  const description = unguardFormula(agreed(rows, 'description', issues));
  const declarations = readDeclarations(rows, line, issues);
  if (name === '') issues.push({ line, message: `name is required (handle ${handle}).` });
  else if (name.length > 120) issues.push({ line, message: 'name must be 120 characters or fewer.' });
  if (categoryId === '') issues.push({ line, message: `category is required (handle ${handle}).` });
  else if (!CATEGORY_PATTERN.test(categoryId))
    issues.push({ line, message: `category “${categoryId}” is not a category id.` });
  if (description.length > 4000) issues.push({ line, message: 'description must be 4000 characters or fewer.' });
  const tags = [...new Set(tagsFromCell(tagText))];
  if (tags.length > MAX_TAGS) issues.push({ line, message: `A product has at most ${MAX_TAGS} tags.` });
  for (const tag of tags)
    if (tag.length > 30) issues.push({ line, message: `The tag “${tag}” is longer than 30 characters.` });

  const variants: CsvVariant[] = [];
  const seen = new Map<string, number>();
  for (const row of rows) {
    const variant = readVariant(row, issues);
    if (!variant) continue;
    const key = variantKeyOf(variant);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      issues.push({
        line: row.line,
        message: `${variant.color || 'The product'} ${variant.size} of ${handle} is already on line ${earlier}.`,
      });
      continue;
    }
    seen.set(key, row.line);
    variants.push(variant);
  }
  const colorOrder = [...new Set(variants.map((v) => v.color))];
  if (colorOrder.includes(UNNAMED_COLOR) && colorOrder.length > 1) {
    const unnamed = variants.find((v) => v.color === UNNAMED_COLOR)!;
    issues.push({ line: unnamed.line, message: `colour is required: other rows of ${handle} name a colour.` });
  }
  if (colorOrder.length > MAX_COLORS) issues.push({ line, message: `A product has at most ${MAX_COLORS} colours.` });
  const sizes = mergedSizes(colorOrder.map((c) => variants.filter((v) => v.color === c).map((v) => v.size)));
  if (sizes.length > MAX_SIZES) issues.push({ line, message: `A product has at most ${MAX_SIZES} sizes.` });
  if (issues.length > before) return null;
  return {
    handle,
    line,
    name,
    categoryId,
    tags,
    description,
    declarations,
    colors: colorOrder.filter((c) => c !== UNNAMED_COLOR),
    sizes,
    variants,
  };
}

function readVariant({ line, cells }: RowCells, issues: CsvIssue[]): CsvVariant | null {
  const problems: string[] = [];
  const color = cells.colour.toLowerCase();
  if (color !== '' && !isKnownColor(color)) problems.push(`colour “${cells.colour}” is not one of the shop's colours`);
  const size = unguardFormula(cells.size).toUpperCase();
  if (size === '') problems.push('size is required');
  else if (size.length > 20) problems.push('size must be 20 characters or fewer');
  const sku = cells.sku.toUpperCase();
  if (sku !== '' && !SKU_PATTERN.test(sku)) {
    problems.push(`SKU “${cells.sku}” must be letters, digits and dashes (at most 40)`);
  }
  const price = paiseFromCell(cells.price);
  if (cells.price === '') problems.push('price is required');
  else if (price === null || price > MAX_RUPEES * 100)
    problems.push(`price “${cells.price}” is not an amount in rupees`);
  else if (price < 100) problems.push('price must be at least 1');
  const originalPrice = cells.original_price === '' ? null : paiseFromCell(cells.original_price);
  if (cells.original_price !== '' && (originalPrice === null || originalPrice > MAX_RUPEES * 100)) {
    problems.push(`original_price “${cells.original_price}” is not an amount in rupees`);
  }
  const stock = stockFromCell(cells.stock);
  if (stock === undefined) problems.push(`stock “${cells.stock}” must be a whole number from 0 to ${MAX_STOCK}`);
  const exportedCell = cells.exported_stock ?? '';
  const exported = stockFromCell(exportedCell);
  if (exported === undefined) {
    problems.push(`exported_stock “${exportedCell}” must be a whole number from 0 to ${MAX_STOCK}`);
  }
  for (const message of problems)
    issues.push({ line, message: `${message.charAt(0).toUpperCase()}${message.slice(1)}.` });
  if (problems.length > 0) return null;
  return { line, color, size, sku, stock: stock === exported ? null : (stock ?? null), price: price!, originalPrice };
}

/** A stock cell: a count, null when empty, undefined when it is not a count. */
function stockFromCell(cell: string): number | null | undefined {
  if (cell === '') return null;
  const stock = /^\d{1,7}$/.test(cell) ? Number(cell) : undefined;
  return stock !== undefined && stock <= MAX_STOCK ? stock : undefined;
}

/**
 * The stock a variant is left with by an import row: the row's figure, or (null: left as
 * exported, or empty) what the variant holds when the import is applied, zero for a new one.
 */
export function importedStock(row: number | null, current: number | undefined): number {
  return row ?? current ?? 0;
}

/** The prices a product and its variants are stored with, from the rows' effective prices. */
export interface CsvPrices {
  price: Paise;
  originalPrice: Paise | null;
  /** In the order of the rows given; null: the product's price. */
  variants: { price: Paise | null; originalPrice: Paise | null }[];
}

type PricePair = { price: Paise; originalPrice: Paise | null };
const samePrice = (a: PricePair, b: PricePair) => a.price === b.price && a.originalPrice === b.originalPrice;

/**
 * Every row shows a variant's price as shoppers pay it; the shop stores a product price and,
 * for the variants that differ, their own. An existing product whose rows all show what its
 * variants cost today keeps every stored price as it is (an export imported back changes
 * nothing). Otherwise the product's price stays if some row still shows it, or becomes the
 * price most rows show (the first of those tied), and a row showing the product's price follows
 * it (null).
 */
export function csvPrices(
  rows: readonly (VariantKey & PricePair)[],
  existing?: PricePair & { variants: readonly StockedVariant[] },
): CsvPrices {
  if (existing) {
    const stored = new Map(existing.variants.map((v) => [variantKeyOf(v), v]));
    const effective = (v: StockedVariant): PricePair =>
      v.price === null ? existing : { price: v.price, originalPrice: v.originalPrice };
    const unchanged = rows.every((row) => {
      const before = stored.get(variantKeyOf(row));
      return before === undefined || samePrice(effective(before), row);
    });
    if (unchanged) {
      return {
        price: existing.price,
        originalPrice: existing.originalPrice,
        variants: rows.map((row) => {
          const before = stored.get(variantKeyOf(row));
          if (before) return { price: before.price, originalPrice: before.originalPrice };
          return samePrice(row, existing) ? { price: null, originalPrice: null } : row;
        }),
      };
    }
  }
  const product = existing && rows.some((row) => samePrice(row, existing)) ? existing : mostCommonPrice(rows);
  return {
    price: product.price,
    originalPrice: product.originalPrice,
    variants: rows.map((row) =>
      samePrice(row, product)
        ? { price: null, originalPrice: null }
        : { price: row.price, originalPrice: row.originalPrice },
    ),
  };
}

function mostCommonPrice(rows: readonly PricePair[]): PricePair {
  const counts = new Map<string, { pair: PricePair; count: number }>();
  for (const row of rows) {
    const key = `${row.price}/${row.originalPrice}`;
    const entry = counts.get(key) ?? { pair: { price: row.price, originalPrice: row.originalPrice }, count: 0 };
    entry.count += 1;
    counts.set(key, entry);
  }
  let best: { pair: PricePair; count: number } | undefined;
  for (const entry of counts.values()) if (!best || entry.count > best.count) best = entry;
  return best!.pair;
}
