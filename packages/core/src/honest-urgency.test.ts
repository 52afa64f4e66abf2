import { describe, expect, it } from 'vitest';
import {
  almostSoldOut,
  earliestEnd,
  itemsLeftNote,
  savingsPercent,
  secondsUntil,
  viewersNote,
} from './honest-urgency.ts';
import { DEFAULT_LOW_STOCK_THRESHOLD } from './low-stock.ts';

describe('savingsPercent', () => {
  it.each([
    // price, original, percent (paise)
    [7_900, 9_900, 20],
    [6_600, 9_900, 33],
    [6_700, 10_000, 33],
    [9_950, 10_000, null], // half a percent: nothing to claim
    [9_900, 10_000, 1],
    [1, 10_000, 99],
    [0, 10_000, 100],
    [9_900, 9_900, null],
    [12_000, 9_900, null],
    [9_900, null, null],
    [9_900, undefined, null],
    [9_900, 0, null],
  ] as const)('%s against %s saves %s%%', (price, original, expected) => {
    expect(savingsPercent(price, original)).toBe(expected);
  });
});

describe('itemsLeftNote', () => {
  it.each([
    [9, 10, 9],
    [10, 10, 10],
    [11, 10, null],
    [18, 10, null],
    [48, 10, null],
    [1, 10, 1],
    [0, 10, null],
    [-1, 10, null],
    [3, 0, null],
    [3, 3, 3],
  ] as const)('stock %s with threshold %s says %s', (stock, threshold, expected) => {
    expect(itemsLeftNote(stock, threshold)).toBe(expected);
  });

  it('defaults to ten', () => {
    expect(DEFAULT_LOW_STOCK_THRESHOLD).toBe(10);
  });
});

describe('almostSoldOut', () => {
  it.each([
    [[2, 5, 0], true],
    [[2, 11], false],
    [[0, 0], false],
    [[], false],
    [[10], true],
  ] as const)('variants %j: %s', (stocks, expected) => {
    expect(almostSoldOut(stocks, 10)).toBe(expected);
  });
});

describe('secondsUntil', () => {
  const now = Date.parse('2026-11-28T10:00:00Z');
  it.each([
    ['2026-11-28T10:05:59Z', 359],
    ['2026-11-28T10:00:00.999Z', null],
    ['2026-11-28T10:00:01.500Z', 1],
    ['2026-11-28T09:59:59Z', null],
    ['2026-12-01T10:00:00Z', 3 * 86_400],
    [null, null],
    [undefined, null],
    ['', null],
    ['not a date', null],
  ] as const)('until %s: %s', (end, expected) => {
    expect(secondsUntil(end, now)).toBe(expected);
  });
});

describe('earliestEnd', () => {
  const now = Date.parse('2026-11-28T10:00:00Z');
  it('takes the earliest end still to come', () => {
    expect(earliestEnd(['2026-11-30T00:00:00Z', '2026-11-27T00:00:00Z', '2026-11-29T00:00:00Z', null], now)).toBe(
      '2026-11-29T00:00:00Z',
    );
  });
  it('is null when every end has passed or none is set', () => {
    expect(earliestEnd(['2026-11-27T00:00:00Z', null], now)).toBeNull();
    expect(earliestEnd([], now)).toBeNull();
  });
});

describe('viewersNote', () => {
  it.each([
    [0, null],
    [1, null],
    [2, 2],
    [23, 23],
  ] as const)('%s viewers: %s', (viewers, expected) => {
    expect(viewersNote(viewers)).toBe(expected);
  });
});
