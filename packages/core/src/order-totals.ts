import { cartTotals, type CartTotals, type PricedLine } from './cart-totals.ts';
import type { SupplyKind } from './gst-invoice.ts';
import { inclusiveTotals } from './inclusive-gst.ts';
import type { Paise } from './money.ts';
import type { ShopSettings } from './shop-settings.ts';
import { defaultStoreSettings, type StoreSettings } from './store-settings.ts';

/**
 * The one choice of GST arithmetic (issue 26). Prices before GST (the specification's, the
 * default): GST rounded to whole rupees is added on top (`cartTotals`). Prices including GST
 * (the owner's setting): the total is items − discount + shipping and GST is what it contains
 * (`inclusiveTotals`). The cart, the checkout and the order are priced here; the order keeps
 * which arithmetic priced it, and its invoice and credit notes restate it by the same rule
 * (`invoiceTaxLines` with `pricesIncludeGst`), whatever the setting says later.
 */

/**
 * What pricing needs of the shop's settings: the fixed fee and rate, and the owner's threshold
 * and arithmetic; and, once the order's address is known, the kind of supply it is (the taxes a
 * price including GST holds depend on it; a cart not yet sent anywhere is priced as across a
 * border).
 */
export type PricingSettings = Pick<StoreSettings, 'shippingFee' | 'gstPercent'> &
  Partial<Pick<ShopSettings, 'freeShippingThreshold' | 'pricesIncludeGst'>> & { supplyKind?: SupplyKind };

export interface OrderTotals extends CartTotals {
  /** GST is inside the total (prices include it), not added to it. */
  gstIncluded: boolean;
}

/**
 * The totals of a cart, its checkout and its order under the shop's arithmetic. Shipping,
 * free shipping and the discount's clamping are decided alike in both (they do not depend on
 * GST); only whether GST is added or contained differs.
 */
export function orderTotals(
  lines: readonly PricedLine[],
  discount: Paise | readonly Paise[] = 0,
  settings: PricingSettings = defaultStoreSettings,
): OrderTotals {
  const added = cartTotals(lines, discount, settings);
  if (!settings.pricesIncludeGst) return { ...added, gstIncluded: false };
  if (added.subtotal === 0) return { ...added, gstIncluded: true };
  const shares = typeof discount === 'number' ? added.discountAmount : lines.map((_, i) => discount[i] ?? 0);
  const contained = inclusiveTotals(lines, shares, added.shipping, settings.gstPercent, settings.supplyKind);
  return {
    subtotal: contained.subtotal,
    discountAmount: contained.discountAmount,
    shipping: contained.shipping,
    gst: contained.gst,
    total: contained.total,
    gstIncluded: true,
  };
}
