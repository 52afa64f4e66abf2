import { describe, expect, it } from 'vitest';
import { seededRandom } from './test/seeded-random.ts';
import { subtotalOf, type PricedLine } from './cart-totals.ts';
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
