import { describe, expect, it } from 'vitest';
import { couponCreateBody } from './admin.ts';
import { cart } from './cart.ts';
import { productCreateBody, productListQuery } from './catalog.ts';
import { moneyOut, requestJson } from './primitives.ts';

describe('money at the edge of the API', () => {
  it('an answer holding paise is serialised in rupees', () => {
    expect(moneyOut.parse(119_900)).toBe(1199);
    expect(moneyOut.parse(4950)).toBe(49.5);
    const totals = {
      subtotal: 119_900,
      discountAmount: 0,
      shipping: 1000,
      gst: 21_762,
      total: 142_662,
      gstIncluded: false,
    };
    expect(cart.shape.totals.parse(totals)).toEqual({
      subtotal: 1199,
      discountAmount: 0,
      shipping: 10,
      gst: 217.62,
      total: 1426.62,
      gstIncluded: false,
    });
  });

  it('refuses an answer whose money is not whole paise, rather than send a wrong amount', () => {
    expect(moneyOut.safeParse(1199.5).success).toBe(false);
  });

  it('a request in rupees is parsed into paise, and still refused past two decimals', () => {
    const body = { name: 'Oxford Shirt', categoryId: 'mens-shirts', price: 1199.99, originalPrice: 1499 };
    expect(productCreateBody.parse(body)).toMatchObject({ price: 119_999, originalPrice: 149_900 });
    expect(productCreateBody.safeParse({ ...body, price: 10.005 }).success).toBe(false);
    expect(productListQuery.parse({ minPrice: '50', maxPrice: '99.5' })).toMatchObject({
      minPrice: 5000,
      maxPrice: 9950,
    });
  });

  it('a body checked with its schema goes back to JSON in rupees, as the server reads it', () => {
    const sent = { code: 'diwali10', discountType: 'percentage' as const, value: 10, minPurchase: 999.5 };
    const parsed = couponCreateBody.parse({ ...sent, startsAt: '2026-11-01T00:00:00+05:30' });
    expect(parsed).toMatchObject({ code: 'DIWALI10', minPurchase: 99_950, startsAt: '2026-10-31T18:30:00.000Z' });
    const json = requestJson(couponCreateBody, parsed);
    expect(json).toMatchObject({ code: 'DIWALI10', minPurchase: 999.5, startsAt: '2026-10-31T18:30:00.000Z' });
    expect(couponCreateBody.parse(json)).toEqual(parsed);
  });
});
