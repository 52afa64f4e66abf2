import { apportion } from './gst-invoice.ts';
import type { Paise } from './money.ts';
import { shipsFree, type ShopSettings } from './shop-settings.ts';
import { defaultStoreSettings, type StoreSettings } from './store-settings.ts';

/** One line of a cart or order, as pricing sees it: integer paise, whole quantities. */
export interface PricedLine {
  productId: string;
  categoryId: string;
  /** Unit price in paise. */
  price: Paise;
  quantity: number;
  /** GST rate of the line's category, whole percent; the store's rate when absent. */
  gstPercent?: number;
}

export interface CartTotals {
  /** Σ price × quantity ("Items Total"). */
  subtotal: Paise;
  discountAmount: Paise;
  shipping: Paise;
  gst: Paise;
  /** subtotal − discount + shipping + GST ("Subtotal (Payable)"). */
  total: Paise;
}

export function subtotalOf(lines: readonly PricedLine[]): Paise {
  return lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
}

/**
 * GST on an amount, rounded to whole rupees, halves up (spec §9: "18 percent of that sum,
 * rounded to a whole number"). Integer arithmetic only: no binary fractions of a paisa.
 */
export function gstOn(amount: Paise, percent: number): Paise {
  const rupees = Math.floor((amount * percent + 5000) / 10000);
  return rupees * 100;
}

/**
 * The rate shipping is taxed at: delivery is part of one composite supply, taxed at the rate
 * of its principal supply, taken here as the highest rate among the lines (the store's rate
 * for a cart with no lines).
 */
export function shippingGstPercent(lines: readonly PricedLine[], storePercent: number): number {
  return lines.reduce((top, line) => Math.max(top, line.gstPercent ?? storePercent), lines.length ? 0 : storePercent);
}

/**
 * A discount as it falls on the lines, in whole paise, the one rounding rule for it: given
 * per line (a coupon that reduces only some lines, coupon-rules.ts), as given; given as one
 * amount (a coupon on the whole cart), shared in proportion to each line's value, each share
 * rounded down and the paise left over to the largest remainders (`apportion`). The shares
 * add up to the discount exactly, and the invoice's taxable values follow them.
 */
export function discountByLine(lines: readonly PricedLine[], discount: Paise | readonly Paise[]): Paise[] {
  if (typeof discount !== 'number') return [...discount];
  return apportion(
    discount,
    lines.map((line) => line.price * line.quantity),
  );
}

/**
 * GST on a supply of lines (each at its own rate) and shipping, once rounded to whole rupees
 * (halves up) for the whole order. The discount lowers each line's taxable value by its share
 * (`discountByLine`), as the invoice shows it. With one rate for everything this is exactly
 * that rate on (subtotal − discount + shipping).
 */
export function gstOfSupply(
  lines: readonly PricedLine[],
  discount: Paise | readonly Paise[],
  shipping: Paise,
  storePercent: number,
): Paise {
  const gross = lines.map((line) => line.price * line.quantity);
  const shares = discountByLine(lines, discount);
  // Σ value × percent: paise × percent, an integer (percent rates are whole numbers).
  const weighted = lines.reduce(
    (sum, line, i) => sum + (gross[i]! - shares[i]!) * (line.gstPercent ?? storePercent),
    shipping * shippingGstPercent(lines, storePercent),
  );
  return Math.floor((weighted + 5000) / 10000) * 100;
}

/**
 * The totals of a cart, its checkout and its order: one function, so the three always agree.
 * The discount, one amount or one per line (each within its line's value), is clamped to the
 * subtotal; an empty cart costs nothing (no shipping either). Shipping is free once the items
 * after discount reach the shop's threshold, if it has one.
 */
export function cartTotals(
  lines: readonly PricedLine[],
  discount: Paise | readonly Paise[] = 0,
  settings: Pick<StoreSettings, 'shippingFee' | 'gstPercent'> &
    Partial<Pick<ShopSettings, 'freeShippingThreshold'>> = defaultStoreSettings,
): CartTotals {
  const subtotal = subtotalOf(lines);
  if (subtotal === 0) return { subtotal: 0, discountAmount: 0, shipping: 0, gst: 0, total: 0 };
  const perLine =
    typeof discount === 'number'
      ? null
      : lines.map((line, i) => Math.min(Math.max(0, discount[i] ?? 0), line.price * line.quantity));
  const discountAmount = perLine
    ? perLine.reduce((a, b) => a + b, 0)
    : Math.min(Math.max(0, discount as Paise), subtotal);
  const freeShippingThreshold = settings.freeShippingThreshold ?? null;
  const shipping = shipsFree(subtotal - discountAmount, { freeShippingThreshold }) ? 0 : settings.shippingFee;
  const taxable = subtotal - discountAmount + shipping;
  const gst = gstOfSupply(lines, perLine ?? discountAmount, shipping, settings.gstPercent);
  return { subtotal, discountAmount, shipping, gst, total: taxable + gst };
}
