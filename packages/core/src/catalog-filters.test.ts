import { describe, expect, it } from 'vitest';
import {
  emptyProductsPageState,
  parsePriceBand,
  productListQueryFor,
  readProductsPageState,
  writeProductsPageState,
} from './catalog-filters.ts';

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
    const params = new URLSearchParams('collection=jewelery&color=navy&price=50-100&tag=Hat&q=cap&page=3');
    expect(readProductsPageState(params)).toEqual({
      collection: 'jewelery',
      color: 'navy',
      price: '50-100',
      tag: 'Hat',
      q: 'cap',
      page: 3,
    });
  });

  it.each([
    ['color=purple', { color: null }],
    ['price=0-9999', { price: null }],
    ['tag=Socks', { tag: null }],
    ['collection=space', { collection: 'all' }],
    ['page=-2', { page: 1 }],
    ['page=2.5', { page: 1 }],
    ['page=abc', { page: 1 }],
  ])('drops what the page does not offer: %s', (query, expected) => {
    expect(readProductsPageState(new URLSearchParams(query))).toEqual({ ...emptyProductsPageState, ...expected });
  });

  it('writes defaults as nothing and round-trips everything else', () => {
    expect(writeProductsPageState(emptyProductsPageState).toString()).toBe('');
    const state = { collection: 'mens-clothing', color: 'white', price: '0-50', tag: 'T-Shirt', q: 'tee', page: 2 };
    expect(readProductsPageState(writeProductsPageState(state))).toEqual(state);
  });

  it('turns the page state into the API query, the band into two inclusive prices', () => {
    expect(
      productListQueryFor({
        collection: 'jewelery',
        color: 'black',
        price: '100-150',
        tag: 'Shirt',
        q: ' ring ',
        page: 4,
      }),
    ).toEqual({
      page: 4,
      limit: 6,
      category: 'jewelery',
      color: 'black',
      tag: 'Shirt',
      minPrice: 100,
      maxPrice: 150,
      q: 'ring',
    });
    expect(productListQueryFor(emptyProductsPageState)).toEqual({ page: 1, limit: 6 });
  });
});
