import { describe, expect, it } from 'vitest';
import { priceCart, type AppliedCoupon } from './cart-pricing.ts';
import { cartTotals, type PricedLine } from './cart-totals.ts';
import type { CouponTerms } from './coupon-rules.ts';
import { hsnSummary, invoiceTaxLines, invoiceTotals, type InvoiceTaxLine, type SupplyKind } from './gst-invoice.ts';
import { orderTotals, type PricingSettings } from './order-totals.ts';
import { returnedLines } from './return-rules.ts';
import { defaultStoreSettings } from './store-settings.ts';
import { couponTerms } from './test/coupon-terms.ts';
import { seededRandom } from './test/seeded-random.ts';

const line = (price: number, quantity: number, gstPercent = 18, categoryId = 'mens-shirts'): PricedLine => ({
  productId: `${categoryId}-${price}-${quantity}`,
  categoryId,
  price,
  quantity,
  gstPercent,
});

const exclusive: PricingSettings = defaultStoreSettings;
const inclusive: PricingSettings = { ...defaultStoreSettings, pricesIncludeGst: true };

describe('orderTotals: the one choice of GST arithmetic (paise)', () => {
  it.each<[string, PricedLine[], number | number[], PricingSettings, object]>([
    [
      'off: the specification’s, GST in whole rupees added on top',
      [line(118_000, 1)],
      0,
      exclusive,
      { subtotal: 118_000, discountAmount: 0, shipping: 1000, gst: 21_400, total: 140_400, gstIncluded: false },
    ],
    [
      'on: the same shirt costs its price and shipping; GST is what that contains',
      [line(118_000, 1)],
      0,
      inclusive,
      // ₹1,180 holds ₹1,000 + ₹180; ₹10 shipping holds ₹8.47 + ₹1.53.
      { subtotal: 118_000, discountAmount: 0, shipping: 1000, gst: 18_153, total: 119_000, gstIncluded: true },
    ],
    [
      'on, with a discount shared by value',
      [line(10_000, 3), line(5_000, 1)],
      3_499,
      inclusive,
      { subtotal: 35_000, discountAmount: 3_499, shipping: 1000, gst: 4_958, total: 32_501, gstIncluded: true },
    ],
    [
      'on, a discount larger than the cart is held to it (shipping is still paid)',
      [line(1_000, 2)],
      9_999,
      inclusive,
      { subtotal: 2_000, discountAmount: 2_000, shipping: 1000, gst: 153, total: 1000, gstIncluded: true },
    ],
    [
      'on, a discount per line, held to its line',
      [line(1_000, 1), line(2_000, 1, 5, 'mens-accessories')],
      [5_000, 100],
      inclusive,
      { subtotal: 3_000, discountAmount: 1_100, shipping: 1000, gst: 243, total: 2_900, gstIncluded: true },
    ],
    [
      'on, a per-line discount shorter than the lines gives the rest nothing off',
      [line(1_000, 1), line(2_000, 1)],
      [100],
      inclusive,
      { subtotal: 3_000, discountAmount: 100, shipping: 1000, gst: 595, total: 3_900, gstIncluded: true },
    ],
    [
      'on, an empty cart costs nothing',
      [],
      0,
      inclusive,
      { subtotal: 0, discountAmount: 0, shipping: 0, gst: 0, total: 0, gstIncluded: true },
    ],
    [
      'on, free shipping from ₹999 counts the items after discount, as off does',
      [line(99_900, 1)],
      0,
      { ...inclusive, freeShippingThreshold: 99_900 },
      { subtotal: 99_900, discountAmount: 0, shipping: 0, gst: 15_239, total: 99_900, gstIncluded: true },
    ],
  ])('%s', (_case, lines, discount, settings, expected) => {
    expect(orderTotals(lines, discount, settings)).toEqual(expected);
  });

  it('off, it is the specification’s arithmetic unchanged (1,000 generated carts)', () => {
    const next = seededRandom(26);
    for (let round = 0; round < 1000; round++) {
      const lines = Array.from({ length: 1 + next(5) }, () =>
        line(1 + next(300_000), 1 + next(10), [5, 12, 18][next(3)]),
      );
      const discount = next(2) ? next(50_000) : lines.map(() => next(20_000));
      const settings = { ...exclusive, freeShippingThreshold: next(2) ? null : next(500_000) };
      expect(orderTotals(lines, discount, settings)).toEqual({
        ...cartTotals(lines, discount, settings),
        gstIncluded: false,
      });
    }
  });

  it('on, the total is items − discount + shipping, never more than the same cart off (1,000 generated carts)', () => {
    const next = seededRandom(2026);
    for (let round = 0; round < 1000; round++) {
      const lines = Array.from({ length: 1 + next(5) }, () =>
        line(1 + next(300_000), 1 + next(10), [0, 5, 12, 18, 28][next(5)]),
      );
      const discount = next(50_000);
      const settings = { ...inclusive, freeShippingThreshold: next(2) ? null : next(500_000) };
      const on = orderTotals(lines, discount, settings);
      const off = orderTotals(lines, discount, { ...settings, pricesIncludeGst: false });
      expect(on.total).toBe(on.subtotal - on.discountAmount + on.shipping);
      expect([on.subtotal, on.discountAmount, on.shipping]).toEqual([off.subtotal, off.discountAmount, off.shipping]);
      expect(on.gst).toBeGreaterThanOrEqual(0);
      expect(on.gst).toBeLessThanOrEqual(on.total);
      expect(on.total).toBeLessThanOrEqual(off.total);
    }
  });
});

