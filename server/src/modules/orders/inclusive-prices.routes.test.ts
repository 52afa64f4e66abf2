import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  invoiceTotals,
  orderTotals,
  toPaise,
  toRupees,
  type Cart,
  type Order,
  type ReturnData,
  type StoreInfo,
  type SupplyKind,
  type TaxDocumentSnapshot,
} from '@shop/core';
import { signedInAdmin } from '../../test/accounts.ts';
import { orderAddress } from '../../test/addresses.ts';
import { staffProduct } from '../../test/catalogue.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { apiShopper, type ApiShopper } from '../../test/shoppers.ts';
import { taxDocumentOf } from '../../test/tax-documents.ts';
import { createSandboxGateway } from '../payments/payment-gateway.ts';

/**
 * Issue 26: the owner's setting that prices include GST. The cart, the checkout and the order
 * total items − discount + shipping; the invoice takes each line's tax out of what was paid for
 * it, exactly; a partial refund's credit note is exact; and an order keeps the arithmetic it was
 * priced with whatever the setting says later.
 */
const LIMITS = { freeShippingThreshold: null, codMaxOrderValue: 10_000_000, codMaxOpenOrders: 100 };
/** Within the seller's state (Maharashtra): CGST and SGST. */
const mumbai = { ...orderAddress, city: 'Mumbai', state: 'Maharashtra', pinCode: '400013' };

