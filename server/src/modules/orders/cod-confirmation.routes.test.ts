import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMessage } from '@shop/emails';
import { toPaise, type AdminOrderDetail, type AdminOrderRow, type Order } from '@shop/core';
import { signedInAdmin } from '../../test/accounts.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { apiShopper, type ApiShopper } from '../../test/shoppers.ts';
import { freshSize, stockOf, type SizeRef } from '../../test/stock.ts';
import { createSandboxGateway } from '../payments/payment-gateway.ts';
import { paymentsForOrders } from '../payments/refunds.ts';
import { cancelUnconfirmedCodOrders } from './cod-confirmation.ts';

const gateway = createSandboxGateway('cod-confirm-key', 'cod-confirm-hook');
const HOUR = 3_600_000;

/** A cash order's confirmation email: its links confirm or cancel it once, without signing in; staff see and confirm. */
describe.each(testDialects)('cash on delivery confirmation on %s', (dialect) => {
  let shop: TestShop;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;

  beforeAll(async () => {
    shop = await createTestShop(dialect, { payments: gateway });
    admin = await signedInAdmin(shop);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const asStaff = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    shop.app.inject({ method, url, headers: admin.auth, ...(payload && { payload }) });
  /** The page's calls, as a browser without any sign-in makes them. */
  const viewLink = (token: string) =>
    shop.app.inject({ method: 'GET', url: `/api/cod-confirmation?token=${encodeURIComponent(token)}` });
  const useLink = (token: string) =>
    shop.app.inject({ method: 'POST', url: '/api/cod-confirmation', payload: { token } });

  async function codOrder(method: 'cod' | 'razorpay' = 'cod'): Promise<{ me: ApiShopper; order: Order; s: SizeRef }> {
    const me = await apiShopper(shop.app);
    const s = await freshSize(shop.handle.db, 5, 799_00);
    expect((await me.add(s, 2)).statusCode).toBe(200);
    const res = await me.order(method);
    expect(res.statusCode, res.body).toBe(201);
    return { me, order: res.json().data, s };
  }

  /** The confirmation email queued for an order, with its two tokens. */
  async function confirmationOf(orderId: string) {
    const row = await shop.handle.db
      .selectFrom('messages')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('template', '=', 'cod-confirmation')
      .executeTakeFirstOrThrow();
    const data = JSON.parse(row.data);
    const token = (link: string) => new URL(link, 'http://shop.test').searchParams.get('token')!;
    return { row, data, confirm: token(data.confirmLink), cancel: token(data.cancelLink) };
  }

  const staffRow = async (orderId: string) =>
    ((await asStaff('GET', '/api/admin/orders?limit=100')).json().data.orders as AdminOrderRow[]).find(
      (o) => o._id === orderId,
    );

  it('a cash order is followed by one email with "Confirm order" and "Cancel order" links to the storefront', async () => {
    const { me, order } = await codOrder();
    const { row, data, confirm, cancel } = await confirmationOf(order._id);
    expect(row.recipient).toBe(me.email);
    expect(data).toMatchObject({ orderNumber: order.orderNumber, total: toPaise(order.total) });
    expect(data.confirmBy).toBeNull();
    expect(confirm).toMatch(new RegExp(`^confirm\\.${order._id}\\.`));
    expect(cancel).toMatch(new RegExp(`^cancel\\.${order._id}\\.`));
    const rendered = await renderMessage('cod-confirmation', data, { publicUrl: 'http://shop.test' });
    expect(rendered.subject).toBe(`Please confirm your order ${order.orderNumber}`);
    expect(rendered.text).toContain(`http://shop.test/cod-confirmation?token=${encodeURIComponent(confirm)}`);
    expect(rendered.html).toContain('Confirm order');
    expect(rendered.html).toContain('Cancel order');

    // An online order gets none.
    const online = await codOrder('razorpay');
    const none = await shop.handle.db
      .selectFrom('messages')
      .select('id')
      .where('order_id', '=', online.order._id)
      .where('template', '=', 'cod-confirmation')
      .execute();
    expect(none).toEqual([]);
  });

  it('confirm: the page reads without acting, the button confirms once; staff see it confirmed by the shopper', async () => {
    const { order } = await codOrder();
    const { confirm, cancel } = await confirmationOf(order._id);
    expect((await staffRow(order._id))?.codConfirmation).toEqual({ state: 'awaiting', confirmedAt: null, via: null });

    const view = await viewLink(confirm);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().data).toEqual({
      action: 'confirm',
      orderNumber: order.orderNumber,
      total: order.total,
      outcome: null,
      message: null,
    });
    // Reading twice (a mail scanner, then the shopper) changes nothing.
    expect((await viewLink(confirm)).json().data.outcome).toBeNull();

    const used = await useLink(confirm);
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().data).toMatchObject({
      outcome: 'CONFIRMED',
      message: 'Thank you: your order is confirmed. We will write again when it ships.',
    });
    const row = await staffRow(order._id);
    expect(row?.codConfirmation).toEqual({ state: 'confirmed', confirmedAt: expect.any(String), via: 'email' });
    expect(row?.status).toBe('pending');

    // Single use: again, or the other link, only tells how the order stands.
    expect((await useLink(confirm)).json().data.outcome).toBe('ALREADY_CONFIRMED');
    expect((await useLink(cancel)).json().data).toMatchObject({
      action: 'cancel',
      outcome: 'ALREADY_CONFIRMED',
      message: 'This order is already confirmed. To cancel it, use My Orders.',
    });
    const detail: AdminOrderDetail = (await asStaff('GET', `/api/admin/orders/${order._id}`)).json().data;
    expect(detail.order.status).toBe('pending');
    expect(detail.order.history.map((h) => h.note)).toContain('Cash on delivery confirmed by the shopper (email link)');
  });

  it('cancel: the order is cancelled, its stock back, the cancellation emailed; the confirm link then says so', async () => {
    const { me, order, s } = await codOrder();
    const { confirm, cancel } = await confirmationOf(order._id);
    expect(await stockOf(shop.handle.db, s)).toBe(3);
    expect((await useLink(cancel)).json().data).toMatchObject({
      action: 'cancel',
      outcome: 'CANCELLED',
      message: 'Your order is cancelled. Nothing was charged.',
    });
    expect((await me.orders())[0]).toMatchObject({ status: 'cancelled' });
    expect(await stockOf(shop.handle.db, s)).toBe(5);
    const cancelled = await shop.handle.db
      .selectFrom('messages')
      .select('recipient')
      .where('order_id', '=', order._id)
      .where('template', '=', 'order-cancelled')
      .execute();
    expect(cancelled).toEqual([{ recipient: me.email }]);
    expect((await useLink(cancel)).json().data.outcome).toBe('ALREADY_CANCELLED');
    expect((await viewLink(confirm)).json().data.outcome).toBe('ALREADY_CANCELLED');
    expect((await useLink(confirm)).json().data.outcome).toBe('ALREADY_CANCELLED');
    expect((await staffRow(order._id))?.codConfirmation?.state).toBe('closed');
  });

  it('the cancel link keeps to the terms: not after 12 hours', async () => {
    const { order } = await codOrder();
    const { cancel } = await confirmationOf(order._id);
    await shop.handle.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 13 * HOUR).toISOString() })
      .where('id', '=', order._id)
      .execute();
    expect((await useLink(cancel)).json().data.outcome).toBe('WINDOW_PASSED');
    expect((await staffRow(order._id))?.status).toBe('pending');
  });

  it('both links pressed at once, or one twice: the order moves once', async () => {
    const twice = await codOrder();
    const links = await confirmationOf(twice.order._id);
    const outcomes = (await Promise.all([useLink(links.confirm), useLink(links.confirm)])).map(
      (r) => r.json().data.outcome,
    );
    expect(outcomes.sort()).toEqual(['ALREADY_CONFIRMED', 'CONFIRMED']);

    const both = await codOrder();
    const pair = await confirmationOf(both.order._id);
    const results = await Promise.all([useLink(pair.confirm), useLink(pair.cancel)]);
    const acted = results.map((r) => r.json().data.outcome).filter((o) => o === 'CONFIRMED' || o === 'CANCELLED');
    expect(acted).toHaveLength(1);
  });

  it('a forged, altered or foreign token is refused (404), and changes nothing', async () => {
    const { order } = await codOrder();
    const { confirm, cancel } = await confirmationOf(order._id);
    const other = await codOrder();
    const [, , signed] = confirm.split('.');
    const forged = [
      `confirm.${other.order._id}.${signed}`,
      `cancel.${order._id}.${signed}`,
      `${confirm}x`,
      'confirm.nothing.here',
      cancel.replace('cancel.', 'delete.'),
      'no-dots',
    ];
    for (const token of forged) {
      const res = await useLink(token);
      expect([res.statusCode, res.json().code], token).toEqual([404, 'INVALID_LINK']);
      expect((await viewLink(token)).statusCode).toBe(404);
    }
    expect((await useLink('')).statusCode).toBe(400);
    expect((await staffRow(order._id))?.codConfirmation?.state).toBe('awaiting');
    expect((await staffRow(other.order._id))?.codConfirmation?.state).toBe('awaiting');
  });

  it('staff confirm a cash order themselves (after a call), once; its links then say so', async () => {
    const { order } = await codOrder();
    const { cancel } = await confirmationOf(order._id);
    const res = await asStaff('POST', `/api/admin/orders/${order._id}/cod-confirmation`);
    expect(res.statusCode, res.body).toBe(200);
    const detail: AdminOrderDetail = res.json().data;
    expect(detail.codConfirmation).toEqual({ state: 'confirmed', confirmedAt: expect.any(String), via: 'staff' });
    expect(detail.audit[0]).toMatchObject({ action: 'order.cod-confirmed' });
    const again = await asStaff('POST', `/api/admin/orders/${order._id}/cod-confirmation`);
    expect([again.statusCode, again.json().code]).toEqual([409, 'COD_NOT_AWAITING']);
    expect((await useLink(cancel)).json().data.outcome).toBe('ALREADY_CONFIRMED');

    const online = await codOrder('razorpay');
    expect((await asStaff('POST', `/api/admin/orders/${online.order._id}/cod-confirmation`)).statusCode).toBe(409);
    expect((await asStaff('POST', '/api/admin/orders/no-such-order/cod-confirmation')).statusCode).toBe(404);
    const shopper = await apiShopper(shop.app);
    expect((await shopper.call('POST', `/api/admin/orders/${order._id}/cod-confirmation`)).statusCode).toBe(403);
  });

  describe("the owner's setting: unconfirmed cash orders held from shipping, cancelled after N hours", () => {
    // The suite's own limits (rupees), high enough for any of its orders.
    const limits = { freeShippingThreshold: null, codMaxOrderValue: 1_000_000, codMaxOpenOrders: 100 };
    const settings = async (codConfirmHours: number | null) => {
      const res = await asStaff('PUT', '/api/admin/settings', { ...limits, codConfirmHours });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    afterAll(async () => {
      await settings(null);
    });

    it('off by default: an unconfirmed cash order ships, and the sweep cancels nothing', async () => {
      expect((await asStaff('GET', '/api/admin/settings')).json().data.codConfirmHours).toBeNull();
      const { order } = await codOrder();
      expect((await asStaff('PATCH', `/api/order/${order._id}/status`, { status: 'confirmed' })).statusCode).toBe(200);
      expect((await asStaff('PATCH', `/api/order/${order._id}/status`, { status: 'shipped' })).statusCode).toBe(200);
      const later = new Date(Date.now() + 100 * HOUR);
      expect(await cancelUnconfirmedCodOrders(shop.handle.db, paymentsForOrders(gateway), later)).toBe(0);
    });

    it('refuses hours out of range, and a setting left out stays as it is', async () => {
      for (const hours of [0, 169, 1.5, '6']) {
        const res = await asStaff('PUT', '/api/admin/settings', { ...limits, codConfirmHours: hours });
        expect(res.statusCode, `${hours}`).toBe(400);
      }
      await settings(6);
      expect((await asStaff('PUT', '/api/admin/settings', limits)).json().data.codConfirmHours).toBe(6);
      await settings(null);
    });

    it('on: the email names the deadline, shipping waits for a confirmation, the sweep cancels the unconfirmed once', async () => {
      expect((await settings(2)).codConfirmHours).toBe(2);
      const held = await codOrder();
      const { data } = await confirmationOf(held.order._id);
      expect(data.confirmBy).toBe(new Date(new Date(held.order.createdAt).getTime() + 2 * HOUR).toISOString());

      expect((await asStaff('PATCH', `/api/order/${held.order._id}/status`, { status: 'confirmed' })).statusCode).toBe(
        200,
      );
      const refused = await asStaff('PATCH', `/api/order/${held.order._id}/status`, { status: 'shipped' });
      expect([refused.statusCode, refused.json().code]).toEqual([409, 'COD_NOT_CONFIRMED']);
      expect((await asStaff('POST', `/api/admin/orders/${held.order._id}/cod-confirmation`)).statusCode).toBe(200);
      expect((await asStaff('PATCH', `/api/order/${held.order._id}/status`, { status: 'shipped' })).statusCode).toBe(
        200,
      );

      const unconfirmed = await codOrder();
      const confirmedByLink = await codOrder();
      expect((await useLink((await confirmationOf(confirmedByLink.order._id)).confirm)).json().data.outcome).toBe(
        'CONFIRMED',
      );
      const sweep = (at: Date) => cancelUnconfirmedCodOrders(shop.handle.db, paymentsForOrders(gateway), at);
      // Before the hours have passed: left alone (an older one of this suite's may go).
      await sweep(new Date(Date.now() + HOUR));
      expect((await unconfirmed.me.orders())[0]!.status).toBe('pending');
      // After: the unconfirmed one, once, even with two processes sweeping at once.
      const later = new Date(Date.now() + 2 * HOUR + 60_000);
      await Promise.all([sweep(later), sweep(later)]);
      const [gone] = await unconfirmed.me.orders();
      expect(gone).toMatchObject({ status: 'cancelled' });
      expect(gone!.history.filter((h) => h.status === 'cancelled')).toHaveLength(1);
      expect(await stockOf(shop.handle.db, unconfirmed.s)).toBe(5);
      expect((await unconfirmed.me.orders())[0]!.history.at(-1)?.note).toBe('Not confirmed within 2 hours');
      expect((await confirmedByLink.me.orders())[0]!.status).toBe('pending');
      expect((await held.me.orders())[0]!.status).toBe('shipped');
      expect(await sweep(later)).toBe(0);
    });
  });
});
