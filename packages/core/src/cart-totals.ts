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
 * The totals of a cart, its checkout and its order: one function, so the three always agree.
 * The discount is clamped to the subtotal; an empty cart costs nothing (no shipping either).
 * Shipping is free once the items after discount reach the shop's threshold, if it has one.
 */
export function cartTotals(
  lines: readonly PricedLine[],
  discount: Paise = 0,
  settings: Pick<StoreSettings, 'shippingFee' | 'gstPercent'> &
    Partial<Pick<ShopSettings, 'freeShippingThreshold'>> = defaultStoreSettings,
): CartTotals {
  const subtotal = subtotalOf(lines);
  if (subtotal === 0) return { subtotal: 0, discountAmount: 0, shipping: 0, gst: 0, total: 0 };
  const discountAmount = Math.min(Math.max(0, discount), subtotal);
  const freeShippingThreshold = settings.freeShippingThreshold ?? null;
  const shipping = shipsFree(subtotal - discountAmount, { freeShippingThreshold }) ? 0 : settings.shippingFee;
  const taxable = subtotal - discountAmount + shipping;
  const gst = gstOn(taxable, settings.gstPercent);
  return { subtotal, discountAmount, shipping, gst, total: taxable + gst };
}
