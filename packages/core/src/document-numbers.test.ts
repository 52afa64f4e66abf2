import { describe, expect, it } from 'vitest';
import { documentNumber, financialYearOf, MAX_DOCUMENT_NUMBER_LENGTH } from './document-numbers.ts';

describe('financial years, in Indian time', () => {
  it.each([
    ['2026-04-01T00:00:00+05:30', '26-27'],
    ['2026-03-31T23:59:59+05:30', '25-26'],
    // 31 March 19:00 UTC is already 1 April in India.
    ['2026-03-31T19:00:00Z', '26-27'],
    ['2026-03-31T18:29:59Z', '25-26'],
    ['2027-03-31T18:29:59Z', '26-27'],
    ['2027-03-31T18:30:00Z', '27-28'],
    ['2099-12-31T12:00:00Z', '99-00'],
    ['2026-11-23T10:00:00Z', '26-27'],
  ])('%s is in %s', (at, year) => {
    expect(financialYearOf(new Date(at))).toBe(year);
  });
});

describe('document numbers', () => {
  it.each([
    ['KP', '26-27', 123, 'KP/26-27/000123'],
    ['KP', '26-27', 1, 'KP/26-27/000001'],
    ['KP', '26-27', 1_234_567, 'KP/26-27/1234567'],
    ['KPCN', '26-27', 1, 'KPCN/26-27/00001'],
    ['KPCN', '26-27', 99_999, 'KPCN/26-27/99999'],
  ])('%s, %s, number %i → %s', (prefix, year, sequence, number) => {
    const made = documentNumber(prefix, year, sequence);
    expect(made).toBe(number);
    expect(made.length).toBeLessThanOrEqual(MAX_DOCUMENT_NUMBER_LENGTH);
    expect(made).toMatch(/^[A-Z0-9/-]+$/);
  });

  it('refuses a number that would not fit in 16 characters, and prefixes that leave no room', () => {
    expect(() => documentNumber('KP', '26-27', 10_000_000)).toThrow(/full/);
    expect(() => documentNumber('KPCN', '26-27', 100_000)).toThrow(/full/);
    expect(() => documentNumber('KAPAS', '26-27', 1)).toThrow(/prefix/);
    expect(() => documentNumber('kp', '26-27', 1)).toThrow(/prefix/);
    expect(() => documentNumber('KP', '26-27', 0)).toThrow(/sequence/);
  });

  it('numbers consecutively and uniquely within a year, and starts again in the next', () => {
    const numbers = [1, 2, 3].map((n) => documentNumber('KP', '26-27', n));
    expect(new Set(numbers).size).toBe(3);
    expect(documentNumber('KP', '27-28', 1)).not.toBe(numbers[0]);
  });
});
