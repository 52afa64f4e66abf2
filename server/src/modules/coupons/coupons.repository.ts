import type { Kysely, Selectable, Transaction } from 'kysely';
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

async function withCategories(db: Db, row: CouponRow | undefined): Promise<StoredCoupon | null> {
  if (!row) return null;
  const categories = await db
    .selectFrom('coupon_categories')
    .select('category_id')
    .where('coupon_id', '=', row.id)
    .orderBy('category_id')
    .execute();
  return toStored(
    row,
    categories.map((c) => c.category_id),
  );
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

export async function insertCoupon(db: Db, { id, terms, now }: CouponWrite): Promise<void> {
  await db
    .insertInto('coupons')
    .values({
      id,
      code: terms.code.toUpperCase(),
      discount_type: terms.discountType,
      value: terms.value,
      min_purchase: terms.minPurchase,
      buy_x: terms.buyX,
      get_y: terms.getY,
      starts_at: terms.startsAt,
      ends_at: terms.endsAt,
      usage_limit: terms.usageLimit,
      per_customer_limit: terms.perCustomerLimit,
      is_active: terms.isActive ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  if (terms.applicableCategories.length > 0) {
    await db
      .insertInto('coupon_categories')
      .values(terms.applicableCategories.map((category_id) => ({ coupon_id: id, category_id })))
      .execute();
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
