import { describe, expect, it } from 'vitest';
import { couponTerms } from './test/coupon-terms.ts';
import { seededRandom } from './test/seeded-random.ts';
import { cartTotals, gstOn, shippingGstPercent, type CartTotals, type PricedLine } from './cart-totals.ts';
import { couponLabel, couponRefusalMessage, evaluateCoupon, type CouponTerms } from './coupon-rules.ts';
import { defaultStoreSettings } from './store-settings.ts';

const tee = (price: number, quantity: number, productId = `tee-${price}`): PricedLine => ({
  productId,
  categoryId: 'mens-t-shirts',
  price,
  quantity,
});
const shirt = (price: number, quantity: number): PricedLine => ({
  productId: `shirt-${price}`,
  categoryId: 'mens-shirts',
  price,
  quantity,
});

const base = couponTerms();
const percent = (value: number, minPurchase = 0): CouponTerms => ({ ...base, value, minPurchase });
const buyGet = (buyX: number, getY: number, categories: string[] = ['mens-t-shirts']): CouponTerms => ({
  ...base,
  discountType: 'buyXgetY',
  value: 0,
  buyX,
  getY,
  applicableCategories: categories,
});
const now = new Date('2026-11-21T12:00:00Z');
const noUsage = { total: 0, byCustomer: 0 };

/** Every totals row must hold these, whatever the case. */
function expectInvariants(t: CartTotals) {
  expect(t.discountAmount).toBeGreaterThanOrEqual(0);
  expect(t.discountAmount).toBeLessThanOrEqual(t.subtotal);
  expect(t.subtotal - t.discountAmount + t.shipping + t.gst).toBe(t.total);
  expect(t.gst % 100).toBe(0);
  for (const value of Object.values(t)) expect(Number.isInteger(value)).toBe(true);
}

function totalsWith(lines: PricedLine[], coupon?: CouponTerms): CartTotals {
  const decision = coupon ? evaluateCoupon(lines, coupon, noUsage, now) : null;
  return cartTotals(lines, decision?.ok ? decision.discount : 0);
}

describe('cart totals (paise), with and without coupons', () => {
  it.each<[string, PricedLine[], CouponTerms | undefined, CartTotals]>([
    // subtotal 99.98 + shipping 10 = 109.98; 18% = 19.7964 → ₹20
    [
      'no coupon',
      [tee(4999, 2)],
      undefined,
      { subtotal: 9998, discountAmount: 0, shipping: 1000, gst: 2000, total: 12998 },
    ],
    ['an empty cart costs nothing', [], undefined, { subtotal: 0, discountAmount: 0, shipping: 0, gst: 0, total: 0 }],
    // 10% of 100 = 10; 90 + 10 = 100; GST 18
    [
      'percentage at exactly its minimum',
      [tee(5000, 2)],
      percent(10, 10000),
      { subtotal: 10000, discountAmount: 1000, shipping: 1000, gst: 1800, total: 11800 },
    ],
    [
      'percentage below its minimum: no discount',
      [tee(4999, 2)],
      percent(10, 10000),
      { subtotal: 9998, discountAmount: 0, shipping: 1000, gst: 2000, total: 12998 },
    ],
    // 15% of 33.33 = 4.9995 → 5.00 (paise rounded half up)
    [
      'percentage rounds to the paisa',
      [tee(3333, 1)],
      percent(15),
      { subtotal: 3333, discountAmount: 500, shipping: 1000, gst: 700, total: 4533 },
    ],
    [
      '100% off never goes below zero',
      [tee(2000, 1)],
      percent(100),
      { subtotal: 2000, discountAmount: 2000, shipping: 1000, gst: 200, total: 1200 },
    ],
    // buy 2 get 1 on 3 tees: one free
    [
      'buy 2 get 1, exactly one group',
      [tee(3000, 3)],
      buyGet(2, 1),
      { subtotal: 9000, discountAmount: 3000, shipping: 1000, gst: 1300, total: 8300 },
    ],
    [
      'buy 2 get 1, exact multiple (6 → 2 free)',
      [tee(3000, 6)],
      buyGet(2, 1),
      { subtotal: 18000, discountAmount: 6000, shipping: 1000, gst: 2300, total: 15300 },
    ],
    [
      'buy 2 get 1, remainder (7 → 2 free)',
      [tee(3000, 7)],
      buyGet(2, 1),
      { subtotal: 21000, discountAmount: 6000, shipping: 1000, gst: 2900, total: 18900 },
    ],
    [
      'buy 2 get 1 counts only its categories, and gives the cheapest eligible unit',
      [shirt(9000, 1), tee(4000, 1, 'tee-b'), tee(2500, 2)],
      buyGet(2, 1),
      { subtotal: 18000, discountAmount: 2500, shipping: 1000, gst: 3000, total: 19500 },
    ],
    [
      'buy 2 get 1 with too few matching items: no discount',
      [shirt(9000, 2), tee(2500, 2)],
      buyGet(2, 1),
      { subtotal: 23000, discountAmount: 0, shipping: 1000, gst: 4300, total: 28300 },
    ],
    // 3 units, buy 1 get 2: the two ₹1 tees are free, not two units at the ₹100 of the first line
    [
      'a dear first line does not price the free units',
      [tee(10000, 1), tee(100, 2, 'cheap')],
      buyGet(1, 2),
      { subtotal: 10200, discountAmount: 200, shipping: 1000, gst: 2000, total: 13000 },
    ],
    // 15 + 10 = 25; 18% = 4.50 → ₹5 (half up)
    [
      'GST rounds .5 up',
      [tee(1500, 1)],
      undefined,
      { subtotal: 1500, discountAmount: 0, shipping: 1000, gst: 500, total: 3000 },
    ],
    // 14.97 + 10 = 24.97; 18% = 4.4946 → ₹4
    [
      'GST rounds below .5 down',
      [tee(1497, 1)],
      undefined,
      { subtotal: 1497, discountAmount: 0, shipping: 1000, gst: 400, total: 2897 },
    ],
  ])('%s', (_case, lines, coupon, expected) => {
    const totals = totalsWith(lines, coupon);
    expect(totals).toEqual(expected);
    expectInvariants(totals);
  });
});

