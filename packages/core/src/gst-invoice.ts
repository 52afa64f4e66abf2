import type { Paise } from './money.ts';

/**
 * The tax side of a GST invoice (CGST Rule 46): per line the taxable value, the rate and the
 * tax, split into CGST and SGST when goods are delivered within the seller's own state and
 * charged as IGST when they cross a state border (place of supply: where the goods are
 * delivered). The invoice restates what the order charged: its taxable values add up to the
 * order's items total less its discount plus shipping, and its taxes to the order's GST, to
 * the paisa, whatever rounding the order's GST went through. Prices that include GST (an owner
 * setting, issue 26) are restated by their own rule: each line's taxes are what its amount
 * contains (`inclusiveTaxes`, CGST Rule 35), so the lines add up to what was paid.
 */

export interface InvoiceGoodsLine {
  description: string;
  hsn: string;
  quantity: number;
  /** Price of one unit, before the order's discount. */
  unitPrice: Paise;
  ratePercent: number;
}

export interface InvoiceCharge {
  /** What the order charged: its discount, shipping and GST as stored. */
  discount: Paise;
  /**
   * The discount on each goods line, as the order's coupon gave it (it reduces only the lines
   * it applies to); absent (an order placed before orders kept it), or not adding up to the
   * discount, the discount is shared in proportion to the lines' values.
   */
  lineDiscounts?: readonly Paise[] | null;
  shipping: Paise;
  gst: Paise;
  /** Shipping is its own taxable line, at the goods' rate (one composite supply). */
  shippingSac: string;
  shippingRatePercent: number;
  /** The order was priced with GST inside its prices: each line's tax is taken out of it. */
  pricesIncludeGst?: boolean;
}

export interface InvoiceTaxLine {
  description: string;
  hsn: string;
  quantity: number;
  /** Line value before the discount (price × quantity). */
  grossValue: Paise;
  /** This line's part of the order's discount. */
  discount: Paise;
  /**
   * What GST is charged on: grossValue − discount, or, for prices that include GST, the part of
   * that amount which is not GST.
   */
  taxableValue: Paise;
  ratePercent: number;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
}

export type SupplyKind = 'intra-state' | 'inter-state';

/**
 * GST state codes of the union territories without a legislature: Chandigarh, Dadra and Nagar
 * Haveli and Daman and Diu, Lakshadweep, Andaman and Nicobar Islands, Ladakh. A supply within
 * one of them pays UTGST (the UTGST Act, 2017) where a state's pays SGST; Delhi, Puducherry and
 * Jammu and Kashmir have legislatures and levy SGST.
 */
const utgstTerritories = new Set(['04', '25', '26', '31', '35', '38']);

/** The name of the tax beside CGST on a supply within `stateCode`: "SGST", or "UTGST". */
export function stateTaxName(stateCode: string): 'SGST' | 'UTGST' {
  return utgstTerritories.has(stateCode) ? 'UTGST' : 'SGST';
}

/** Within the seller's state the tax is CGST + SGST (or UTGST); across a border, IGST. */
export function supplyKind(sellerStateCode: string, placeOfSupplyCode: string): SupplyKind {
  return sellerStateCode === placeOfSupplyCode ? 'intra-state' : 'inter-state';
}

/**
 * The taxes an amount inclusive of GST at `percent` contains, as CGST Rule 35 determines them:
 * each tax is the amount × its own rate / (100 + the rates together), to the paisa, halves up.
 * Across a border that is IGST at the whole rate; within the seller's state CGST and SGST at
 * half the rate each, so the two are always equal. The taxable value is the rest, so the parts
 * add up to the amount exactly. The one rounding rule of prices that include GST, for the cart's
 * totals and the invoice alike; which taxes a price holds depends on where the goods go, so a
 * cart priced before its address is known counts them as across a border.
 */
export function inclusiveTaxes(
  amount: Paise,
  percent: number,
  kind: SupplyKind,
): Pick<InvoiceTaxLine, 'taxableValue' | 'cgst' | 'sgst' | 'igst'> {
  // Integer arithmetic in hundredths of a percent (1.5 % and 0.25 % too), halves up.
  const rate = Math.round(percent * 100);
  const divisor = 10_000 + rate;
  if (kind === 'inter-state') {
    const igst = Math.floor((2 * amount * rate + divisor) / (2 * divisor));
    return { taxableValue: amount - igst, cgst: 0, sgst: 0, igst };
  }
  const half = Math.floor((amount * rate + divisor) / (2 * divisor));
  return { taxableValue: amount - 2 * half, cgst: half, sgst: half, igst: 0 };
}

/** The taxable value an amount inclusive of GST at `percent` contains across a border (`inclusiveTaxes`). */
export function taxableOfInclusive(amount: Paise, percent: number): Paise {
  return inclusiveTaxes(amount, percent, 'inter-state').taxableValue;
}

/**
 * Shares `total` among whole-number `weights` in proportion, in whole paise that add up to
 * `total` exactly: each share rounded down, then the paise left over go to the largest
 * remainders (earlier lines first on a tie). In BigInt: total × weight passes 2^53 for large
 * orders.
 */