describe.each(testDialects)('prices that include GST, on %s', (dialect) => {
  let shop: TestShop;
  let admin: { auth: { authorization: string } };

  beforeAll(async () => {
    shop = await createTestShop(dialect, { payments: createSandboxGateway('inclusive-key', 'inclusive-hook') });
    admin = await signedInAdmin(shop);
    expect((await staff('PUT', '/api/admin/settings', LIMITS)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await shop?.close();
  });
  // The specification's arithmetic is the demo shop's: every test leaves the setting off.
  afterEach(async () => {
    expect((await pricesIncludeGst(false)).statusCode).toBe(200);
  });

  const staff = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    shop.app.inject({ method, url, headers: admin.auth, ...(payload !== undefined && { payload }) });
  const pricesIncludeGst = (on: boolean) => staff('PUT', '/api/admin/settings', { ...LIMITS, pricesIncludeGst: on });
  const storeInfo = async (): Promise<StoreInfo> => (await shop.app.inject({ url: '/api/store' })).json().data;

  const product = (categoryId: string, price: number) => staffProduct(shop.app, admin, categoryId, price);

  async function fill(me: ApiShopper, lines: [string, number][]): Promise<Cart> {
    for (const [id, quantity] of lines) {
      const res = await me.call('POST', '/api/cart', { product: id, size: 'M', quantity });
      expect(res.statusCode, res.body).toBe(200);
    }
    return me.cart();
  }

  const invoiceOf = (orderId: string) => taxDocumentOf(shop.handle.db, orderId, 'invoice');

  /** The invoice restates the order to the paisa, each line holding what was paid for it. */
  function expectInvoiceOf(order: Order, invoice: TaxDocumentSnapshot) {
    expect(invoice.totals.total).toBe(toPaise(order.total));
    expect(invoice.totals.cgst + invoice.totals.sgst + invoice.totals.igst).toBe(toPaise(order.totals.gst));
    expect(invoiceTotals(invoice.lines)).toEqual(invoice.totals);
    for (const line of invoice.lines) {
      expect(line.taxableValue + line.cgst + line.sgst + line.igst).toBe(line.grossValue - line.discount);
      // CGST and SGST are each the price × half the rate / (100 + the rate) (CGST Rule 35): equal.
      if (invoice.supplyKind === 'intra-state') expect(line.cgst).toBe(line.sgst);
      else expect(line.cgst + line.sgst).toBe(0);
    }
  }

  it('is off by default; the owner turns it on and off, the storefront is told and the history says so', async () => {
    expect((await staff('GET', '/api/admin/settings')).json().data.pricesIncludeGst).toBe(false);
    expect(await storeInfo()).toMatchObject({
      pricesIncludeGst: false,
      texts: { taxNote: '+ 18% GST, added at checkout', gstLabel: 'GST (18%)' },
    });

    const on = await pricesIncludeGst(true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.pricesIncludeGst).toBe(true);
    const info = await storeInfo();
    expect(info).toMatchObject({ pricesIncludeGst: true, texts: { taxNote: 'Inclusive of all taxes' } });
    expect(info.texts.taxPolicy).toContain('include 18% GST');
    const history = (await staff('GET', '/api/admin/delivery')).json().data.audit;
    expect(history[0]).toMatchObject({ action: 'settings.updated', summary: 'Prices include GST: off → on' });

    // A client that does not know the setting leaves it as it is.
    expect((await staff('PUT', '/api/admin/settings', LIMITS)).json().data.pricesIncludeGst).toBe(true);
    const refused = await staff('PUT', '/api/admin/settings', { ...LIMITS, pricesIncludeGst: 'yes' });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toContain('Prices include GST must be on or off.');
    expect((await staff('GET', '/api/admin/settings')).json().data.pricesIncludeGst).toBe(true);

    // Only staff turn it: a shopper is refused, and nothing is changed or written in its history.
    const shopper = await apiShopper(shop.app);
    const asShopper = await shopper.call('PUT', '/api/admin/settings', { ...LIMITS, pricesIncludeGst: false });
    expect(asShopper.statusCode).toBe(403);
    const anonymous = await shop.app.inject({ method: 'PUT', url: '/api/admin/settings', payload: { ...LIMITS } });
    expect(anonymous.statusCode).toBe(401);
    expect((await staff('GET', '/api/admin/settings')).json().data.pricesIncludeGst).toBe(true);
    expect((await staff('GET', '/api/admin/delivery')).json().data.audit).toHaveLength(history.length);
  });

  it('cart, cash order and invoice: the total is items − discount + shipping, the order is the cart shown, the invoice adds up', async () => {
    const shirt = await product('mens-shirts', 1179.99);
    const tee = await product('mens-t-shirts', 599);
    await pricesIncludeGst(true);
    for (const [address, kind] of [
      [orderAddress, 'inter-state'],
      [mumbai, 'intra-state'],
    ] as const) {
      const me = await apiShopper(shop.app);
      await fill(me, [
        [shirt, 2],
        [tee, 3],
      ]);
      const cart: Cart = (await me.call('POST', '/api/cart/apply-discount', { code: 'TEES3' })).json().data;
      const { totals } = cart;
      // One tee free; ₹10 shipping; GST inside: the total is what the lines and shipping come to.
      expect(totals).toMatchObject({ subtotal: 4156.98, discountAmount: 599, shipping: 10, gstIncluded: true });
      expect(totals.total).toBe(3567.98);
      const contained = (supplyKind?: SupplyKind) =>
        orderTotals(
          [
            { productId: shirt, categoryId: 'mens-shirts', price: 117_999, quantity: 2, gstPercent: 18 },
            { productId: tee, categoryId: 'mens-t-shirts', price: 59_900, quantity: 3, gstPercent: 18 },
          ],
          [0, 59_900],
          { shippingFee: 1000, gstPercent: 18, pricesIncludeGst: true, supplyKind },
        ).gst;
      // Before an address, as across a border.
      expect(toPaise(totals.gst)).toBe(contained());

      const placed = await me.order('cod', {
        shippingAddress: address,
        billingAddress: address,
        expectedTotal: 3567.98,
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const order: Order = placed.json().data;
      // The total shown; the GST it contains is its supply's (the same across a border).
      expect(order.totals).toEqual({ ...totals, gst: toRupees(contained(kind)) });
      expect(order.total).toBe(totals.total);

      const invoice = await invoiceOf(order._id);
      expect(invoice.supplyKind).toBe(kind);
      expectInvoiceOf(order, invoice);
      // The free tee stays on the tee line, whose taxable value is what its ₹1,198 holds: less
      // IGST of ₹182.75 (₹1,198 × 18 / 118) across a border, less CGST and SGST of ₹91.37 each
      // (₹1,198 × 9 / 118) within the state; shipping's ₹10 likewise.
      expect(invoice.lines.map((l) => [l.grossValue, l.discount, l.taxableValue])).toEqual(
        kind === 'inter-state'
          ? [
              [235_998, 0, 199_998],
              [179_700, 59_900, 101_525],
              [1000, 0, 847],
            ]
          : [
              [235_998, 0, 199_998],
              [179_700, 59_900, 101_526],
              [1000, 0, 848],
            ],
      );
    }
  });

  it('never charges a total the shopper did not see, whichever way the setting was turned in between', async () => {
    const shirt = await product('mens-shirts', 1180);
    for (const [from, to] of [
      [false, true],
      [true, false],
    ] as const) {
      await pricesIncludeGst(from);
      const me = await apiShopper(shop.app);
      const seen = (await fill(me, [[shirt, 1]])).totals;
      expect(seen).toMatchObject({ subtotal: 1180, shipping: 10, gstIncluded: from, total: from ? 1190 : 1404 });
      await pricesIncludeGst(to);
      const refused = await me.order('cod', { expectedTotal: seen.total });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'CART_CHANGED',
        message: `The total of your order is now ₹${to ? '1,190.00' : '1,404.00'}, not ₹${from ? '1,190.00' : '1,404.00'}. Please check your cart and place the order again.`,
        data: { totals: { gstIncluded: to, total: to ? 1190 : 1404 } },
      });
      expect(await me.orders()).toEqual([]);
      const placed = await me.order('cod', { expectedTotal: to ? 1190 : 1404 });
      expect(placed.statusCode, placed.body).toBe(201);
      expect(placed.json().data.totals).toEqual((refused.json().data as Cart).totals);
    }
  });

  it('an order keeps its arithmetic: changing the setting alters no order, invoice or total to pay', async () => {
    const shirt = await product('mens-shirts', 1180);
    await pricesIncludeGst(true);
    const cash = await apiShopper(shop.app);
    await fill(cash, [[shirt, 1]]);
    const cod: Order = (await cash.order('cod', { expectedTotal: 1190 })).json().data;
    const online = await apiShopper(shop.app);
    await fill(online, [[shirt, 2]]);
    const unpaid = await online.order('razorpay', { expectedTotal: 2370 });
    expect(unpaid.statusCode, unpaid.body).toBe(201);
    const awaiting: Order = unpaid.json().data;
    const codInvoice = await invoiceOf(cod._id);

    await pricesIncludeGst(false);
    // Paid after the owner turned the setting off: charged and invoiced as it was placed.
    const payment = (await online.call('POST', '/api/payments/initiate', { orderId: awaiting._id })).json().data;
    expect(payment.order.amount).toBe(237_000);
    const paid = await online.call('POST', '/api/payments/success', await online.sandboxPay(payment.order.id));
    expect(paid.statusCode, paid.body).toBe(200);
    const onlineInvoice = await invoiceOf(awaiting._id);
    const after = (await online.orders()).find((o) => o._id === awaiting._id)!;
    expect(after.totals).toEqual(awaiting.totals);
    expect(after.totals).toMatchObject({ total: 2370, gstIncluded: true });
    expectInvoiceOf(after, onlineInvoice);
    expect(onlineInvoice.lines[0]!.taxableValue).toBe(200_000);

    expect((await cash.orders()).find((o) => o._id === cod._id)!.totals).toEqual(cod.totals);
    expect(await invoiceOf(cod._id)).toEqual(codInvoice);
    expectInvoiceOf(cod, codInvoice);
  });

  it('partial refunds of a line: each credit note is exact, and together they credit exactly what the line was paid', async () => {
    const shirt = await product('mens-shirts', 999.99);
    await pricesIncludeGst(true);
    const me = await apiShopper(shop.app);
    await fill(me, [[shirt, 3]]);
    const placed = await me.order('cod', { shippingAddress: mumbai, billingAddress: mumbai, expectedTotal: 3009.97 });
    expect(placed.statusCode, placed.body).toBe(201);
    const order: Order = placed.json().data;
    for (const status of ['confirmed', 'shipped', 'delivered']) {
      const res = await staff('PATCH', `/api/order/${order._id}/status`, { status });
      expect(res.statusCode, res.body).toBe(200);
    }
    const invoice = await invoiceOf(order._id);
    const line = invoice.lines[0]!;
    expect(line.grossValue).toBe(299_997);

    const credited: number[] = [];
    for (const [quantity, setting] of [
      [1, true],
      [2, false],
    ] as const) {
      // The owner may change the setting between two returns: the refunds follow the invoice.
      await pricesIncludeGst(setting);
      const asked = await me.call('POST', `/api/order/${order._id}/returns`, {
        lines: [{ position: 0, quantity }],
        reason: 'defective',
        refundTo: { method: 'upi', upiId: 'asha.rao@okicici' },
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const ret: ReturnData = asked.json().data;
      for (const [step, body] of [
        ['decision', { decision: 'approve' }],
        ['received', undefined],
        ['inspection', { lines: [{ position: 0, outcome: 'restock' }] }],
      ] as const) {
        const res = await staff('POST', `/api/admin/returns/${ret._id}/${step}`, body);
        expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
      }
      const refund = await staff('POST', `/api/admin/returns/${ret._id}/refund`, { reference: `UTR00${quantity}4242` });
      expect(refund.statusCode, refund.body).toBe(200);
      const note = JSON.parse(
        (
          await shop.handle.db
            .selectFrom('return_credit_notes')
            .select('snapshot')
            .where('return_id', '=', ret._id)
            .executeTakeFirstOrThrow()
        ).snapshot,
      ) as TaxDocumentSnapshot;
      // The refund is the credit note's total, and the note adds up: taxable value and taxes.
      expect(toPaise(refund.json().data.refund.amount)).toBe(note.totals.total);
      expect(invoiceTotals(note.lines)).toEqual(note.totals);
      expect(note.totals.total).toBe(note.totals.taxableValue + note.totals.cgst + note.totals.sgst);
      expect(note.totals.cgst).toBe(note.totals.sgst);
      credited.push(note.totals.total);
      expect(credited.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(line.grossValue - line.discount);
    }
    // All three units back: exactly what the line was paid (shipping is not refunded).
    expect(credited.reduce((a, b) => a + b, 0)).toBe(line.taxableValue + line.cgst + line.sgst);
    expect(credited.reduce((a, b) => a + b, 0)).toBe(299_997);
  });
});
