import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import { stockHoldingStatuses } from '@shop/core';
import type { Database, ProductVariantTable } from '../../db/schema.ts';

type Trx = Transaction<Database>;

/**
 * What a grid save reads of its product first: name and own low-stock threshold (undefined: no
 * such product); with `lock`, its row locked, before any variant's (the order every staff write
 * and the sale ends take them in).
 */
export function findGridProduct(trx: Trx, id: string, { lock = false } = {}) {
  const query = trx.selectFrom('products').select(['name', 'low_stock_threshold']).where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/** A product's colours in its order. */
export async function findColors(db: Kysely<Database>, id: string): Promise<string[]> {
  const rows = await db
    .selectFrom('product_colors')
    .select('color')
    .where('product_id', '=', id)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.color);
}

/** A product's variants as stored, in size order. */
export function findVariantRows(trx: Trx, id: string) {
  return trx
    .selectFrom('product_variants')
    .select(['color', 'size', 'size_position', 'sku', 'stock', 'price', 'original_price'])
    .where('product_id', '=', id)
    .orderBy('size_position')
    .execute();
}

/** The variants of other products holding any of `skus`, with their product's name. */
export function findSkuHolders(trx: Trx, productId: string, skus: string[]) {
  if (skus.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.sku', 'v.color', 'v.size', 'p.name'])
    .where('v.product_id', '<>', productId)
    .where('v.sku', 'in', skus)
    .execute();
}

/** One variant's row: its product, colour and size. */
export type VariantRef = { productId: string; color: string; size: string };
const variantRow = (trx: Trx, { productId, color, size }: VariantRef) =>
  trx
    .updateTable('product_variants')
    .where('product_id', '=', productId)
    .where('color', '=', color)
    .where('size', '=', size);

/** Locks a variant's row until the transaction ends, as an order taking its stock does; answers its stock. */
export async function lockVariant(trx: Trx, { productId, color, size }: VariantRef): Promise<number | undefined> {
  const row = await trx
    .selectFrom('product_variants')
    .select('stock')
    .where('product_id', '=', productId)
    .where('color', '=', color)
    .where('size', '=', size)
    .forUpdate()
    .executeTakeFirst();
  return row?.stock;
}

/** What a grid save may change of a variant: not which product, colour and size it is. */
export type VariantChange = Omit<Updateable<ProductVariantTable>, 'product_id' | 'color' | 'size'>;

export async function updateVariant(trx: Trx, key: VariantRef, set: VariantChange) {
  await variantRow(trx, key).set(set).execute();
}

export async function deleteVariant(trx: Trx, { productId, color, size }: VariantRef) {
  await trx
    .deleteFrom('product_variants')
    .where('product_id', '=', productId)
    .where('color', '=', color)
    .where('size', '=', size)
    .execute();
}

export async function insertVariant(trx: Trx, row: Insertable<ProductVariantTable>) {
  await trx.insertInto('product_variants').values(row).execute();
}

export async function replaceColors(trx: Trx, id: string, colors: string[]) {
  await trx.deleteFrom('product_colors').where('product_id', '=', id).execute();
  if (colors.length > 0)
    await trx
      .insertInto('product_colors')
      .values(colors.map((color, position) => ({ product_id: id, color, position })))
      .execute();
}

/** Marks the product changed, with its own low-stock threshold when the save names one. */
export async function touchProduct(trx: Trx, id: string, now: string, lowStockThreshold: number | null | undefined) {
  await trx
    .updateTable('products')
    .set({ updated_at: now, ...(lowStockThreshold !== undefined && { low_stock_threshold: lowStockThreshold }) })
    .where('id', '=', id)
    .execute();
}

/** A product's photos in order, with their colours. */
export function findPhotos(db: Kysely<Database> | Trx, id: string) {
  return db
    .selectFrom('product_images')
    .select(['url', 'color'])
    .where('product_id', '=', id)
    .orderBy('position')
    .execute();
}

export async function replacePhotos(trx: Trx, id: string, photos: { url: string; color: string | null }[]) {
  await trx.deleteFrom('product_images').where('product_id', '=', id).execute();
  if (photos.length > 0)
    await trx
      .insertInto('product_images')
      .values(photos.map((p, position) => ({ product_id: id, url: p.url, color: p.color, position })))
      .execute();
}

/**
 * The lines of orders still holding pieces of a product in these sizes (see core's
 * `stockHoldingStatuses`), with the order's number; a line's colour null is from before variants.
 * A read of the orders' tables: what a removal of variants must not strand.
 */
export function findHeldLines(db: Kysely<Database>, productId: string, sizes: readonly string[]) {
  if (sizes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select(['o.order_number', 'i.color', 'i.size'])
    .where('i.product_id', '=', productId)
    .where('i.size', 'in', [...new Set(sizes)])
    .where('o.status', 'in', [...stockHoldingStatuses])
    .orderBy('o.order_number')
    .execute();
}
