import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDetail, AdminOrderRow, Order } from '@shop/core';
import { signedInAdmin, signedInShopper, verifiedShopper } from '../../test/accounts.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { addTestCoupon, freshCode, redemptionsOf } from '../../test/coupons.ts';
import { createSandboxGateway, type SandboxGateway } from '../payments/payment-gateway.ts';
import { freshSize as freshSizeIn, stockOf as stockIn, type SizeRef } from '../../test/stock.ts';
import { orderAddress } from '../../test/addresses.ts';

/** The sandbox, with refunds that can be made to fail and are counted. */
function countingGateway() {
  const sandbox = createSandboxGateway('admin-orders-key-secret', 'admin-orders-webhook-secret');
  const state = { refunds: 0, failing: false, hold: null as Promise<void> | null };
  const gateway: SandboxGateway = {
    ...sandbox,
    async refund(input) {
      state.refunds += 1;
      if (state.failing) throw new Error('provider down');
      if (state.hold) await state.hold;
      // A moment's wait, as a real provider takes: lets a second click arrive meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 20));
      return sandbox.refund(input);
    },
  };
  return { gateway, state };
}

describe.each(testDialects)('staff orders API on %s', (dialect) => {
  let shop: TestShop;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  const provider = countingGateway();

  beforeAll(async () => {
    shop = await createTestShop(dialect, { payments: provider.gateway });
    admin = await signedInAdmin(shop);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const asAdmin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    shop.app.inject({ method, url, headers: admin.auth, ...(payload && { payload }) });
  const detail = async (id: string): Promise<AdminOrderDetail> => {
    const res = await asAdmin('GET', `/api/admin/orders/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const setStatus = (id: string, status: string) => asAdmin('PATCH', `/api/order/${id}/status`, { status });
  const auditRows = (orderId: string) =>
    shop.handle.db
      .selectFrom('audit_events')
      .selectAll()
      .where('entity_type', '=', 'order')
      .where('entity_id', '=', orderId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();

  /** A product size of its own for one test, with exactly `stock` pieces. */
  const freshSize = (stock: number) => freshSizeIn(shop.handle.db, stock);
  const stockOf = (s: SizeRef) => stockIn(shop.handle.db, s);

  async function shopper() {
    const me = await verifiedShopper(shop.app);
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      shop.app.inject({ method, url, headers: me.auth, ...(payload && { payload }) });
    /** Places an order of these sizes (one piece each unless said). */
    async function order(
      paymentMethod: 'cod' | 'razorpay',
      ...lines: { productId: string; color: string; size: string; quantity?: number }[]
    ) {
      for (const line of lines) {
        const added = await call('POST', '/api/cart', {
          product: line.productId,
          color: line.color,
          size: line.size,
          quantity: line.quantity ?? 1,
        });
        expect(added.statusCode, added.body).toBe(200);
      }
      const res = await call('POST', '/api/order', { shippingAddress: orderAddress, paymentMethod });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as Order;
    }
    /** Pays an online order through the sandbox, as Checkout would. */
    async function pay(placed: Order) {
      const providerOrderId = (await call('POST', '/api/payments/initiate', { orderId: placed._id })).json().data.order
        .id;
      const signed = (await call('POST', '/api/payments/sandbox/pay', { razorpay_order_id: providerOrderId })).json()
        .data;
      const res = await call('POST', '/api/payments/success', signed);
      expect(res.json().data.order).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    }
    return { ...me, call, order, pay };
  }

  async function paidOnlineOrder(quantity = 1) {
    const me = await shopper();
    const s = await freshSize(5);
    const placed = await me.order('razorpay', { ...s, quantity });
    await me.pay(placed);
    return { me, s, placed };
  }

  describe('who may call', () => {
    it.each([
      ['GET', '/api/admin/orders'],
      ['GET', '/api/admin/orders/some-order'],
      ['POST', '/api/admin/orders/some-order/refund'],
    ] as const)('%s %s: anonymous 401, shopper 403', async (method, url) => {
      const me = await signedInShopper(shop.app);
      expect((await shop.app.inject({ method, url, payload: {} })).statusCode).toBe(401);
      const refused = await shop.app.inject({ method, url, headers: me.auth, payload: {} });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    });
  });

  describe('GET /api/admin/orders', () => {
    const list = async (query: string) => {
      const res = await asAdmin('GET', `/api/admin/orders?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as {
        orders: AdminOrderRow[];
        page: number;
        limit: number;
        total: number;
        totalPages: number;
      };
    };

    it("lists every shopper's orders, newest first, with customer, piece count and total", async () => {
      const a = await shopper();
      const b = await shopper();
      const s = await freshSize(10);
      const first = await a.order('cod', { ...s, quantity: 3 });
      const second = await b.order('razorpay', s);
      const { orders } = await list('limit=100');
      const ids = orders.map((o) => o._id);
      expect(ids.indexOf(second._id)).toBeLessThan(ids.indexOf(first._id));
      expect(orders.find((o) => o._id === first._id)).toEqual({
        _id: first._id,
        orderNumber: first.orderNumber,
        createdAt: first.createdAt,
        customer: { _id: a.user._id, name: 'Ravi Kumar', email: a.email },
        status: 'pending',
        paymentMethod: 'cod',
        paymentStatus: 'cod',
        itemCount: 3,
        total: first.total,
        codConfirmation: { state: 'awaiting', confirmedAt: null, via: null },
      });
      expect(orders.find((o) => o._id === second._id)).toMatchObject({
        customer: { email: b.email },
        paymentStatus: 'awaiting_payment',
        itemCount: 1,
      });
    });

    it('filters by status, by whole days in India (both included), and by order number or email, partly and in any case', async () => {
      const me = await shopper();
      const s = await freshSize(10);
      const orders = [await me.order('cod', s), await me.order('cod', s), await me.order('cod', s)];
      // In India: 1 March at midnight, 2 March's last instant, 3 March at midnight.
      const days = ['2021-02-28T18:30:00.000Z', '2021-03-02T18:29:59.999Z', '2021-03-02T18:30:00.000Z'];
      for (const [i, o] of orders.entries()) {
        await shop.handle.db.updateTable('orders').set({ created_at: days[i]! }).where('id', '=', o._id).execute();
      }
      expect((await setStatus(orders[1]!._id, 'confirmed')).statusCode).toBe(200);

      const ids = async (query: string) => (await list(`limit=100&${query}`)).orders.map((o) => o._id);
      expect(await ids('from=2021-03-01&to=2021-03-02')).toEqual([orders[1]!._id, orders[0]!._id]);
      expect(await ids('from=2021-03-02&to=2021-03-02')).toEqual([orders[1]!._id]);
      expect(await ids('from=2021-03-03&to=2021-03-03')).toEqual([orders[2]!._id]);
      expect(await ids('to=2021-02-28')).not.toContain(orders[0]!._id);
      expect(await ids('from=2021-03-01&to=2021-03-31&status=confirmed')).toEqual([orders[1]!._id]);
      expect(await ids('from=2021-03-01&to=2021-03-31&status=')).toHaveLength(3);

      const number = orders[2]!.orderNumber;
      expect(await ids(`q=${number.slice(-5).toLowerCase()}`)).toEqual([orders[2]!._id]);
      const emailPart = me.email.split('@')[0]!.toUpperCase();
      expect(await ids(`q=${encodeURIComponent(emailPart)}&from=2021-03-01&to=2021-03-31`)).toHaveLength(3);
      // LIKE's own wildcards are plain characters in a query.
      expect(await ids('q=%25')).toEqual([]);
      expect(await ids('q=_')).toEqual([]);
    });

    it('pages with a total, in the same number of statements whatever the page size', async () => {
      const me = await shopper();
      const s = await freshSize(10);
      for (let i = 0; i < 3; i += 1) await me.order('cod', s);
      const all = await list('limit=100');
      const page2 = await list('limit=2&page=2');
      expect(page2).toMatchObject({ page: 2, limit: 2, total: all.total, totalPages: Math.ceil(all.total / 2) });
      expect(page2.orders.map((o) => o._id)).toEqual(all.orders.slice(2, 4).map((o) => o._id));

      shop.queries.length = 0;
      await list('limit=1');
      const forOne = shop.queries.length;
      shop.queries.length = 0;
      await list('limit=50');
      expect(shop.queries.length).toBe(forOne);
    });

    it.each([
      ['an unknown status', 'status=lost'],
      ['a malformed date', 'from=21-03-2026'],
      ['a month that does not exist', 'from=2026-13-01'],
      ['a day past the end of its month', 'to=2026-02-30'],
      ['a start after the end', 'from=2026-03-02&to=2026-03-01'],
      ['page 0', 'page=0'],
      ['a limit over 100', 'limit=101'],
      ['a query over 100 characters', `q=${'x'.repeat(101)}`],
    ])('refuses %s with a 400', async (_case, query) => {
      const res = await asAdmin('GET', `/api/admin/orders?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
    });
  });

  describe('GET /api/admin/orders/:id', () => {
    it('shows a cash order with its customer, next statuses and no payment to refund', async () => {
      const me = await shopper();
      const s = await freshSize(5);
      const placed = await me.order('cod', { ...s, quantity: 2 });
      const shown = await detail(placed._id);
      expect(shown).toEqual({
        order: expect.objectContaining({ _id: placed._id, status: 'pending', itemCount: 2, items: placed.items }),
        customer: { _id: me.user._id, name: 'Ravi Kumar', email: me.email, phone: '9876543210' },
        payment: null,
        nextStatuses: ['confirmed', 'cancelled'],
        refundable: false,
        codConfirmation: { state: 'awaiting', confirmedAt: null, via: null },
        audit: [],
      });
    });

    it('shows the latest online payment in rupees, and refundable once captured', async () => {
      const { placed } = await paidOnlineOrder(2);
      const shown = await detail(placed._id);
      expect(shown.payment).toMatchObject({
        provider: 'sandbox',
        providerOrderId: expect.stringMatching(/^order_/),
        providerPaymentId: expect.stringMatching(/^pay_/),
        amount: placed.total,
        status: 'paid',
        refundId: null,
      });
      expect(shown).toMatchObject({ refundable: true, nextStatuses: ['shipped', 'cancelled'] });
    });

    it('answers 404 for an unknown order and 400 for a malformed id', async () => {
      const missing = await asAdmin('GET', '/api/admin/orders/no-such-order');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'ORDER_NOT_FOUND', message: 'Order not found' });
      expect((await asAdmin('GET', '/api/admin/orders/bad%20id!')).statusCode).toBe(400);
    });
  });

  describe('PATCH /api/order/:id/status (staff)', () => {
    it('records each move in the audit trail with who made it; an illegal move changes and records nothing', async () => {
      const me = await shopper();
      const s = await freshSize(5);
      const placed = await me.order('cod', s);
      expect((await setStatus(placed._id, 'confirmed')).statusCode).toBe(200);
      expect((await setStatus(placed._id, 'shipped')).statusCode).toBe(200);
      const illegal = await setStatus(placed._id, 'pending');
      expect(illegal.statusCode).toBe(409);
      expect(illegal.json()).toMatchObject({
        code: 'INVALID_TRANSITION',
        message: 'An order that is shipped cannot become pending.',
      });

      const rows = await auditRows(placed._id);
      expect(rows.map((r) => [r.action, r.summary, r.actor_id])).toEqual([
        ['order.status', 'Status: pending → confirmed', admin.user._id],
        ['order.status', 'Status: confirmed → shipped', admin.user._id],
      ]);
      const shown = await detail(placed._id);
      expect(shown.nextStatuses).toEqual(['delivered']);
      expect(shown.audit.map((a) => a.summary)).toEqual(['Status: confirmed → shipped', 'Status: pending → confirmed']);
      expect(shown.audit[0]).toMatchObject({
        actor: { _id: admin.user._id, name: 'Staff Kumar', email: admin.email },
        entityType: 'order',
        entityId: placed._id,
        action: 'order.status',
      });
      // Shoppers' own cancels are in the order's history, not the staff audit.
      const other = await me.order('cod', s);
      await me.call('POST', `/api/order/${other._id}/cancel`);
      expect(await auditRows(other._id)).toEqual([]);
    });

    it('cancelling restocks every line, gives the coupon use back, and is audited', async () => {
      const me = await shopper();
      const [s1, s2] = [await freshSize(4), await freshSize(3)];
      const code = freshCode();
      await addTestCoupon(shop.handle.db, code, { usageLimit: 1 });
      for (const line of [
        { ...s1, quantity: 2 },
        { ...s2, quantity: 3 },
      ]) {
        await me.call('POST', '/api/cart', {
          product: line.productId,
          color: line.color,
          size: line.size,
          quantity: line.quantity,
        });
      }
      expect((await me.call('POST', '/api/cart/apply-discount', { code })).statusCode).toBe(200);
      const placed = (
        await me.call('POST', '/api/order', { shippingAddress: orderAddress, paymentMethod: 'cod' })
      ).json().data as Order;
      expect([await stockOf(s1), await stockOf(s2)]).toEqual([2, 0]);

      expect((await setStatus(placed._id, 'confirmed')).statusCode).toBe(200);
      const res = await setStatus(placed._id, 'cancelled');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'cancelled', paymentStatus: 'cod' });
      expect([await stockOf(s1), await stockOf(s2)]).toEqual([4, 3]);
      expect(await redemptionsOf(shop.handle.db, placed._id)).toEqual([]);
      expect((await auditRows(placed._id)).map((r) => r.summary)).toEqual([
        'Status: pending → confirmed',
        'Status: confirmed → cancelled',
      ]);
      expect((await detail(placed._id)).nextStatuses).toEqual([]);
    });

    it('cancelling a paid online order refunds it through the provider, audited as the staff member', async () => {
      const { s, placed } = await paidOnlineOrder(2);
      const before = provider.state.refunds;
      const res = await setStatus(placed._id, 'cancelled');
      expect(res.json().data).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
      expect(provider.state.refunds).toBe(before + 1);
      expect(await stockOf(s)).toBe(5);
      const rows = await auditRows(placed._id);
      expect(rows.map((r) => [r.action, r.actor_id])).toEqual([
        ['order.status', admin.user._id],
        ['order.refunded', admin.user._id],
      ]);
      expect(rows[1]!.summary).toMatch(/^Refunded ₹[\d,]+\.\d\d through the payment provider \(rfnd_/);
      const shown = await detail(placed._id);
      expect(shown).toMatchObject({
        refundable: false,
        payment: { status: 'refunded', refundId: expect.stringMatching(/^rfnd_/) },
      });
    });
  });

  describe('POST /api/admin/orders/:id/refund', () => {
    const refund = (id: string, payload?: object) =>
      shop.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${id}/refund`,
        headers: admin.auth,
        ...(payload && { payload }),
      });

    async function stored(orderId: string) {
      const [order, payments, events, audit] = await Promise.all([
        shop.handle.db
          .selectFrom('orders')
          .select(['status', 'payment_status'])
          .where('id', '=', orderId)
          .executeTakeFirstOrThrow(),
        shop.handle.db
          .selectFrom('payments')
          .select(['status', 'refund_id', 'updated_at'])
          .where('order_id', '=', orderId)
          .execute(),
        shop.handle.db
          .selectFrom('order_events')
          .select(['status', 'note', 'actor_id'])
          .where('order_id', '=', orderId)
          .execute(),
        auditRows(orderId),
      ]);
      return { order, payments, events, audit };
    }

    it('refunds a captured payment through the provider, leaving the status as it was', async () => {
      const { me, placed } = await paidOnlineOrder();
      const before = provider.state.refunds;
      const res = await refund(placed._id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe('Refund recorded');
      const shown: AdminOrderDetail = res.json().data;
      expect(shown).toMatchObject({
        order: { status: 'confirmed', paymentStatus: 'refunded' },
        payment: { status: 'refunded', refundId: expect.stringMatching(/^rfnd_/) },
        refundable: false,
        nextStatuses: ['shipped', 'cancelled'],
      });
      expect(shown.order.history.at(-1)).toMatchObject({
        status: 'confirmed',
        note: `Refunded (${shown.payment!.refundId})`,
      });
      expect(shown.audit[0]).toMatchObject({ action: 'order.refunded', actor: { _id: admin.user._id } });
      expect(provider.state.refunds).toBe(before + 1);

      const db = await stored(placed._id);
      expect(db.order).toEqual({ status: 'confirmed', payment_status: 'refunded' });
      expect(db.payments).toEqual([
        expect.objectContaining({ status: 'refunded', refund_id: shown.payment!.refundId }),
      ]);
      expect(db.audit.map((a) => [a.action, a.actor_id])).toEqual([['order.refunded', admin.user._id]]);
      // The shopper sees it too.
      const mine = (await me.call('GET', '/api/order/orders')).json().data.orders[0];
      expect(mine).toMatchObject({ status: 'confirmed', paymentStatus: 'refunded' });

      const again = await refund(placed._id, {});
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        code: 'ALREADY_REFUNDED',
        message: 'This order has already been refunded.',
      });
      expect(provider.state.refunds).toBe(before + 1);
    });

    it('refunds once under a double click', async () => {
      const { placed } = await paidOnlineOrder();
      const before = provider.state.refunds;
      const results = await Promise.all([refund(placed._id), refund(placed._id)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(provider.state.refunds).toBe(before + 1);
      const db = await stored(placed._id);
      expect(db.events.filter((e) => e.note?.startsWith('Refunded'))).toHaveLength(1);
      expect(db.audit).toHaveLength(1);
    });

    it('shows a refund under way as not refundable, refuses a second one meanwhile, and recovers an abandoned one', async () => {
      const { placed } = await paidOnlineOrder();
      let answer = () => {};
      provider.state.hold = new Promise((resolve) => (answer = resolve));
      try {
        const first = refund(placed._id);
        await expect.poll(async () => (await detail(placed._id)).refundable).toBe(false);
        const meanwhile = await refund(placed._id, { reference: 'CASH-1' });
        expect(meanwhile.statusCode).toBe(409);
        expect(meanwhile.json().code).toBe('REFUND_IN_PROGRESS');
        answer();
        expect((await first).statusCode).toBe(200);
      } finally {
        provider.state.hold = null;
      }

      // A process that died mid-refund leaves its claim; after a while it no longer blocks.
      const abandoned = await paidOnlineOrder();
      const claimedLongAgo = new Date(Date.now() - 10 * 60_000).toISOString();
      await shop.handle.db
        .updateTable('payments')
        .set({ refund_id: 'claimed-by-a-dead-process', updated_at: claimedLongAgo })
        .where('order_id', '=', abandoned.placed._id)
        .execute();
      expect((await detail(abandoned.placed._id)).refundable).toBe(true);
      expect((await refund(abandoned.placed._id)).statusCode).toBe(200);
    });

    it('records a refund made by other means with its reference, without the provider', async () => {
      const { placed } = await paidOnlineOrder();
      const before = provider.state.refunds;
      const res = await refund(placed._id, { reference: '  NEFT-20261121-77  ' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        order: { status: 'confirmed', paymentStatus: 'refunded' },
        payment: { status: 'refunded', refundId: 'NEFT-20261121-77' },
        refundable: false,
      });
      expect(provider.state.refunds).toBe(before);
      const db = await stored(placed._id);
      expect(db.events.at(-1)).toEqual({
        status: 'confirmed',
        note: 'Refunded by other means (NEFT-20261121-77)',
        actor_id: admin.user._id,
      });
      expect(db.audit.map((a) => a.summary)).toEqual([
        expect.stringMatching(/^Refunded ₹[\d,]+\.\d\d by other means \(reference NEFT-20261121-77\)$/),
      ]);
      expect((await refund(placed._id, { reference: 'again' })).statusCode).toBe(409);
    });

    it('answers 502 and changes nothing when the provider fails; a later try succeeds', async () => {
      const { placed } = await paidOnlineOrder();
      const before = await stored(placed._id);
      provider.state.failing = true;
      try {
        const res = await refund(placed._id);
        expect(res.statusCode).toBe(502);
        expect(res.json()).toMatchObject({ success: false, code: 'REFUND_FAILED' });
        expect(res.json().message).toContain('could not refund this payment');
      } finally {
        provider.state.failing = false;
      }
      expect(await stored(placed._id)).toEqual(before);
      expect((await detail(placed._id)).refundable).toBe(true);
      expect((await refund(placed._id)).statusCode).toBe(200);
    });

    it('refuses orders with no captured payment: cash on delivery, unpaid online', async () => {
      const me = await shopper();
      const s = await freshSize(5);
      const cod = await me.order('cod', s);
      const unpaid = await me.order('razorpay', s);
      for (const placed of [cod, unpaid]) {
        const res = await refund(placed._id);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({
          code: 'NOTHING_TO_REFUND',
          message: 'This order has no captured payment to refund.',
        });
        const db = await stored(placed._id);
        expect(db.audit).toEqual([]);
        expect(db.order.payment_status).not.toBe('refunded');
      }
    });

    it.each([
      ['an empty reference', { reference: '   ' }],
      ['a reference over 100 characters', { reference: 'x'.repeat(101) }],
      ['a reference that is not text', { reference: 42 }],
    ])('refuses %s with a 400 and changes nothing', async (_case, body) => {
      const { placed } = await paidOnlineOrder();
      const res = await refund(placed._id, body);
      expect(res.statusCode).toBe(400);
      expect((await stored(placed._id)).order.payment_status).toBe('paid');
    });

    it('answers 404 for an unknown order', async () => {
      const res = await refund('no-such-order');
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('ORDER_NOT_FOUND');
    });
  });
});
