import { describe, expect, it } from 'vitest';
import { cartTotals, shippingGstPercent, type PricedLine } from './cart-totals.ts';
import {
  creditNoteSnapshot,
  invoiceSnapshot,
  placeOfSupply,
  type InvoiceFacts,
  type OrderAddressFacts,
  type SellerDetails,
} from './tax-document.ts';

const seller: SellerDetails = {
  legalName: 'Kapas Apparel Private Limited',
  addressLine1: 'Unit 4, Kamala Mills',
  addressLine2: 'Lower Parel',
  city: 'Mumbai',
  pinCode: '400013',
  stateCode: '27',
  gstin: '27AAKCK4821L1Z6',
  invoicePrefix: 'KP',
  creditNotePrefix: 'KPCN',
};

const address = (state: string, pinCode: string): OrderAddressFacts => ({
  addressLine1: '12B, MG Road',
  addressLine2: '',
  city: 'Somewhere',
  state,
  pinCode,
  phone: '9876543210',
});

describe('place of supply', () => {
  it.each([
    ['Karnataka', '560001', 'Karnataka', '29'],
    ['karnataka ', '560001', 'Karnataka', '29'],
    ['Maharashtra', '400013', 'Maharashtra', '27'],
    // A state written another way is found by its PIN code.
    ['Bombay', '400013', 'Maharashtra', '27'],
    ['Delhi', '110001', 'Delhi', '07'],
    // Neither state nor PIN known: the seller's own state.
    ['Atlantis', '999999', 'Maharashtra', '27'],
  ])('%s %s → %s (%s)', (state, pin, name, code) => {
    expect(placeOfSupply({ state, pinCode: pin }, '27')).toEqual({ name, code });
  });
});

function facts(lines: (PricedLine & { hsn: string })[], discount: number, shipTo: OrderAddressFacts): InvoiceFacts {
  const totals = cartTotals(lines, discount);
  return {
    number: 'KP/26-27/000001',
    issuedAt: '2026-11-24T10:00:00.000Z',
    seller,
    buyerName: 'Asha Rao',
    billingAddress: shipTo,
    shippingAddress: shipTo,
    orderNumber: 'ORD-1',
    orderPlacedAt: '2026-11-24T10:00:00.000Z',
    goods: lines.map((l) => ({
      description: l.productId,
      hsn: l.hsn,
      quantity: l.quantity,
      unitPrice: l.price,
      ratePercent: l.gstPercent ?? 18,
    })),
    discount: totals.discountAmount,
    shipping: totals.shipping,
    shippingRatePercent: shippingGstPercent(lines, 18),
    gst: totals.gst,
  };
}

const tee = (price: number, quantity: number, gstPercent = 18) => ({
  productId: 'Tee',
  categoryId: 'mens-t-shirts',
  price,
  quantity,
  gstPercent,
  hsn: '6109',
});

describe('invoice snapshot', () => {
  it.each([
    ['within Maharashtra: CGST + SGST', address('Maharashtra', '411001'), 'intra-state'],
    ['to Karnataka: IGST', address('Karnataka', '560001'), 'inter-state'],
  ] as const)('%s', (_, shipTo, kind) => {
    const input = facts([tee(49900, 2), tee(129900, 1, 12)], 12990, shipTo);
    const totals = cartTotals([tee(49900, 2), tee(129900, 1, 12)], 12990);
    const invoice = invoiceSnapshot(input);
    expect(invoice.supplyKind).toBe(kind);
    expect(invoice.title).toBe('Tax invoice');
    expect(invoice.totals.total).toBe(totals.total);
    expect(invoice.totals.cgst + invoice.totals.sgst + invoice.totals.igst).toBe(totals.gst);
    expect(invoice.lines.at(-1)).toMatchObject({ description: 'Shipping', hsn: '9965', ratePercent: 18 });
    if (kind === 'intra-state') expect(invoice.totals.igst).toBe(0);
    else expect(invoice.totals.cgst + invoice.totals.sgst).toBe(0);
    expect(invoice.seller).toMatchObject({ gstin: '27AAKCK4821L1Z6', stateName: 'Maharashtra', stateCode: '27' });
    expect(invoice.buyer.addressLines).toEqual(['12B, MG Road', `Somewhere ${shipTo.pinCode}`]);
    expect(invoice.amountInWords).toMatch(/^Rupees .* Only$/);
  });

  it('the shipping line takes the highest rate of the lines', () => {
    const invoice = invoiceSnapshot(facts([tee(10000, 1, 5), tee(10000, 1, 12)], 0, address('Goa', '403001')));
    expect(invoice.lines.map((l) => l.ratePercent)).toEqual([5, 12, 12]);
  });

  it('a credit note reverses the invoice with its own number, and names it', () => {
    const invoice = invoiceSnapshot(facts([tee(49900, 1)], 0, address('Karnataka', '560001')));
    const note = creditNoteSnapshot(invoice, 'KPCN/26-27/00001', '2026-11-25T10:00:00.000Z');
    expect(note).toMatchObject({
      kind: 'credit_note',
      title: 'Credit note',
      number: 'KPCN/26-27/00001',
      against: { number: 'KP/26-27/000001', issuedAt: invoice.issuedAt },
      totals: invoice.totals,
      lines: invoice.lines,
    });
  });
});