export function apportion(total: Paise, weights: readonly number[]): Paise[] {
  const big = weights.map((w) => BigInt(w));
  const sum = big.reduce((a, b) => a + b, 0n);
  if (sum <= 0n || total === 0) return weights.map(() => 0);
  const scaled = big.map((w) => BigInt(total) * w);
  const shares = scaled.map((value) => value / sum);
  let left = BigInt(total) - shares.reduce((a, b) => a + b, 0n);
  const byRemainder = scaled
    .map((value, index) => ({ index, remainder: value % sum }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (left <= 0n) break;
    shares[index]! += 1n;
    left -= 1n;
  }
  return shares.map(Number);
}

/** The order's discount per goods line: as the coupon gave it, when that is whole and adds up; else shared by value. */
function goodsDiscounts(gross: readonly Paise[], charge: InvoiceCharge): Paise[] {
  const given = charge.lineDiscounts;
  const fits =
    given &&
    given.length === gross.length &&
    given.every((d, i) => Number.isInteger(d) && d >= 0 && d <= gross[i]!) &&
    given.reduce((a, b) => a + b, 0) === charge.discount;
  return fits ? [...given] : apportion(charge.discount, gross);
}

/** An invoice line before its taxes: what it sold, its part of the discount and its taxable value. */
export type InvoiceValueLine = Omit<InvoiceTaxLine, 'cgst' | 'sgst' | 'igst'>;

/**
 * The invoice's lines before their taxes: goods lines with their part of the discount (the
 * coupon's own per line, as a discount shown on the invoice reduces the taxable value of the
 * lines it is given on), then shipping. Each taxable value is the line's value after its
 * discount, as prices before GST have it.
 */
export function invoiceValueLines(goods: readonly InvoiceGoodsLine[], charge: InvoiceCharge): InvoiceValueLine[] {
  const gross = goods.map((line) => line.unitPrice * line.quantity);
  const discounts = goodsDiscounts(gross, charge);
  const lines = goods.map((line, i) => ({
    description: line.description,
    hsn: line.hsn,
    quantity: line.quantity,
    grossValue: gross[i]!,
    discount: discounts[i]!,
    taxableValue: gross[i]! - discounts[i]!,
    ratePercent: line.ratePercent,
  }));
  if (charge.shipping > 0) {
    lines.push({
      description: 'Shipping',
      hsn: charge.shippingSac,
      quantity: 1,
      grossValue: charge.shipping,
      discount: 0,
      taxableValue: charge.shipping,
      ratePercent: charge.shippingRatePercent,
    });
  }
  return lines;
}

/**
 * The invoice's lines (`invoiceValueLines`) with their taxes, as the order was priced. Prices
 * before GST: the order's GST is shared among the lines in proportion to rate × taxable value,
 * all IGST, or CGST and SGST in equal halves on every line. Prices including GST: each line's
 * amount after its discount holds its taxes by CGST Rule 35 (`inclusiveTaxes`: IGST, or CGST
 * and SGST alike) and its taxable value, the rest; the order, priced for the same supply, has
 * their sum as its GST.
 */
export function invoiceTaxLines(
  goods: readonly InvoiceGoodsLine[],
  charge: InvoiceCharge,
  kind: SupplyKind,
): InvoiceTaxLine[] {
  const lines = invoiceValueLines(goods, charge);
  if (charge.pricesIncludeGst) {
    return lines.map((line) => ({ ...line, ...inclusiveTaxes(line.taxableValue, line.ratePercent, kind) }));
  }
  // Rates in hundredths of a percent, so 0.25 % and 1.5 % weigh as whole numbers too.
  const weights = lines.map((line) => line.taxableValue * Math.round(line.ratePercent * 100));
  if (kind === 'inter-state') {
    const taxes = apportion(charge.gst, weights);
    return lines.map((line, i) => ({ ...line, cgst: 0, sgst: 0, igst: taxes[i]! }));
  }
  // CGST and SGST are equal halves of one rate, on every line. The order's GST is whole rupees
  // (an even number of paise), so its half is shared among the lines and each takes it twice.
  const evenGst = charge.gst % 2 === 0;
  const halves = apportion(evenGst ? charge.gst / 2 : charge.gst, weights);
  return lines.map((line, i) => {
    if (evenGst) return { ...line, cgst: halves[i]!, sgst: halves[i]!, igst: 0 };
    const sgst = Math.floor(halves[i]! / 2);
    return { ...line, cgst: halves[i]! - sgst, sgst, igst: 0 };
  });
}

export interface InvoiceTotals {
  taxableValue: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  /** taxable value + every tax: the order's total. */
  total: Paise;
}

export function invoiceTotals(lines: readonly InvoiceTaxLine[]): InvoiceTotals {
  const sum = (pick: (line: InvoiceTaxLine) => number) => lines.reduce((n, line) => n + pick(line), 0);
  const totals = {
    taxableValue: sum((l) => l.taxableValue),
    cgst: sum((l) => l.cgst),
    sgst: sum((l) => l.sgst),
    igst: sum((l) => l.igst),
  };
  return { ...totals, total: totals.taxableValue + totals.cgst + totals.sgst + totals.igst };
}

/** One HSN (or SAC) code at one rate on the invoice: its lines' values and taxes added up. */
export interface HsnSummaryLine {
  hsn: string;
  ratePercent: number;
  quantity: number;
  taxableValue: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
}

/**
 * The invoice's HSN-wise summary: its lines grouped by HSN/SAC code and rate, in the order
 * each first appears, each the exact sum of its lines (so the summary adds up to the invoice).
 */
export function hsnSummary(lines: readonly InvoiceTaxLine[]): HsnSummaryLine[] {
  const groups = new Map<string, HsnSummaryLine>();
  for (const line of lines) {
    const key = `${line.hsn}|${line.ratePercent}`;
    const group = groups.get(key) ?? {
      hsn: line.hsn,
      ratePercent: line.ratePercent,
      quantity: 0,
      taxableValue: 0,
      cgst: 0,
      sgst: 0,
      igst: 0,
    };
    group.quantity += line.quantity;
    group.taxableValue += line.taxableValue;
    group.cgst += line.cgst;
    group.sgst += line.sgst;
    group.igst += line.igst;
    groups.set(key, group);
  }
  return [...groups.values()];
}
