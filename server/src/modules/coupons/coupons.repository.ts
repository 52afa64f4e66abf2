import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { CouponTerms } from '@shop/core';
import type { CouponTable, Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type CouponRow = Selectable<CouponTable>;

export interface StoredCoupon {
  id: string;
  terms: CouponTerms;
}

function toStored(row: CouponRow, categories: string[]): StoredCoupon {
  return {
    id: row.id,
    terms: {
      code: row.code,
      discountType: row.discount_type,
      value: row.value,
      minPurchase: row.min_purchase,
      buyX: row.buy_x,
      getY: row.get_y,
      applicableCategories: categories,
      isActive: row.is_active === 1,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      usageLimit: row.usage_limit,
      perCustomerLimit: row.per_customer_limit,
    },
  };
}

/** The category ids of many coupons in one query. */
async function categoriesOf(db: Db, couponIds: string[]): Promise<Map<string, string[]>> {
  const categories = new Map<string, string[]>();
  if (couponIds.length === 0) return categories;
  const rows = await db
    .selectFrom('coupon_categories')
    .select(['coupon_id', 'category_id'])
    .where('coupon_id', 'in', couponIds)
    .orderBy('coupon_id')
    .orderBy('category_id')
    .execute();
  for (const row of rows) categories.set(row.coupon_id, [...(categories.get(row.coupon_id) ?? []), row.category_id]);
  return categories;
}

async function withCategories(db: Db, row: CouponRow | undefined): Promise<StoredCoupon | null> {
  if (!row) return null;
  return toStored(row, (await categoriesOf(db, [row.id])).get(row.id) ?? []);
}

export async function findCouponByCode(db: Db, code: string): Promise<StoredCoupon | null> {
  return withCategories(
    db,
    await db.selectFrom('coupons').selectAll().where('code', '=', code.toUpperCase()).executeTakeFirst(),
  );
}

export async function findCouponById(db: Db, id: string): Promise<StoredCoupon | null> {
  return withCategories(db, await db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst());
}

/** A coupon as staff manage it: its terms, how often it was used, and when it was made and changed. */
export interface CouponRecord extends StoredCoupon {
  timesRedeemed: number;
  createdAt: string;
  updatedAt: string;
}

function toRecord(row: CouponRow, categories: Map<string, string[]>): CouponRecord {
  return {
    ...toStored(row, categories.get(row.id) ?? []),
    timesRedeemed: Number(row.times_redeemed),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Every coupon, inactive ones too, newest first: two queries however many there are. */
export async function listCouponRecords(db: Db): Promise<CouponRecord[]> {
  const rows = await db.selectFrom('coupons').selectAll().orderBy('created_at', 'desc').orderBy('code').execute();
  const categories = await categoriesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toRecord(row, categories));
}

export async function findCouponRecord(db: Db, id: string): Promise<CouponRecord | null> {
  const row = await db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRecord(row, await categoriesOf(db, [row.id])) : null;
}

/** How often a coupon has been redeemed, in all and by one customer. */
export async function couponUsage(db: Db, couponId: string, userId: string) {
  const row = await db
    .selectFrom('coupon_redemptions')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('user_id', '=', userId).then(1).else(0).end()).as('by_customer'),
    ])
    .where('coupon_id', '=', couponId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), byCustomer: Number(row.by_customer ?? 0) };
}

export interface CouponWrite {
  id: string;
  terms: CouponTerms;
  now: string;
}

/** The columns of the terms given; terms left out (undefined) give no column. */
function columnsOf(terms: Partial<CouponTerms>): Updateable<CouponTable> {
  const columns: Updateable<CouponTable> = {
    code: terms.code?.toUpperCase(),
    discount_type: terms.discountType,
    value: terms.value,
    min_purchase: terms.minPurchase,
    buy_x: terms.buyX,
    get_y: terms.getY,
    starts_at: terms.startsAt,
    ends_at: terms.endsAt,
    usage_limit: terms.usageLimit,
    per_customer_limit: terms.perCustomerLimit,
    is_active: terms.isActive === undefined ? undefined : terms.isActive ? 1 : 0,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

async function insertCategories(db: Db, couponId: string, categoryIds: readonly string[]): Promise<void> {
  const unique = [...new Set(categoryIds)];
  if (unique.length > 0) {
    await db
      .insertInto('coupon_categories')
      .values(unique.map((category_id) => ({ coupon_id: couponId, category_id })))
      .execute();
  }
}

export async function insertCoupon(db: Db, { id, terms, now }: CouponWrite): Promise<void> {
  await db
    .insertInto('coupons')
    .values({
      // Whole terms give every column.
      ...(columnsOf(terms) as Required<ReturnType<typeof columnsOf>>),
      id,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await insertCategories(db, id, terms.applicableCategories);
}

/**
 * Writes only the terms given, so two staff changing different fields at once both keep
 * theirs; categories, when given, replace the old ones.
 */
export async function updateCouponTerms(
  trx: Transaction<Database>,
  id: string,
  changes: Partial<CouponTerms>,
  now: string,
): Promise<void> {
  await trx
    .updateTable('coupons')
    .set({ ...columnsOf(changes), updated_at: now })
    .where('id', '=', id)
    .execute();
  if (changes.applicableCategories !== undefined) {
    await trx.deleteFrom('coupon_categories').where('coupon_id', '=', id).execute();
    await insertCategories(trx, id, changes.applicableCategories);
  }
}

/**
 * Counts one redemption of a coupon by an order, if its total limit allows. The
 * conditional update takes the coupon row's lock, so two orders racing for the last use
 * are decided one after the other: the second finds the limit reached. Answers false
 * when the coupon is used up.
 */
export async function redeemCoupon(
  trx: Transaction<Database>,
  redemption: { couponId: string; userId: string; orderId: string; id: string; now: string },
): Promise<boolean> {
  const counted = await trx
    .updateTable('coupons')
    .set((eb) => ({ times_redeemed: eb('times_redeemed', '+', 1) }))
    .where('id', '=', redemption.couponId)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('times_redeemed', '<', eb.ref('usage_limit'))]))
    .executeTakeFirst();
  if (Number(counted.numUpdatedRows) === 0) return false;
  await trx
    .insertInto('coupon_redemptions')
    .values({
      id: redemption.id,
      coupon_id: redemption.couponId,
      user_id: redemption.userId,
      order_id: redemption.orderId,
      created_at: redemption.now,
    })
    .execute();
  return true;
}

/** Gives a redemption back (the order was cancelled), so the shopper may use the coupon again. */
export async function releaseCoupon(trx: Transaction<Database>, orderId: string): Promise<void> {
  const rows = await trx.selectFrom('coupon_redemptions').select('coupon_id').where('order_id', '=', orderId).execute();
  for (const row of rows) {
    await trx
      .updateTable('coupons')
      .set((eb) => ({ times_redeemed: eb('times_redeemed', '-', 1) }))
      .where('id', '=', row.coupon_id)
      .execute();
  }
  await trx.deleteFrom('coupon_redemptions').where('order_id', '=', orderId).execute();
}
