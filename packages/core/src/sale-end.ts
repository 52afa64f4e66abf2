/**
 * A product's sale end (issue 26): until it the product sells at its marked-down prices, from it
 * at its original prices, wherever the shop shows or charges one. The server's periodic job
 * writes the end into the product (price := original price, no original price, no sale end);
 * these rules say the same of a product read before the job has run, so no shopper is shown or
 * charged a sale price once its end has passed.
 */
import { variantPrice } from './variants.ts';

/** A price with the one it is marked down from (null: not marked down). */
export interface MarkedPrice {
  price: number;
  originalPrice: number | null;
}

/** A variant's own price (null: the product's), with the one it is marked down from. */
export interface OwnPrice {
  price: number | null;
  originalPrice: number | null;
}

/** Whether a sale ending at `saleEndsAt` is over at `now` (ms); no end: it never ends by itself. */
export function saleHasEnded(saleEndsAt: string | null | undefined, now: number): boolean {
  if (!saleEndsAt) return false;
  const end = Date.parse(saleEndsAt);
  return !Number.isNaN(end) && end <= now;
}

/** Whether a price is marked down: an original price above it. */
export function isMarkedDown(price: MarkedPrice): boolean {
  return price.originalPrice !== null && price.originalPrice > price.price;
}

/** A price once its sale is over: its original price when that was above it, and no markdown left. */
export function priceAfterSale<T extends MarkedPrice>(price: T): T {
  return { ...price, price: isMarkedDown(price) ? price.originalPrice! : price.price, originalPrice: null };
}

/** A variant's own price once the product's sale is over; one without its own follows the product's. */
export function variantAfterSale<T extends OwnPrice>(variant: T): T {
  if (variant.price === null) return { ...variant, originalPrice: null };
  const after = priceAfterSale({ price: variant.price, originalPrice: variant.originalPrice });
  return { ...variant, price: after.price, originalPrice: null };
}

/**
 * Whether the product has something on sale: some variant as it is sold (its own price, else the
 * product's) is marked down; a product without variants, its own price. A sale end needs one.
 */
export function hasMarkdown(product: MarkedPrice, variants: readonly OwnPrice[]): boolean {
  if (variants.length === 0) return isMarkedDown(product);
  return variants.some((variant) => isMarkedDown(variantPrice(product, variant)));
}

/**
 * A product as it stands at `now` (ms): once its sale has ended, at its original prices with no
 * sale end, as the job will write it; a sale end with nothing marked down is no sale end (no
 * countdown to a sale that is not there).
 */
export function productAt<V extends OwnPrice, P extends MarkedPrice & { saleEndsAt: string | null; variants: V[] }>(
  product: P,
  now: number,
): P {
  if (product.saleEndsAt === null) return product;
  if (saleHasEnded(product.saleEndsAt, now)) {
    return { ...priceAfterSale(product), saleEndsAt: null, variants: product.variants.map(variantAfterSale) };
  }
  return hasMarkdown(product, product.variants) ? product : { ...product, saleEndsAt: null };
}

/**
 * What one piece of a variant is charged at `now`: its own price or the product's, the original
 * one once the product's sale has ended.
 */
export function chargedPrice(
  product: MarkedPrice & { saleEndsAt: string | null },
  variant: OwnPrice | undefined,
  now: number,
): number {
  const sold = variantPrice(product, variant);
  return saleHasEnded(product.saleEndsAt, now) ? priceAfterSale(sold).price : sold.price;
}

export type SaleEndRefusalReason = 'SALE_END_PASSED' | 'SALE_WITHOUT_MARKDOWN';

export interface SaleEndRefusal {
  reason: SaleEndRefusalReason;
  message: string;
  /** What the staff form says under the sale end field. */
  field: string;
}

const refusals: Record<SaleEndRefusalReason, Omit<SaleEndRefusal, 'reason'>> = {
  SALE_END_PASSED: {
    message: 'The sale end has already passed: choose a later date and time, or clear the sale end.',
    field: 'must be later than now',
  },
  SALE_WITHOUT_MARKDOWN: {
    message:
      'A sale end needs something on sale: give an original price above the price (the product’s or a variant’s), or clear the sale end.',
    field: 'needs an original price above the price',
  },
};

/**
 * Why a product may not be saved with this sale end, or null: an end staff set must be still to
 * come (`setNow`: the write sets it), and a product with a sale end must have something marked
 * down, or the countdown would run to nothing.
 */
export function saleEndRefusal(
  saleEndsAt: string | null,
  product: MarkedPrice,
  variants: readonly OwnPrice[],
  now: number,
  { setNow }: { setNow: boolean },
): SaleEndRefusal | null {
  if (saleEndsAt === null) return null;
  const reason: SaleEndRefusalReason | null =
    setNow && saleHasEnded(saleEndsAt, now)
      ? 'SALE_END_PASSED'
      : hasMarkdown(product, variants)
        ? null
        : 'SALE_WITHOUT_MARKDOWN';
  return reason && { reason, ...refusals[reason] };
}
