import { defaultStoreSettings } from './store-settings.ts';

/**
 * The HSN code and GST rate a category's goods are invoiced at until staff set their own (a
 * staff setting wins). Every default rate is the store's 18 %, so totals are the spec's; the
 * HSN codes are the chapters of the garments each demo category sells.
 */
export interface CategoryTaxTerms {
  hsn: string;
  gstRate: number;
}

const defaultHsn: Readonly<Record<string, string>> = {
  'mens-clothing': '6203',
  'mens-t-shirts': '6109', // T-shirts, singlets, knitted
  'mens-shirts': '6205', // men's shirts, woven
  'mens-bottoms': '6203', // men's trousers and jeans
  'mens-outerwear': '6201', // men's jackets, anoraks, windcheaters
  'mens-accessories': '6505', // caps and hats
  'womens-clothing': '6204', // women's dresses, skirts
  jewelery: '7117', // imitation jewellery
};

/** Made-up garments not elsewhere named: what a category staff made since is printed as until set. */
export const FALLBACK_HSN = '6211';

export function defaultCategoryTax(categoryId: string): CategoryTaxTerms {
  return { hsn: defaultHsn[categoryId] ?? FALLBACK_HSN, gstRate: defaultStoreSettings.gstPercent };
}
