import { describe, expect, it } from 'vitest';
import { cartLimitMessage, cartLimitRefusal, lineChangeRefusal, type CartLimitRefusal } from './cart-limits.ts';
import { defaultStoreSettings } from './store-settings.ts';

const limits = { maxLineQuantity: 10, maxCartLines: 20 };
const quantity: CartLimitRefusal = { reason: 'QUANTITY_LIMIT', limit: 10 };
const lines: CartLimitRefusal = { reason: 'CART_LINES_LIMIT', limit: 20 };

describe('lineChangeRefusal', () => {
  it.each([
    ['a first line', { lineCount: 0, isNewLine: true, from: 0, to: 1 }, null],
    ['a new line of 10', { lineCount: 3, isNewLine: true, from: 0, to: 10 }, null],
    ['a new line of 11', { lineCount: 3, isNewLine: true, from: 0, to: 11 }, quantity],
    ['raising a line to 10', { lineCount: 5, isNewLine: false, from: 6, to: 10 }, null],
    ['raising a line to 11', { lineCount: 5, isNewLine: false, from: 6, to: 11 }, quantity],
    ['lowering a line kept from before the limit', { lineCount: 5, isNewLine: false, from: 30, to: 12 }, null],
    ['keeping a line as it is', { lineCount: 5, isNewLine: false, from: 12, to: 12 }, null],
    ['a 20th line', { lineCount: 19, isNewLine: true, from: 0, to: 1 }, null],
    ['a 21st line', { lineCount: 20, isNewLine: true, from: 0, to: 1 }, lines],
    ['raising a line of a full cart', { lineCount: 20, isNewLine: false, from: 1, to: 2 }, null],
    ['a 21st line over the quantity limit (lines first)', { lineCount: 20, isNewLine: true, from: 0, to: 11 }, lines],
  ] as const)('%s', (_case, change, expected) => {
    const refusal = lineChangeRefusal(change, limits);
    expect(refusal).toEqual(expected);
    // Invariant: a change that is allowed never leaves a grown line over the limit or too many lines.
    if (refusal === null) {
      expect(change.to <= change.from || change.to <= limits.maxLineQuantity).toBe(true);
      expect(!change.isNewLine || change.lineCount < limits.maxCartLines).toBe(true);
    }
  });
});

describe('cartLimitRefusal', () => {
  const of = (...quantities: number[]) => quantities.map((q) => ({ quantity: q }));
  it.each([
    ['an empty cart', of(), null],
    ['lines up to 10', of(10, 1, 10), null],
    ['a line of 11', of(1, 11), quantity],
    ['20 lines', of(...Array<number>(20).fill(1)), null],
    ['21 lines', of(...Array<number>(21).fill(1)), lines],
  ])('%s', (_case, cart, expected) => {
    expect(cartLimitRefusal(cart, limits)).toEqual(expected);
  });

  it('uses the store settings by default: 10 a line, 20 lines', () => {
    expect(defaultStoreSettings).toMatchObject(limits);
    expect(cartLimitRefusal(of(11))).toEqual(quantity);
  });
});

describe('cartLimitMessage', () => {
  it('says what the limit is', () => {
    expect(cartLimitMessage(quantity)).toBe('You can have at most 10 of one item in your cart.');
    expect(cartLimitMessage(lines)).toBe('Your cart can hold at most 20 different items.');
  });
});
