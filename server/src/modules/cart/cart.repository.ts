import { sql, type Transaction } from 'kysely';
import type { ColorPhoto, VariantKey } from '@shop/core';
import { listQueryTemplate, queryTemplate } from '../../db/query-template.ts';
import type { Database } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';

type Trx = Transaction<Database>;

const cartOfUser = queryTemplate(['userId'], (db, slot) =>
  db.selectFrom('carts').selectAll().where('user_id', '=', slot.userId),
);
const lockedCartOfUser = queryTemplate(['userId'], (db, slot) =>
  db.selectFrom('carts').selectAll().where('user_id', '=', slot.userId).forUpdate(),
);
const cartOf = async (trx: Trx, userId: string, lock: boolean) =>
  (await (lock ? lockedCartOfUser : cartOfUser)(trx, { userId })).rows[0];

/** Makes the shopper's cart (on first use; a cart made meanwhile by another request stays). */
async function makeCart(trx: Trx, userId: string, now: string) {
  await trx
    .insertInto('carts')
    .values({ id: newId(), user_id: userId, coupon_id: null, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** The shopper's cart, made first when there is none; with `lock`, its row's lock taken too. */
async function cartMadeIfNeeded(trx: Trx, userId: string, now: string, lock: boolean) {
  const found = await cartOf(trx, userId, lock);
  if (found) return found;
  await makeCart(trx, userId, now);
  const made = await cartOf(trx, userId, lock);
  if (!made) throw new Error(`the cart of ${userId} vanished as it was made`);
  return made;
}

/** The shopper's cart, made on first use. */
export function ensureCart(trx: Trx, userId: string, now: string) {
  return cartMadeIfNeeded(trx, userId, now, false);
}

/**
 * The shopper's cart (made on first use) with its row's lock (PostgreSQL; SQLite runs one
 * writer at a time) held until the transaction ends. Every change to a cart, and every order
 * placed from it, takes it first: so two orders from one cart, or adds racing past a limit,
 * are decided one after the other.
 */
export function lockCart(trx: Trx, userId: string, now: string) {
  return cartMadeIfNeeded(trx, userId, now, true);
}

/**
 * The cart's lines with what pricing and the page need: the variant's prices and the product's
 * (with its sale end: cart.service prices each line at the moment), SKU and stock, and the
 * product's category. Lines of products no longer on sale (hidden) are left out.
 */
const linesOfCart = queryTemplate(['cartId'], (db, slot) =>
  db
    .selectFrom('cart_items as ci')
    .innerJoin('products as p', 'p.id', 'ci.product_id')
    .leftJoin('product_variants as v', (join) =>
      join
        .onRef('v.product_id', '=', 'ci.product_id')
        .onRef('v.color', '=', 'ci.color')
        .onRef('v.size', '=', 'ci.size'),
    )
    .select([
      'ci.id',
      'ci.product_id',
      'ci.color',
      'ci.size',
      'ci.quantity',
      'p.name',
      'p.price as product_price',
      'p.original_price as product_original_price',
      'p.sale_ends_at',
      'v.price as variant_price',
      'v.original_price as variant_original_price',
      'p.category_id',
      sql<string>`coalesce(${sql.ref('v.sku')}, '')`.as('sku'),
      sql<number>`coalesce(${sql.ref('v.stock')}, 0)`.as('stock'),
    ])
    .where('ci.cart_id', '=', slot.cartId)
    .where('p.is_active', '=', 1)
    .orderBy('ci.created_at')
    .orderBy('ci.id'),
);

export async function findLines(trx: Trx, cartId: string) {
  return (await linesOfCart(trx, { cartId })).rows;
}

export type LineRow = Awaited<ReturnType<typeof findLines>>[number];

// Built once per number of products (query-template.ts): every cart's answer reads it.
const photosOfProducts = listQueryTemplate([], (db, _slot, productIds) =>
  db
    .selectFrom('product_images')
    .select(['product_id', 'url', 'color'])
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('position'),
);

/** The photos of the given products, each product's in order, with the colour each shows. */
export async function findPhotos(trx: Trx, productIds: string[]): Promise<Map<string, ColorPhoto[]>> {
  const photos = new Map<string, ColorPhoto[]>();
  if (productIds.length === 0) return photos;
  const { rows } = await photosOfProducts(trx, {}, [...new Set(productIds)]);
  for (const row of rows) {
    photos.set(row.product_id, [...(photos.get(row.product_id) ?? []), { url: row.url, color: row.color }]);
  }
  return photos;
}

export function findLine(trx: Trx, cartId: string, itemId: string) {
  return trx
    .selectFrom('cart_items')
    .selectAll()
    .where('cart_id', '=', cartId)
    .where('id', '=', itemId)
    .executeTakeFirst();
}

/**
 * What adding a variant to a cart is decided from, in one statement: the variant's stock (null:
 * the product has no such colour and size; `hasColor` then tells which), how many the cart holds
 * of the variant already and how many lines the cart has. Undefined when the product is not on
 * sale.
 */
const addFacts = queryTemplate(['cartId', 'productId', 'color', 'size'], (db, slot) =>
  db
    .selectFrom('products as p')
    .leftJoin('product_variants as v', (join) =>
      join.onRef('v.product_id', '=', 'p.id').on('v.color', '=', slot.color).on('v.size', '=', slot.size),
    )
    .select((eb) => [
      'v.stock',
      eb
        .selectFrom('cart_items')
        .select('quantity')
        .where('cart_id', '=', slot.cartId)
        .where('product_id', '=', slot.productId)
        .where('color', '=', slot.color)
        .where('size', '=', slot.size)
        .as('held'),
      eb
        .selectFrom('cart_items')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('cart_id', '=', slot.cartId)
        .as('lines'),
    ])
    .where('p.id', '=', slot.productId)
    .where('p.is_active', '=', 1),
);

export async function findAddFacts(trx: Trx, cartId: string, productId: string, variant: VariantKey) {
  return (await addFacts(trx, { cartId, productId, color: variant.color, size: variant.size })).rows[0];
}

/** Whether a product is sold in a colour (in any size): asked only when an add names no variant it sells. */
export async function hasColor(trx: Trx, productId: string, color: string): Promise<boolean> {
  const row = await trx
    .selectFrom('product_variants')
    .select('size')
    .where('product_id', '=', productId)
    .where('color', '=', color)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The colours of a product, in its order (none: the product has no colour named). */
export async function findColors(trx: Trx, productId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('product_colors')
    .select('color')
    .where('product_id', '=', productId)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.color);
}

/** The stock of one variant of a product on sale (undefined: not on sale, or no such variant). */
export async function findVariantStock(trx: Trx, productId: string, variant: VariantKey) {
  const row = await trx
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select('v.stock')
    .where('v.product_id', '=', productId)
    .where('v.color', '=', variant.color)
    .where('v.size', '=', variant.size)
    .where('p.is_active', '=', 1)
    .executeTakeFirst();
  return row?.stock;
}

const addedToLine = queryTemplate(['id', 'cartId', 'productId', 'color', 'size', 'quantity', 'now'], (db, slot) =>
  db
    .insertInto('cart_items')
    .values({
      id: slot.id,
      cart_id: slot.cartId,
      product_id: slot.productId,
      color: slot.color,
      size: slot.size,
      quantity: slot.quantity,
      created_at: slot.now,
    })
    .onConflict((oc) =>
      oc
        .columns(['cart_id', 'product_id', 'color', 'size'])
        .doUpdateSet((eb) => ({ quantity: eb('cart_items.quantity', '+', eb.ref('excluded.quantity')) })),
    ),
);

/** Adds to the line of this variant, or starts it; safe when two adds race. */
export async function addToLine(
  trx: Trx,
  line: { cartId: string; productId: string; color: string; size: string; quantity: number; now: string },
) {
  await addedToLine(trx, { id: newId(), ...line });
}

export async function setLineQuantity(trx: Trx, itemId: string, quantity: number) {
  await trx.updateTable('cart_items').set({ quantity }).where('id', '=', itemId).execute();
}

export async function deleteLine(trx: Trx, cartId: string, itemId: string): Promise<boolean> {
  const result = await trx
    .deleteFrom('cart_items')
    .where('cart_id', '=', cartId)
    .where('id', '=', itemId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

const allLinesDeleted = queryTemplate(['cartId'], (db, slot) =>
  db.deleteFrom('cart_items').where('cart_id', '=', slot.cartId),
);

export async function deleteAllLines(trx: Trx, cartId: string) {
  await allLinesDeleted(trx, { cartId });
}

export async function setCartCoupon(trx: Trx, cartId: string, couponId: string | null, now: string) {
  await trx.updateTable('carts').set({ coupon_id: couponId, updated_at: now }).where('id', '=', cartId).execute();
}

/** Deletes a cart with its lines (an account's erasure). */
export async function deleteCart(trx: Trx, cartId: string) {
  await trx.deleteFrom('cart_items').where('cart_id', '=', cartId).execute();
  await trx.deleteFrom('carts').where('id', '=', cartId).execute();
}
