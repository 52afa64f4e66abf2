import { describe, expect, it } from 'vitest';
import {
  defaultHoldingLimits,
  holdingAllowance,
  holdingRefusal,
  holdingRefusalMessage,
  holdingScopes,
  perAccountOnly,
  type HeldItem,
  type HoldingLimits,
  type HoldingRefusal,
} from './holding-limits.ts';

const limits: HoldingLimits = {
  account: { percent: 20, floor: 3 },
  address: { percent: 30, floor: 3 },
  network: { percent: 50, floor: 3 },
};

const item = (quantity: number, onSale: number, held: HeldItem['held'], name = 'Oxford Shirt'): HeldItem => ({
  productId: 'p1',
  size: 'M',
  name,
  quantity,
  onSale,
  held,
});

const none = { account: 0, address: 0, network: 0 };

describe('holdingAllowance', () => {
  it.each([
    ['a share of what is in reach', 100, { percent: 20, floor: 3 }, 20],
    ['rounded down', 24, { percent: 20, floor: 3 }, 4],
    ['never below the floor', 10, { percent: 20, floor: 3 }, 3],
    ['the floor even when nothing is in reach', 0, { percent: 20, floor: 3 }, 3],
    ['half of 25', 25, { percent: 50, floor: 3 }, 12],
    ['all of it', 7, { percent: 100, floor: 0 }, 7],
  ])('%s', (_case, reach, bound, expected) => {
    expect(holdingAllowance(reach, bound)).toBe(expected);
  });
});

