import type { ProductListQuery } from './contract/catalog.ts';
import { defaultStoreSettings, type StoreSettings } from './store-settings.ts';

/** A price band as the filter shows it ("50-100"), in rupees, both ends included. */
export interface PriceBand {
  min: number;
  max: number;
}

/**
 * Reads the two numbers of a band label such as "50-100" (or "₹50 - ₹100").
 * Returns null for anything that is not two ascending non-negative numbers.
 */
export function parsePriceBand(label: string): PriceBand | null {
  const match = /^\s*₹?\s*(\d+(?:\.\d{1,2})?)\s*-\s*₹?\s*(\d+(?:\.\d{1,2})?)\s*$/.exec(label);
  if (!match) return null;
  const min = Number(match[1]);
  const max = Number(match[2]);
  return min <= max ? { min, max } : null;
}

/** The products page's filters, search and page: all of it lives in the URL query. */
export interface ProductsPageState {
  collection: string;
  color: string | null;
  price: string | null;
  tag: string | null;
  /** A size some variant is in stock in ("M"), upper case. */
  size: string | null;
  /** Only products with some variant in stock. */
  inStock: boolean;
  /** A country of origin, as the filter's counts name it ("India"). */
  origin: string | null;
  /** 'origin': listed by country of origin, A to Z; null: the list's own order. */
  sort: 'origin' | null;
  q: string;
  page: number;
}

export const emptyProductsPageState: ProductsPageState = {
  collection: 'all',
  color: null,
  price: null,
  tag: null,
  size: null,
  inStock: false,
  origin: null,
  sort: null,
  q: '',
  page: 1,
};

/** What a country may look like in a link: letters, spaces, dots, apostrophes and hyphens. */
const COUNTRY_IN_LINK = /^[\p{L}][\p{L} .'’-]{0,55}$/u;

/** What a size may look like in a link: letters, digits, spaces and dots, as staff name sizes ("ONE SIZE", "10.5"). */
const SIZE_IN_LINK = /^[A-Z0-9][A-Z0-9 ./-]{0,19}$/;

/** A size as the filter compares it (upper case, trimmed), or null when it cannot be one. */
export function sizeFilterValue(value: string | null | undefined): string | null {
  const size = (value ?? '').trim().toUpperCase();
  return SIZE_IN_LINK.test(size) ? size : null;
}

const LETTER_SIZES = ['XXXS', 'XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL', '4XL', '5XL'];

/**
 * The order sizes are offered in: letter sizes small to large, then numbers (waists, rings)
 * ascending, then anything else ("ONE SIZE") by its text.
 */
export function compareSizes(a: string, b: string): number {
  const rank = (size: string): [number, number] => {
    const letter = LETTER_SIZES.indexOf(size);
    if (letter >= 0) return [0, letter];
    const number = Number(size);
    if (size !== '' && Number.isFinite(number)) return [1, number];
    return [2, 0];
  };
  const [ka, va] = rank(a);
  const [kb, vb] = rank(b);
  if (ka !== kb) return ka - kb;
  if (va !== vb) return va - vb;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Reads the products page state from a URL query, dropping values the page does not
 * offer so a hand-edited or stale link still shows a sensible page.
 */
export function readProductsPageState(
  params: URLSearchParams,
  settings: StoreSettings = defaultStoreSettings,
): ProductsPageState {
  const pick = (key: string, allowed: readonly string[]) => {
    const value = params.get(key);
    return value !== null && allowed.includes(value) ? value : null;
  };
  const page = Number(params.get('page'));
  return {
    collection:
      pick(
        'collection',
        settings.collections.map((c) => c.id),
      ) ?? 'all',
    color: pick('color', settings.filterColors),
    price: pick('price', settings.priceBands),
    tag: pick('tag', settings.filterTags),
    size: sizeFilterValue(params.get('size')),
    inStock: params.get('inStock') === 'true',
    origin: COUNTRY_IN_LINK.test(params.get('origin') ?? '') ? params.get('origin') : null,
    sort: params.get('sort') === 'origin' ? 'origin' : null,
    q: (params.get('q') ?? '').slice(0, 100),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** Writes the state back as a URL query, leaving defaults out so links stay short. */
export function writeProductsPageState(state: ProductsPageState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.collection !== 'all') params.set('collection', state.collection);
  if (state.color) params.set('color', state.color);
  if (state.price) params.set('price', state.price);
  if (state.tag) params.set('tag', state.tag);
  if (state.size) params.set('size', state.size);
  if (state.inStock) params.set('inStock', 'true');
  if (state.origin) params.set('origin', state.origin);
  if (state.sort) params.set('sort', state.sort);
  if (state.q.trim()) params.set('q', state.q.trim());
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The API query that fetches one page of the products page. */
export function productListQueryFor(
  state: ProductsPageState,
  settings: StoreSettings = defaultStoreSettings,
): Partial<ProductListQuery> {
  const band = state.price ? parsePriceBand(state.price) : null;
  return {
    page: state.page,
    limit: settings.productsPerPage,
    ...(state.collection !== 'all' && { category: state.collection }),
    ...(state.color && { color: state.color }),
    ...(state.tag && { tag: state.tag }),
    ...(state.size && { size: state.size }),
    ...(state.inStock && { inStock: true }),
    ...(state.origin && { origin: state.origin }),
    ...(state.sort && { sort: state.sort }),
    ...(band && { minPrice: band.min, maxPrice: band.max }),
    ...(state.q.trim() && { q: state.q.trim() }),
  };
}
