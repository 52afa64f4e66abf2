import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';

export interface SizeRef {
  productId: string;
  size: string;
}

/**
 * A size of one test's own on the first product, holding exactly `stock` pieces: tests that
 * count stock never share a size. With `price` (paise) the product is repriced too.
 */
export async function freshSize(db: Kysely<Database>, stock: number, price?: number): Promise<SizeRef> {
  const product = await db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow();
  const size = `T${newId().slice(0, 6).toUpperCase()}`;
  await db.insertInto('product_sizes').values({ product_id: product.id, size, position: 99, stock }).execute();
  if (price !== undefined) await db.updateTable('products').set({ price }).where('id', '=', product.id).execute();
  return { productId: product.id, size };
}

/** The stock a size holds now. */
export async function stockOf(db: Kysely<Database>, { productId, size }: SizeRef): Promise<number> {
  const row = await db
    .selectFrom('product_sizes')
    .select('stock')
    .where('product_id', '=', productId)
    .where('size', '=', size)
    .executeTakeFirstOrThrow();
  return row.stock;
}
