import type { Kysely } from 'kysely';
import { couponLabel, couponRefusalMessage, toRupees, type CouponTerms, type PublicCoupon } from '@shop/core';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { findCouponByCode } from './coupons.repository.ts';

/** A coupon as shoppers may see it: its offer, never its limits or usage. */
export function toPublicCoupon(terms: CouponTerms): PublicCoupon {
  return {
    code: terms.code,
    discountType: terms.discountType,
    value: terms.value,
    minPurchase: toRupees(terms.minPurchase),
    buyX: terms.buyX,
    getY: terms.getY,
    applicableCategories: [...terms.applicableCategories],
    label: couponLabel(terms),
  };
}

export const couponNotFound = (code: string) =>
  notFound('COUPON_NOT_FOUND', couponRefusalMessage(code, { reason: 'NOT_FOUND' }, 0));

/** GET /discount/code/{code}: an active coupon's offer, or 404. */
export async function getPublicCoupon(db: Kysely<Database>, code: string): Promise<PublicCoupon> {
  const coupon = await findCouponByCode(db, code);
  if (!coupon || !coupon.terms.isActive) throw couponNotFound(code);
  return toPublicCoupon(coupon.terms);
}
