import { describe, expect, it } from 'vitest';
import { seededRandom } from './test/seeded-random.ts';
import { cartTotals } from './cart-totals.ts';
import {
  stateTaxName,
  apportion,
  hsnSummary,
  invoiceTaxLines,
  invoiceTotals,
  supplyKind,
  type InvoiceGoodsLine,
  type InvoiceTaxLine,
} from './gst-invoice.ts';

const line = (unitPrice: number, quantity: number, ratePercent = 18, hsn = '6109'): InvoiceGoodsLine => ({
  description: `Item ${unitPrice}`,
  hsn,
  quantity,
  unitPrice,
  ratePercent,
});

/** An order as the shop charges it (core's totals), then its invoice lines. */
function invoiceFor(goods: InvoiceGoodsLine[], discount: number, kind: 'intra-state' | 'inter-state') {
  const totals = cartTotals(
    goods.map((g) => ({ productId: g.description, categoryId: 'c', price: g.unitPrice, quantity: g.quantity })),
    discount,
  );
  const lines = invoiceTaxLines(
    goods,
    {
      discount: totals.discountAmount,
      shipping: totals.shipping,
      gst: totals.gst,
      shippingSac: '9965',
      shippingRatePercent: 18,
    },
    kind,
  );
  return { totals, lines };
}

/** What every invoice must hold against the order it restates. */
function expectRestatesTheOrder(
  lines: InvoiceTaxLine[],
  totals: ReturnType<typeof cartTotals>,
  kind: 'intra-state' | 'inter-state',
) {
  const sums = invoiceTotals(lines);
  expect(sums.taxableValue).toBe(totals.subtotal - totals.discountAmount + totals.shipping);
  expect(sums.cgst + sums.sgst + sums.igst).toBe(totals.gst);
  expect(sums.total).toBe(totals.total);
  for (const l of lines) {
    for (const value of [l.grossValue, l.discount, l.taxableValue, l.cgst, l.sgst, l.igst]) {
      expect(Number.isInteger(value)).toBe(true);
      expect(value).toBeGreaterThanOrEqual(0);
    }
    expect(l.taxableValue).toBe(l.grossValue - l.discount);
    if (kind === 'inter-state') expect(l.cgst + l.sgst).toBe(0);
    else {
      expect(l.igst).toBe(0);
      // The order's GST is whole rupees: CGST and SGST are equal on every line.
      expect(l.cgst).toBe(l.sgst);
    }
    // Each line's tax is its rate on its taxable value, give or take the order's rounding to whole rupees.
    expect(Math.abs(l.cgst + l.sgst + l.igst - (l.taxableValue * l.ratePercent) / 100)).toBeLessThanOrEqual(100);
  }
}

describe('place of supply', () => {
  it.each([
    ['29', '29', 'intra-state'],
    ['29', '27', 'inter-state'],
    ['07', '06', 'inter-state'],
  ] as const)('seller in %s delivering to %s: %s', (seller, place, kind) => {
    expect(supplyKind(seller, place)).toBe(kind);
  });
});

describe('apportion', () => {
  it.each([
    [100, [1, 1, 1], [34, 33, 33]],
    [1, [1, 1], [1, 0]],
    [0, [5, 5], [0, 0]],
    [10, [0, 0], [0, 0]],
    [1000, [3, 0, 7], [300, 0, 700]],
    [2_147_483_647, [2_147_483_647 * 1800, 1], [2_147_483_647, 0]],
  ])('shares %i as %j → %j', (total, weights, shares) => {
    expect(apportion(total, weights)).toEqual(shares);
    expect(apportion(total, weights).reduce((a, b) => a + b, 0)).toBe(weights.some((w) => w > 0) ? total : 0);
  });
});

describe('invoice tax lines restate the order exactly', () => {
  it.each<[string, InvoiceGoodsLine[], number]>([
    ['one tee, no discount', [line(4999, 2)], 0],
    ['three lines and a coupon', [line(12900, 1), line(1999, 5), line(89900, 1, 18, '6205')], 3998],
    ['a discount that does not split evenly', [line(3333, 1), line(3333, 1), line(3334, 1)], 1001],
    ['GST rounded up to the rupee', [line(1500, 1)], 0],
    ['GST rounded down to the rupee', [line(1497, 1)], 0],
    ['the whole order discounted', [line(2000, 1)], 2000],
    ['a large order', [line(99_999_99, 20), line(1, 1)], 0],
  ])('%s', (_case, goods, discount) => {
    for (const kind of ['intra-state', 'inter-state'] as const) {
      const { totals, lines } = invoiceFor(goods, discount, kind);
      expect(lines).toHaveLength(goods.length + 1);
      expect(lines.at(-1)).toMatchObject({ description: 'Shipping', hsn: '9965', taxableValue: totals.shipping });
      expectRestatesTheOrder(lines, totals, kind);
    }
  });

  it('splits an intra-state tax into equal CGST and SGST on every line', () => {
    // ₹99 + ₹10 shipping: GST ₹19.62 → ₹20 (whole rupees); its half, ₹10, shared 99 : 10.
    const { lines } = invoiceFor([line(9900, 1)], 0, 'intra-state');
    expect(lines.map((l) => [l.cgst, l.sgst])).toEqual([
      [908, 908],
      [92, 92],
    ]);
  });

  it('holds over a thousand generated orders', () => {
    const next = seededRandom(46);
    for (let round = 0; round < 1000; round++) {
      const goods = Array.from({ length: 1 + next(6) }, () => line(100 + next(200_000), 1 + next(10)));
      const subtotal = goods.reduce((n, g) => n + g.unitPrice * g.quantity, 0);
      const kind = next(2) ? 'intra-state' : 'inter-state';
      const { totals, lines } = invoiceFor(goods, next(subtotal + 1), kind);
      expectRestatesTheOrder(lines, totals, kind);
    }
  });
});