// ---------------------------------------------------------------- the order, its invoice and its credit notes

const percentOff = (value: number): AppliedCoupon => ({
  terms: couponTerms({ code: `PCT${value}`, value }),
  usage: { total: 0, byCustomer: 0 },
});
/** Buy 2 tees, get 1 free: a coupon on one category's lines only. */
const tees3: AppliedCoupon = {
  terms: couponTerms({
    code: 'TEES3',
    discountType: 'buyXgetY',
    value: 0,
    buyX: 2,
    getY: 1,
    applicableCategories: ['mens-t-shirts'],
  } satisfies Partial<CouponTerms>),
  usage: { total: 0, byCustomer: 0 },
};
const now = new Date('2026-12-01T10:00:00Z');

/**
 * An order as the shop places it (core's `priceCart`, as the server calls it) and its invoice
 * as the server issues it from the order's stored figures and arithmetic.
 */
function placedAndInvoiced(
  lines: PricedLine[],
  coupon: AppliedCoupon | null,
  settings: PricingSettings,
  kind: SupplyKind,
) {
  // The order is priced for where it goes: the GST a price contains depends on the supply.
  const price = priceCart(lines, coupon, { ...settings, supplyKind: kind }, now);
  const stored = price.totals;
  const invoice = invoiceTaxLines(
    lines.map((l) => ({
      description: l.productId,
      hsn: l.categoryId,
      quantity: l.quantity,
      unitPrice: l.price,
      ratePercent: l.gstPercent ?? 18,
    })),
    {
      discount: stored.discountAmount,
      // As the order keeps them: only when there is a discount.
      lineDiscounts: stored.discountAmount > 0 ? price.lineDiscounts : null,
      shipping: stored.shipping,
      gst: stored.gst,
      shippingSac: '9965',
      shippingRatePercent: price.shippingGstPercent,
      pricesIncludeGst: stored.gstIncluded,
    },
    kind,
  );
  return { stored, invoice };
}

