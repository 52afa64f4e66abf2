import { BRAND_SKU_PREFIX } from './brand.ts';

/**
 * A product is sold as variants: one per colour and size, each with its own SKU and stock, and
 * optionally its own price. A product with no colour named has one unnamed colour, `''`.
 */
export interface VariantKey {
  color: string;
  size: string;
}

export interface StockedVariant extends VariantKey {
  sku: string;
  stock: number;
  /** Paise; null: the product's price. */
  price: number | null;
  originalPrice: number | null;
}

/** The colour a product without named colours is sold in. */
export const UNNAMED_COLOR = '';

/** The colours a product's variants are kept under: its named colours, or the one unnamed colour. */
export function variantColors(colors: readonly string[]): string[] {
  return colors.length > 0 ? [...colors] : [UNNAMED_COLOR];
}

/** "Navy / M", or "M" for a product without named colours. */
export function variantLabel({ color, size }: VariantKey): string {
  return color === UNNAMED_COLOR ? size : `${colorName(color)} / ${size}`;
}

/** The variant in a sentence: "Navy, size M", or "size M" for a product without named colours. */
export function variantPhrase({ color, size }: VariantKey): string {
  return color === UNNAMED_COLOR ? `size ${size}` : `${colorName(color)}, size ${size}`;
}

/**
 * An order line as a tax invoice describes it: "Oxford Shirt (Navy / M, SKU KP-OXF-NAV-M)"; a line
 * from before variants, with no colour or SKU kept, as it was: "Oxford Shirt (M)".
 */
export function orderLineDescription(line: {
  name: string;
  color: string | null;
  size: string;
  sku: string | null;
}): string {
  const variant = line.color === null ? line.size : variantLabel({ color: line.color, size: line.size });
  return `${line.name} (${variant}${line.sku ? `, SKU ${line.sku}` : ''})`;
}

/** The colour as shoppers read it: "Sky blue". */
export function colorName(color: string): string {
  return color.charAt(0).toUpperCase() + color.slice(1);
}

const skuPart = (text: string, length: number) =>
  text
    .toUpperCase()
    .replace(/[^A-Z0-9 ]/g, '')
    .split(' ')
    .filter(Boolean)
    .map((word, i, words) => (words.length === 1 ? word.slice(0, length) : word.slice(0, i === 0 ? length - 1 : 1)))
    .join('')
    .slice(0, length);

// Words that name a product's kind, not the product: "Oxford Button-Down Shirt" is OXF, not SHI.
const generic = new Set(['THE', 'AND', 'WITH', 'MENS', 'MEN', 'A']);

/**
 * The SKU a variant gets when staff leave it empty: brand, product, colour and size, as
 * `KP-OXF-NAV-M`. `taken` answers whether a SKU is in use; a clash gets a number (`KP-OXF-NAV-M-2`).
 */
export function generatedSku(productName: string, key: VariantKey, taken: (sku: string) => boolean): string {
  const words = productName
    .toUpperCase()
    .replace(/[^A-Z0-9 ]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 0 && !generic.has(w));
  const product = (words[0] ?? 'ITEM').slice(0, 3);
  const parts = [BRAND_SKU_PREFIX, product];
  if (key.color !== UNNAMED_COLOR) parts.push(skuPart(key.color, 3) || 'CLR');
  parts.push(key.size.toUpperCase().replace(/[^A-Z0-9]/g, '') || 'OS');
  const base = parts.join('-');
  if (!taken(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken(candidate)) return candidate;
  }
}

/** What staff may type as a SKU: letters, digits and dashes, upper-cased. */
export const SKU_PATTERN = /^[A-Z0-9][A-Z0-9-]{0,39}$/;

/**
 * The variants a product has for its colours and sizes: one per colour and size, in colour then
 * size order, keeping what `existing` holds for each (stock, SKU, price) and starting new ones at
 * zero stock with no SKU yet (''). With `sizeTotals`, each size named is brought to that total
 * over every colour (`withSizeTotal`): the flat "sizes with stock" a product write sends is what
 * staff read, each size's stock over every colour.
 */
export function reconcileVariants(
  colors: readonly string[],
  sizes: readonly string[],
  existing: readonly StockedVariant[],
  sizeTotals?: ReadonlyMap<string, number>,
): StockedVariant[] {
  const held = new Map(existing.map((v) => [variantKeyOf(v), v]));
  const ordered = variantColors(colors);
  const kept = ordered.flatMap((color, colorIndex) =>
    sizes.map((size) => {
      const before = held.get(variantKeyOf({ color, size })) ?? keptFromUnnamed(held, color, colorIndex, size);
      return {
        color,
        size,
        sku: before?.sku ?? '',
        stock: before?.stock ?? 0,
        price: before?.price ?? null,
        originalPrice: before?.originalPrice ?? null,
      };
    }),
  );
  if (!sizeTotals) return kept;
  for (const [size, total] of sizeTotals) {
    const ofSize = kept.filter((v) => v.size === size);
    const stocks = withSizeTotal(
      ofSize.map((v) => v.stock),
      total,
    );
    ofSize.forEach((v, i) => (v.stock = stocks[i]!));
  }
  return kept;
}

/**
 * The size totals a flat write sets (see `reconcileVariants`): each size's figure, except a
 * size still at `stockWas`, the figure the client read before it was edited. Staff did not
 * change that size, so it keeps whatever orders left meanwhile: a form loaded before a sale
 * and saved after would otherwise put the sold pieces back. A figure staff changed is set as
 * typed (a count, not an adjustment), as the grid's cells are; a size sent without `stockWas`
 * is set too (the specification's shape, which says nothing of what was read). A size the
 * product no longer sells (`stocked` leaves it out: removed since the form was read) has no
 * stock to keep, and is set to the figure the form shows.
 */
