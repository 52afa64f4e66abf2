import { describe, expect, it } from 'vitest';
import type { PricedLine } from './cart-totals.ts';
import { inclusiveTaxes, taxableOfInclusive, type SupplyKind } from './gst-invoice.ts';
import { inclusiveTotals } from './inclusive-gst.ts';

describe('taxableOfInclusive', () => {
  it.each([
    // amount (paise), rate, taxable
    [11_800, 18, 10_000],
    [10_000, 18, 8_475], // 8474.58… → 8475
    [10_500, 5, 10_000],
    [1, 18, 1], // 0.847… → 1: a paisa is never taxed away whole
    [0, 18, 0],
    [11_200, 12, 10_000],
    [59, 18, 50], // 50.0 exactly
    [118, 18, 100],
    [100, 0, 100],
  ])('%s at %s%% contains %s', (amount, rate, taxable) => {
    expect(taxableOfInclusive(amount, rate)).toBe(taxable);
    // Within half a paisa of the exact value.
    expect(Math.abs(taxable - (amount * 100) / (100 + rate))).toBeLessThanOrEqual(0.5);
  });
});

describe('inclusiveTaxes: CGST Rule 35, each tax = amount × its rate / (100 + the rates), halves up', () => {
  it.each<[number, number, SupplyKind, { taxableValue: number; cgst: number; sgst: number; igst: number }]>([
    // ₹10 at 18%: IGST 152.54… → 153; CGST and SGST 76.27… → 76 each.
    [1_000, 18, 'inter-state', { taxableValue: 847, cgst: 0, sgst: 0, igst: 153 }],
    [1_000, 18, 'intra-state', { taxableValue: 848, cgst: 76, sgst: 76, igst: 0 }],
    [11_800, 18, 'intra-state', { taxableValue: 10_000, cgst: 900, sgst: 900, igst: 0 }],
    // ₹1,000.02 at 12%: IGST 10,714.5 exactly → 10,715, as every half.
    [100_002, 12, 'inter-state', { taxableValue: 89_287, cgst: 0, sgst: 0, igst: 10_715 }],
    // 3%: CGST and SGST at 1.5% each, 1,000 × 1.5 / 103 = 14.56… → 15.
    [1_000, 3, 'intra-state', { taxableValue: 970, cgst: 15, sgst: 15, igst: 0 }],
    [1, 18, 'intra-state', { taxableValue: 1, cgst: 0, sgst: 0, igst: 0 }],
    [5_000, 0, 'intra-state', { taxableValue: 5_000, cgst: 0, sgst: 0, igst: 0 }],
  ])('%s paise at %s%%, %s', (amount, rate, kind, taxes) => {
    expect(inclusiveTaxes(amount, rate, kind)).toEqual(taxes);
  });

  it('within the seller’s state CGST and SGST are always equal, and the parts always add up', () => {
    for (let amount = 0; amount < 20_000; amount += 7) {
      for (const rate of [0, 3, 5, 12, 18, 28]) {
        for (const kind of ['intra-state', 'inter-state'] as const) {
          const t = inclusiveTaxes(amount, rate, kind);
          expect(t.taxableValue + t.cgst + t.sgst + t.igst).toBe(amount);
          expect(t.cgst).toBe(t.sgst);
          expect(Math.min(t.taxableValue, t.cgst, t.igst)).toBeGreaterThanOrEqual(0);
        }
      }
    }
  });
});

const line = (price: number, quantity: number, gstPercent = 18, categoryId = 'mens-shirts'): PricedLine => ({
  productId: `${categoryId}-${price}`,
  categoryId,
  price,
  quantity,
  gstPercent,
});

describe('inclusiveTotals', () => {
  it.each<[string, PricedLine[], number | number[], number, { total: number; gst: number }]>([
    ['one shirt and shipping', [line(118_000, 1)], 0, 1_000, { total: 119_000, gst: 18_153 }],
    ['two rates', [line(118_000, 1), line(10_500, 2, 5, 'mens-accessories')], 0, 0, { total: 139_000, gst: 19_000 }],
    ['a discount shared by value', [line(10_000, 3), line(5_000, 1)], 3_499, 1_000, { total: 32_501, gst: 4_958 }],
    [
      'a coupon on the free tee only (per line)',
      [line(129_900, 1), line(49_900, 2, 5, 'mens-t-shirts')],
      [0, 49_900],
      0,
      { total: 179_800, gst: 22_191 },
    ],
    ['paise that do not divide', [line(9_999, 7, 12)], 1, 999, { total: 70_991, gst: 7_606 }],
    ['a discount larger than its line is held to the line', [line(1_000, 1)], [5_000], 0, { total: 0, gst: 0 }],
  ])('%s', (_case, lines, discount, shipping, expected) => {
    const totals = inclusiveTotals(lines, discount, shipping, 18);
    expect({ total: totals.total, gst: totals.gst }).toEqual(expected);
    // The total is what the cart shows: GST inside it, never added.
    expect(totals.total).toBe(totals.subtotal - totals.discountAmount + totals.shipping);
    // Every line, shipping included, is its taxable value plus its tax, exactly.
    const parts = [...totals.lines, totals.shippingLine];
    for (const part of parts) expect(part.taxable + part.tax).toBe(part.amount);
    expect(parts.reduce((sum, p) => sum + p.amount, 0)).toBe(totals.total);
    expect(parts.reduce((sum, p) => sum + p.taxable + p.tax, 0)).toBe(totals.total);
    expect(parts.reduce((sum, p) => sum + p.tax, 0)).toBe(totals.gst);
    // Per HSN (here: per category): the lines of one code sum exactly too.
    const byCategory = new Map<string, number>();
    lines.forEach((l, i) =>
      byCategory.set(
        l.categoryId,
        (byCategory.get(l.categoryId) ?? 0) + totals.lines[i]!.taxable + totals.lines[i]!.tax,
      ),
    );
    expect([...byCategory.values()].reduce((a, b) => a + b, 0)).toBe(totals.total - totals.shipping);
    for (const part of parts) expect(part.tax).toBeGreaterThanOrEqual(0);
  });
});
