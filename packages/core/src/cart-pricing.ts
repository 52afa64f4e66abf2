import { shippingGstPercent, subtotalOf, type PricedLine } from './cart-totals.ts';
import { couponRefusalMessage, evaluateCoupon, type CouponTerms, type CouponUsage } from './coupon-rules.ts';
import type { Paise } from './money.ts';
import { orderTotals, type OrderTotals, type PricingSettings } from './order-totals.ts';

/** The coupon applied to a cart, with how often it has been used (in all and by this shopper). */
export interface AppliedCoupon {
  terms: CouponTerms;
  usage: CouponUsage;
}

export interface CartPricing {
  totals: OrderTotals;
  /** The coupon's terms while it applies; null with no coupon or one that no longer applies. */
  coupon: CouponTerms | null;
  /** Why the cart's coupon no longer applies, in the shopper's words; null otherwise. */
  couponRefusal: string | null;
  /** The GST rate (whole percent) the order's shipping is taxed at, as its invoice shows it. */
  shippingGstPercent: number;
  /** The discount on each line, in the lines' order (all 0 without a coupon): the order keeps it for its invoice. */
  lineDiscounts: Paise[];
}

/**
 * The price of a cart, as the cart shows it and as the order placed from it is written: its
 * coupon checked again now, the discount it gives, and core's totals (integer paise, by the
 * shop's GST arithmetic: `orderTotals`). One
 * function for both, so the cart and the order can never disagree. A coupon that no longer
 * applies gives no discount; what the caller does with it (drop it with a notice, or refuse
 * the order) is the caller's.
 */
export function priceCart(
  lines: readonly PricedLine[],
  applied: AppliedCoupon | null,
  settings: PricingSettings,
  now: Date,
): CartPricing {
  const decision = applied ? evaluateCoupon(lines, applied.terms, applied.usage, now) : null;
  const lineDiscounts = decision?.ok ? decision.lineDiscounts : lines.map(() => 0);
  return {
    totals: orderTotals(lines, lineDiscounts, settings),
    coupon: applied && decision?.ok ? applied.terms : null,
    couponRefusal:
      applied && decision && !decision.ok
        ? couponRefusalMessage(applied.terms.code, decision, subtotalOf(lines))
        : null,
    shippingGstPercent: shippingGstPercent(lines, settings.gstPercent),
    lineDiscounts,
  };
}
