import type { CouponTerms } from '../coupon-rules.ts';

/** A coupon's terms for tests: 10% off, always open, no limits, with the changes given. */
export function couponTerms(changes: Partial<CouponTerms> = {}): CouponTerms {
  return {
    code: 'X',
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
  };
}
