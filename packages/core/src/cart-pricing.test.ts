import { describe, expect, it } from 'vitest';
import { priceCart, type AppliedCoupon, type CartPricing } from './cart-pricing.ts';
import type { PricedLine } from './cart-totals.ts';
import type { CouponTerms } from './coupon-rules.ts';
import { couponTerms } from './test/coupon-terms.ts';
import type { PricingSettings } from './order-totals.ts';
import { defaultStoreSettings } from './store-settings.ts';

/** What a case expects of the pricing: some of its parts, some of its totals. */
type Expected = Partial<Omit<CartPricing, 'totals'>> & { totals?: Partial<CartPricing['totals']> };

const line = (price: number, quantity: number, gstPercent?: number): PricedLine => ({
  productId: `p-${price}`,
  categoryId: 'mens-shirts',
  price,
  quantity,
  ...(gstPercent !== undefined && { gstPercent }),
});
const terms = couponTerms({ code: 'TEN' });
const coupon = (changes: Partial<CouponTerms> = {}, byCustomer = 0): AppliedCoupon => ({
  terms: { ...terms, ...changes },
  usage: { total: byCustomer, byCustomer },
});
const now = new Date('2026-11-21T10:00:00Z');
const flat = defaultStoreSettings;
const freeFrom999 = { ...defaultStoreSettings, freeShippingThreshold: 99_900 };

describe('priceCart: one price for the cart and its order (paise)', () => {
  it.each<[string, PricedLine[], AppliedCoupon | null, PricingSettings, Expected]>([
    [
      'no coupon: items, flat ₹10 shipping, 18% GST on both',
      [line(50_000, 2)],
      null,
      flat,
      {
        totals: { subtotal: 100_000, discountAmount: 0, shipping: 1000, gst: 18_200, total: 119_200 },
        coupon: null,
        couponRefusal: null,
      },
    ],
    [
      'a coupon that applies takes its discount before shipping and GST',
      [line(50_000, 2)],
      coupon(),
      flat,
      {
        totals: { subtotal: 100_000, discountAmount: 10_000, shipping: 1000, gst: 16_400, total: 107_400 },
        coupon: terms,
        couponRefusal: null,
      },
    ],
    [
      'a coupon under its minimum gives nothing off, and says how much more to add',
      [line(50_000, 1)],
      coupon({ minPurchase: 80_000 }),
      flat,
      {
        totals: { subtotal: 50_000, discountAmount: 0, shipping: 1000, gst: 9200, total: 60_200 },
        coupon: null,
        couponRefusal: 'Add ₹300.00 more to use coupon TEN (minimum purchase ₹800.00).',
      },
    ],
    [
      'a coupon this shopper has used up gives nothing off',
      [line(50_000, 1)],
      coupon({ perCustomerLimit: 1 }, 1),
      flat,
      { coupon: null, couponRefusal: 'You have already used coupon TEN.' },
    ],
    [
      'an expired coupon gives nothing off',
      [line(50_000, 1)],
      coupon({ endsAt: '2026-11-21T09:00:00Z' }),
      flat,
      { coupon: null, couponRefusal: 'Coupon TEN has expired.' },
    ],
    [
      'free shipping counts the items after the discount: ₹1,000 less 10% is under ₹999',
      [line(100_000, 1)],
      coupon(),
      freeFrom999,
      { totals: { subtotal: 100_000, discountAmount: 10_000, shipping: 1000, gst: 16_400, total: 107_400 } },
    ],
    [
      'free shipping at the threshold with no coupon',
      [line(100_000, 1)],
      null,
      freeFrom999,
      { totals: { subtotal: 100_000, discountAmount: 0, shipping: 0, gst: 18_000, total: 118_000 } },
    ],
    [
      'shipping is taxed at the highest rate among the lines',
      [line(10_000, 1, 5), line(10_000, 1, 12)],
      null,
      flat,
      { shippingGstPercent: 12 },
    ],
    [
      'an empty cart costs nothing, and its coupon is refused',
      [],
      coupon(),
      flat,
      {
        totals: { subtotal: 0, discountAmount: 0, shipping: 0, gst: 0, total: 0 },
        coupon: null,
        couponRefusal: 'Your cart is empty.',
        shippingGstPercent: 18,
      },
    ],
    [
      'prices including GST: the same discount and shipping, GST inside the total',
      [line(50_000, 2)],
      coupon(),
      { ...flat, pricesIncludeGst: true },
      {
        // ₹900 after the coupon holds ₹762.71 + ₹137.29; ₹10 shipping ₹8.47 + ₹1.53.
        totals: { subtotal: 100_000, discountAmount: 10_000, shipping: 1000, gst: 13_882, total: 91_000 },
        coupon: terms,
        lineDiscounts: [10_000],
      },
    ],
  ])('%s', (_case, lines, applied, settings, expected) => {
    const priced = priceCart(lines, applied, settings, now);
    expect(priced).toMatchObject(expected);
    expect(priced.totals.gstIncluded).toBe(settings.pricesIncludeGst === true);
  });
});
