import { defaultStoreSettings, type StoreSettings } from './store-settings.ts';

/**
 * How much one cart may hold. Stock is taken when an order is placed and an unpaid online
 * order keeps it until it is paid or given up, so without limits one shopper could hold a
 * whole size run (or the catalogue) with a single unpaid order.
 */
export type CartLimits = Pick<StoreSettings, 'maxLineQuantity' | 'maxCartLines'>;

export type CartLimitRefusal = { reason: 'QUANTITY_LIMIT' | 'CART_LINES_LIMIT'; limit: number };

/**
 * Whether a change to one line keeps the cart within the limits. Only growth is checked:
 * lowering a quantity is always allowed, also in a cart filled before the limits existed.
 */
export function lineChangeRefusal(
  change: { lineCount: number; isNewLine: boolean; from: number; to: number },
  limits: CartLimits = defaultStoreSettings,
): CartLimitRefusal | null {
  if (change.isNewLine && change.lineCount >= limits.maxCartLines) {
    return { reason: 'CART_LINES_LIMIT', limit: limits.maxCartLines };
  }
  if (change.to > change.from && change.to > limits.maxLineQuantity) {
    return { reason: 'QUANTITY_LIMIT', limit: limits.maxLineQuantity };
  }
  return null;
}

/** Whether a whole cart may become an order: no more lines than allowed, no line over the limit. */
export function cartLimitRefusal(
  lines: readonly { quantity: number }[],
  limits: CartLimits = defaultStoreSettings,
): CartLimitRefusal | null {
  if (lines.length > limits.maxCartLines) return { reason: 'CART_LINES_LIMIT', limit: limits.maxCartLines };
  if (lines.some((line) => line.quantity > limits.maxLineQuantity)) {
    return { reason: 'QUANTITY_LIMIT', limit: limits.maxLineQuantity };
  }
  return null;
}

export function cartLimitMessage(refusal: CartLimitRefusal): string {
  return refusal.reason === 'QUANTITY_LIMIT'
    ? `You can have at most ${refusal.limit} of one item in your cart.`
    : `Your cart can hold at most ${refusal.limit} different items.`;
}