/** The invoice restates the order to the paisa: every line, every split, every HSN group. */
function expectExact(stored: { gst: number; total: number }, invoice: InvoiceTaxLine[], kind: SupplyKind) {
  const totals = invoiceTotals(invoice);
  expect(totals.total).toBe(stored.total);
  expect(totals.cgst + totals.sgst + totals.igst).toBe(stored.gst);
  for (const l of invoice) {
    expect(l.taxableValue).toBeGreaterThanOrEqual(0);
    expect(Math.min(l.cgst, l.sgst, l.igst)).toBeGreaterThanOrEqual(0);
    if (kind === 'inter-state') expect(l.cgst + l.sgst).toBe(0);
    // CGST and SGST are halves: equal, or an odd paisa apart.
    else expect([0, 1]).toContain(l.cgst - l.sgst);
  }
  const summary = hsnSummary(invoice);
  const sum = (pick: (s: (typeof summary)[number]) => number) => summary.reduce((n, s) => n + pick(s), 0);
  expect(sum((s) => s.taxableValue + s.cgst + s.sgst + s.igst)).toBe(stored.total);
}

/**
 * CGST Rule 35, worked out apart from the code under test: each tax a price inclusive of GST
 * contains is the price × that tax's rate / (100 + the rates together), to the paisa, halves up.
 */
function rule35(inclusive: number, percent: number, kind: SupplyKind) {
  const tax = (rate: number) => Math.round((inclusive * rate) / (100 + percent) + 1e-9);
  return kind === 'inter-state'
    ? { cgst: 0, sgst: 0, igst: tax(percent) }
    : { cgst: tax(percent / 2), sgst: tax(percent / 2), igst: 0 };
}

/** What a line was paid: its value after its discount. */
const paid = (l: InvoiceTaxLine) => l.grossValue - l.discount;

