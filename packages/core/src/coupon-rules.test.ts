import { describe, expect, it } from 'vitest';
import { seededRandom } from './test/seeded-random.ts';
import { cartTotals, subtotalOf, type PricedLine } from './cart-totals.ts';
import { evaluateCoupon, type CouponTerms } from './coupon-rules.ts';

const line = (price: number, quantity: number, categoryId = 'mens-t-shirts', productId = `p-${price}`): PricedLine => ({
  productId,
  categoryId,
  price,
  quantity,
});

const buyGet = (buyX: number, getY: number, applicableCategories: string[] = ['mens-t-shirts']): CouponTerms => ({
  code: 'TEES3',
  discountType: 'buyXgetY',
  value: 0,
  minPurchase: 0,
  buyX,
  getY,
  applicableCategories,
  isActive: true,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
});
const now = new Date('2026-11-21T12:00:00Z');
const noUsage = { total: 0, byCustomer: 0 };

function discountOf(lines: PricedLine[], terms: CouponTerms): number {
  const decision = evaluateCoupon(lines, terms, noUsage, now);
  return decision.ok ? decision.discount : 0;
}

/** The reference: every eligible unit on its own, cheapest first, the first Y per group free. */
function cheapestFreeUnits(lines: PricedLine[], terms: CouponTerms): number[] {
  const units = lines
    .filter((l) => terms.applicableCategories.length === 0 || terms.applicableCategories.includes(l.categoryId))
    .flatMap((l) => Array.from({ length: l.quantity }, () => l.price))
    .sort((a, b) => a - b);
  const free = Math.floor(units.length / (terms.buyX + terms.getY)) * terms.getY;
  return units.slice(0, free);
}

/** What every buy-X-get-Y decision must hold, whatever the cart. */
function expectGivesAwayOnlyTheFreeUnits(lines: PricedLine[], terms: CouponTerms) {
  const discount = discountOf(lines, terms);
  const free = cheapestFreeUnits(lines, terms);
  const valueOfFree = free.reduce((sum, price) => sum + price, 0);
  expect(discount).toBe(valueOfFree);
  expect(discount).toBeLessThanOrEqual(subtotalOf(lines));
  // No free unit is worth more than any unit the shopper pays for in the coupon's categories.
  const eligible = lines.filter((l) => terms.applicableCategories.includes(l.categoryId));
  if (free.length > 0) expect(Math.max(...free)).toBeLessThanOrEqual(Math.max(...eligible.map((l) => l.price)));
  // One product alone: the spec's formula exactly, floor(count / (X + Y)) × Y × price.
  if (eligible.length === 1) {
    const { price, quantity } = eligible[0]!;
    expect(discount).toBe(Math.floor(quantity / (terms.buyX + terms.getY)) * terms.getY * price);
  }
}

describe('buy X get Y gives away the cheapest eligible units', () => {
  it.each<[string, PricedLine[], CouponTerms, number]>([
    // The review's cart: a ₹129 tee added first, then five ₹19.99 tees: two free tees at ₹19.99.
    ['a dear tee first and five cheap ones', [line(12900, 1), line(1999, 5)], buyGet(2, 1), 3998],
    ['the same cart in the other order', [line(1999, 5), line(12900, 1)], buyGet(2, 1), 3998],
    ['one product: the spec formula (7 → 2 free)', [line(3000, 7)], buyGet(2, 1), 6000],
    ['one product, one unit short of a group', [line(3000, 2)], buyGet(2, 1), 0],
    ['buy 1 get 1 over two prices: the cheaper one free', [line(5000, 1), line(2000, 1)], buyGet(1, 1), 2000],
    [
      'buy 1 get 1, four units: the two cheapest free',
      [line(5000, 1), line(2000, 1), line(4000, 1), line(1000, 1)],
      buyGet(1, 1),
      3000,
    ],
    ['buy 2 get 2 takes two units of the cheap line', [line(9000, 2), line(1000, 2)], buyGet(2, 2), 2000],
    [
      'other categories are neither counted nor given',
      [line(500, 3, 'mens-shirts'), line(4000, 3)],
      buyGet(2, 1),
      4000,
    ],
    ['no categories named: every unit counts', [line(500, 1, 'mens-shirts'), line(4000, 2)], buyGet(2, 1, []), 500],
    [
      'a free unit of equal price anywhere in the cart',
      [line(2500, 2, 'mens-t-shirts', 'a'), line(2500, 1)],
      buyGet(2, 1),
      2500,
    ],
  ])('%s', (_case, lines, terms, expected) => {
    expect(discountOf(lines, terms)).toBe(expected);
    if (terms.applicableCategories.length > 0) expectGivesAwayOnlyTheFreeUnits(lines, terms);
  });

  it('holds its invariants over a thousand generated carts', () => {
    const next = seededRandom(20261121);
    for (let round = 0; round < 1000; round++) {
      const lines = Array.from({ length: 1 + next(5) }, (_, i) =>
        line(100 + next(50_000), 1 + next(9), next(3) === 0 ? 'mens-shirts' : 'mens-t-shirts', `p${i}`),
      );
      expectGivesAwayOnlyTheFreeUnits(lines, buyGet(1 + next(4), 1 + next(3)));
    }
  });
});

