import { discountByLine, shippingGstPercent, subtotalOf, type PricedLine } from './cart-totals.ts';
import { inclusiveTaxes, type SupplyKind } from './gst-invoice.ts';
import type { Paise } from './money.ts';

/**
 * Prices that include GST (an owner setting, issue 26): what the shopper pays is the price, and
 * the tax is what that amount contains. One rounding rule, the invoice's (`inclusiveTaxes`, CGST
 * Rule 35): each tax a line's amount after discount holds is that amount × its rate / (100 +
 * the rates together), to the paisa, halves up, and its taxable value is the rest, so every
 * line, and so the invoice, adds up to what was paid exactly.
 */

export interface InclusiveLine {
  /** The line's amount after its discount: what the shopper pays for it. */
  amount: Paise;
  taxable: Paise;
  tax: Paise;
  percent: number;
}

export interface InclusiveTotals {
  subtotal: Paise;
  discountAmount: Paise;
  shipping: Paise;
  /** The GST the total contains (lines and shipping). */
  gst: Paise;
  /** subtotal − discount + shipping: GST is inside, never added. */
  total: Paise;
  lines: InclusiveLine[];
  shippingLine: InclusiveLine;
}

/**
 * The totals of a cart whose prices include GST: the discount shared over the lines by the one
 * rule for it (`discountByLine`), each line's tax taken out of its amount, shipping's at the
 * rate of the principal supply. The total is what the cart showed; GST never grows it. The
 * taxes are those of `kind` of supply (within the seller's state CGST and SGST, each rounded;
 * across a border IGST): a cart not yet sent anywhere counts them as across a border.
 */
export function inclusiveTotals(
  lines: readonly PricedLine[],
  discount: Paise | readonly Paise[],
  shipping: Paise,
  storePercent: number,
  kind: SupplyKind = 'inter-state',
): InclusiveTotals {
  const subtotal = subtotalOf(lines);
  const shares = discountByLine(lines, discount).map((share, i) =>
    Math.min(Math.max(0, share), lines[i]!.price * lines[i]!.quantity),
  );
  const split = (amount: Paise, percent: number): InclusiveLine => {
    const taxable = inclusiveTaxes(amount, percent, kind).taxableValue;
    return { amount, taxable, tax: amount - taxable, percent };
  };
  const splitLines = lines.map((line, i) =>
    split(line.price * line.quantity - shares[i]!, line.gstPercent ?? storePercent),
  );
  const shippingLine = split(shipping, shippingGstPercent(lines, storePercent));
  const discountAmount = shares.reduce((a, b) => a + b, 0);
  return {
    subtotal,
    discountAmount,
    shipping,
    gst: splitLines.reduce((sum, l) => sum + l.tax, shippingLine.tax),
    total: subtotal - discountAmount + shipping,
    lines: splitLines,
    shippingLine,
  };
}