describe("free shipping at the shop's threshold (items after discount)", () => {
  const settings = (freeShippingThreshold: number | null) => ({ ...defaultStoreSettings, freeShippingThreshold });
  it.each<[string, number, number, number | null, number]>([
    // case, items (paise), discount, threshold, shipping
    ['no threshold: flat ₹10 however large', 10_000_000, 0, null, 1000],
    ['below the threshold', 99_899, 0, 99_900, 1000],
    ['exactly the threshold ships free', 99_900, 0, 99_900, 0],
    ['above the threshold', 150_000, 0, 99_900, 0],
    ['a discount taking it below the threshold pays shipping', 100_000, 200, 99_900, 1000],
    ['a discount leaving it at the threshold ships free', 100_000, 100, 99_900, 0],
    ['a threshold of ₹0 ships everything free', 100, 0, 0, 0],
  ])('%s', (_case, items, discount, threshold, shipping) => {
    const totals = cartTotals([tee(items, 1)], discount, settings(threshold));
    expect(totals.shipping).toBe(shipping);
    expect(totals.gst).toBe(gstOn(items - discount + shipping, 18));
    expectInvariants(totals);
  });

  it('an empty cart pays nothing, whatever the threshold', () => {
    expect(cartTotals([], 0, settings(0))).toEqual({ subtotal: 0, discountAmount: 0, shipping: 0, gst: 0, total: 0 });
  });
});

describe('gstOn', () => {
  it.each([
    [0, 0],
    [2500, 500],
    [2497, 400],
    [2778, 500], // 5.0004
    [2777, 500], // 4.9986
    [10000, 1800],
  ])('%i paise → %i paise', (amount, gst) => {
    expect(gstOn(amount, 18)).toBe(gst);
  });
});

describe('coupon refusals say why', () => {
  const lines = [tee(5000, 2)];
  it.each<[string, CouponTerms, { total: number; byCustomer: number }, string]>([
    ['inactive', { ...percent(10), isActive: false }, noUsage, 'INACTIVE'],
    ['not started', { ...percent(10), startsAt: '2026-12-01T00:00:00Z' }, noUsage, 'NOT_STARTED'],
    ['expired', { ...percent(10), endsAt: '2026-11-21T12:00:00Z' }, noUsage, 'EXPIRED'],
    ['used up', { ...percent(10), usageLimit: 5 }, { total: 5, byCustomer: 0 }, 'USAGE_LIMIT_REACHED'],
    [
      'used up by this customer',
      { ...percent(10), perCustomerLimit: 1 },
      { total: 1, byCustomer: 1 },
      'CUSTOMER_LIMIT_REACHED',
    ],
    ['below minimum', percent(10, 20000), noUsage, 'BELOW_MIN_PURCHASE'],
    ['no matching items', buyGet(2, 1, ['jewelery']), noUsage, 'NO_MATCHING_ITEMS'],
  ])('%s', (_case, terms, usage, reason) => {
    expect(evaluateCoupon(lines, terms, usage, now)).toMatchObject({ ok: false, reason });
  });

  it('refuses any coupon on an empty cart', () => {
    expect(evaluateCoupon([], percent(10), noUsage, now)).toEqual({ ok: false, reason: 'EMPTY_CART' });
  });

  it('applies inside its window and under its limits', () => {
    const terms = {
      ...percent(10),
      startsAt: '2026-11-01T00:00:00Z',
      endsAt: '2026-12-01T00:00:00Z',
      usageLimit: 5,
      perCustomerLimit: 1,
    };
    expect(evaluateCoupon(lines, terms, { total: 4, byCustomer: 0 }, now)).toMatchObject({ ok: true, discount: 1000 });
  });
});

