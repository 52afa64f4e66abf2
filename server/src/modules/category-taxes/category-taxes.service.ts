import type { Kysely, Transaction } from 'kysely';
import { defaultCategoryTax, type CategoryTaxBody, type CategoryTaxTerms, type TaxSettings } from '@shop/core';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import * as repo from './category-taxes.repository.ts';

/**
 * The HSN code and GST rate of each category of the catalogue: what carts and orders price
 * their lines with, what invoices print and what the storefront's tax texts name. Staff set
 * them per category; a category they have not set has the shop's default for it.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** The HSN code and GST rate of each category asked about: staff's setting, else the shop's default for it. */
export async function taxesOfCategories(
  db: Db,
  categoryIds: readonly string[],
): Promise<Map<string, CategoryTaxTerms>> {
  const set = new Map((await repo.findTaxesOf(db, categoryIds)).map((t) => [t.category_id, t]));
  return new Map(
    categoryIds.map((id) => {
      const row = set.get(id);
      return [id, row ? { hsn: row.hsn, gstRate: row.gst_rate } : defaultCategoryTax(id)];
    }),
  );
}

/** The HSN code of each product asked about, by its category (none asked: no statement). */
export async function hsnOfProducts(db: Db, productIds: readonly string[]): Promise<Map<string, string>> {
  const categories = new Map(
    (await repo.findCategoriesOfProducts(db, productIds)).map((p) => [p.id, p.category_id] as const),
  );
  const taxes = await taxesOfCategories(db, [...categories.values()]);
  return new Map(
    [...categories].flatMap(([productId, categoryId]) => {
      const hsn = taxes.get(categoryId)?.hsn;
      return hsn === undefined ? [] : [[productId, hsn] as const];
    }),
  );
}

/** Every category with its taxes, as staff see them: `isDefault` where they have set none. */
export async function categoryTaxList(db: Db): Promise<TaxSettings['categories']> {
  return (await repo.findCategoryTaxes(db)).map((c) => {
    const terms = c.hsn === null || c.gst_rate === null ? null : { hsn: c.hsn, gstRate: c.gst_rate };
    return { categoryId: c.id, name: c.name, ...(terms ?? defaultCategoryTax(c.id)), isDefault: terms === null };
  });
}

/** The GST rates the catalogue's categories are taxed at (what the storefront's tax texts name). */
export async function categoryRatesInUse(db: Db): Promise<number[]> {
  const categories = await repo.findCategoryTaxes(db);
  return [...new Set(categories.map((c) => c.gst_rate ?? defaultCategoryTax(c.id).gstRate))];
}

/** Staff set a category's HSN code and GST rate: carts and orders price with it from now on. */
export async function setCategoryTax(db: Db, categoryId: string, body: CategoryTaxBody, now = new Date()) {
  if (!(await repo.findCategory(db, categoryId))) throw notFound('CATEGORY_NOT_FOUND', 'Category not found');
  await repo.upsertCategoryTax(db, { categoryId, hsn: body.hsn, gstRate: body.gstRate, now: now.toISOString() });
}