describe('prices including GST, from the cart to the invoice and the credit notes', () => {
  it.each<[string, PricedLine[], AppliedCoupon | null, SupplyKind, object]>([
    [
      'one shirt, within the seller’s state',
      [line(118_000, 1)],
      null,
      'intra-state',
      // ₹1,180: ₹1,000 + ₹90 CGST + ₹90 SGST; shipping ₹10: each tax ₹10 × 9 / 118 = ₹0.76
      // (CGST Rule 35), so ₹8.48 + ₹0.76 + ₹0.76. CGST and SGST are never a paisa apart.
      { taxable: [100_000, 848], cgst: [9_000, 76], sgst: [9_000, 76] },
    ],
    [
      'the same shirt across a border: one tax at the whole rate',
      [line(118_000, 1)],
      null,
      'inter-state',
      // Shipping ₹10: IGST ₹10 × 18 / 118 = ₹1.5254 → ₹1.53, so ₹8.47 + ₹1.53.
      { taxable: [100_000, 847], igst: [18_000, 153] },
    ],
    [
      'a tax of exactly half a paisa is rounded up, as every other half',
      [line(100_002, 1, 12)],
      null,
      'inter-state',
      // ₹1,000.02 at 12%: IGST ₹1,000.02 × 12 / 112 = ₹107.145 → ₹107.15.
      { taxable: [89_287, 893], igst: [10_715, 107] },
    ],
    [
      'TEES3 on tees at 5% beside a shirt at 12%, across a border',
      [line(59_900, 3, 5, 'mens-t-shirts'), line(149_900, 1, 12, 'mens-shirts')],
      tees3,
      'inter-state',
      // Tees ₹1,797 less one free (₹599) = ₹1,198 at 5%; the shirt ₹1,499 at 12%; ₹10 shipping at 12%.
      { taxable: [114_095, 133_839, 893], igst: [5_705, 16_061, 107] },
    ],
  ])('%s', (_case, lines, coupon, kind, expected) => {
    const { stored, invoice } = placedAndInvoiced(lines, coupon, inclusive, kind);
    expect(stored.gstIncluded).toBe(true);
    expect(stored.total).toBe(stored.subtotal - stored.discountAmount + stored.shipping);
    const pick = (key: keyof InvoiceTaxLine) => invoice.map((l) => l[key]);
    expect({
      taxable: pick('taxableValue'),
      ...('igst' in expected ? { igst: pick('igst') } : { cgst: pick('cgst'), sgst: pick('sgst') }),
    }).toEqual(expected);
    expectExact(stored, invoice, kind);
  });

  it('exact to the paisa over prices × rates × coupons × quantities, both arithmetics, both kinds of supply', () => {
    const next = seededRandom(20261201);
    const coupons = [null, percentOff(10), percentOff(33), tees3];
    for (let round = 0; round < 2000; round++) {
      const lines = Array.from({ length: 1 + next(5) }, () =>
        next(3) === 0
          ? line(1 + next(150_000), 1 + next(10), 5, 'mens-t-shirts')
          : line(1 + next(300_000), 1 + next(10), [0, 3, 5, 12, 18, 28][next(6)]),
      );
      const settings = {
        ...(next(4) === 0 ? exclusive : inclusive),
        freeShippingThreshold: next(2) ? null : next(300_000),
      };
      const kind: SupplyKind = next(2) ? 'intra-state' : 'inter-state';
      const { stored, invoice } = placedAndInvoiced(lines, coupons[next(coupons.length)]!, settings, kind);
      expectExact(stored, invoice, kind);
      if (!stored.gstIncluded) continue;
      for (const l of invoice) {
        // Each line holds exactly what was paid for it: its taxable value and its tax.
        expect(l.taxableValue + l.cgst + l.sgst + l.igst).toBe(paid(l));
        expect({ cgst: l.cgst, sgst: l.sgst, igst: l.igst }).toEqual(rule35(paid(l), l.ratePercent, kind));
      }
    }
  });

  it('credit notes for units returned, one return after another, are exact and never pass their line', () => {
    const next = seededRandom(25);
    for (let round = 0; round < 500; round++) {
      const lines = Array.from({ length: 1 + next(4) }, () =>
        line(1 + next(200_000), 1 + next(8), [5, 12, 18][next(3)], next(2) ? 'mens-t-shirts' : 'mens-shirts'),
      );
      const kind: SupplyKind = next(2) ? 'intra-state' : 'inter-state';
      const coupon = [null, percentOff(15), tees3][next(3)]!;
      const { invoice } = placedAndInvoiced(lines, coupon, inclusive, kind);
      const refunded = lines.map(() => 0);
      const credited = lines.map(() => ({ taxable: 0, tax: 0, total: 0 }));
      // Returns of a few units at a time until every unit is back.
      while (refunded.some((n, i) => n < lines[i]!.quantity)) {
        const units = lines
          .map((l, lineIndex) => ({
            lineIndex,
            alreadyRefunded: refunded[lineIndex]!,
            quantity: Math.min(l.quantity - refunded[lineIndex]!, next(3)),
          }))
          .filter((u) => u.quantity > 0);
        const note = returnedLines(invoice, units);
        const totals = invoiceTotals(note);
        expect(totals.total).toBe(totals.taxableValue + totals.cgst + totals.sgst + totals.igst);
        for (const [i, u] of units.entries()) {
          const part = note[i]!;
          const tax = part.cgst + part.sgst + part.igst;
          // A note reverses CGST and SGST alike, as the invoice charged them.
          expect(part.cgst).toBe(part.sgst);
          credited[u.lineIndex]!.taxable += part.taxableValue;
          credited[u.lineIndex]!.tax += tax;
          credited[u.lineIndex]!.total += part.taxableValue + tax;
          refunded[u.lineIndex]! += u.quantity;
          // So far, never more than the line was paid, nor more tax than it held.
          const whole = invoice[u.lineIndex]!;
          expect(credited[u.lineIndex]!.total).toBeLessThanOrEqual(paid(whole));
          expect(credited[u.lineIndex]!.tax).toBeLessThanOrEqual(whole.cgst + whole.sgst + whole.igst);
        }
      }
      // Every unit back: each line credited exactly what it was paid, and exactly its tax.
      credited.forEach((c, i) => {
        const whole = invoice[i]!;
        expect(c).toEqual({
          taxable: whole.taxableValue,
          tax: whole.cgst + whole.sgst + whole.igst,
          total: paid(whole),
        });
      });
    }
  });
});
