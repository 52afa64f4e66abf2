import type { Kysely, Transaction } from 'kysely';
import {
  csvPrices,
  declarationsMissingMessage,
  declarationsOf,
  emptyDeclarations,
  fellToThreshold,
  generatedSku,
  heldVariantsMessage,
  importedStock,
  lowStockThreshold,
  missingDeclarations,
  variantLabel,
  readProductCsv,
  variantKeyOf,
  productCsvHeader,
  productCsvRows,
  PRODUCT_CSV_MAX_BYTES,
  type CsvIssue,
  type CsvProduct,
  type ListingDeclarations,
  type ProductImportChange,
  type ProductImportStockChange,
  type ProductImportSummary,
  type StockedVariant,
} from '@shop/core';
import type { Database } from '../../db/schema.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { recordAudits } from '../audit/audit.service.ts';
import { inVariantRowOrder } from '../../db/row-order.ts';
import { getShopSettings } from '../shop-settings/shop-settings.service.ts';
import { productCreatedSummary } from './change-summaries.ts';
import { queueLowStockAlert, type LowStockFall } from './low-stock-alerts.ts';
import * as repo from './product-csv.repository.ts';
import {
  deleteVariant,
  lockVariant,
  updateVariant,
  type VariantChange,
  type VariantRef,
} from './variant-grid.repository.ts';
import { heldVariants } from './variant-removals.ts';
import type { StaffMail } from './variant-grid.ts';

/**
 * Staff export the catalogue as CSV (a row per variant) and import it back: an import is
 * checked whole (every problem with its line, nothing written), then written in one
 * transaction that checks it whole again. Products are matched by handle (their slug): new
 * handles are created, known ones updated, their variants made exactly the file's rows.
 * Products the file does not name are left as they are.
 */

/** The most products and errors an answer lists (its counts are whole). */
const LISTED_PRODUCTS = 1000;
const LISTED_ERRORS = 500;
/** Products read per page while exporting. */
const EXPORT_PAGE = 500;

type Db = Kysely<Database> | Transaction<Database>;

// ---------------------------------------------------------------- export

/**
 * Every product, hidden ones too, in handle order, each variant a row: made a page of products
 * at a time as the answer is sent, so a large catalogue is never held whole in memory.
 */
export async function* exportProductsCsv(db: Kysely<Database>): AsyncGenerator<string> {
  yield productCsvHeader();
  for (let after: string | null = null; ;) {
    const page = await repo.findProductPage(db, after, EXPORT_PAGE);
    if (page.length === 0) return;
    const lists = await repo.findLists(
      db,
      page.map((p) => p.id),
    );
    yield page
      .map((p) =>
        productCsvRows({
          handle: p.slug,
          name: p.name,
          categoryId: p.category_id,
          price: p.price,
          originalPrice: p.original_price,
          tags: lists.tags.get(p.id) ?? [],
          description: p.description,
          declarations: declarationsOf(p),
          variants: (lists.variants.get(p.id) ?? []).map(stocked),
        }),
      )
      .join('');
    after = page[page.length - 1]!.slug;
  }
}

const stocked = (v: repo.StoredVariant): StockedVariant => ({
  color: v.color,
  size: v.size,
  sku: v.sku,
  stock: v.stock,
  price: v.price,
  originalPrice: v.original_price,
});

/** The export's file name: `products-2026-11-28.csv`. */
export function exportFileName(now = new Date()): string {
  return `products-${now.toISOString().slice(0, 10)}.csv`;
}

// ---------------------------------------------------------------- import

/** The CSV is over the byte limit: 413, before anything is read. */
export function assertImportSize(csv: string): void {
  if (Buffer.byteLength(csv, 'utf8') > PRODUCT_CSV_MAX_BYTES) {
    throw new AppError(
      413,
      'CSV_TOO_LARGE',
      `The file is larger than ${PRODUCT_CSV_MAX_BYTES / (1024 * 1024)} MB: split it into several imports.`,
    );
  }
}

