import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';

type Trx = Transaction<Database>;

/** The shopper's cart, made on first use. */
export async function ensureCart(trx: Trx, userId: string, now: string) {
  await trx
    .insertInto('carts')
    .values({ id: newId(), user_id: userId, coupon_id: null, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return trx.selectFrom('carts').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
}

/**
 * Takes the cart row's lock (PostgreSQL; SQLite runs one writer at a time) until the
 * transaction ends. Every change to a cart, and every order placed from it, takes it first:
 * so two orders from one cart, or adds racing past a limit, are decided one after the other.
 */
export async function lockCart(trx: Trx, cartId: string) {
  return trx.selectFrom('carts').selectAll().where('id', '=', cartId).forUpdate().executeTakeFirstOrThrow();
}

/**
 * The cart's lines with what pricing and the page need: the product's current price and
 * category, its first image, and the stock of the line's size. Lines of products no longer
 * on sale (hidden) are left out.
 */
export function findLines(trx: Trx, cartId: string) {
  return trx
    .selectFrom('cart_items as ci')
    .innerJoin('products as p', 'p.id', 'ci.product_id')
    .leftJoin('product_sizes as s', (join) =>
      join.onRef('s.product_id', '=', 'ci.product_id').onRef('s.size', '=', 'ci.size'),
    )
    .select([
      'ci.id',
      'ci.product_id',
      'ci.size',
      'ci.quantity',
      'p.name',
      'p.price',
      'p.category_id',
      sql<number>`coalesce(${sql.ref('s.stock')}, 0)`.as('stock'),
    ])
    .where('ci.cart_id', '=', cartId)
    .where('p.is_active', '=', 1)
    .orderBy('ci.created_at')
    .orderBy('ci.id')
    .execute();
}

export type LineRow = Awaited<ReturnType<typeof findLines>>[number];

export async function findImages(trx: Trx, productIds: string[]): Promise<Map<string, string[]>> {
  const images = new Map<string, string[]>();
  if (productIds.length === 0) return images;
  const rows = await trx
    .selectFrom('product_images')
    .select(['product_id', 'url'])
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('position')
    .execute();
  for (const row of rows) images.set(row.product_id, [...(images.get(row.product_id) ?? []), row.url]);
  return images;
}

export function findLine(trx: Trx, cartId: string, itemId: string) {
  return trx
    .selectFrom('cart_items')
    .selectAll()
    .where('cart_id', '=', cartId)
    .where('id', '=', itemId)
    .executeTakeFirst();
}

export function findLineFor(trx: Trx, cartId: string, productId: string, size: string) {
  return trx
    .selectFrom('cart_items')
    .selectAll()
    .where('cart_id', '=', cartId)
    .where('product_id', '=', productId)
    .where('size', '=', size)
    .executeTakeFirst();
}

/** The product (if on sale) and the stock of one of its sizes (null: no such size). */
export async function findSizeStock(trx: Trx, productId: string, size: string) {
  const product = await trx
    .selectFrom('products')
    .select('id')
    .where('id', '=', productId)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  if (!product) return null;
  const row = await trx
    .selectFrom('product_sizes')
    .select('stock')
    .where('product_id', '=', productId)
    .where('size', '=', size)
    .executeTakeFirst();
  return { stock: row?.stock ?? null };
}

/** Adds to the line of this product and size, or starts it; safe when two adds race. */
export async function addToLine(
  trx: Trx,
  line: { cartId: string; productId: string; size: string; quantity: number; now: string },
) {
  await trx
    .insertInto('cart_items')
    .values({
      id: newId(),
      cart_id: line.cartId,
      product_id: line.productId,
      size: line.size,
      quantity: line.quantity,
      created_at: line.now,
    })
    .onConflict((oc) =>
      oc
        .columns(['cart_id', 'product_id', 'size'])
        .doUpdateSet((eb) => ({ quantity: eb('cart_items.quantity', '+', eb.ref('excluded.quantity')) })),
    )
    .execute();
}

export async function countLines(trx: Trx, cartId: string): Promise<number> {
  const row = await trx
    .selectFrom('cart_items')
    .select((eb) => eb.fn.countAll<number>().as('lines'))
    .where('cart_id', '=', cartId)
    .executeTakeFirstOrThrow();
  return Number(row.lines);
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

export async function deleteAllLines(trx: Trx, cartId: string) {
  await trx.deleteFrom('cart_items').where('cart_id', '=', cartId).execute();
}

export async function setCartCoupon(trx: Trx, cartId: string, couponId: string | null, now: string) {
  await trx.updateTable('carts').set({ coupon_id: couponId, updated_at: now }).where('id', '=', cartId).execute();
}
