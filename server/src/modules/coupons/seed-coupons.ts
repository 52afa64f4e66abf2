import type { Kysely } from 'kysely';
import type { CouponTerms } from '@shop/core';
import type { Database } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { insertCoupon } from './coupons.repository.ts';

const open = { isActive: true, startsAt: null, endsAt: null, usageLimit: null, perCustomerLimit: null };

/** The demo coupons the README lists. Money in paise. */
export const demoCoupons: CouponTerms[] = [
  {
    ...open,
    code: 'SAVE10',
    discountType: 'percentage',
    value: 10,
    minPurchase: 10000,
    buyX: 0,
    getY: 0,
    applicableCategories: [],
  },
  {
    ...open,
    code: 'TEES3',
    discountType: 'buyXgetY',
    value: 0,
    minPurchase: 0,
    buyX: 2,
    getY: 1,
    applicableCategories: ['mens-t-shirts'],
  },
  {
    ...open,
    code: 'WELCOME20',
    discountType: 'percentage',
    value: 20,
    minPurchase: 20000,
    buyX: 0,
    getY: 0,
    applicableCategories: [],
    perCustomerLimit: 1,
  },
];

const SEEDED_MARKER = 'coupons_seeded_at';

/** Writes the demo coupons once (a marker row makes it a no-op after), in one transaction. */
export async function seedCoupons(db: Kysely<Database>, now = new Date()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const marker = await trx.selectFrom('app_meta').select('value').where('key', '=', SEEDED_MARKER).executeTakeFirst();
    if (marker) return 0;
    for (const terms of demoCoupons) await insertCoupon(trx, { id: newId(), terms, now: now.toISOString() });
    await trx.insertInto('app_meta').values({ key: SEEDED_MARKER, value: now.toISOString() }).execute();
    return demoCoupons.length;
  });
}