interface PlannedProduct {
  id: string;
  action: 'create' | 'update' | 'unchanged';
  source: CsvProduct;
  price: number;
  originalPrice: number | null;
  /** What it declares once imported: the file's, or what it had for columns the file lacks. */
  declarations: ListingDeclarations;
  variants: repo.VariantWrite[];
  /** Its variants as stored before the import (none for a new product). */
  stored: repo.StoredVariant[];
  /** Its own low-stock threshold (null: the shop's; a new product has none). */
  lowStockThreshold: number | null;
  changes: string[];
  stockChanges: ProductImportStockChange[];
  /** Its own row's fields (name, category, description, prices). */
  fieldsChanged: boolean;
  listsChanged: boolean;
  variantsChanged: boolean;
}

interface ImportPlan {
  summary: ProductImportSummary;
  products: PlannedProduct[];
}

function summaryOf(rows: number, products: PlannedProduct[], errors: CsvIssue[]): ProductImportSummary {
  const changed = products.filter((p) => p.action !== 'unchanged');
  return {
    rows,
    created: products.filter((p) => p.action === 'create').length,
    updated: products.filter((p) => p.action === 'update').length,
    unchanged: products.length - changed.length,
    products: changed.slice(0, LISTED_PRODUCTS).map((p): ProductImportChange => ({
      handle: p.source.handle,
      name: p.source.name,
      action: p.action as 'create' | 'update',
      line: p.source.line,
      variants: p.variants.length,
      changes: p.changes,
      stock: p.stockChanges,
    })),
    errors: errors.slice(0, LISTED_ERRORS),
    errorCount: errors.length,
  };
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * Everything the import would do, or every problem it has (then `products` is empty); with
 * `lock` (applying it), the file's products locked as they are read.
 */
async function planImport(db: Db, csv: string, { lock = false } = {}): Promise<ImportPlan> {
  const read = readProductCsv(csv);
  const issues = [...read.issues];
  const handles = read.products.map((p) => p.handle);
  const [categories, storedRows] = await Promise.all([
    repo.categoryIds(db),
    repo.findProductsBySlugs(db, handles, { lock }),
  ]);
  const stored = new Map(storedRows.map((r) => [r.slug, r]));
  const lists = await repo.findLists(
    db,
    storedRows.map((r) => r.id),
  );
  const fileProductIds = new Set(storedRows.map((r) => r.id));

  for (const p of read.products) {
    if (!categories.has(p.categoryId)) issues.push({ line: p.line, message: `Unknown category “${p.categoryId}”.` });
    // A product on sale after the import (a new one is) must declare everything (as the product form).
    const before = stored.get(p.handle);
    if (before && before.is_active !== 1) continue;
    const missing = missingDeclarations(declaredAfter(p, before));
    if (missing.length > 0)
      issues.push({ line: p.line, message: `${p.handle}: ${declarationsMissingMessage(missing)}` });
  }

  // The SKUs the file gives or keeps (an empty cell keeps an existing variant's): unique in
  // the file, and not another product's.
  const finalSku = new Map<CsvProduct, string[]>();
  const skuLines = new Map<string, number>();
  for (const p of read.products) {
    const before = stored.get(p.handle);
    const kept = new Map((before ? (lists.variants.get(before.id) ?? []) : []).map((v) => [variantKeyOf(v), v.sku]));
    const skus = p.variants.map((v) => v.sku || kept.get(variantKeyOf(v)) || '');
    finalSku.set(p, skus);
    p.variants.forEach((v, i) => {
      const sku = skus[i]!;
      if (sku === '') return;
      const earlier = skuLines.get(sku);
      if (earlier !== undefined) issues.push({ line: v.line, message: `SKU ${sku} is also on line ${earlier}.` });
      else skuLines.set(sku, v.line);
    });
  }
  const elsewhere = await repo.skusOutside(db, [...skuLines.keys()], fileProductIds);
  for (const [sku, slug] of elsewhere) {
    issues.push({ line: skuLines.get(sku)!, message: `SKU ${sku} belongs to the product ${slug}, not in this file.` });
  }

  if (issues.length > 0) {
    issues.sort((a, b) => a.line - b.line);
    return { summary: summaryOf(read.rows, [], issues), products: [] };
  }

  const generate = await skuGenerator(db, read.products, finalSku, new Set(skuLines.keys()), fileProductIds);
  const products = read.products.map((p) => {
    const before = stored.get(p.handle);
    const skus = finalSku.get(p)!.map((sku, i) => sku || generate(p, i));
    return planProduct(p, skus, before, before && lists);
  });
  const held = await heldRemovals(db, products, { lock });
  if (held.length > 0) return { summary: summaryOf(read.rows, [], held), products: [] };
  return { summary: summaryOf(read.rows, products, []), products };
}

/**
 * A problem for each product whose variants the file drops while open orders hold pieces of them
 * (see `heldVariants`); applying, the dropped variants' rows are locked first, in the orders'
 * order of rows, so an order placed meanwhile is seen or finds the variant gone.
 */
async function heldRemovals(db: Db, products: readonly PlannedProduct[], { lock }: { lock: boolean }) {
  const removals = products.flatMap((p) => {
    const kept = new Set(p.variants.map(variantKeyOf));
    const gone = p.stored.filter((v) => !kept.has(variantKeyOf(v)));
    return gone.length > 0 ? [{ product: p, gone }] : [];
  });
  if (lock) {
    const refs = removals.flatMap(({ product, gone }) => gone.map((v) => ({ productId: product.id, ...v })));
    for (const ref of inVariantRowOrder(refs)) await lockVariant(db as Transaction<Database>, ref);
  }
  const issues: CsvIssue[] = [];
  for (const { product, gone } of removals) {
    const held = await heldVariants(db, product.id, gone);
    if (held.length > 0)
      issues.push({ line: product.source.line, message: `${product.source.handle}: ${heldVariantsMessage(held)}` });
  }
  return issues;
}

/**
 * Gives each variant left without a SKU one generated like `KP-OXF-NAV-M`, unused by the
 * file and by other products (a clash gets `-2`, `-3`…).
 */
async function skuGenerator(
  db: Db,
  products: readonly CsvProduct[],
  finalSku: ReadonlyMap<CsvProduct, string[]>,
  inFile: Set<string>,
  except: ReadonlySet<string>,
): Promise<(product: CsvProduct, index: number) => string> {
  const bases = products.flatMap((p) =>
    p.variants.filter((_, i) => finalSku.get(p)![i] === '').map((v) => generatedSku(p.name, v, () => false)),
  );
  const taken = new Set(inFile);
  const clashing = new Set([...(await repo.skusOutside(db, bases, except)).keys()]);
  for (const base of clashing) for (const sku of await repo.skusStartingWith(db, base, except)) taken.add(sku);
  // The next number to try after each base already taken: many products whose names start
  // alike ("Cotton Kurta …") count on from where the last stopped, not again from 2.
  const next = new Map<string, number>();
  return (product, index) => {
    const base = generatedSku(product.name, product.variants[index]!, () => false);
    let sku = base;
    if (taken.has(base)) {
      let n = next.get(base) ?? 2;
      while (taken.has(`${base}-${n}`)) n += 1;
      sku = `${base}-${n}`;
      next.set(base, n + 1);
    }
    taken.add(sku);
    return sku;
  };
}

/** A product's declarations after the import: the file's columns over what it has. */
function declaredAfter(p: CsvProduct, before: repo.StoredProductRow | undefined): ListingDeclarations {
  return { ...(before ? declarationsOf(before) : emptyDeclarations), ...p.declarations };
}

function planProduct(
  p: CsvProduct,
  skus: string[],
  before: repo.StoredProductRow | undefined,
  lists: repo.StoredLists | undefined,
): PlannedProduct {
  const id = before?.id ?? newId();
  const storedVariants = before ? (lists!.variants.get(before.id) ?? []) : [];
  const prices = csvPrices(
    p.variants,
    before && { price: before.price, originalPrice: before.original_price, variants: storedVariants.map(stocked) },
  );
  const old = new Map(storedVariants.map((v) => [variantKeyOf(v), v]));
  const variants: repo.VariantWrite[] = p.variants.map((v, i) => ({
    product_id: id,
    color: v.color,
    size: v.size,
    size_position: p.sizes.indexOf(v.size),
    sku: skus[i]!,
    stock: importedStock(v.stock, old.get(variantKeyOf(v))?.stock),
    price: prices.variants[i]!.price,
    original_price: prices.variants[i]!.originalPrice,
  }));
  const declarations = declaredAfter(p, before);
  const planned = {
    id,
    source: p,
    price: prices.price,
    originalPrice: prices.originalPrice,
    declarations,
    variants,
    stored: storedVariants,
    lowStockThreshold: before?.low_stock_threshold ?? null,
  };
  if (!before) {
    return {
      ...planned,
      action: 'create',
      changes: [],
      stockChanges: [],
      fieldsChanged: true,
      listsChanged: true,
      variantsChanged: true,
    };
  }

  const changes: string[] = [];
  if (before.name !== p.name) changes.push('name');
  if (before.category_id !== p.categoryId) changes.push('category');
  if (before.description.trim() !== p.description) changes.push('description');
  if (before.price !== prices.price || before.original_price !== prices.originalPrice) changes.push('price');
  const stored = declarationsOf(before);
  if (
    Object.keys(stored).some(
      (k) => stored[k as keyof ListingDeclarations] !== declarations[k as keyof ListingDeclarations],
    )
  )
    changes.push('declarations');
  const fieldsChanged = changes.length > 0;
  const storedTags = lists!.tags.get(before.id) ?? [];
  const tagsChanged = [...storedTags].sort().join('\u0000') !== [...p.tags].sort().join('\u0000');
  if (tagsChanged) changes.push('tags');
  const colorsChanged = (lists!.colors.get(before.id) ?? []).join('\u0000') !== p.colors.join('\u0000');
  if (colorsChanged) changes.push('colours');

  const kept = new Set<string>();
  let added = 0;
  const moved = { stock: 0, sku: 0, price: 0, order: 0 };
  const stockChanges: ProductImportStockChange[] = [];
  variants.forEach((v, i) => {
    const key = variantKeyOf(v);
    const was = old.get(key);
    if (!was || was.stock !== v.stock) {
      stockChanges.push({ line: p.variants[i]!.line, variant: variantLabel(v), from: was?.stock ?? null, to: v.stock });
    }
    if (!was) {
      added += 1;
      return;
    }
    kept.add(key);
    if (was.stock !== v.stock) moved.stock += 1;
    if (was.sku !== v.sku) moved.sku += 1;
    if (was.price !== v.price || was.original_price !== v.original_price) moved.price += 1;
    if (was.size_position !== v.size_position) moved.order += 1;
  });
  const removed = storedVariants.length - kept.size;
  if (added > 0) changes.push(`${plural(added, 'variant')} added`);
  if (removed > 0) changes.push(`${plural(removed, 'variant')} removed`);
  if (moved.stock > 0) changes.push(`stock of ${plural(moved.stock, 'variant')}`);
  if (moved.sku > 0) changes.push(`SKU of ${plural(moved.sku, 'variant')}`);
  if (moved.price > 0) changes.push(`price of ${plural(moved.price, 'variant')}`);
  if (moved.order > 0) changes.push('size order');
  const variantsChanged = added + removed + moved.stock + moved.sku + moved.price + moved.order > 0;
  return {
    ...planned,
    action: changes.length > 0 ? 'update' : 'unchanged',
    changes,
    stockChanges,
    fieldsChanged,
    listsChanged: tagsChanged || colorsChanged,
    variantsChanged,
  };
}

/**
 * Writes the products' variants as planned, in place: a variant the file drops is deleted, one
 * it keeps is updated where it changed, a new one inserted. A stock the file keeps (left as
 * exported) is never written, so what orders take meanwhile stays taken. Kept rows are never
 * deleted and inserted again: an order waiting on a row's lock would find it gone and be
 * refused. A SKU that moves (between variants, or products of
 * the file) is first parked on a temporary value, so no statement meets its old holder.
 */
async function writeVariants(
  trx: Transaction<Database>,
  products: readonly PlannedProduct[],
  shopThreshold: number,
): Promise<LowStockFall[]> {
  const removed: VariantRef[] = [];
  const parked: VariantRef[] = [];
  const updates: { key: VariantRef; set: VariantChange }[] = [];
  const inserts: repo.VariantWrite[] = [];
  for (const p of products) {
    const old = new Map(p.stored.map((v) => [variantKeyOf(v), v]));
    const wanted = new Set(p.variants.map(variantKeyOf));
    for (const v of p.stored) {
      if (!wanted.has(variantKeyOf(v))) removed.push({ productId: p.id, color: v.color, size: v.size });
    }
    for (const v of p.variants) {
      const was = old.get(variantKeyOf(v));
      if (!was) {
        inserts.push(v);
        continue;
      }
      const key = { productId: p.id, color: v.color, size: v.size };
      const set: VariantChange = {};
      if (was.stock !== v.stock) set.stock = v.stock;
      if (was.sku !== v.sku) {
        set.sku = v.sku;
        parked.push(key);
      }
      if (was.size_position !== v.size_position) set.size_position = v.size_position;
      if (was.price !== v.price) set.price = v.price;
      if (was.original_price !== v.original_price) set.original_price = v.original_price;
      if (Object.keys(set).length > 0) updates.push({ key, set });
    }
  }
  const fallen = await lowStockFalls(trx, products, updates, shopThreshold);
  for (const key of removed) await deleteVariant(trx, key);
  for (const key of parked) await updateVariant(trx, key, { sku: `~${newId()}` });
  // Most changes of a large file are stock alone: those go many a statement.
  const stockOnly = (set: VariantChange) => Object.keys(set).length === 1 && set.stock !== undefined;
  await repo.setStocks(
    trx,
    updates.filter((u) => stockOnly(u.set)).map((u) => ({ ...u.key, stock: u.set.stock as number })),
  );
  for (const { key, set } of updates.filter((u) => !stockOnly(u.set))) await updateVariant(trx, key, set);
  await repo.insertVariants(trx, inserts);
  return fallen;
}

/**
 * The variants whose stock the import takes down to their low-stock threshold. Only a stock
 * written at or below the threshold can be a fall: those rows are locked (in the orders' order
 * of rows) and their stock read before it is written, so each fall is seen by one transaction,
 * as an order's or the grid's; the many other rows still go 250 a statement.
 */
async function lowStockFalls(
  trx: Transaction<Database>,
  products: readonly PlannedProduct[],
  updates: readonly { key: VariantRef; set: VariantChange }[],
  shopThreshold: number,
): Promise<LowStockFall[]> {
  const byId = new Map(products.map((p) => [p.id, p]));
  const candidates = updates.flatMap(({ key, set }) => {
    const product = byId.get(key.productId)!;
    const threshold = lowStockThreshold(product.lowStockThreshold, shopThreshold);
    const stock = set.stock;
    return stock !== undefined && stock <= threshold ? [{ ...key, stock, threshold, product }] : [];
  });
  const fallen: LowStockFall[] = [];
  for (const c of inVariantRowOrder(candidates)) {
    const current = await lockVariant(trx, c);
    if (current === undefined || !fellToThreshold(current, c.stock, c.threshold)) continue;
    const sku = c.product.variants.find((v) => v.color === c.color && v.size === c.size)?.sku ?? '';
    fallen.push({
      productId: c.productId,
      name: c.product.source.name,
      color: c.color,
      size: c.size,
      sku,
      stock: c.stock,
      threshold: c.threshold,
    });
  }
  return fallen;
}

/** What an import would do, written nowhere. */
export async function previewProductImport(db: Kysely<Database>, csv: string): Promise<ProductImportSummary> {
  assertImportSize(csv);
  return (await planImport(db, csv)).summary;
}

/** A point of the apply's writes (tests stop an import there to see that nothing stays). */
export type ImportStep = 'products' | 'lists' | 'variants' | 'history';

/**
 * Checks the file whole again and writes it in one transaction: new products, changed ones,
 * their colours, tags and variants, and a history line each; staff's low-stock email when the
 * import takes variants down to their threshold. A file with any problem is a 400
 * with the summary of its problems; nothing is written.
 */
export async function applyProductImport(
  db: Kysely<Database>,
  csv: string,
  actorId: string,
  {
    now = new Date(),
    afterStep,
    mail = { staffOrderEmail: null },
  }: { now?: Date; afterStep?: (step: ImportStep) => void; mail?: StaffMail } = {},
): Promise<ProductImportSummary> {
  assertImportSize(csv);
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const plan = await planImport(trx, csv, { lock: true });
    if (plan.summary.errorCount > 0) {
      const { errorCount } = plan.summary;
      throw new AppError(
        400,
        'IMPORT_INVALID',
        `The file has ${plural(errorCount, 'problem')}: nothing was imported.`,
        undefined,
        plan.summary,
      );
    }
    const changed = plan.products.filter((p) => p.action !== 'unchanged');
    const row = (p: PlannedProduct): repo.ProductRowWrite => ({
      id: p.id,
      slug: p.source.handle,
      name: p.source.name,
      description: p.source.description,
      categoryId: p.source.categoryId,
      price: p.price,
      originalPrice: p.originalPrice,
      declarations: p.declarations,
    });
    const created = changed.filter((p) => p.action === 'create');
    if (!(await repo.insertProducts(trx, created.map(row), at))) {
      throw conflict(
        'HANDLE_TAKEN',
        'A product with one of these handles was created meanwhile: preview the file again.',
      );
    }
    const updated = changed.filter((p) => p.action === 'update');
    for (const p of updated) if (p.fieldsChanged) await repo.updateProduct(trx, row(p), at);
    await repo.touchProducts(
      trx,
      updated.filter((p) => !p.fieldsChanged).map((p) => p.id),
      at,
    );
    afterStep?.('products');
    await repo.replaceColorsAndTags(
      trx,
      changed.filter((p) => p.listsChanged).map((p) => ({ id: p.id, colors: p.source.colors, tags: p.source.tags })),
    );
    afterStep?.('lists');
    const fallen = await writeVariants(
      trx,
      changed.filter((p) => p.variantsChanged),
      (await getShopSettings(trx)).lowStockThreshold,
    );
    await queueLowStockAlert(trx, fallen, mail.staffOrderEmail, now);
    afterStep?.('variants');
    await recordAudits(
      trx,
      changed.map((p) => ({
        actorId,
        entityType: 'product' as const,
        entityId: p.id,
        action: p.action === 'create' ? 'product.created' : 'product.imported',
        summary:
          p.action === 'create'
            ? `${productCreatedSummary(p.source.name)} from a CSV import`
            : `CSV import changed ${p.changes.join(', ')}`,
        now: at,
      })),
    );
    afterStep?.('history');
    return plan.summary;
  });
}
