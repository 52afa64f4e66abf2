/**
 * The shop's delivery promise (spec §9), defined once: the policy pages, the product page and
 * the messages all say these figures, so none of them can promise another.
 */

/** An inclusive span of business days. */
export interface BusinessDays {
  min: number;
  max: number;
}

/** Orders are processed (packed and dispatched) within this many business days. */
export const DISPATCH_BUSINESS_DAYS: BusinessDays = { min: 2, max: 5 };

/** A parcel arrives this many business days after dispatch. */
export const DELIVERY_BUSINESS_DAYS: BusinessDays = { min: 4, max: 8 };

/** "4-8 business days", as the policy writes a span (spec §9). */
export function businessDaysText({ min, max }: BusinessDays): string {
  return min === max ? `${min} business ${min === 1 ? 'day' : 'days'}` : `${min}-${max} business days`;
}
