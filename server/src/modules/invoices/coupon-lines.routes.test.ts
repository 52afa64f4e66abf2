import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hsnSummary, toPaise, type Cart, type Order } from '@shop/core';
import { signedInAdmin } from '../../test/accounts.ts';
import { staffProduct } from '../../test/catalogue.ts';
import { orderAddress } from '../../test/addresses.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { apiShopper } from '../../test/shoppers.ts';
import { taxDocumentOf } from '../../test/tax-documents.ts';
import { createSandboxGateway } from '../payments/payment-gateway.ts';

/**
 * Issue 25: a T-shirt-only coupon (TEES3, buy 2 get 1) must not spread over the shirt line.
 * The order keeps the discount line by line; the invoice and its credit note show it per line
 * and per HSN, to the paisa.
 */
describe.each(testDialects)('a coupon on the lines it applies to, on the invoice, on %s', (dialect) => {
  let shop: TestShop;
  let staff: Awaited<ReturnType<typeof signedInAdmin>>;

  beforeAll(async () => {
    shop = await createTestShop(dialect, { payments: createSandboxGateway('coupon-lines-key', 'coupon-lines-hook') });
    staff = await signedInAdmin(shop);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const product = (categoryId: string, price: number) => staffProduct(shop.app, staff, categoryId, price);
  const snapshotOf = (orderId: string, kind: 'invoice' | 'credit_note') => taxDocumentOf(shop.handle.db, orderId, kind);

  it('TEES3 with a shirt in the cart: the tee line alone is discounted, on the order, the invoice and the credit note', async () => {
    const tee = await product('mens-t-shirts', 599);
    const shirt = await product('mens-shirts', 1499);
    const me = await apiShopper(shop.app);
    for (const [id, quantity] of [
      [shirt, 1],
      [tee, 3],
    ] as const) {
      expect((await me.call('POST', '/api/cart', { product: id, size: 'M', quantity })).statusCode).toBe(200);
    }
    const cart: Cart = (await me.call('POST', '/api/cart/apply-discount', { code: 'TEES3' })).json().data;
    expect(cart.totals).toMatchObject({ subtotal: 3296, discountAmount: 599 });

    const placed = await me.call('POST', '/api/order', { shippingAddress: orderAddress, paymentMethod: 'cod' });
    expect(placed.statusCode, placed.body).toBe(201);
    const order: Order = placed.json().data;
    expect(order.totals).toEqual(cart.totals);
    const row = await shop.handle.db
      .selectFrom('orders')
      .select('line_discounts')
      .where('id', '=', order._id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.line_discounts!)).toEqual([0, 599_00]);

    const invoice = await snapshotOf(order._id, 'invoice');
    expect(invoice.lines.map((l) => [l.grossValue, l.discount, l.taxableValue])).toEqual([
      [1499_00, 0, 1499_00],
      [1797_00, 599_00, 1198_00],
      [toPaise(order.totals.shipping), 0, toPaise(order.totals.shipping)],
    ]);
    expect(invoice.totals.taxableValue).toBe(
      toPaise(order.totals.subtotal - order.totals.discountAmount + order.totals.shipping),
    );
    expect(invoice.totals.total).toBe(toPaise(order.total));
    expect(invoice.totals.igst).toBe(toPaise(order.totals.gst));

    // Per HSN: each code once, adding up to the invoice exactly.
    const summary = hsnSummary(invoice.lines);
    expect(summary.reduce((n, s) => n + s.taxableValue, 0)).toBe(invoice.totals.taxableValue);
    expect(summary.reduce((n, s) => n + s.igst, 0)).toBe(invoice.totals.igst);
    const text = await pdfText((await me.call('GET', `/api/order/${order._id}/invoice`)).rawPayload);
    expect(text).toContain('HSN/SAC summary');
    expect(text).toContain('less discount 599.00');
    expect(text).not.toContain('less discount 272');

    // The credit note reverses exactly those lines.
    expect((await me.call('POST', `/api/order/${order._id}/cancel`)).statusCode).toBe(200);
    const creditNote = await snapshotOf(order._id, 'credit_note');
    expect(creditNote.lines).toEqual(invoice.lines);
    expect(creditNote.totals).toEqual(invoice.totals);
  });
});
