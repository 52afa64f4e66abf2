import { rupeesInWords } from './amount-in-words.ts';
import {
  invoiceTaxLines,
  invoiceTotals,
  supplyKind,
  type InvoiceGoodsLine,
  type InvoiceTaxLine,
  type InvoiceTotals,
  type SupplyKind,
} from './gst-invoice.ts';
import { findIndianState, indianStates, statesOfPinCode } from './indian-states.ts';
import type { Paise } from './money.ts';

/**
 * What a tax invoice or credit note prints, decided once when it is issued and kept as it
 * was (a snapshot): a later change of the seller's details, a category's HSN code or rate,
 * or the buyer's profile never changes a document already given.
 */
export const taxDocumentKinds = ['invoice', 'credit_note'] as const;
export type TaxDocumentKind = (typeof taxDocumentKinds)[number];

export const taxDocumentTitles: Record<TaxDocumentKind, string> = {
  invoice: 'Tax invoice',
  credit_note: 'Credit note',
};

/** SAC (services accounting code) of goods transport, printed on the shipping line. */
export const SHIPPING_SAC = '9965';

/** The GST slabs a category may be taxed at, percent. */
export const gstRates = [0, 3, 5, 12, 18, 28] as const;

export interface SellerDetails {
  legalName: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  pinCode: string;
  /** GST state code of the seller's registered place of business ("27"). */
  stateCode: string;
  gstin: string;
  invoicePrefix: string;
  creditNotePrefix: string;
}

export interface DocumentParty {
  name: string;
  addressLines: string[];
  stateName: string;
  stateCode: string;
}

export interface TaxDocumentSnapshot {
  kind: TaxDocumentKind;
  title: string;
  number: string;
  /** ISO time of issue. */
  issuedAt: string;
  orderNumber: string;
  orderPlacedAt: string;
  /** The invoice a credit note reverses. */
  against: { number: string; issuedAt: string } | null;
  seller: DocumentParty & { gstin: string };
  buyer: DocumentParty & { phone: string };
  placeOfSupply: { name: string; code: string };
  supplyKind: SupplyKind;
  lines: InvoiceTaxLine[];
  totals: InvoiceTotals;
  amountInWords: string;
}

export interface OrderAddressFacts {
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  pinCode: string;
  phone: string;
}

/** The state or territory of a GST state code. */
export function stateOfCode(code: string) {
  return indianStates.find((s) => s.gstCode === code);
}

/**
 * Place of supply of goods delivered: the state of the delivery address, by its name, else by
 * its PIN code; failing both (an address written before states were listed), the seller's
 * own state, as a sale across the counter would be.
 */
export function placeOfSupply(address: Pick<OrderAddressFacts, 'state' | 'pinCode'>, sellerStateCode: string) {
  const state = findIndianState(address.state) ?? statesOfPinCode(address.pinCode)[0] ?? stateOfCode(sellerStateCode);
  return { name: state?.name ?? address.state, code: state?.gstCode ?? sellerStateCode };
}

export interface InvoiceFacts {
  number: string;
  issuedAt: string;
  seller: SellerDetails;
  buyerName: string;
  /** The billing address names the buyer; the shipping address decides the place of supply. */
  billingAddress: OrderAddressFacts;
  shippingAddress: OrderAddressFacts;
  orderNumber: string;
  orderPlacedAt: string;
  goods: InvoiceGoodsLine[];
  discount: Paise;
  /** The discount on each goods line, as the order's coupon gave it; null for an order that did not keep it. */
  lineDiscounts?: readonly Paise[] | null;
  shipping: Paise;
  shippingRatePercent: number;
  gst: Paise;
  /** The order was priced with GST inside its prices (the arithmetic it keeps, whatever the setting says now). */
  pricesIncludeGst?: boolean;
}

const addressLines = (a: Pick<OrderAddressFacts, 'addressLine1' | 'addressLine2' | 'city' | 'pinCode'>) =>
  [a.addressLine1, a.addressLine2, `${a.city} ${a.pinCode}`.trim()].filter((line) => line.trim() !== '');

/** A tax invoice restating an order to the paisa (CGST Rule 46). */
export function invoiceSnapshot(facts: InvoiceFacts): TaxDocumentSnapshot {
  const { seller } = facts;
  const sellerState = stateOfCode(seller.stateCode);
  const place = placeOfSupply(facts.shippingAddress, seller.stateCode);
  const buyerState = placeOfSupply(facts.billingAddress, seller.stateCode);
  const kind = supplyKind(seller.stateCode, place.code);
  const lines = invoiceTaxLines(
    facts.goods,
    {
      discount: facts.discount,
      lineDiscounts: facts.lineDiscounts ?? null,
      shipping: facts.shipping,
      gst: facts.gst,
      shippingSac: SHIPPING_SAC,
      shippingRatePercent: facts.shippingRatePercent,
      pricesIncludeGst: facts.pricesIncludeGst ?? false,
    },
    kind,
  );
  const totals = invoiceTotals(lines);
  return {
    kind: 'invoice',
    title: taxDocumentTitles.invoice,
    number: facts.number,
    issuedAt: facts.issuedAt,
    orderNumber: facts.orderNumber,
    orderPlacedAt: facts.orderPlacedAt,
    against: null,
    seller: {
      name: seller.legalName,
      addressLines: addressLines(seller),
      stateName: sellerState?.name ?? '',
      stateCode: seller.stateCode,
      gstin: seller.gstin,
    },
    buyer: {
      name: facts.buyerName,
      addressLines: addressLines(facts.billingAddress),
      stateName: buyerState.name,
      stateCode: buyerState.code,
      phone: facts.billingAddress.phone,
    },
    placeOfSupply: place,
    supplyKind: kind,
    lines,
    totals,
    amountInWords: rupeesInWords(totals.total),
  };
}

/**
 * A credit note reversing an invoice in full (the order cancelled or refunded): the same
 * seller, buyer, place of supply and lines, its own number and date, and the invoice it
 * reverses.
 */
export function creditNoteSnapshot(
  invoice: TaxDocumentSnapshot,
  number: string,
  issuedAt: string,
): TaxDocumentSnapshot {
  return {
    ...invoice,
    kind: 'credit_note',
    title: taxDocumentTitles.credit_note,
    number,
    issuedAt,
    against: { number: invoice.number, issuedAt: invoice.issuedAt },
  };
}