export function sizeTotalsToSet(
  sizes: readonly { size: string; stock: number; stockWas?: number | undefined }[],
  stocked: ReadonlySet<string>,
): Map<string, number> {
  return new Map(sizes.filter((s) => s.stockWas !== s.stock || !stocked.has(s.size)).map((s) => [s.size, s.stock]));
}

/**
 * One size's stock per colour (in colour order) brought to `total` over every colour: what is
 * added goes to the first colour; what is taken comes from the first colour, then the next, so no
 * colour goes below zero. A total already right changes nothing.
 */
export function withSizeTotal(stocks: readonly number[], total: number): number[] {
  const out = [...stocks];
  if (out.length === 0) return out;
  let delta = total - out.reduce((a, b) => a + b, 0);
  if (delta > 0) out[0]! += delta;
  for (let i = 0; delta < 0 && i < out.length; i++) {
    const taken = Math.min(out[i]!, -delta);
    out[i]! -= taken;
    delta += taken;
  }
  return out;
}

// A product that gains its first named colour keeps its stock on that colour, not lost with the
// unnamed one.
function keptFromUnnamed(
  held: ReadonlyMap<string, StockedVariant>,
  color: string,
  colorIndex: number,
  size: string,
): StockedVariant | undefined {
  if (colorIndex !== 0 || color === UNNAMED_COLOR) return undefined;
  return held.get(variantKeyOf({ color: UNNAMED_COLOR, size }));
}

/** How many order numbers a refusal names before counting the rest. */
const NAMED_ORDERS = 3;

/**
 * Why staff cannot remove variants that open orders still hold: a cancellation (or a parcel
 * returned to origin) gives those pieces back to the variant, so it must still be there.
 * "Navy / XL cannot be removed: open orders hold pieces of it (KP-1001). Set its stock to 0 to
 * stop selling it, and remove it once those orders are delivered or cancelled."
 */
export function heldVariantsMessage(held: readonly { variant: VariantKey; orders: readonly string[] }[]): string {
  const each = held.map(({ variant, orders }) => {
    const named = orders.slice(0, NAMED_ORDERS).join(', ');
    const more = orders.length > NAMED_ORDERS ? ` and ${orders.length - NAMED_ORDERS} more` : '';
    return `${variantLabel(variant)} (${named}${more})`;
  });
  const one = held.length === 1;
  return (
    `${each.join('; ')} cannot be removed: open orders hold pieces of ${one ? 'it' : 'them'}. ` +
    `Set ${one ? 'its' : 'their'} stock to 0 to stop selling ${one ? 'it' : 'them'}, and remove ` +
    `${one ? 'it' : 'them'} once those orders are delivered or cancelled.`
  );
}

export function variantKeyOf({ color, size }: VariantKey): string {
  return `${color}\u0000${size}`;
}

/** The colour a product page shows first: the one asked for if the product has it, else the first in stock, else the first. */
export function initialColor(
  colors: readonly string[],
  variants: readonly Pick<StockedVariant, 'color' | 'stock'>[],
  asked?: string | null,
): string {
  const ordered = variantColors(colors);
  const wanted = asked?.trim().toLowerCase();
  if (wanted && ordered.includes(wanted)) return wanted;
  return ordered.find((c) => variants.some((v) => v.color === c && v.stock > 0)) ?? ordered[0]!;
}

/** The colours with some size in stock, in the product's order. */
export function colorsInStock(
  colors: readonly string[],
  variants: readonly Pick<StockedVariant, 'color' | 'stock'>[],
): string[] {
  return colors.filter((c) => variants.some((v) => v.color === c && v.stock > 0));
}

/** A variant's own price, or the product's. */
export function variantPrice(
  product: { price: number; originalPrice: number | null },
  variant: Pick<StockedVariant, 'price' | 'originalPrice'> | undefined,
): { price: number; originalPrice: number | null } {
  if (!variant || variant.price === null) return { price: product.price, originalPrice: product.originalPrice };
  return { price: variant.price, originalPrice: variant.originalPrice };
}

/**
 * The message an add to cart gets when the colour is missing or unknown: a product with several
 * colours needs one chosen; a product with one may leave it out.
 */
export const CHOOSE_COLOR_MESSAGE = 'Please select a colour before adding to cart.';

/**
 * The colour an add to cart is for: the one given if the product has it, the only colour when
 * none is given and there is only one, otherwise null (the shopper must choose). A product
 * without named colours sells its one unnamed colour whatever a stale page names: the shopper
 * could choose nothing else.
 */
export function cartColor(colors: readonly string[], given: string | undefined): string | null {
  const ordered = variantColors(colors);
  if (colors.length === 0) return UNNAMED_COLOR;
  if (given === undefined || given.trim() === '') return ordered.length === 1 ? ordered[0]! : null;
  const wanted = given.trim().toLowerCase();
  return ordered.includes(wanted) ? wanted : null;
}

export interface ColorPhoto {
  url: string;
  /** null: a photo of every colour. */
  color: string | null;
}

/**
 * The gallery of one colour: its own photos, then the shared ones. A colour with no photo of its
 * own and none shared shows the product's photos, so no colour is ever without a picture.
 */
export function colorGallery(photos: readonly ColorPhoto[], color: string): string[] {
  const own = photos.filter((p) => p.color === color).map((p) => p.url);
  const shared = photos.filter((p) => p.color === null).map((p) => p.url);
  const gallery = [...own, ...shared];
  return gallery.length > 0 ? gallery : photos.map((p) => p.url);
}