describe('stateTaxName', () => {
  it.each([
    ['27', 'SGST'], // Maharashtra
    ['07', 'SGST'], // Delhi has a legislature
    ['34', 'SGST'], // Puducherry too
    ['01', 'SGST'], // Jammu and Kashmir too
    ['04', 'UTGST'], // Chandigarh
    ['26', 'UTGST'], // Dadra and Nagar Haveli and Daman and Diu
    ['31', 'UTGST'], // Lakshadweep
    ['35', 'UTGST'], // Andaman and Nicobar Islands
    ['38', 'UTGST'], // Ladakh
  ])('within %s the second tax is %s', (code, name) => {
    expect(stateTaxName(code)).toBe(name);
  });
});

describe('the coupon on the invoice: per line, then per HSN', () => {
  // Issue 25: TEES3 (buy 2 get 1) on three ₹599 tees and a ₹1,499 shirt: one tee free.
  const goods = [line(59900, 3, 5, '6109'), line(149900, 1, 12, '6205')];
  const charge = (lineDiscounts: number[] | null, gst: number) => ({
    discount: 59900,
    lineDiscounts,
    shipping: 0,
    gst,
    shippingSac: '9965',
    shippingRatePercent: 12,
  });

  it('the discount stays on the tee line; the shirt is taxed on its whole value', () => {
    // Tees ₹1,198.00 × 5% = ₹59.90, shirt ₹1,499.00 × 12% = ₹179.88: ₹239.78 → ₹240 in all.
    const lines = invoiceTaxLines(goods, charge([59900, 0], 24000), 'intra-state');
    expect(lines.map((l) => [l.hsn, l.grossValue, l.discount, l.taxableValue])).toEqual([
      ['6109', 179700, 59900, 119800],
      ['6205', 149900, 0, 149900],
    ]);
    expect(invoiceTotals(lines)).toMatchObject({ taxableValue: 269700, total: 293700 });
    // The ₹240 shared 59.90 : 179.88, in equal CGST and SGST halves.
    expect(lines.map((l) => l.cgst + l.sgst)).toEqual([5996, 18004]);
  });

  it.each<[string, number[] | null, number[]]>([
    ['as the coupon gave it', [59900, 0], [59900, 0]],
    ['an order from before lines kept it: shared by value', null, [32658, 27242]],
    ['one that does not add up to the discount: shared by value', [59900, 1], [32658, 27242]],
    ['one larger than its line: shared by value', [0, 159900], [32658, 27242]],
  ])('line discounts %s', (_case, given, expected) => {
    const lines = invoiceTaxLines(goods, charge(given, 24000), 'inter-state');
    expect(lines.map((l) => l.discount)).toEqual(expected);
    expect(invoiceTotals(lines).igst).toBe(24000);
  });

  it('the HSN summary adds the lines of each code and rate up exactly', () => {
    const more = [...goods, line(29900, 2, 5, '6109')];
    const lines = invoiceTaxLines(
      more,
      { ...charge([29900, 0, 29900], 24000), discount: 59800, shipping: 1000 },
      'intra-state',
    );
    const summary = hsnSummary(lines);
    expect(summary.map((s) => [s.hsn, s.ratePercent, s.quantity, s.taxableValue])).toEqual([
      ['6109', 5, 5, 149800 + 29900],
      ['6205', 12, 1, 149900],
      ['9965', 12, 1, 1000],
    ]);
    const sum = (pick: (s: (typeof summary)[number]) => number) => summary.reduce((n, s) => n + pick(s), 0);
    const totals = invoiceTotals(lines);
    expect(sum((s) => s.taxableValue)).toBe(totals.taxableValue);
    expect(sum((s) => s.cgst)).toBe(totals.cgst);
    expect(sum((s) => s.sgst)).toBe(totals.sgst);
  });
});
