/**
 * What the product page shows for the colour chosen: its sizes with their stock, its photos, its
 * price and its address. Pure, so the server renderer and the browser agree on every colour.
 */
import {
  colorGallery,
  initialColor,
  variantColors,
  variantPrice,
  type Product,
  type ProductSize,
  type ProductVariant,
} from '@shop/core';
import { COLOR_PARAM, SIZE_PARAM } from '../../lib/product-path.ts';

export { COLOR_PARAM, SIZE_PARAM, productColorPath } from '../../lib/product-path.ts';

/** The colour the address asks for (`?color=navy`), or null. */
export function askedColor(search: string): string | null {
  const asked = new URLSearchParams(search).get(COLOR_PARAM)?.trim().toLowerCase();
  return asked ? asked : null;
}

/** The size the address asks for (`?size=M`), or null. */
export function askedSize(search: string): string | null {
  const asked = new URLSearchParams(search).get(SIZE_PARAM)?.trim();
  return asked ? asked : null;
}

/**
 * The size chosen, as the colour's sizes spell it, while that size is in stock; null otherwise
 * (a size the address names that the colour does not have, or has sold out, is no choice).
 */
export function sizeInStock(sizes: readonly ProductSize[], wanted: string | null): string | null {
  if (wanted === null) return null;
  const upper = wanted.toUpperCase();
  return sizes.find((s) => s.size.toUpperCase() === upper && s.stock > 0)?.size ?? null;
}

/**
 * The colour shown before the shopper chooses: the one asked for if the product has it; with
 * the product fetched (its variants known), else the first in stock; with only the products
 * page's summary (no variants), the only colour, or none yet.
 */
export function preselectedColor(
  colors: readonly string[],
  variants: readonly ProductVariant[] | undefined,
  asked: string | null,
): string | null {
  if (variants) return initialColor(colors, variants, asked);
  const ordered = variantColors(colors);
  if (asked && ordered.includes(asked)) return asked;
  return ordered.length === 1 ? ordered[0]! : null;
}

/**
 * The sizes of one colour with that colour's stock, in the product's size order; null when the
 * variants are not known (yet), so the product's sizes (every colour together) stand in.
 */
export function sizesOfColor(
  variants: readonly ProductVariant[] | undefined,
  color: string | null,
): ProductSize[] | null {
  if (!variants || variants.length === 0 || color === null) return null;
  return variants.filter((v) => v.color === color).map(({ size, stock }) => ({ size, stock }));
}

/** Whether some size of the colour is in stock (true while the variants are not known). */
export function colorInStock(variants: readonly ProductVariant[] | undefined, color: string): boolean {
  if (!variants || variants.length === 0) return true;
  return variants.some((v) => v.color === color && v.stock > 0);
}

/**
 * The price shown: the chosen size's own price if it has one; with no size chosen, the colour's
 * own price when all its sizes share it; otherwise the product's.
 */
export function shownPrice(
  product: { price: number; originalPrice: number | null },
  variants: readonly ProductVariant[] | undefined,
  color: string | null,
  size: string | null,
): { price: number; originalPrice: number | null } {
  const ofColor = (variants ?? []).filter((v) => v.color === color);
  if (size !== null)
    return variantPrice(
      product,
      ofColor.find((v) => v.size === size),
    );
  const [first] = ofColor;
  const shared = first && ofColor.every((v) => v.price === first.price && v.originalPrice === first.originalPrice);
  return variantPrice(product, shared ? first : undefined);
}

/** The photos of the colour (its own, then the shared ones); the product's images without photo data. */
export function galleryOfColor(
  product: Partial<Pick<Product, 'photos' | 'images'>> & { image: string },
  color: string | null,
): string[] {
  if (product.photos && product.photos.length > 0 && color !== null) return colorGallery(product.photos, color);
  return product.images?.length ? product.images : [product.image].filter(Boolean);
}