describe('holdingRefusal', () => {
  const refusal = (r: Partial<HoldingRefusal>): HoldingRefusal => ({
    reason: 'HOLDING_LIMIT',
    scope: 'account',
    productId: 'p1',
    size: 'M',
    name: 'Oxford Shirt',
    maxQuantity: 0,
    held: 0,
    ...r,
  });

  it.each<[string, HeldItem[], HoldingRefusal | null]>([
    ['a fifth of 25 by a new shopper', [item(5, 25, none)], null],
    ['one more than a fifth of 25', [item(6, 25, none)], refusal({ maxQuantity: 5 })],
    ['a few of a scarce item (the floor)', [item(3, 3, none)], null],
    ['all of a scarce item', [item(2, 2, none)], null],
    ['the floor, never more than is on sale', [item(4, 2, none)], refusal({ maxQuantity: 2 })],
    ['the account already holds 4 of 25', [item(1, 21, { account: 4, address: 4, network: 4 })], null],
    [
      'the account already holds 5 of 25',
      [item(1, 20, { account: 5, address: 5, network: 5 })],
      refusal({ maxQuantity: 0, held: 5 }),
    ],
    [
      'other accounts at the address hold 6 of 25',
      [item(2, 19, { account: 0, address: 6, network: 6 })],
      refusal({ scope: 'address', maxQuantity: 1, held: 6 }),
    ],
    [
      'other addresses of the network hold 12 of 25',
      [item(1, 13, { account: 0, address: 0, network: 12 })],
      refusal({ scope: 'network', maxQuantity: 0, held: 12 }),
    ],
    ['the network holds 11 of 25', [item(1, 14, { account: 0, address: 0, network: 11 })], null],
    ['no client address known: the account alone is bounded', [item(5, 25, { account: 0 })], null],
    ['no client address known, over the account', [item(6, 25, { account: 0 })], refusal({ maxQuantity: 5 })],
    ['nothing known: nothing bounded', [item(25, 25, {})], null],
    [
      'the first line over its bound is named',
      [item(1, 25, none, 'Linen Shirt'), item(9, 40, none, 'Polo'), item(9, 40, none, 'Chinos')],
      refusal({ name: 'Polo', maxQuantity: 8 }),
    ],
  ])('%s', (_case, items, expected) => {
    const answer = holdingRefusal(items, limits);
    expect(answer).toEqual(expected);
    for (const line of items) {
      const bounded = holdingScopes.filter((scope) => line.held[scope] !== undefined);
      const within = (quantity: number) =>
        bounded.every((scope) => {
          const held = line.held[scope]!;
          return (
            held + quantity <=
            Math.max(limits[scope].floor, Math.floor(((line.onSale + held) * limits[scope].percent) / 100))
          );
        });
      if (answer === null || answer.name !== line.name) continue;
      // Invariants: what the refusal allows fits every bound and what is on sale, one more does not.
      expect(within(answer.maxQuantity) || answer.maxQuantity === 0).toBe(true);
      expect(answer.maxQuantity).toBeLessThanOrEqual(line.onSale);
      expect(answer.maxQuantity).toBeLessThan(line.quantity);
      if (answer.maxQuantity < line.onSale) expect(within(answer.maxQuantity + 1)).toBe(false);
    }
    // Invariant: an order let through keeps every holder within its bound on every line.
    if (answer === null) {
      for (const line of items) {
        for (const scope of holdingScopes) {
          const held = line.held[scope];
          if (held === undefined) continue;
          expect(held + line.quantity).toBeLessThanOrEqual(holdingAllowance(line.onSale + held, limits[scope]));
        }
      }
    }
  });

  it('uses the shop defaults: a fifth per account, 30% per address, half per network, at least 3', () => {
    expect(defaultHoldingLimits).toEqual(limits);
    expect(holdingRefusal([item(6, 25, none)])).toEqual(refusal({ maxQuantity: 5 }));
  });

  it('bounds the account alone when asked to (shoppers sharing one address: journeys, load tests)', () => {
    const accountsOnly = perAccountOnly(limits);
    expect(holdingRefusal([item(5, 25, { account: 0, address: 20, network: 20 })], accountsOnly)).toBeNull();
    expect(holdingRefusal([item(6, 25, { account: 0, address: 0, network: 0 })], accountsOnly)).toEqual(
      refusal({ maxQuantity: 5 }),
    );
  });

  it('keeps one network from taking every piece however many addresses and accounts it uses', () => {
    // Accounts at new addresses of one network each take what they may, one piece at a time.
    let onSale = 25;
    let network = 0;
    for (let account = 0; account < 50; account++) {
      let mine = 0;
      while (holdingRefusal([item(1, onSale, { account: mine, address: mine, network })], limits) === null) {
        onSale -= 1;
        network += 1;
        mine += 1;
      }
    }
    expect(network).toBe(12);
    expect(onSale).toBe(13);
  });
});

describe('holdingRefusalMessage', () => {
  const base: HoldingRefusal = {
    reason: 'HOLDING_LIMIT',
    scope: 'account',
    productId: 'p1',
    size: 'M',
    name: 'Oxford Shirt',
    maxQuantity: 5,
    held: 0,
  };
  it.each<[string, Partial<HoldingRefusal>, string]>([
    [
      'how many may be ordered',
      {},
      'You can order at most 5 of Oxford Shirt in size M for now. Please lower the quantity in your cart.',
    ],
    [
      'what the account holds',
      { maxQuantity: 2, held: 3 },
      'You can order at most 2 of Oxford Shirt in size M for now. Your orders not yet paid for or shipped already hold 3. Please lower the quantity in your cart.',
    ],
    [
      'none left for the network',
      { scope: 'network', maxQuantity: 0, held: 12 },
      "You can't order more of Oxford Shirt in size M for now. Orders from your network not yet paid for or shipped already hold 12. Please remove it from your cart, or order it once those orders are paid for or shipped.",
    ],
    [
      'the address',
      { scope: 'address', maxQuantity: 1, held: 6 },
      'You can order at most 1 of Oxford Shirt in size M for now. Orders from your internet connection not yet paid for or shipped already hold 6. Please lower the quantity in your cart.',
    ],
  ])('says %s', (_case, change, expected) => {
    expect(holdingRefusalMessage({ ...base, ...change })).toBe(expected);
  });
});
