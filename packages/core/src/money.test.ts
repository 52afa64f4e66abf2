import { describe, expect, it } from 'vitest';
import { formatRupees, hasAtMostTwoDecimals, toPaise, toRupees } from './money.ts';

describe('formatRupees', () => {
  it.each([
    [0, '₹0.00'],
    [5, '₹0.05'],
    [4999, '₹49.99'],
    [119900, '₹1,199.00'],
    [100000, '₹1,000.00'],
    [12345678, '₹1,23,456.78'],
    [12345678900, '₹12,34,56,789.00'],
    [-2550, '-₹25.50'],
  ])('%i paise → %s', (paise, text) => {
    expect(formatRupees(paise)).toBe(text);
  });

  it('refuses fractions of a paisa', () => {
    expect(() => formatRupees(10.5)).toThrow(RangeError);
  });
});

describe('rupees ↔ paise', () => {
  it.each([
    [0, 0],
    [1199, 119900],
    [49.99, 4999],
    [0.1 + 0.2, 30],
    [19.99 * 3, 5997],
  ])('%d rupees is %i paise and back', (rupees, paise) => {
    expect(toPaise(rupees)).toBe(paise);
    expect(toRupees(paise)).toBeCloseTo(rupees, 10);
  });

  it('refuses what is not a number', () => {
    expect(() => toPaise(Number.NaN)).toThrow(RangeError);
    expect(() => toPaise(Infinity)).toThrow(RangeError);
  });

  it.each([
    [10, true],
    [10.5, true],
    [10.55, true],
    [0.1 + 0.2, true],
    [10.555, false],
    [Number.NaN, false],
  ])('hasAtMostTwoDecimals(%d) is %s', (value, expected) => {
    expect(hasAtMostTwoDecimals(value)).toBe(expected);
  });
});
