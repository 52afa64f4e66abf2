import { describe, expect, it } from 'vitest';
import {
  countryKey,
  shownCountryName,
  declarationsMissingMessage,
  emptyDeclarations,
  makerRoleLabel,
  missingDeclarations,
  mrpOf,
  type ListingDeclarations,
} from './listing-declarations.ts';

const complete: ListingDeclarations = {
  genericName: 'Shirt',
  netQuantity: '1 N',
  countryOfOrigin: 'India',
  makerRole: 'manufacturer',
  makerName: 'Kapas Apparel Pvt Ltd',
  makerAddress: '12 Residency Road, Bengaluru 560025',
};

describe('missingDeclarations', () => {
  it.each([
    [complete, []],
    [{ ...complete, countryOfOrigin: '  ' }, ['country of origin']],
    [
      { ...complete, makerRole: '' as const, makerAddress: '' },
      ['manufacturer, packer or importer', "maker's address"],
    ],
    [
      emptyDeclarations,
      [
        'generic name',
        'net quantity',
        'country of origin',
        'manufacturer, packer or importer',
        "maker's name",
        "maker's address",
      ],
    ],
  ])('%o lacks %o', (declarations, missing) => {
    expect(missingDeclarations(declarations)).toEqual(missing);
  });
});

describe('declarationsMissingMessage', () => {
  it.each([
    [['net quantity'], "Add the product's net quantity before putting it on sale (Legal Metrology declarations)."],
    [
      ['generic name', 'net quantity', 'country of origin'],
      "Add the product's generic name, net quantity and country of origin before putting it on sale (Legal Metrology declarations).",
    ],
  ])('%o', (missing, message) => expect(declarationsMissingMessage(missing)).toBe(message));
});

describe('makerRoleLabel', () => {
  it.each([
    ['manufacturer', 'Manufactured by'],
    ['packer', 'Packed by'],
    ['importer', 'Imported by'],
    ['', ''],
  ] as const)('%s', (role, label) => expect(makerRoleLabel(role)).toBe(label));
});

describe('countryKey', () => {
  it.each([
    ['India', 'india'],
    ['  INDIA ', 'india'],
    ['Sri   Lanka', 'sri lanka'],
  ])('%s → %s', (typed, key) => expect(countryKey(typed)).toBe(key));
});

describe('shownCountryName', () => {
  it.each([
    [[['India', 1]], 'India'],
    [
      [
        ['india', 1],
        ['India', 1],
      ],
      'India',
    ],
    [
      [
        ['India', 1],
        ['india', 1],
      ],
      'India',
    ],
    [
      [
        ['INDIA', 1],
        ['india', 1],
        ['India', 1],
      ],
      'India',
    ],
    [
      [
        ['india', 2],
        ['India', 1],
      ],
      'india',
    ],
    [
      [
        ['Viet Nam', 3],
        ['viet nam', 3],
        ['VIET NAM', 4],
      ],
      'VIET NAM',
    ],
    [
      [
        ['usa', 1],
        ['USA', 1],
      ],
      'USA',
    ],
    [
      [
        ['Sri lanka', 1],
        ['Sri Lanka', 1],
      ],
      'Sri Lanka',
    ],
  ] as [[string, number][], string][])('%j → %s', (spellings, shown) =>
    expect(shownCountryName(new Map(spellings))).toBe(shown),
  );
});

describe('mrpOf', () => {
  it.each([
    // price, original, rate, inclusive, MRP (paise)
    [8_900, null, 18, false, 10_500], // ₹89 + ₹16.02 GST, rounded to the rupee as the cart does
    [8_900, 12_900, 18, false, 15_200], // marked down: the original price is the most asked
    [8_900, 8_000, 18, false, 10_500], // an "original" below the price is no markdown
    [8_900, null, 18, true, 8_900], // prices with GST are the MRP as they are
    [8_900, 12_900, 18, true, 12_900],
    [100_000, null, 12, false, 112_000],
    [99, null, 5, false, 99], // ₹0.99 carries no whole rupee of tax at 5%
  ] as const)('%s (was %s) at %s%%, inclusive %s: %s', (price, original, rate, inclusive, mrp) => {
    const got = mrpOf(price, original, rate, inclusive);
    expect(got).toBe(mrp);
    // Never below what the piece is sold for.
    expect(got).toBeGreaterThanOrEqual(Math.max(price, original ?? 0));
  });
});
