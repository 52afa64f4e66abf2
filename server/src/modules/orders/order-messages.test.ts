import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRupees, messageTemplates, toPaise, type MessageTemplate, type Order } from '@shop/core';
import { renderMessage } from '@shop/emails';
import { signedInAdmin } from '../../test/accounts.ts';
import { orderAddress } from '../../test/addresses.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { refuseWrites } from '../../test/failures.ts';
import { freshSize, stockOf } from '../../test/stock.ts';
import { apiShopper, deliverWebhook, paymentEvent, type ApiShopper } from '../../test/shoppers.ts';
import { createSandboxGateway } from '../payments/payment-gateway.ts';
import { paymentsForOrders } from '../payments/refunds.ts';
import { remindUnpaidOrders, sweepUnpaidOrders } from './cancellation.ts';

const WEBHOOK_SECRET = 'order-mail-webhook-secret';
const gateway = createSandboxGateway('order-mail-key-secret', WEBHOOK_SECRET);

const STAFF = 'orders@kapas.example';

/** Every email about an order is queued in the transaction of the change it reports. */
describe.each(testDialects)('order emails on %s', (dialect) => {
  let shop: TestShop;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;

  beforeAll(async () => {
    shop = await createTestShop(dialect, {
      payments: gateway,
      staffOrderEmail: STAFF,
    });
    admin = await signedInAdmin(shop);
  });
  afterAll(async () => {
    await shop?.close();
  });

  /** The messages about an order, oldest first, with their data. */
  const messagesOf = async (orderId: string) =>
    (await shop.handle.db.selectFrom('messages').selectAll().where('order_id', '=', orderId).execute())
      // Messages of one change share its instant: within it, in the templates' own order.
      .sort(
        (a, b) =>
          a.created_at.localeCompare(b.created_at) ||
          messageTemplates.indexOf(a.template as MessageTemplate) -
            messageTemplates.indexOf(b.template as MessageTemplate),
      )
      .map((m) => ({ template: m.template, to: m.recipient, data: JSON.parse(m.data) }));
  const templatesOf = async (orderId: string) => (await messagesOf(orderId)).map((m) => `${m.template} → ${m.to}`);

  /** A shopper with one line in the cart. */
  async function shopperWithCart(quantity = 2): Promise<ApiShopper> {
    const me = await apiShopper(shop.app);
    const size = await freshSize(shop.handle.db, 10, 45_00);
    expect((await me.add(size, quantity)).statusCode).toBe(200);
    return me;
  }
  async function placed(method: 'cod' | 'razorpay' = 'cod'): Promise<{ me: ApiShopper; order: Order }> {
    const me = await shopperWithCart();
    const res = await me.order(method);
    expect(res.statusCode, res.body).toBe(201);
    return { me, order: res.json().data };
  }
  async function paid(me: ApiShopper, order: Order) {
    const signed = await me.sandboxPay(await me.initiate(order._id));
    const res = await me.call('POST', '/api/payments/success', signed);
    expect(res.statusCode, res.body).toBe(200);
    return signed;
  }
  const setStatus = (orderId: string, status: string) =>
    shop.app.inject({ method: 'PATCH', url: `/api/order/${orderId}/status`, headers: admin.auth, payload: { status } });

  it('placed (cash on delivery): the order as the checkout showed it, to the shopper; "new order" to staff', async () => {
    const me = await shopperWithCart(2);
    const cart = await me.cart();
    const res = await me.order('cod', { expectedTotal: cart.totals.total });
    expect(res.statusCode, res.body).toBe(201);
    const order: Order = res.json().data;
    // The line keeps the variant the cart held.
    expect(order.items[0]).toMatchObject({ color: cart.items[0]!.color, sku: cart.items[0]!.sku });
    expect(order.items[0]!.sku).toMatch(/^TEST-T/);
    const [toShopper, confirmation, toStaff, ...rest] = await messagesOf(order._id);
    expect(rest).toEqual([]);
    // Then the email asking the shopper to confirm the cash order, or cancel it (cod-confirmation.test.ts).
    expect(confirmation).toMatchObject({ template: 'cod-confirmation', to: me.email });
    expect(toShopper).toEqual({
      template: 'order-placed',
      to: me.email,
      data: {
        firstName: 'Ravi',
        orderNumber: order.orderNumber,
        lines: [
          {
            name: order.items[0]!.name,
            color: order.items[0]!.color,
            size: order.items[0]!.size,
            sku: order.items[0]!.sku,
            quantity: 2,
            lineTotal: 90_00,
          },
        ],
        totals: {
          subtotal: toPaise(cart.totals.subtotal),
          discount: toPaise(cart.totals.discountAmount),
          shipping: toPaise(cart.totals.shipping),
          gst: toPaise(cart.totals.gst),
          total: toPaise(cart.totals.total),
          gstIncluded: false,
        },
        couponCode: null,
        shippingAddress: orderAddress,
        paymentMethod: 'cod',
      },
    });
    expect(toStaff).toEqual({
      template: 'staff-new-order',
      to: STAFF,
      data: {
        orderNumber: order.orderNumber,
        orderId: order._id,
        customerName: 'Ravi Kumar',
        customerEmail: me.email,
        itemCount: 2,
        total: toPaise(order.total),
        paymentMethod: 'cod',
      },
    });
    // As the shopper reads it: the order number and the total the checkout showed.
    const rendered = await renderMessage('order-placed', toShopper!.data, { publicUrl: 'http://shop.test' });
    expect(rendered.subject).toBe(`Order ${order.orderNumber} placed`);
    expect(rendered.text).toContain(formatRupees(toPaise(cart.totals.total)));
    expect(rendered.text).toContain('http://shop.test/profile?view=orders');
  });

  it('online: nothing while unpaid; the order email and staff\'s "new order" once paid, once', async () => {
    const { me, order } = await placed('razorpay');
    // "Pay with Razorpay" pressed: an order, no payment yet, so no "thank you for your order".
    expect(await templatesOf(order._id)).toEqual([]);
    const signed = await paid(me, order);
    // The same success reported again (the callback, then the webhook) changes nothing, and sends nothing.
    await me.call('POST', '/api/payments/success', signed);
    const captured = paymentEvent('payment.captured', signed.razorpay_order_id, signed.razorpay_payment_id);
    expect((await deliverWebhook(shop.app, WEBHOOK_SECRET, captured, `evt-${order._id}`)).statusCode).toBe(200);
    const messages = await messagesOf(order._id);
    expect(messages.map((m) => `${m.template} → ${m.to}`)).toEqual([
      `order-placed → ${me.email}`,
      `staff-new-order → ${STAFF}`,
    ]);
    expect(messages[0]!.data).toMatchObject({
      orderNumber: order.orderNumber,
      paymentMethod: 'razorpay',
      totals: { total: toPaise(order.total) },
    });
    const rendered = await renderMessage('order-placed', messages[0]!.data, { publicUrl: 'http://shop.test' });
    expect(rendered.text).toContain('We have received your order');
    expect(rendered.text).toContain(`${formatRupees(toPaise(order.total))} paid`);
  });

  it('online paid by the webhook alone (the shopper closed the window): the order email, once', async () => {
    const { me, order } = await placed('razorpay');
    const signed = await me.sandboxPay(await me.initiate(order._id));
    const captured = paymentEvent('payment.captured', signed.razorpay_order_id, signed.razorpay_payment_id);
    for (const eventId of ['evt-a', 'evt-b'])
      expect((await deliverWebhook(shop.app, WEBHOOK_SECRET, captured, `${eventId}-${order._id}`)).statusCode).toBe(
        200,
      );
    expect(await templatesOf(order._id)).toEqual([`order-placed → ${me.email}`, `staff-new-order → ${STAFF}`]);
  });

  it('online: one "complete your payment" halfway to the deadline, never before, never twice, never once paid', async () => {
    const { me, order } = await placed('razorpay');
    const kept = 30 * 60_000;
    const placedAt = new Date(order.createdAt).getTime();
    expect(await remindUnpaidOrders(shop.handle.db, kept, new Date(placedAt + 10 * 60_000))).toBe(0);
    expect(await templatesOf(order._id)).toEqual([]);
    const halfway = new Date(placedAt + 16 * 60_000);
    // Two processes sweeping at once, then again a minute later: one reminder.
    const runs = await Promise.all([
      remindUnpaidOrders(shop.handle.db, kept, halfway),
      remindUnpaidOrders(shop.handle.db, kept, halfway),
    ]);
    expect(runs.filter((n) => n > 0)).toHaveLength(1);
    await remindUnpaidOrders(shop.handle.db, kept, new Date(placedAt + 17 * 60_000));
    const messages = await messagesOf(order._id);
    expect(messages.map((m) => `${m.template} → ${m.to}`)).toEqual([`payment-reminder → ${me.email}`]);
    expect(messages[0]!.data).toEqual({
      firstName: 'Ravi',
      orderNumber: order.orderNumber,
      total: toPaise(order.total),
      payBy: new Date(placedAt + kept).toISOString(),
      link: '/profile?view=orders',
    });
    const rendered = await renderMessage('payment-reminder', messages[0]!.data, { publicUrl: 'http://shop.test' });
    expect(rendered.subject).toBe(`Complete your payment for order ${order.orderNumber}`);
    expect(rendered.text).toContain('http://shop.test/profile?view=orders');
    // Paid afterwards: the order email follows, once (the reminder was queued at a later clock).
    await paid(me, order);
    expect((await templatesOf(order._id)).sort()).toEqual([
      `order-placed → ${me.email}`,
      `payment-reminder → ${me.email}`,
      `staff-new-order → ${STAFF}`,
    ]);

    // Paid before halfway, or past its time: no reminder.
    const early = await placed('razorpay');
    await paid(early.me, early.order);
    await remindUnpaidOrders(shop.handle.db, kept, new Date(new Date(early.order.createdAt).getTime() + 20 * 60_000));
    expect((await templatesOf(early.order._id)).filter((t) => t.startsWith('payment-reminder'))).toEqual([]);
    const late = await placed('razorpay');
    await remindUnpaidOrders(shop.handle.db, kept, new Date(new Date(late.order.createdAt).getTime() + kept + 60_000));
    expect(await templatesOf(late.order._id)).toEqual([]);
  });

  it('cancelled by the shopper: nothing to refund on delivery orders', async () => {
    const { me, order } = await placed('cod');
    expect((await me.call('POST', `/api/order/${order._id}/cancel`)).statusCode).toBe(200);
    const cancelled = (await messagesOf(order._id)).find((m) => m.template === 'order-cancelled');
    expect(cancelled).toEqual({
      template: 'order-cancelled',
      to: me.email,
      data: { firstName: 'Ravi', orderNumber: order.orderNumber, refundAmount: null },
    });
  });

  it('cancelled after paying online: the refund in the cancellation, then "refund recorded"', async () => {
    const { me, order } = await placed('razorpay');
    await paid(me, order);
    expect((await me.call('POST', `/api/order/${order._id}/cancel`)).statusCode).toBe(200);
    const messages = await messagesOf(order._id);
    expect(messages.map((m) => m.template)).toEqual([
      'order-placed',
      'staff-new-order',
      'order-cancelled',
      'refund-recorded',
    ]);
    expect(messages[2]!.data.refundAmount).toBe(toPaise(order.total));
    expect(messages[3]!.data).toEqual({
      firstName: 'Ravi',
      orderNumber: order.orderNumber,
      amount: toPaise(order.total),
      reference: expect.stringMatching(/^rfnd_/),
    });
  });

  it('staff moves: shipped and delivered are emailed, confirming is not; staff cancelling is', async () => {
    const { me, order } = await placed('cod');
    for (const status of ['confirmed', 'shipped', 'delivered'])
      expect((await setStatus(order._id, status)).statusCode).toBe(200);
    expect(await templatesOf(order._id)).toEqual([
      `order-placed → ${me.email}`,
      `cod-confirmation → ${me.email}`,
      `staff-new-order → ${STAFF}`,
      `order-shipped → ${me.email}`,
      `order-delivered → ${me.email}`,
    ]);
    const other = await placed('cod');
    expect((await setStatus(other.order._id, 'cancelled')).statusCode).toBe(200);
    expect((await templatesOf(other.order._id)).at(-1)).toBe(`order-cancelled → ${other.me.email}`);
  });

  it('a refund staff record by other means is emailed with its reference', async () => {
    const { me, order } = await placed('razorpay');
    await paid(me, order);
    const res = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order._id}/refund`,
      headers: admin.auth,
      payload: { reference: 'NEFT-2026-118' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const refund = (await messagesOf(order._id)).find((m) => m.template === 'refund-recorded');
    expect(refund?.data).toMatchObject({ amount: toPaise(order.total), reference: 'NEFT-2026-118' });
  });

  it('an online order left unpaid and cancelled by the shop is emailed as cancelled', async () => {
    const { me, order } = await placed('razorpay');
    await sweepUnpaidOrders(shop.handle.db, paymentsForOrders(gateway), 60_000, new Date(Date.now() + 120_000));
    expect(await templatesOf(order._id)).toEqual([`order-cancelled → ${me.email}`]);
  });

  describe('rolled back with the change', () => {
    /** Runs `act` while the database refuses one kind of write; answers its status. */
    async function whileRefusing(table: string, event: 'insert' | 'update' | 'delete', act: () => Promise<number>) {
      const undo = await refuseWrites(shop.handle, table, event);
      try {
        return await act();
      } finally {
        await undo();
      }
    }

    it('no order without its confirmation: the outbox refusing leaves no order, stock or emptied cart', async () => {
      const me = await shopperWithCart(3);
      const [line] = (await me.cart()).items;
      const size = { productId: line!.productId, color: line!.color, size: line!.size };
      const status = await whileRefusing('messages', 'insert', async () => (await me.order('cod')).statusCode);
      expect(status).toBe(500);
      expect(await me.orders()).toEqual([]);
      expect(await stockOf(shop.handle.db, size)).toBe(10);
      expect((await me.cart()).items).toHaveLength(1);
    });

    it('no confirmation without its order: a failure after the email is queued takes the email back too', async () => {
      const me = await shopperWithCart();
      // Emptying the cart is the order's last step, after its emails.
      const status = await whileRefusing('cart_items', 'delete', async () => (await me.order('cod')).statusCode);
      expect(status).toBe(500);
      expect(await me.orders()).toEqual([]);
      const queued = await shop.handle.db.selectFrom('messages').select('id').where('recipient', '=', me.email);
      expect(await queued.where('template', '=', 'order-placed').execute()).toEqual([]);
      const staff = await shop.handle.db
        .selectFrom('messages')
        .select('data')
        .where('template', '=', 'staff-new-order')
        .execute();
      expect(staff.filter((m) => m.data.includes(me.email))).toEqual([]);
    });

    it('shipping: no email when the move fails, no move without its email', async () => {
      const { order } = await placed('cod');
      expect((await setStatus(order._id, 'confirmed')).statusCode).toBe(200);
      // The audit row comes after the email.
      expect(
        await whileRefusing('audit_events', 'insert', async () => (await setStatus(order._id, 'shipped')).statusCode),
      ).toBe(500);
      expect(
        await whileRefusing('messages', 'insert', async () => (await setStatus(order._id, 'shipped')).statusCode),
      ).toBe(500);
      const [row] = await shop.handle.db.selectFrom('orders').select('status').where('id', '=', order._id).execute();
      expect(row!.status).toBe('confirmed');
      expect((await templatesOf(order._id)).filter((t) => t.startsWith('order-shipped'))).toEqual([]);
    });

    it('cancelling: a failure after the email leaves the order pending and unemailed', async () => {
      const { me, order } = await placed('cod');
      const cancel = async () => (await me.call('POST', `/api/order/${order._id}/cancel`)).statusCode;
      expect(await whileRefusing('order_events', 'insert', cancel)).toBe(500);
      expect((await me.orders())[0]!.status).toBe('pending');
      expect((await templatesOf(order._id)).filter((t) => t.startsWith('order-cancelled'))).toEqual([]);
    });

    it('paying: a failure after the email leaves the payment unrecorded and unemailed', async () => {
      const { me, order } = await placed('razorpay');
      const signed = await me.sandboxPay(await me.initiate(order._id));
      const pay = async () => (await me.call('POST', '/api/payments/success', signed)).statusCode;
      expect(await whileRefusing('order_events', 'insert', pay)).toBe(500);
      expect((await me.orders())[0]!.paymentStatus).toBe('awaiting_payment');
      expect(await templatesOf(order._id)).toEqual([]);
      // The same payment reported again, with nothing refused, goes through with its emails.
      expect(await pay()).toBe(200);
      expect(await templatesOf(order._id)).toEqual([`order-placed → ${me.email}`, `staff-new-order → ${STAFF}`]);
    });

    it('a refund: a failure after the email leaves it unrecorded and unemailed', async () => {
      const { me, order } = await placed('razorpay');
      await paid(me, order);
      const refund = async () =>
        (
          await shop.app.inject({
            method: 'POST',
            url: `/api/admin/orders/${order._id}/refund`,
            headers: admin.auth,
            payload: { reference: 'NEFT-ROLLBACK' },
          })
        ).statusCode;
      expect(await whileRefusing('audit_events', 'insert', refund)).toBe(500);
      expect((await me.orders())[0]!.paymentStatus).toBe('paid');
      expect((await templatesOf(order._id)).filter((t) => t.startsWith('refund-recorded'))).toEqual([]);
    });
  });
});
