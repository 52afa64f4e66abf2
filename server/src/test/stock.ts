import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';

export interface SizeRef {
  productId: string;
  color: string;
  size: string;
}

/**
 * A size of one test's own on the first product, in its first colour, holding exactly `stock`
 * pieces: tests that count stock never share a variant. With `price` (paise) the product is
 * repriced too.
 */
export async function freshSize(
  db: Kysely<Database>,
  stock: number,
  price?: number,
  { severalColors = false }: { severalColors?: boolean } = {},
): Promise<SizeRef> {
  // Ids are random: the first product may sell one colour or several. A test about another
  // colour asks for a product that has one.
  const product = severalColors
    ? await db
        .selectFrom('product_colors')
        .select('product_id as id')
        .groupBy('product_id')
        .having((eb) => eb.fn.countAll(), '>=', 2)
        .orderBy('product_id')
        .executeTakeFirstOrThrow()
    : await db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow();
  const first = await db
    .selectFrom('product_colors')
    .select('color')
    .where('product_id', '=', product.id)
    .where('position', '=', 0)
    .executeTakeFirst();
  const color = first?.color ?? '';
  const size = `T${newId().slice(0, 6).toUpperCase()}`;
  await db
    .insertInto('product_variants')
    .values({ product_id: product.id, color, size, size_position: 99, sku: `TEST-${size}`, stock })
    .execute();
  if (price !== undefined) await db.updateTable('products').set({ price }).where('id', '=', product.id).execute();
  return { productId: product.id, color, size };
}

/** The stock a variant holds now. */
export async function stockOf(db: Kysely<Database>, { productId, color, size }: SizeRef): Promise<number> {
  const row = await db
    .selectFrom('product_variants')
    .select('stock')
    .where('product_id', '=', productId)
    .where('color', '=', color)
    .where('size', '=', size)
    .executeTakeFirstOrThrow();
  return row.stock;
}
