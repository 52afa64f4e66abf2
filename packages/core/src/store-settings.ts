import type { Paise } from './money.ts';

/**
 * Store-wide settings with the specification's values as defaults. Every rule that needs
 * one of these numbers takes it from here, so a change of fee or rate is made once.
 */
export interface StoreSettings {
  currency: 'INR';
  shippingFee: Paise;
  gstPercent: number;
  /** Price bands offered by the products page filter, as the labels it shows (rupees). */
  priceBands: readonly string[];
  filterColors: readonly string[];
  filterTags: readonly string[];
  collections: readonly { id: string; label: string }[];
  productsPerPage: number;
  /** How many page numbers the pagination shows at once. */
  pageWindow: number;
  /** The most pieces of one product in one size a cart line, and so an order line, may hold. */
  maxLineQuantity: number;
  /** The most lines a cart may hold, so that one unpaid order cannot hold the catalogue's stock. */
  maxCartLines: number;
}

export const defaultStoreSettings: StoreSettings = {
  currency: 'INR',
  shippingFee: 1000,
  gstPercent: 18,
  priceBands: ['0-50', '50-100', '100-150'],
  filterColors: ['white', 'black', 'navy'],
  filterTags: ['Shirt', 'Hat', 'T-Shirt'],
  collections: [
    { id: 'all', label: 'All' },
    { id: 'mens-clothing', label: "Men's clothing" },
    { id: 'womens-clothing', label: "Women's clothing" },
    { id: 'jewelery', label: 'Jewelery' },
  ],
  productsPerPage: 6,
  pageWindow: 3,
  maxLineQuantity: 10,
  maxCartLines: 20,
};

/**
 * The colours products come in, with the swatch shown in colour dots and used to draw
 * the catalogue's illustrations. Names are lower case; the API speaks these names.
 */
export const colorSwatches: Readonly<Record<string, string>> = {
  white: '#f5f5f2',
  black: '#1d1d1f',
  navy: '#1f2a4d',
  grey: '#8a8d91',
  olive: '#6b7041',
  maroon: '#6d1f2b',
  beige: '#d8c8a8',
  'sky blue': '#8cb8dc',
  mustard: '#d4a62a',
  'bottle green': '#1f4d3a',
  rust: '#b0532c',
  pink: '#e8a9b8',
  gold: '#c9a441',
  silver: '#b8bcc2',
  brown: '#6b4630',
  red: '#b3261e',
};

export function isKnownColor(name: string): boolean {
  return Object.hasOwn(colorSwatches, name);
}
