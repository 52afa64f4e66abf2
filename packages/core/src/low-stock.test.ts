import { describe, expect, it } from 'vitest';
import { colorsWithoutStock, fellToThreshold, lowStockThreshold, needsColorStock } from './low-stock.ts';

describe('lowStockThreshold', () => {
  it.each([
    [null, 5, 5],
    [undefined, 5, 5],
    [0, 5, 0],
    [12, 5, 12],
  ])('product %s, shop %s → %s', (product, shop, expected) => {
    expect(lowStockThreshold(product, shop)).toBe(expected);
  });
});

describe('fellToThreshold', () => {
  it.each([
    // before, after, threshold, fell
    [6, 5, 5, true],
    [10, 0, 5, true],
    [6, 4, 5, true],
    [5, 4, 5, false], // already low
    [5, 5, 5, false],
    [3, 10, 5, false], // restocked
    [7, 6, 5, false], // still above
    [1, 0, 0, true], // threshold 0: sold out
    [0, 0, 0, false],
  ])('%s → %s with threshold %s: %s', (before, after, threshold, fell) => {
    expect(fellToThreshold(before, after, threshold)).toBe(fell);
  });
});

describe('needsColorStock', () => {
  const v = (color: string, stock: number) => ({ color, stock });
  it.each([
    ['one colour with nothing', ['navy'], [v('navy', 0)], false, ['navy']],
    ['no named colour', [], [v('', 0)], false, ['']],
    ['two colours, both stocked', ['navy', 'white'], [v('navy', 3), v('white', 1)], false, []],
    [
      'second colour empty in every size',
      ['navy', 'white'],
      [v('navy', 3), v('white', 0), v('white', 0)],
      true,
      ['white'],
    ],
    ['first colour empty', ['navy', 'white'], [v('navy', 0), v('white', 2)], true, ['navy']],
    ['a colour with no variants at all', ['navy', 'white'], [v('navy', 2)], true, ['white']],
  ])('%s', (_name, colors, variants, needs, empty) => {
    expect(needsColorStock(colors, variants)).toBe(needs);
    expect(colorsWithoutStock(colors, variants)).toEqual(empty);
  });
});
