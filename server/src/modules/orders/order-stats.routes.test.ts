import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, shopDay, type Order } from '@shop/core';
import { signedInAdmin } from '../../test/accounts.ts';
import { orderAddress } from '../../test/addresses.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { freshSize } from '../../test/stock.ts';
import { apiShopper } from '../../test/shoppers.ts';
import { createSandboxGateway } from '../payments/payment-gateway.ts';
import { orderStats } from './order-stats.ts';

interface StatsRow {
  date: string;
  status: string;
  orders: number;
  revenue: number;
}

/**
 * The staff dashboard's revenue is money taken, less refunds: a shop of its own holds one order
 * of each kind, each at its own price, so every rupee in the answer can be told apart.
 */
describe.each(testDialects)('GET /api/order/stats revenue on %s', (dialect) => {
  let shop: TestShop;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  let rows: StatsRow[];
  const placed: Record<string, Order> = {};

  const asAdmin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    shop.app.inject({ method, url, headers: admin.auth, ...(payload && { payload }) });

  async function setStatuses(order: Order, ...statuses: string[]) {
    for (const status of statuses) {
      const res = await asAdmin('PATCH', `/api/order/${order._id}/status`, { status });
      expect(res.statusCode, res.body).toBe(200);
    }
  }

  /** One piece of a size of its own, its product priced `price` paise, ordered by a new shopper. */
  async function place(paymentMethod: 'cod' | 'razorpay', price: number) {
    const me = await apiShopper(shop.app);
    const size = await freshSize(shop.handle.db, 5, price);
    expect((await me.add(size)).statusCode).toBe(200);
    const res = await me.order(paymentMethod);
    expect(res.statusCode, res.body).toBe(201);
    return { me, order: res.json().data as Order };
  }

  async function placePaid(price: number) {
    const { me, order } = await place('razorpay', price);
    const signed = await me.sandboxPay(await me.initiate(order._id));
    const paid = await me.call('POST', '/api/payments/success', signed);
    expect(paid.json().data.order).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    return order;
  }

  beforeAll(async () => {
    shop = await createTestShop(dialect, {
      payments: createSandboxGateway('stats-key-secret', 'stats-webhook-secret'),
    });
    admin = await signedInAdmin(shop);

    placed.codPending = (await place('cod', 101_00)).order;
    placed.codDelivered = (await place('cod', 203_00)).order;
    await setStatuses(placed.codDelivered, 'confirmed', 'shipped', 'delivered');
    placed.codCancelled = (await place('cod', 307_00)).order;
    await setStatuses(placed.codCancelled, 'cancelled');
    placed.onlineUnpaid = (await place('razorpay', 409_00)).order;
    placed.onlinePaid = await placePaid(511_00);
    placed.onlineShipped = await placePaid(613_00);
    await setStatuses(placed.onlineShipped, 'shipped');
    // Refunded by staff, the order still confirmed.
    placed.onlineRefunded = await placePaid(719_00);
    const refunded = await asAdmin('POST', `/api/admin/orders/${placed.onlineRefunded._id}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    // Cancelled by staff after payment: refunded through the provider.
    placed.onlineCancelled = await placePaid(821_00);
    await setStatuses(placed.onlineCancelled, 'cancelled');

    const res = await asAdmin('GET', '/api/order/stats');
    expect(res.statusCode).toBe(200);
    rows = res.json().data;
  });
  afterAll(async () => {
    await shop?.close();
  });

  const today = () => shopDay(new Date());
  const row = (status: string) => rows.find((r) => r.date === today() && r.status === status);
  const total = (name: string) => placed[name]!.total;

  it('counts every order placed, whatever became of it', () => {
    expect(row('pending')?.orders).toBe(2); // cash on delivery not yet confirmed, online unpaid
    expect(row('confirmed')?.orders).toBe(2); // paid, and paid then refunded
    expect(row('shipped')?.orders).toBe(1);
    expect(row('delivered')?.orders).toBe(1);
    expect(row('cancelled')?.orders).toBe(2);
  });

  it('takes cash on delivery only once delivered, and online payments only once captured', () => {
    expect(row('pending')?.revenue).toBe(0);
    expect(row('delivered')?.revenue).toBeCloseTo(total('codDelivered'), 2);
    expect(row('shipped')?.revenue).toBeCloseTo(total('onlineShipped'), 2);
  });

  it('subtracts refunds: a refunded payment and a cancelled paid order bring in nothing', async () => {
    expect(row('confirmed')?.revenue).toBeCloseTo(total('onlinePaid'), 2);
    expect(row('cancelled')?.revenue).toBe(0);
    const payments = await shop.handle.db
      .selectFrom('payments')
      .select(['order_id', 'status'])
      .where('order_id', 'in', [placed.onlineRefunded!._id, placed.onlineCancelled!._id])
      .execute();
    expect(payments.map((p) => p.status)).toEqual(['refunded', 'refunded']);
  });

  it('adds up to the money taken: the delivered cash and the two captured payments not refunded', () => {
    const revenue = rows.filter((r) => r.date === today()).reduce((sum, r) => sum + r.revenue, 0);
    expect(revenue).toBeCloseTo(total('codDelivered') + total('onlinePaid') + total('onlineShipped'), 2);
  });
});

/** The dashboard's days are India's: an order placed at 20:00 UTC counts on the next day. */
describe.each(testDialects)('order stats by Indian day on %s', (dialect) => {
  let shop: TestShop;
  // 01:30 on 22 Nov 2026 in India; the 30 days shown run from 24 Oct to 22 Nov there.
  const now = new Date('2026-11-21T20:00:00.000Z');

  beforeAll(async () => {
    shop = await createTestShop(dialect);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('puts each order on the day it was placed in India, and keeps the 30 days India has', async () => {
    const placedAt = [
      '2026-11-21T20:00:00.000Z', // 22 Nov, 01:30
      '2026-11-21T18:30:00.000Z', // 22 Nov, midnight
      '2026-11-21T18:29:59.999Z', // 21 Nov, the day's last instant
      '2026-10-23T18:30:00.000Z', // 24 Oct, midnight: the first day shown
      '2026-10-23T18:29:59.999Z', // 23 Oct: before the 30 days
    ];
    for (const at of placedAt) {
      const me = await apiShopper(shop.app);
      expect((await me.add(await freshSize(shop.handle.db, 5, 100_00))).statusCode).toBe(200);
      const res = await me.order('cod');
      expect(res.statusCode, res.body).toBe(201);
      await shop.handle.db
        .updateTable('orders')
        .set({ created_at: at })
        .where('id', '=', (res.json().data as Order)._id)
        .execute();
    }

    const rows = await orderStats(shop.handle.db, 30, now);
    const nothingTaken = { returnedToOrigin: false, taken: 0, refunded: 0, revenue: 0 };
    expect(rows).toEqual([
      { date: '2026-10-24', status: 'pending', orders: 1, ...nothingTaken },
      { date: '2026-11-21', status: 'pending', orders: 1, ...nothingTaken },
      { date: '2026-11-22', status: 'pending', orders: 2, ...nothingTaken },
    ]);
  });
});

/**
 * Parcels that come back: the revenue leaves out a paid parcel on its way back before its refund
 * is made, a returned one refunded, and a cash one that moved no money; the refunds are counted,
 * and the returns to origin are rated per PIN code over the 30 days.
 */
describe.each(testDialects)('returns to origin on the dashboard on %s', (dialect) => {
  let shop: TestShop;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  let awbCount = 0;

  const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    shop.app.inject({ method, url, headers: admin.auth, ...(payload && { payload }) });

  /** A confirmed order of one piece to `pinCode`, shipped with a parcel. */
  async function shipped(paymentMethod: 'cod' | 'razorpay', price: number, pinCode: string) {
    const me = await apiShopper(shop.app);
    expect((await me.add(await freshSize(shop.handle.db, 5, price))).statusCode).toBe(200);
    const address = { ...orderAddress, pinCode };
    const placed = await me.order(paymentMethod, { shippingAddress: address, billingAddress: address });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data as Order;
    if (paymentMethod === 'cod') {
      expect((await asAdmin('PATCH', `/api/order/${order._id}/status`, { status: 'confirmed' })).statusCode).toBe(200);
    } else {
      const signed = await me.sandboxPay(await me.initiate(order._id));
      expect((await me.call('POST', '/api/payments/success', signed)).statusCode).toBe(200);
    }
    const awb = `RTO${dialect.length}${Date.now().toString(36).toUpperCase()}${(awbCount += 1)}`;
    const res = await asAdmin('POST', `/api/admin/orders/${order._id}/shipment`, { courier: 'delhivery', awb });
    expect(res.statusCode, res.body).toBe(200);
    const shipmentId = res.json().data._id as string;
    const report = async (kind: string) => {
      const event = await asAdmin('POST', `/api/admin/shipments/${shipmentId}/events`, { kind });
      expect(event.statusCode, event.body).toBe(200);
    };
    return { order, report };
  }

  beforeAll(async () => {
    shop = await createTestShop(dialect, { payments: createSandboxGateway('rto-key-secret', 'rto-webhook-secret') });
    admin = await signedInAdmin(shop);
    const settings = { maxDeliveryAttempts: 1, rtoCodThresholdPercent: null, rtoCodMinOrders: 10 };
    expect((await asAdmin('PUT', '/api/admin/shipment-settings', settings)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('keeps only the delivered money, counts the refund and the returned parcels, and rates each PIN code', async () => {
    const delivered = await shipped('razorpay', 211_00, '560001');
    await delivered.report('delivered');
    const returning = await shipped('razorpay', 307_00, '560001');
    await returning.report('delivery_failed'); // the only attempt allowed: on its way back, not yet refunded
    const cashBack = await shipped('cod', 401_00, '560100');
    await cashBack.report('delivery_failed');
    await cashBack.report('rto_delivered');
    const paidBack = await shipped('razorpay', 503_00, '560100');
    await paidBack.report('delivery_failed');
    await paidBack.report('rto_delivered');

    const res = await asAdmin('GET', '/api/order/stats');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as (StatsRow & { taken: number; refunded: number; returnedToOrigin: boolean })[];
    const sum = (key: 'revenue' | 'taken' | 'refunded' | 'orders', which = rows) =>
      which.reduce((total, row) => total + row[key], 0);
    expect(sum('revenue')).toBeCloseTo(delivered.order.total, 2);
    expect(sum('refunded')).toBeCloseTo(paidBack.order.total, 2);
    expect(sum('taken')).toBeCloseTo(delivered.order.total + returning.order.total + paidBack.order.total, 2);
    const back = rows.filter((row) => row.returnedToOrigin);
    expect(sum('orders', back)).toBe(3);
    expect(back.map((row) => [row.status, row.orders, row.revenue]).sort()).toEqual([
      ['cancelled', 2, 0],
      ['shipped', 1, 0],
    ]);

    const rates = await asAdmin('GET', '/api/admin/rto-by-pin');
    expect(rates.statusCode).toBe(200);
    expect(rates.json().data).toEqual({
      since: addDays(shopDay(new Date()), -29),
      pins: [
        { pinCode: '560100', shipped: 2, returned: 2, ratePercent: 100 },
        { pinCode: '560001', shipped: 2, returned: 1, ratePercent: 50 },
      ],
    });
  });
});
