import type { Kysely, Transaction } from 'kysely';
import {
  fellToThreshold,
  generatedSku,
  reconcileVariants,
  sizeTotalsToSet,
  type ListingDeclarations,
  type Paise,
} from '@shop/core';
import type { Database } from '../../db/schema.ts';
import { inVariantRowOrder } from '../../db/row-order.ts';
import { searchTextFor } from '../../lib/sql-text.ts';
import type { LowStockFall } from './low-stock-alerts.ts';
import { refuseRemovingHeldVariants } from './variant-removals.ts';

export async function categoryExists(db: Kysely<Database>, id: string): Promise<boolean> {
  const row = await db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export interface ProductWrite {
  name?: string | undefined;
  description?: string | undefined;
  categoryId?: string | undefined;
  price?: Paise | undefined;
  originalPrice?: Paise | null | undefined;
  saleEndsAt?: string | null | undefined;
  colors?: string[] | undefined;
  tags?: string[] | undefined;
  images?: string[] | undefined;
  /** Each size's stock over every colour; `stockWas`, what the client read (core `sizeTotalsToSet`). */
  sizes?: { size: string; stock: number; stockWas?: number | undefined }[] | undefined;
  /** The declarations the write names; those left out stay. */
  declarations?: Partial<ListingDeclarations> | undefined;
}

/** Declarations as the product row's columns: only those given. */
function declarationColumns(d: Partial<ListingDeclarations> | undefined) {
  return {
    ...(d?.genericName !== undefined && { generic_name: d.genericName }),
    ...(d?.netQuantity !== undefined && { net_quantity: d.netQuantity }),
    ...(d?.countryOfOrigin !== undefined && { country_of_origin: d.countryOfOrigin }),
    ...(d?.makerRole !== undefined && { maker_role: d.makerRole }),
    ...(d?.makerName !== undefined && { maker_name: d.makerName }),
    ...(d?.makerAddress !== undefined && { maker_address: d.makerAddress }),
  };
}

/**
 * Inserts the product with its lists; false when its slug is taken (and nothing was inserted).
 * A slug being inserted by a transaction not yet committed waits for it (PostgreSQL), so two
 * products named alike at the same moment never both take it; nor does either fail: the
 * statement inserts nothing rather than aborting the transaction.
 */
export async function insertProduct(
  trx: Transaction<Database>,
  id: string,
  slug: string,
  product: Required<Omit<ProductWrite, 'originalPrice' | 'saleEndsAt' | 'declarations'>> & {
    declarations: ListingDeclarations;
    originalPrice: Paise | null;
    saleEndsAt?: string | null | undefined;
  },
  now: string,
): Promise<boolean> {
  const inserted = await trx
    .insertInto('products')
    .values({
      id,
      slug,
      name: product.name,
      search_text: searchTextFor(product.name),
      description: product.description,
      category_id: product.categoryId,
      price: product.price,
      original_price: product.originalPrice,
      sale_ends_at: product.saleEndsAt ?? null,
      ...declarationColumns(product.declarations),
      is_active: 1,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('slug').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
  await replaceProductLists(trx, id, product);
  return true;
}

/**
 * Writes the product's row and the lists the write names; null when there is no such product.
 * Answers the variants its stock took down to `threshold` (the product's low-stock threshold).
 */
export async function updateProductRow(
  trx: Transaction<Database>,
  id: string,
  changes: ProductWrite,
  now: string,
  threshold: number,
): Promise<LowStockFall[] | null> {
  const result = await trx
    .updateTable('products')
    .set({
      updated_at: now,
      ...(changes.name !== undefined && { name: changes.name, search_text: searchTextFor(changes.name) }),
      ...(changes.description !== undefined && { description: changes.description }),
      ...(changes.categoryId !== undefined && { category_id: changes.categoryId }),
      ...(changes.price !== undefined && { price: changes.price }),
      ...(changes.originalPrice !== undefined && { original_price: changes.originalPrice }),
      ...(changes.saleEndsAt !== undefined && { sale_ends_at: changes.saleEndsAt }),
      ...declarationColumns(changes.declarations),
    })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return null;
  return replaceProductLists(trx, id, changes, threshold);
}

/**
 * Replaces each list the write names (sizes, images, colours, tags) and leaves the others. New
 * colours or sizes make the product's variants again (core's `reconcileVariants`): each colour
 * and size it still has keeps its SKU, stock and price; the sizes' stock a write sends is its
 * first colour's; new variants start at zero with a generated SKU.
 */
async function replaceProductLists(
  trx: Transaction<Database>,
  id: string,
  lists: ProductWrite,
  threshold?: number,
): Promise<LowStockFall[]> {
  const fallen = lists.sizes || lists.colors ? await replaceVariants(trx, id, lists, threshold) : [];
  if (lists.images) {
    // A photo kept keeps the colour it shows; a new one is every colour's until staff say.
    const before = await trx
      .selectFrom('product_images')
      .select(['url', 'color'])
      .where('product_id', '=', id)
      .execute();
    const colorOf = new Map(before.map((r) => [r.url, r.color]));
    await trx.deleteFrom('product_images').where('product_id', '=', id).execute();
    if (lists.images.length > 0)
      await trx
        .insertInto('product_images')
        .values(
          lists.images.map((url, position) => ({ product_id: id, url, position, color: colorOf.get(url) ?? null })),
        )
        .execute();
  }
  if (lists.colors) {
    await trx.deleteFrom('product_colors').where('product_id', '=', id).execute();
    if (lists.colors.length > 0)
      await trx
        .insertInto('product_colors')
        .values(lists.colors.map((color, position) => ({ product_id: id, color, position })))
        .execute();
  }
  if (lists.tags) {
    await trx.deleteFrom('product_tags').where('product_id', '=', id).execute();
    if (lists.tags.length > 0)
      await trx
        .insertInto('product_tags')
        .values(lists.tags.map((tag) => ({ product_id: id, tag })))
        .execute();
  }
  return fallen;
}

/**
 * The product's variants made again for its colours and sizes, in place: each variant kept is
 * updated (its stock only when the write's totals move it: a size still at the figure the client
 * read is not), new ones inserted, removed ones deleted (409 when open orders hold pieces of
 * one). The product's variant rows are locked first, one by one in the order orders take them
 * (row-order.ts), so a sale committed meanwhile is neither undone nor deadlocked with. Answers
 * the variants taken down to `threshold` (none without one: a new product's).
 */
async function replaceVariants(
  trx: Transaction<Database>,
  id: string,
  lists: ProductWrite,
  threshold: number | undefined,
): Promise<LowStockFall[]> {
  const [product, unlocked, storedColors] = await Promise.all([
    trx.selectFrom('products').select('name').where('id', '=', id).executeTakeFirstOrThrow(),
    trx.selectFrom('product_variants').select(['color', 'size']).where('product_id', '=', id).execute(),
    trx.selectFrom('product_colors').select('color').where('product_id', '=', id).orderBy('position').execute(),
  ]);
  const existing = [];
  for (const key of inVariantRowOrder(unlocked.map((v) => ({ productId: id, ...v })))) {
    const row = await lockedVariant(trx, id, key);
    if (row) existing.push(row);
  }
  existing.sort((a, b) => a.size_position - b.size_position);

  const colors = lists.colors ?? storedColors.map((c) => c.color);
  const sizes = lists.sizes?.map((s) => s.size) ?? [...new Set(existing.map((v) => v.size))];
  const variants = reconcileVariants(
    colors,
    sizes,
    existing.map((v) => ({ ...v, originalPrice: v.original_price })),
    lists.sizes && sizeTotalsToSet(lists.sizes, new Set(existing.map((v) => v.size))),
  );
  // A generated SKU is none in use: by another product, or by a variant of this one kept.
  const taken = await skusLike(
    trx,
    id,
    variants.filter((v) => v.sku === '').map((v) => generatedSku(product.name, v, () => false)),
  );
  for (const v of variants) if (v.sku) taken.add(v.sku);
  const rows = variants.map((v) => {
    const sku = v.sku || generatedSku(product.name, v, (candidate) => taken.has(candidate));
    taken.add(sku);
    return {
      product_id: id,
      color: v.color,
      size: v.size,
      size_position: sizes.indexOf(v.size),
      sku,
      stock: v.stock,
      price: v.price,
      original_price: v.originalPrice,
    };
  });

  const key = (v: { color: string; size: string }) => `${v.color}\u0000${v.size}`;
  const kept = new Map(existing.map((v) => [key(v), v]));
  const wanted = new Set(rows.map(key));
  const removed = existing.filter((v) => !wanted.has(key(v)));
  await refuseRemovingHeldVariants(trx, id, removed);
  for (const gone of removed) {
    await trx
      .deleteFrom('product_variants')
      .where('product_id', '=', id)
      .where('color', '=', gone.color)
      .where('size', '=', gone.size)
      .execute();
  }
  const fallen: LowStockFall[] = [];
  for (const row of rows) {
    const before = kept.get(key(row));
    if (!before) {
      await trx.insertInto('product_variants').values(row).execute();
      continue;
    }
    const changes = {
      ...(before.size_position !== row.size_position && { size_position: row.size_position }),
      ...(before.sku !== row.sku && { sku: row.sku }),
      ...(before.stock !== row.stock && { stock: row.stock }),
    };
    if (Object.keys(changes).length === 0) continue;
    // `before` was read under the row's lock: each fall is this write's alone.
    if (threshold !== undefined && fellToThreshold(before.stock, row.stock, threshold)) {
      fallen.push({
        productId: id,
        name: product.name,
        color: row.color,
        size: row.size,
        sku: row.sku,
        stock: row.stock,
        threshold,
      });
    }
    await trx
      .updateTable('product_variants')
      .set(changes)
      .where('product_id', '=', id)
      .where('color', '=', row.color)
      .where('size', '=', row.size)
      .execute();
  }
  return fallen;
}

/** One variant row of the product, locked until the transaction ends (PostgreSQL). */
function lockedVariant(
  trx: Transaction<Database>,
  productId: string,
  { color, size }: { color: string; size: string },
) {
  return trx
    .selectFrom('product_variants')
    .select(['color', 'size', 'size_position', 'sku', 'stock', 'price', 'original_price'])
    .where('product_id', '=', productId)
    .where('color', '=', color)
    .where('size', '=', size)
    .forUpdate()
    .executeTakeFirst();
}

/** The SKUs in use by other products that start with any of `bases`: what a generated SKU must not be. */
export async function skusLike(trx: Transaction<Database>, productId: string, bases: string[]): Promise<Set<string>> {
  if (bases.length === 0) return new Set();
  const rows = await trx
    .selectFrom('product_variants')
    .select('sku')
    .where('product_id', '<>', productId)
    .where((eb) => eb.or([...new Set(bases)].map((base) => eb('sku', 'like', `${base}%`))))
    .execute();
  return new Set(rows.map((r) => r.sku));
}

/**
 * The product's row, locked until the transaction ends (PostgreSQL; SQLite's transactions run
 * one at a time): what a staff write checks of it (on sale, declared, marked down) stays true
 * until the write commits, whatever else is written to it meanwhile.
 */
export function lockProduct(trx: Transaction<Database>, id: string) {
  return trx
    .selectFrom('products')
    .select(['id', 'name', 'is_active', 'price', 'original_price', 'sale_ends_at', 'low_stock_threshold'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** The variants of a product with prices of their own: what a sale's end changes. */
export async function findOwnPricedVariants(trx: Transaction<Database>, productId: string) {
  const rows = await trx
    .selectFrom('product_variants')
    .select(['color', 'size', 'price', 'original_price'])
    .where('product_id', '=', productId)
    .where('price', 'is not', null)
    .execute();
  return rows.map((r) => ({
    color: r.color,
    size: r.size,
    price: r.price === null ? null : Number(r.price),
    originalPrice: r.original_price === null ? null : Number(r.original_price),
  }));
}

/** Products whose sale end has come by `now` (ISO, UTC), the earliest first. */
export async function findDueSales(db: Kysely<Database>, now: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where('sale_ends_at', 'is not', null)
    .where('sale_ends_at', '<=', now)
    .orderBy('sale_ends_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Writes a product's ended sale: its price (no original price, no sale end), only while its sale
 * end has still come by `now` (a second process ending it meanwhile made this a no-op: false).
 */
export async function writeEndedSale(
  trx: Transaction<Database>,
  id: string,
  price: Paise,
  now: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('products')
    .set({ price, original_price: null, sale_ends_at: null, updated_at: now })
    .where('id', '=', id)
    .where('sale_ends_at', 'is not', null)
    .where('sale_ends_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sets a variant's own price and drops its original price. */
export async function writeVariantPrice(
  trx: Transaction<Database>,
  productId: string,
  variant: { color: string; size: string; price: Paise | null },
) {
  await trx
    .updateTable('product_variants')
    .set({ price: variant.price, original_price: null })
    .where('product_id', '=', productId)
    .where('color', '=', variant.color)
    .where('size', '=', variant.size)
    .execute();
}