const percent = (value: number): CouponTerms => ({
  ...buyGet(0, 0, []),
  code: 'SAVE',
  discountType: 'percentage',
  value,
});

/** The discount a coupon gives each line, in the lines' order. */
function perLine(lines: PricedLine[], terms: CouponTerms): number[] {
  const decision = evaluateCoupon(lines, terms, noUsage, now);
  if (!decision.ok) throw new Error(`refused: ${decision.reason}`);
  expect(decision.lineDiscounts.reduce((a, b) => a + b, 0)).toBe(decision.discount);
  return decision.lineDiscounts;
}

describe('a coupon reduces only the lines it applies to', () => {
  it.each<[string, PricedLine[], CouponTerms, number[]]>([
    // Issue 25: a T-shirt coupon and a shirt in the cart: the shirt keeps its whole value.
    [
      'TEES3 (buy 2 get 1 tees) with a shirt: the cheapest tee free, the shirt untouched',
      [line(59900, 3), line(149900, 1, 'mens-shirts')],
      buyGet(2, 1),
      [59900, 0],
    ],
    [
      'the free units fall on the cheapest tee lines, a unit at a time',
      [line(12900, 1), line(1999, 5), line(89900, 1, 'mens-shirts')],
      buyGet(2, 1),
      [0, 3998, 0],
    ],
    [
      'free units spilling over from the cheapest line to the next',
      [line(5000, 2), line(2000, 1), line(3000, 3)],
      buyGet(1, 1),
      [0, 2000, 6000],
    ],
    ['equal prices: the earlier line first', [line(2500, 1), line(2500, 2)], buyGet(2, 1), [2500, 0]],
    // A percentage coupon is on the whole cart: each line in proportion to its value, to the paisa.
    ['10% over two lines', [line(59900, 3), line(149900, 1, 'mens-shirts')], percent(10), [17970, 14990]],
    [
      'a share that does not split evenly: the leftover paisa to the largest remainder',
      [line(3333, 1), line(3333, 1), line(3334, 1)],
      percent(10),
      [333, 333, 334],
    ],
    ['100% off: each line to zero', [line(1999, 2), line(501, 1)], percent(100), [3998, 501]],
  ])('%s', (_case, lines, terms, expected) => {
    expect(perLine(lines, terms)).toEqual(expected);
  });

  it('never takes more off a line than the line is worth, over a thousand generated carts', () => {
    const next = seededRandom(2025);
    for (let round = 0; round < 1000; round++) {
      const lines = Array.from({ length: 1 + next(5) }, (_, i) =>
        line(100 + next(50_000), 1 + next(9), next(3) === 0 ? 'mens-shirts' : 'mens-t-shirts', `p${i}`),
      );
      const terms = next(2) ? buyGet(1 + next(3), 1 + next(2)) : percent(1 + next(100));
      const decision = evaluateCoupon(lines, terms, noUsage, now);
      if (!decision.ok) continue;
      decision.lineDiscounts.forEach((d, i) => {
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(lines[i]!.price * lines[i]!.quantity);
        // A buy-X-get-Y coupon gives nothing on lines outside its categories.
        if (terms.discountType === 'buyXgetY' && lines[i]!.categoryId !== 'mens-t-shirts') expect(d).toBe(0);
      });
      // The cart's totals take the same discount, line by line.
      expect(cartTotals(lines, decision.lineDiscounts).discountAmount).toBe(decision.discount);
    }
  });

  it('tax follows the lines discounted: a free 5% tee leaves the 18% shirt taxed on its whole value', () => {
    const lines = [
      { ...line(50000, 3), gstPercent: 5 },
      { ...line(150000, 1, 'mens-shirts'), gstPercent: 18 },
    ];
    const byLine = cartTotals(lines, perLine(lines, buyGet(2, 1)), { shippingFee: 0, gstPercent: 18 });
    const spread = cartTotals(lines, 50000, { shippingFee: 0, gstPercent: 18 });
    expect(byLine.discountAmount).toBe(spread.discountAmount);
    // Tees 1000.00 × 5% + shirt 1500.00 × 18% = 50 + 270 = ₹320.
    expect(byLine.gst).toBe(32000);
    // Spread by value, the shirt would wrongly be taxed on ₹1,250: 62.50 + 225 = ₹287.50 → ₹288.
    expect(spread.gst).toBe(28800);
  });
});
