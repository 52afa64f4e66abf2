import { DEFAULT_GST_PERCENT } from './gst-rate.ts';
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
  gstPercent: DEFAULT_GST_PERCENT,
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
