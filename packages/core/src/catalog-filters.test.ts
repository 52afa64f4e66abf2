import { describe, expect, it } from 'vitest';
import {
  compareSizes,
  emptyProductsPageState,
  parsePriceBand,
  productListQueryFor,
  readProductsPageState,
  sizeFilterValue,
  writeProductsPageState,
} from './catalog-filters.ts';

describe('compareSizes', () => {
  it.each([
    [
      ['XL', 'S', 'XXL', 'M', 'L'],
      ['S', 'M', 'L', 'XL', 'XXL'],
    ],
    [
      ['36', '30', '8', '12', '10'],
      ['8', '10', '12', '30', '36'],
    ],
    [
      ['ONE SIZE', '32', 'M', 'XS'],
      ['XS', 'M', '32', 'ONE SIZE'],
    ],
    [
      ['10.5', '10', '9'],
      ['9', '10', '10.5'],
    ],
    [
      ['FREE', 'ONE SIZE', 'L'],
      ['L', 'FREE', 'ONE SIZE'],
    ],
  ])('%j in order is %j', (sizes, sorted) => {
    expect([...sizes].sort(compareSizes)).toEqual(sorted);
  });
});

describe('sizeFilterValue', () => {
  it.each([
    ['M', 'M'],
    [' m ', 'M'],
    ['one size', 'ONE SIZE'],
    ['10.5', '10.5'],
    ['', null],
    [null, null],
    ['<script>', null],
    ['X'.repeat(21), null],
  ])('%j → %j', (value, size) => {
    expect(sizeFilterValue(value)).toBe(size);
  });
});

describe('parsePriceBand', () => {
  it.each([
    ['0-50', { min: 0, max: 50 }],
    ['50-100', { min: 50, max: 100 }],
    ['100-150', { min: 100, max: 150 }],
    ['₹50 - ₹100', { min: 50, max: 100 }],
    ['9.99-10.5', { min: 9.99, max: 10.5 }],
    ['100-50', null],
    ['-5-10', null],
    ['abc', null],
    ['', null],
    ['10-', null],
  ])('%j → %j', (label, band) => {
    expect(parsePriceBand(label)).toEqual(band);
  });
});

describe('products page state in the URL', () => {
  it('reads every filter, search and page', () => {
    const params = new URLSearchParams(
      'collection=jewelery&color=navy&price=50-100&tag=Hat&size=m&inStock=true&origin=India&sort=origin&q=cap&page=3',
    );
    expect(readProductsPageState(params)).toEqual({
      collection: 'jewelery',
      color: 'navy',
      price: '50-100',
      tag: 'Hat',
      size: 'M',
      inStock: true,
      origin: 'India',
      sort: 'origin',
      q: 'cap',
      page: 3,
    });
  });

  it.each([
    ['color=purple', { color: null }],
    ['price=0-9999', { price: null }],
    ['tag=Socks', { tag: null }],
    ['collection=space', { collection: 'all' }],
    ['size=%3Cb%3E', { size: null }],
    ['inStock=yes', { inStock: false }],
    ['inStock=1', { inStock: false }],
    ['page=-2', { page: 1 }],
    ['page=2.5', { page: 1 }],
    ['page=abc', { page: 1 }],
    ['origin=<script>', { origin: null }],
    ['origin=Sri%20Lanka', { origin: 'Sri Lanka' }],
    ['sort=price', { sort: null }],
  ])('drops what the page does not offer: %s', (query, expected) => {
    expect(readProductsPageState(new URLSearchParams(query))).toEqual({ ...emptyProductsPageState, ...expected });
  });

  it('writes defaults as nothing and round-trips everything else', () => {
    expect(writeProductsPageState(emptyProductsPageState).toString()).toBe('');
    const state = {
      collection: 'mens-clothing',
      color: 'white',
      price: '0-50',
      tag: 'T-Shirt',
      size: 'XL',
      inStock: true,
      origin: 'Sri Lanka',
      sort: 'origin' as const,
      q: 'tee',
      page: 2,
    };
    expect(readProductsPageState(writeProductsPageState(state))).toEqual(state);
  });

  it('turns the page state into the API query, the band into two inclusive prices', () => {
    expect(
      productListQueryFor({
        collection: 'jewelery',
        color: 'black',
        price: '100-150',
        tag: 'Shirt',
        size: 'M',
        inStock: true,
        origin: 'India',
        sort: 'origin',
        q: ' ring ',
        page: 4,
      }),
    ).toEqual({
      page: 4,
      limit: 6,
      category: 'jewelery',
      color: 'black',
      tag: 'Shirt',
      size: 'M',
      inStock: true,
      origin: 'India',
      sort: 'origin',
      minPrice: 100,
      maxPrice: 150,
      q: 'ring',
    });
    expect(productListQueryFor(emptyProductsPageState)).toEqual({ page: 1, limit: 6 });
  });
});
