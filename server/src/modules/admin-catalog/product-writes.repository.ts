import type { Kysely, Transaction } from 'kysely';
import type { Paise } from '@shop/core';
import type { Database } from '../../db/schema.ts';
import { searchTextFor } from '../../lib/sql-text.ts';

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
  colors?: string[] | undefined;
  tags?: string[] | undefined;
  images?: string[] | undefined;
  sizes?: { size: string; stock: number }[] | undefined;
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
  product: Required<Omit<ProductWrite, 'originalPrice'>> & { originalPrice: Paise | null },
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

export async function updateProductRow(
  trx: Transaction<Database>,
  id: string,
  changes: ProductWrite,
  now: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('products')
    .set({
      updated_at: now,
      ...(changes.name !== undefined && { name: changes.name, search_text: searchTextFor(changes.name) }),
      ...(changes.description !== undefined && { description: changes.description }),
      ...(changes.categoryId !== undefined && { category_id: changes.categoryId }),
      ...(changes.price !== undefined && { price: changes.price }),
      ...(changes.originalPrice !== undefined && { original_price: changes.originalPrice }),
    })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await replaceProductLists(trx, id, changes);
  return true;
}

/** Replaces each list the write names (sizes, images, colours, tags) and leaves the others. */
async function replaceProductLists(trx: Transaction<Database>, id: string, lists: ProductWrite): Promise<void> {
  if (lists.sizes) {
    await trx.deleteFrom('product_sizes').where('product_id', '=', id).execute();
    if (lists.sizes.length > 0)
      await trx
        .insertInto('product_sizes')
        .values(lists.sizes.map((s, position) => ({ product_id: id, size: s.size, stock: s.stock, position })))
        .execute();
  }
  if (lists.images) {
    await trx.deleteFrom('product_images').where('product_id', '=', id).execute();
    if (lists.images.length > 0)
      await trx
        .insertInto('product_images')
        .values(lists.images.map((url, position) => ({ product_id: id, url, position })))
        .execute();
  }
  if (lists.colors) {
    await trx.deleteFrom('product_colors').where('product_id', '=', id).execute();
    if (lists.colors.length > 0)
      await trx
        .insertInto('product_colors')
        .values(lists.colors.map((color) => ({ product_id: id, color })))
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
}
