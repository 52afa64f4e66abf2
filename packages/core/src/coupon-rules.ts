import { discountByLine, subtotalOf, type PricedLine } from './cart-totals.ts';
import { formatRupees, type Paise } from './money.ts';

export const discountTypes = ['percentage', 'buyXgetY'] as const;
export type DiscountType = (typeof discountTypes)[number];

/** A coupon as the rules see it: money in paise, dates as ISO text. */
export interface CouponTerms {
  code: string;
  discountType: DiscountType;
  /** Percent off, for percentage coupons (1–100). */
  value: number;
  minPurchase: Paise;
  buyX: number;
  getY: number;
  /** Category ids the coupon counts; empty means every category. */
  applicableCategories: readonly string[];
  isActive: boolean;
  startsAt: string | null;
  endsAt: string | null;
  /** Redemptions allowed in all; null for no limit. */
  usageLimit: number | null;
  /** Redemptions allowed per customer; null for no limit. */
  perCustomerLimit: number | null;
}

export interface CouponUsage {
  total: number;
  byCustomer: number;
}

export type CouponRefusalReason =
  | 'INACTIVE'
  | 'NOT_STARTED'
  | 'EXPIRED'
  | 'USAGE_LIMIT_REACHED'
  | 'CUSTOMER_LIMIT_REACHED'
  | 'EMPTY_CART'
  | 'BELOW_MIN_PURCHASE'
  | 'NO_MATCHING_ITEMS';

export type CouponDecision =
  | {
      ok: true;
      discount: Paise;
      /** The discount on each line, in the lines' order: it reduces only the lines it applies to. */
      lineDiscounts: Paise[];
    }
  | { ok: false; reason: CouponRefusalReason; minPurchase?: Paise };

function matchesCategory(terms: CouponTerms, line: PricedLine): boolean {
  return terms.applicableCategories.length === 0 || terms.applicableCategories.includes(line.categoryId);
}

/**
 * What a buy-X-get-Y coupon gives away, line by line: for every X + Y eligible units, Y are
 * free, and the free ones are the cheapest eligible units in the cart (the earlier line first
 * between equal prices). Each free unit takes its own line's price off that line, and no other
 * line: a T-shirt coupon lowers the T-shirts' lines alone. The spec prices every free unit as
 * the first matching line, which a shopper exploits by adding one dear item first and many
 * cheap ones after; the cheapest units never give away more than the units taken free, and
 * for a cart of one product they are the spec's formula exactly.
 */
function freeUnitsByLine(lines: readonly PricedLine[], eligible: readonly boolean[], freeUnits: number): Paise[] {
  const cheapestFirst = lines
    .map((_, index) => index)
    .filter((index) => eligible[index])
    .sort((a, b) => lines[a]!.price - lines[b]!.price || a - b);
  const shares = lines.map(() => 0);
  let left = freeUnits;
  for (const index of cheapestFirst) {
    if (left === 0) break;
    const taken = Math.min(left, lines[index]!.quantity);
    shares[index] = taken * lines[index]!.price;
    left -= taken;
  }
  return shares;
}

/**
 * Whether a coupon applies to these lines now, and how much it takes off (spec §9), in all and
 * per line: percentage: value % of the subtotal, once the subtotal reaches minPurchase, on
 * every line in proportion to its value (`discountByLine`); buyXgetY: for every X + Y items of
 * the coupon's categories, Y are free, the cheapest of them, each on its own line (see
 * freeUnitsByLine). Never more than the subtotal. Refusals say why.
 */
export function evaluateCoupon(
  lines: readonly PricedLine[],
  terms: CouponTerms,
  usage: CouponUsage,
  now: Date,
): CouponDecision {
  if (!terms.isActive) return { ok: false, reason: 'INACTIVE' };
  if (terms.startsAt && now < new Date(terms.startsAt)) return { ok: false, reason: 'NOT_STARTED' };
  if (terms.endsAt && now >= new Date(terms.endsAt)) return { ok: false, reason: 'EXPIRED' };
  if (terms.usageLimit !== null && usage.total >= terms.usageLimit) return { ok: false, reason: 'USAGE_LIMIT_REACHED' };
  if (terms.perCustomerLimit !== null && usage.byCustomer >= terms.perCustomerLimit) {
    return { ok: false, reason: 'CUSTOMER_LIMIT_REACHED' };
  }
  const subtotal = subtotalOf(lines);
  if (subtotal === 0) return { ok: false, reason: 'EMPTY_CART' };
  if (subtotal < terms.minPurchase) return { ok: false, reason: 'BELOW_MIN_PURCHASE', minPurchase: terms.minPurchase };

  if (terms.discountType === 'percentage') {
    const discount = Math.min(Math.round((subtotal * terms.value) / 100), subtotal);
    return { ok: true, discount, lineDiscounts: discountByLine(lines, discount) };
  }
  const eligible = lines.map((line) => matchesCategory(terms, line));
  const count = lines.reduce((n, line, i) => n + (eligible[i] ? line.quantity : 0), 0);
  const groups = Math.floor(count / (terms.buyX + terms.getY));
  if (groups === 0) return { ok: false, reason: 'NO_MATCHING_ITEMS' };
  const lineDiscounts = freeUnitsByLine(lines, eligible, groups * terms.getY);
  return { ok: true, discount: lineDiscounts.reduce((a, b) => a + b, 0), lineDiscounts };
}

/** What the cart shows once applied: "10% OFF" or "Buy 2 Get 1 FREE". */
export function couponLabel(terms: Pick<CouponTerms, 'discountType' | 'value' | 'buyX' | 'getY'>): string {
  return terms.discountType === 'percentage' ? `${terms.value}% OFF` : `Buy ${terms.buyX} Get ${terms.getY} FREE`;
}

/** What a shopper reads when a coupon does not apply (or stops applying) to their cart. */
export function couponRefusalMessage(
  code: string,
  refusal: { reason: CouponRefusalReason | 'NOT_FOUND'; minPurchase?: Paise },
  subtotal: Paise,
): string {
  switch (refusal.reason) {
    case 'NOT_FOUND':
      return `Coupon ${code} does not exist.`;
    case 'INACTIVE':
      return `Coupon ${code} is no longer available.`;
    case 'NOT_STARTED':
      return `Coupon ${code} is not active yet.`;
    case 'EXPIRED':
      return `Coupon ${code} has expired.`;
    case 'USAGE_LIMIT_REACHED':
      return `Coupon ${code} has been fully redeemed.`;
    case 'CUSTOMER_LIMIT_REACHED':
      return `You have already used coupon ${code}.`;
    case 'EMPTY_CART':
      return 'Your cart is empty.';
    case 'BELOW_MIN_PURCHASE': {
      const minimum = refusal.minPurchase ?? 0;
      return `Add ${formatRupees(minimum - subtotal)} more to use coupon ${code} (minimum purchase ${formatRupees(minimum)}).`;
    }
    case 'NO_MATCHING_ITEMS':
      return `Your cart does not have enough eligible items for coupon ${code}.`;
  }
}
