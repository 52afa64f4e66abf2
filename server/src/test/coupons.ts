import type { CouponTerms } from '@shop/core';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { insertCoupon } from '../modules/coupons/coupons.repository.ts';

/** A coupon code no other test uses: the prefix and six letters or digits. */
export const freshCode = (prefix = 'STAFF') =>
  `${prefix}${newId()
    .slice(0, 6)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, 'X')}`;

/** A coupon written straight to the database: 10% off anything, no dates or limits, unless changed. */
export async function addTestCoupon(
  db: Kysely<Database>,
  code: string,
  changes: Partial<CouponTerms> = {},
): Promise<string> {
  const id = newId();
  await insertCoupon(db, {
    id,
    now: new Date().toISOString(),
    terms: {
      code,
      discountType: 'percentage',
      value: 10,
      minPurchase: 0,
      buyX: 0,
      getY: 0,
      applicableCategories: [],
      isActive: true,
      startsAt: null,
      endsAt: null,
      usageLimit: null,
      perCustomerLimit: null,
      ...changes,
    },
  });
  return id;
}

/** The coupon uses an order holds (none once it is cancelled: the use is given back). */
export function redemptionsOf(db: Kysely<Database>, orderId: string) {
  return db.selectFrom('coupon_redemptions').select('id').where('order_id', '=', orderId).execute();
}
