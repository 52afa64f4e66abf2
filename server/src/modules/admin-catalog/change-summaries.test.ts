import { describe, expect, it } from 'vitest';
import type { ListingDeclarations } from '@shop/core';
import {
  changedProductFields,
  productUpdateSummary,
  stockChangeSummary,
  type ProductFields,
} from './change-summaries.ts';

const stored: ProductFields = {
  name: 'Linen Kurta',
  description: 'Breathable.',
  categoryId: 'mens-shirts',
  price: 99_900,
  originalPrice: null,
  colors: ['navy', 'white'],
  tags: ['kurta', 'linen'],
  images: ['/uploads/a.png', '/uploads/b.png'],
  sizes: [
    { size: 'M', stock: 4 },
    { size: 'L', stock: 0 },
  ],
  declarations: {
    genericName: 'Kurta',
    netQuantity: '1 N',
    countryOfOrigin: 'India',
    makerRole: 'manufacturer',
    makerName: 'Kapas Apparel',
    makerAddress: 'Bengaluru',
  },
};
const declared = (changes: Partial<ListingDeclarations>) => ({ ...stored.declarations, ...changes });

describe('changedProductFields and productUpdateSummary', () => {
  it.each<[string, Partial<ProductFields>, string | null]>([
    ['nothing sent', {}, null],
    ['the same values sent', { name: 'Linen Kurta', price: 99_900, originalPrice: null }, null],
    ['colours and tags in another order', { colors: ['white', 'navy'], tags: ['linen', 'kurta'] }, null],
    ['a new price', { price: 89_900 }, 'Changed price'],
    ['the declarations as they were', { declarations: declared({ countryOfOrigin: 'India' }) }, null],
    ['a new country of origin', { declarations: declared({ countryOfOrigin: 'Bangladesh' }) }, 'Changed declarations'],
    ['an original price set', { originalPrice: 120_000 }, 'Changed original price'],
    [
      'images reordered (the first is the card picture)',
      { images: ['/uploads/b.png', '/uploads/a.png'] },
      'Changed images',
    ],
    [
      'one size restocked',
      {
        sizes: [
          { size: 'M', stock: 5 },
          { size: 'L', stock: 0 },
        ],
      },
      'Changed sizes',
    ],
    [
      'several fields, named in a fixed order',
      { sizes: [], name: 'Cotton Kurta', categoryId: 'mens-t-shirts', colors: ['navy'] },
      'Changed name, category, colours, sizes',
    ],
  ])('%s', (_case, write, summary) => {
    const changed = changedProductFields(stored, write);
    expect(productUpdateSummary(changed)).toBe(summary);
    // Invariant: only fields the write names can be reported as changed.
    for (const field of changed) expect(write[field]).toBeDefined();
  });
});

describe('stockChangeSummary', () => {
  it.each<[string, { size: string; from: number; to: number }[], string | null]>([
    ['no sizes', [], null],
    ['sizes set to what they were', [{ size: 'M', from: 4, to: 4 }], null],
    ['one size', [{ size: 'M', from: 4, to: 10 }], 'Stock M: 4 → 10'],
    [
      'several sizes, unchanged ones left out, in the order given',
      [
        { size: 'M', from: 4, to: 10 },
        { size: 'S', from: 5, to: 5 },
        { size: 'L', from: 0, to: 3 },
      ],
      'Stock M: 4 → 10, L: 0 → 3',
    ],
  ])('%s', (_case, changes, summary) => {
    expect(stockChangeSummary(changes)).toBe(summary);
  });
});