describe('couponLabel', () => {
  it.each([
    [percent(10), '10% OFF'],
    [buyGet(2, 1), 'Buy 2 Get 1 FREE'],
  ])('%j → %s', (terms, label) => {
    expect(couponLabel(terms)).toBe(label);
  });
});

describe('couponRefusalMessage', () => {
  it.each([
    [{ reason: 'NOT_FOUND' as const }, 'Coupon SAVE10 does not exist.'],
    [{ reason: 'EXPIRED' as const }, 'Coupon SAVE10 has expired.'],
    [{ reason: 'USAGE_LIMIT_REACHED' as const }, 'Coupon SAVE10 has been fully redeemed.'],
    [{ reason: 'CUSTOMER_LIMIT_REACHED' as const }, 'You have already used coupon SAVE10.'],
    [
      { reason: 'BELOW_MIN_PURCHASE' as const, minPurchase: 10000 },
      'Add ₹25.50 more to use coupon SAVE10 (minimum purchase ₹100.00).',
    ],
  ])('%j', (refusal, message) => {
    expect(couponRefusalMessage('SAVE10', refusal, 7450)).toBe(message);
  });
});

describe('GST per line, at each category’s rate', () => {
  const at = (price: number, quantity: number, gstPercent?: number): PricedLine => ({
    productId: `p-${price}-${gstPercent}`,
    categoryId: 'c',
    price,
    quantity,
    ...(gstPercent !== undefined && { gstPercent }),
  });

  it.each<[string, PricedLine[], number, number, number]>([
    // [case, lines, discount, shipping rate, GST]
    // Every line at 18%: exactly the flat rate on (subtotal − discount + shipping).
    ['all at 18%, no discount', [at(49999, 2, 18), at(19900, 1, 18)], 0, 18, gstOn(119898 + 1000, 18)],
    ['all at 18%, discounted', [at(49999, 2, 18), at(19900, 1, 18)], 11990, 18, gstOn(119898 - 11990 + 1000, 18)],
    // No rates given: the store's 18%.
    ['no rate given', [at(99900, 1)], 0, 18, gstOn(99900 + 1000, 18)],
    // ₹1,000 at 5% + ₹1,000 at 12%, shipping ₹10 at 12%: 50 + 120 + 1.20 = 171.20 → ₹171.
    ['5% and 12%', [at(100000, 1, 5), at(100000, 1, 12)], 0, 12, 17100],
    // ₹500 at 5% (25) + ₹10 shipping at 5% (0.50): 25.50 → ₹26 (halves up).
    ['5% only, half rounds up', [at(50000, 1, 5)], 0, 5, 2600],
    // Discount ₹300 shared 2:1: ₹2,000 at 28% − 200 → 1800 × 28% = 504; ₹1,000 at 0% − 100 → 0;
    // shipping ₹10 at 28% = 2.80: 506.80 → ₹507.
    ['28% and exempt, discounted', [at(200000, 1, 28), at(100000, 1, 0)], 30000, 28, 50700],
    // Everything exempt: no GST at all, shipping included.
    ['all exempt', [at(100000, 3, 0)], 0, 0, 0],
  ])('%s', (_, lines, discount, shippingRate, gst) => {
    expect(shippingGstPercent(lines, 18)).toBe(shippingRate);
    const t = cartTotals(lines, discount);
    expect(t.gst).toBe(gst);
    expectInvariants(t);
  });

  it('with every line at the store rate, per-line GST is the flat GST for any cart (1,000 random carts)', () => {
    const next = seededRandom(7);
    for (let round = 0; round < 1000; round++) {
      const lines = Array.from({ length: 1 + next(5) }, () => at(1 + next(500000), 1 + next(10), 18));
      const subtotal = lines.reduce((n, l) => n + l.price * l.quantity, 0);
      const discount = next(subtotal + 1);
      expect(cartTotals(lines, discount).gst).toBe(gstOn(subtotal - discount + 1000, 18));
    }
  });
});
