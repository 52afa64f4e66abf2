import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database, HomeDealTable, HomeTestimonialTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type DealRow = Selectable<HomeDealTable>;
export type TestimonialRow = Selectable<HomeTestimonialTable>;

/** Every deal, in the order they end. */
export function findDeals(db: Db) {
  return db.selectFrom('home_deals').selectAll().orderBy('ends_at').orderBy('created_at').orderBy('id').execute();
}

/** The deals that may run at `now`: not yet ended, and the samples, which demo mode renews. */
export function findDealsNotEnded(db: Db, now: string) {
  return db
    .selectFrom('home_deals')
    .selectAll()
    .where((eb) => eb.or([eb('ends_at', '>', now), eb('sample', '=', 1)]))
    .orderBy('ends_at')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findDeal(db: Db, id: string) {
  return db.selectFrom('home_deals').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertDeal(db: Db, row: Insertable<HomeDealTable>) {
  await db.insertInto('home_deals').values(row).execute();
}

export async function updateDeal(db: Db, id: string, set: Updateable<HomeDealTable>) {
  const result = await db.updateTable('home_deals').set(set).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteDeal(db: Db, id: string) {
  const result = await db.deleteFrom('home_deals').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Every testimonial, the earliest entered first. */
export function findTestimonials(db: Db) {
  return db.selectFrom('home_testimonials').selectAll().orderBy('created_at').orderBy('id').execute();
}

export function findTestimonial(db: Db, id: string) {
  return db.selectFrom('home_testimonials').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertTestimonial(db: Db, row: Insertable<HomeTestimonialTable>) {
  await db.insertInto('home_testimonials').values(row).execute();
}

export async function updateTestimonial(db: Db, id: string, set: Updateable<HomeTestimonialTable>) {
  const result = await db.updateTable('home_testimonials').set(set).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteTestimonial(db: Db, id: string) {
  const result = await db.deleteFrom('home_testimonials').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The product the specials banner features, or null. */
export async function findFeaturedProductId(db: Db): Promise<string | null> {
  const row = await db.selectFrom('home_feature').select('product_id').where('id', '=', 1).executeTakeFirst();
  return row?.product_id ?? null;
}

export async function saveFeaturedProductId(db: Db, productId: string | null, now: string) {
  await db
    .insertInto('home_feature')
    .values({ id: 1, product_id: productId, updated_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ product_id: productId, updated_at: now }))
    .execute();
}
