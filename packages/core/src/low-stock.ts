import { variantColors, type StockedVariant } from './variants.ts';

/**
 * Low stock: a variant is low when it holds its threshold's number of pieces or fewer. The
 * threshold is the product's own when staff set one, else the shop's (10 until the owner
 * changes it). Staff hear of a variant once each time it falls to its threshold, and shoppers
 * see "Only N item(s) left" at or below it.
 */
export const DEFAULT_LOW_STOCK_THRESHOLD = 10;

/** The most pieces a threshold may name. */
export const MAX_LOW_STOCK_THRESHOLD = 1000;

/** The threshold a product's variants are held to: its own, else the shop's. */
export function lowStockThreshold(productThreshold: number | null | undefined, shopThreshold: number): number {
  return productThreshold ?? shopThreshold;
}

/**
 * Whether a change of stock from `before` to `after` takes a variant down to its threshold: it
 * was above and is now at or below. A variant already low that falls further, or one restocked,
 * has not fallen to it; one restocked above and falling again has, once more.
 */
export function fellToThreshold(before: number, after: number, threshold: number): boolean {
  return before > threshold && after <= threshold;
}

/**
 * Whether a product still needs its colours' stock: it has several colours and some colour
 * has nothing in any size (as every colour but the first after the move to variants).
 */
export function needsColorStock(
  colors: readonly string[],
  variants: readonly Pick<StockedVariant, 'color' | 'stock'>[],
): boolean {
  const ordered = variantColors(colors);
  if (ordered.length < 2) return false;
  return ordered.some((color) => !variants.some((v) => v.color === color && v.stock > 0));
}

/** The colours of a product with nothing in stock in any size, in the product's order. */
export function colorsWithoutStock(
  colors: readonly string[],
  variants: readonly Pick<StockedVariant, 'color' | 'stock'>[],
): string[] {
  return variantColors(colors).filter((color) => !variants.some((v) => v.color === color && v.stock > 0));
}
