import type { Kysely, Transaction } from 'kysely';
import { listQueryTemplate } from '../../db/query-template.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Every category, with the HSN code and rate staff set for it (null where they have not). */
export function findCategoryTaxes(db: Db) {
  return db
    .selectFrom('categories as c')
    .leftJoin('category_taxes as t', 't.category_id', 'c.id')
    .select(['c.id', 'c.name', 't.hsn', 't.gst_rate'])
    .orderBy('c.position')
    .orderBy('c.id')
    .execute();
}

export function findCategory(db: Db, id: string) {
  return db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst();
}

// Built once per number of categories (query-template.ts): every cart and order reads it.
const taxesOfCategories = listQueryTemplate([], (db, _slot, categoryIds) =>
  db.selectFrom('category_taxes').select(['category_id', 'hsn', 'gst_rate']).where('category_id', 'in', categoryIds),
);

/** The staff-set taxes of some categories. */
export async function findTaxesOf(db: Db, categoryIds: readonly string[]) {
  if (categoryIds.length === 0) return [];
  return (await taxesOfCategories(db, {}, [...new Set(categoryIds)])).rows;
}

/** The categories of some products (for order lines written before lines kept their HSN). */
export async function findCategoriesOfProducts(db: Db, productIds: readonly string[]) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('products')
    .select(['id', 'category_id'])
    .where('id', 'in', [...new Set(productIds)])
    .execute();
}

export async function upsertCategoryTax(
  db: Db,
  tax: { categoryId: string; hsn: string; gstRate: number; now: string },
) {
  await db
    .insertInto('category_taxes')
    .values({ category_id: tax.categoryId, hsn: tax.hsn, gst_rate: tax.gstRate, updated_at: tax.now })
    .onConflict((oc) =>
      oc.column('category_id').doUpdateSet({ hsn: tax.hsn, gst_rate: tax.gstRate, updated_at: tax.now }),
    )
    .execute();
}
