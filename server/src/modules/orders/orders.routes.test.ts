import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopDay, type Order } from '@shop/core';
import { newId } from '../../lib/ids.ts';
import { signedInAdmin } from '../../test/accounts.ts';
import { untilCatalogueRead } from '../../test/catalogue.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { addTestCoupon, freshCode, redemptionsOf } from '../../test/coupons.ts';
import { createSandboxGateway, createUnavailableGateway, hmacHex } from '../payments/payment-gateway.ts';
import { paymentsForOrders } from '../payments/refunds.ts';
import { sweepUnpaidOrders } from './cancellation.ts';
import { freshSize as freshSizeIn, stockOf as stockIn, type SizeRef } from '../../test/stock.ts';
import { orderAddress } from '../../test/addresses.ts';
import { apiShopper, deliverWebhook, paymentEvent } from '../../test/shoppers.ts';
import { failPaymentCaptures } from '../../test/faults.ts';

const KEY_SECRET = 'sandbox-key-secret-for-tests';
const WEBHOOK_SECRET = 'sandbox-webhook-secret-for-tests';

describe.each(testDialects)('orders and payments API on %s', (dialect) => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop(dialect, { payments: createSandboxGateway(KEY_SECRET, WEBHOOK_SECRET) });
  });
  afterAll(async () => {
    await shop?.close();
  });

  /** A size of one test's own with exactly `stock` pieces, its product at `price` paise. */
  const freshSize = (stock: number, price = 40_00) => freshSizeIn(shop.handle.db, stock, price);
  const stockOf = (s: SizeRef) => stockIn(shop.handle.db, s);

  const shopper = () => apiShopper(shop.app);

  describe('placing an order', () => {
    it('cash on delivery: totals as the cart showed them, stock taken, cart emptied, listed in My Orders', async () => {
      const me = await shopper();
      const s = await freshSize(10, 60_00);
      const added = await me.add(s, 2);
      expect(added.statusCode, added.body).toBe(200);
      const applied = await me.call('POST', '/api/cart/apply-discount', { code: 'SAVE10' });
      expect(applied.statusCode, applied.body).toBe(200);
      const before = await me.cart();
      expect(before.coupon?.code).toBe('SAVE10');

      const res = await me.order('cod');
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toBe('Order placed successfully');
      const placed = res.json().data;
      expect(placed.orderId).toBe(placed._id);
      expect(placed.orderNumber).toMatch(/^KP\d{6}-[0-9A-HJKMNP-TV-Z]{5}$/);
      expect(placed).toMatchObject({
        status: 'pending',
        paymentMethod: 'cod',
        paymentStatus: 'cod',
        totals: before.totals,
        total: before.totals.total,
        itemCount: 2,
        coupon: { code: 'SAVE10', label: '10% OFF' },
        notes: 'Please deliver between 10am-5pm',
        cancellable: true,
        shippingAddress: orderAddress,
      });
      expect(placed.items).toEqual([
        expect.objectContaining({ productId: s.productId, size: s.size, quantity: 2, price: 60, lineTotal: 120 }),
      ]);
      expect(placed.history).toEqual([expect.objectContaining({ status: 'pending', note: 'Order placed' })]);
      expect(await stockOf(s)).toBe(8);
      expect(await me.cart()).toMatchObject({ items: [], coupon: null });
      expect((await me.orders()).map((o) => o._id)).toEqual([placed._id]);
    });

    it('answers the order as stored, invoice included, in a set number of statements', async () => {
      const me = await shopper();
      const s = await freshSize(5, 30_00);
      await me.add(s);
      // Only the order's own statements: not the catalogue's read of the new size's stock.
      await untilCatalogueRead(shop);
      shop.queries.length = 0;
      const res = await me.order('cod');
      // The shopper's token, and the order's transaction with its begin and commit; each line
      // more adds only the statement taking its stock. One statement counts what the order's
      // account, address and network already hold (the holding limits), for all its lines, and
      // one writes what its lines now hold. A cash order queues two emails: the order's, and the
      // one asking to confirm it; and reads the owner's return-to-origin rule for cash on
      // delivery at its PIN code.
      expect(shop.queries.length).toBeLessThanOrEqual(24);
      expect(res.statusCode, res.body).toBe(201);
      const placed: Order = res.json().data;
      expect(placed.documents).toEqual([expect.objectContaining({ kind: 'invoice' })]);
      const [stored] = await me.orders();
      expect(placed).toEqual({ ...stored, orderId: placed._id });
    });

    it('keeps the price paid even when the catalogue price changes later', async () => {
      const me = await shopper();
      const s = await freshSize(5, 30_00);
      await me.add(s);
      const placed = (await me.order('cod')).json().data;
      await shop.handle.db.updateTable('products').set({ price: 99_00 }).where('id', '=', s.productId).execute();
      const [listed] = await me.orders();
      expect(listed!.items[0]!.price).toBe(30);
      expect(listed!.total).toBe(placed.total);
    });

    it('refuses an empty cart, and a cart that differs from the items the shopper saw', async () => {
      const me = await shopper();
      const empty = await me.order('cod');
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ code: 'EMPTY_CART', message: 'Your cart is empty.' });

      const s = await freshSize(5);
      await me.add(s, 2);
      const stale = await me.order('cod', { items: [{ productId: s.productId, quantity: 1 }] });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('CART_CHANGED');
      expect(await stockOf(s)).toBe(5);
      expect((await me.order('cod', { items: [{ productId: s.productId, quantity: 2 }] })).statusCode).toBe(201);
    });

    it('refuses a cart holding another colour of the size the shopper saw', async () => {
      const me = await shopper();
      const navy = await freshSizeIn(shop.handle.db, 5, 40_00, { severalColors: true });
      // The same size of the product in a second colour: what another tab swapped the line for.
      const other = await shop.handle.db
        .selectFrom('product_colors')
        .select('color')
        .where('product_id', '=', navy.productId)
        .where('color', '<>', navy.color)
        .executeTakeFirstOrThrow();
      const swapped = { ...navy, color: other.color };
      await shop.handle.db
        .insertInto('product_variants')
        .values({
          product_id: swapped.productId,
          color: swapped.color,
          size: swapped.size,
          size_position: 99,
          sku: `TEST-${swapped.size}-2`,
          stock: 5,
        })
        .execute();
      expect((await me.add(swapped, 1)).statusCode).toBe(200);
      const seen = { productId: navy.productId, size: navy.size, quantity: 1 };

      const stale = await me.order('cod', { items: [{ ...seen, color: navy.color.toUpperCase() }] });
      expect(stale.statusCode, stale.body).toBe(409);
      expect(stale.json().code).toBe('CART_CHANGED');
      expect([await stockOf(navy), await stockOf(swapped)]).toEqual([5, 5]);
      const placed = await me.order('cod', { items: [{ ...seen, color: swapped.color }] });
      expect(placed.statusCode, placed.body).toBe(201);
      expect(placed.json().data.items).toMatchObject([{ color: swapped.color, size: navy.size }]);
      // The specification's items name no colour: those are compared by product and size, as before.
      expect((await me.add(swapped, 1)).statusCode).toBe(200);
      expect((await me.order('cod', { items: [seen] })).statusCode).toBe(201);
    });

    it.each([
      ['no shipping address', { shippingAddress: undefined }],
      ['a 5-digit PIN code', { shippingAddress: { ...orderAddress, pinCode: '56001' } }],
      ['a country other than India', { shippingAddress: { ...orderAddress, country: 'Nepal' } }],
      ['a short phone', { shippingAddress: { ...orderAddress, phone: '123' } }],
      ['an unknown payment method', { paymentMethod: 'cash' }],
      ['a price sent by the client', { total: 1 }],
    ])('refuses %s with a 4xx and writes nothing', async (_case, change) => {
      const me = await shopper();
      const s = await freshSize(3);
      await me.add(s);
      const res = await me.call('POST', '/api/order', {
        shippingAddress: orderAddress,
        paymentMethod: 'cod',
        ...change,
      });
      if (_case === 'a price sent by the client') {
        // Unknown fields are ignored, never trusted: the server prices the order itself.
        expect(res.statusCode).toBe(201);
        expect(res.json().data.total).not.toBe(1);
        return;
      }
      expect(res.statusCode).toBe(400);
      expect(await stockOf(s)).toBe(3);
      expect(await me.orders()).toEqual([]);
      expect((await me.cart()).items).toHaveLength(1);
    });

    it('answers a retried request with the same Idempotency-Key with the same order, once', async () => {
      const me = await shopper();
      const s = await freshSize(5);
      await me.add(s);
      const key = { 'idempotency-key': `checkout-${newId()}` };
      const first = await me.order('cod', {}, key);
      const again = await me.order('cod', {}, key);
      expect(again.statusCode).toBe(201);
      expect(again.json().data._id).toBe(first.json().data._id);

      await me.add(s);
      const raceKey = { 'idempotency-key': `checkout-${newId()}` };
      const raced = await Promise.all([me.order('cod', {}, raceKey), me.order('cod', {}, raceKey)]);
      expect(raced.map((r) => r.statusCode)).toEqual([201, 201]);
      expect(raced[0]!.json().data._id).toBe(raced[1]!.json().data._id);
      expect(await me.orders()).toHaveLength(2);
      expect(await stockOf(s)).toBe(3);
    });

    it('sells 5 pieces to exactly 5 of 20 shoppers ordering at once; stock ends at 0', async () => {
      const s = await freshSize(20);
      const shoppers = await Promise.all(Array.from({ length: 20 }, () => shopper()));
      for (const me of shoppers) expect((await me.add(s)).statusCode).toBe(200);
      await shop.handle.db
        .updateTable('product_variants')
        .set({ stock: 5 })
        .where('product_id', '=', s.productId)
        .where('color', '=', s.color)
        .where('size', '=', s.size)
        .execute();

      const results = await Promise.all(shoppers.map((me) => me.order('cod')));
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses.filter((c) => c === 201)).toHaveLength(5);
      expect(statuses.filter((c) => c === 409)).toHaveLength(15);
      for (const refused of results.filter((r) => r.statusCode === 409)) {
        expect(refused.json().code).toBe('OUT_OF_STOCK');
        expect(refused.json().message).toContain(`, size ${s.size}`);
      }
      expect(await stockOf(s)).toBe(0);
      const placed = await shop.handle.db
        .selectFrom('order_items')
        .select('order_id')
        .where('size', '=', s.size)
        .execute();
      expect(placed).toHaveLength(5);
    });

    it('lets only one of two shoppers racing for a single-use coupon have it', async () => {
      const code = freshCode('ONLY');
      const couponId = await addTestCoupon(shop.handle.db, code, { value: 50, usageLimit: 1 });
      const s = await freshSize(10);
      const [a, b] = await Promise.all([shopper(), shopper()]);
      for (const me of [a, b]) {
        await me.add(s);
        expect((await me.call('POST', '/api/cart/apply-discount', { code })).statusCode).toBe(200);
      }
      const results = await Promise.all([a.order('cod'), b.order('cod')]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const won = results.find((r) => r.statusCode === 201)!.json().data;
      expect(won.coupon.code).toBe(code);
      const coupon = await shop.handle.db
        .selectFrom('coupons')
        .select('times_redeemed')
        .where('id', '=', couponId)
        .executeTakeFirstOrThrow();
      expect(coupon.times_redeemed).toBe(1);
      expect(await stockOf(s)).toBe(9);
    });
  });

  describe('no stock hoarding', () => {
    it('keeps one unpaid online order per shopper: a new one replaces the one waiting, whose stock comes back', async () => {
      const me = await shopper();
      const first = await freshSize(5);
      await me.add(first, 3);
      const waiting = (await me.order('razorpay')).json().data as Order;
      const providerOrderId = await me.initiate(waiting._id);
      expect(await stockOf(first)).toBe(2);

      const second = await freshSize(5);
      await me.add(second, 1);
      const res = await me.order('razorpay');
      expect(res.statusCode, res.body).toBe(201);
      const replacing = res.json().data as Order;
      expect(await stockOf(first)).toBe(5);
      expect(await stockOf(second)).toBe(4);
      const orders = await me.orders();
      expect(orders.map((o) => [o._id, o.status])).toEqual([
        [replacing._id, 'pending'],
        [waiting._id, 'cancelled'],
      ]);
      expect(orders[1]!.history.at(-1)).toMatchObject({
        status: 'cancelled',
        note: `Replaced by order ${replacing.orderNumber}`,
      });

      // A payment that still arrives for the replaced order is refunded.
      const signed = await me.sandboxPay(providerOrderId);
      const late = await me.call('POST', '/api/payments/success', signed);
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('ORDER_CANCELLED');
      const [, replaced] = await me.orders();
      expect(replaced).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });

      // Cash on delivery leaves the online order waiting alone.
      await me.add(first, 1);
      expect((await me.order('cod')).statusCode).toBe(201);
      expect((await me.orders()).find((o) => o._id === replacing._id)!.status).toBe('pending');
    });

    it('refuses an order whose cart holds more than 10 of a line or more than 20 lines, and writes nothing', async () => {
      const me = await shopper();
      const s = await freshSize(50);
      await me.add(s, 10);
      // A cart filled before the limits existed.
      await shop.handle.db.updateTable('cart_items').set({ quantity: 12 }).where('size', '=', s.size).execute();
      const tooMany = await me.order('razorpay');
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json()).toMatchObject({
        code: 'QUANTITY_LIMIT',
        message: expect.stringContaining('at most 10'),
      });
      expect(await stockOf(s)).toBe(50);
      expect(await me.orders()).toEqual([]);
      expect((await me.cart()).items).toHaveLength(1);

      const wide = await shopper();
      const sizes = await Promise.all(Array.from({ length: 21 }, () => freshSize(5)));
      await wide.add(sizes[0]!);
      const { id: cartId } = await shop.handle.db
        .selectFrom('cart_items')
        .select('cart_id as id')
        .where('size', '=', sizes[0]!.size)
        .executeTakeFirstOrThrow();
      await shop.handle.db
        .insertInto('cart_items')
        .values(
          sizes.slice(1).map((size, i) => ({
            id: newId(),
            cart_id: cartId,
            product_id: size.productId,
            color: size.color,
            size: size.size,
            quantity: 1,
            created_at: new Date(Date.now() + i).toISOString(),
          })),
        )
        .execute();
      const tooWide = await wide.order('cod');
      expect(tooWide.statusCode).toBe(400);
      expect(tooWide.json()).toMatchObject({ code: 'CART_LINES_LIMIT', message: expect.stringContaining('20') });
      expect(await wide.orders()).toEqual([]);
      for (const size of sizes) expect(await stockOf(size)).toBe(5);
    });

    it('refuses an online order with no payment provider (503) before writing anything; cash on delivery still works', async () => {
      const closed = await createTestShop(dialect, { payments: createUnavailableGateway() });
      try {
        const me = await apiShopper(closed.app);
        const s = await freshSizeIn(closed.handle.db, 5, 40_00);
        await me.add(s, 2);
        const res = await me.order('razorpay');
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({
          code: 'ONLINE_PAYMENT_UNAVAILABLE',
          message: 'Online payment is not available. Please choose cash on delivery.',
        });
        expect(await stockIn(closed.handle.db, s)).toBe(5);
        expect(await me.orders()).toEqual([]);
        expect((await me.cart()).items).toHaveLength(1);
        expect((await me.order('cod')).statusCode).toBe(201);
        // What checkout asks before it offers a way to pay.
        const options = await closed.app.inject('/api/payments/options');
        expect(options.json()).toEqual({ success: true, data: { online: { available: false, sandbox: false } } });
      } finally {
        await closed.close();
      }
    });

    it('tells checkout, without signing in, that online payment is offered (here by the sandbox)', async () => {
      const options = await shop.app.inject('/api/payments/options');
      expect(options.statusCode).toBe(200);
      expect(options.json()).toEqual({ success: true, data: { online: { available: true, sandbox: true } } });
    });
  });

  describe('the total the shopper saw (expectedTotal)', () => {
    it('answers 409 CART_CHANGED with the cart as it is now when the price changed, and writes nothing', async () => {
      const me = await shopper();
      const s = await freshSize(5, 59_00);
      await me.add(s);
      const seen = await me.cart();
      expect(seen.totals.total).toBe(81);
      await shop.handle.db.updateTable('products').set({ price: 23_599_00 }).where('id', '=', s.productId).execute();

      const res = await me.order('cod', { expectedTotal: seen.totals.total });
      expect(res.statusCode).toBe(409);
      const now = await me.cart();
      expect(res.json()).toMatchObject({
        success: false,
        code: 'CART_CHANGED',
        message: `The total of your order is now ₹27,859.00, not ₹81.00. Please check your cart and place the order again.`,
        data: { items: [expect.objectContaining({ productId: s.productId })], totals: now.totals },
      });
      expect(now.totals.total).toBe(27_859);
      expect(await stockOf(s)).toBe(5);
      expect(await me.orders()).toEqual([]);

      const confirmed = await me.order('cod', { expectedTotal: now.totals.total });
      expect(confirmed.statusCode, confirmed.body).toBe(201);
      expect(confirmed.json().data.total).toBe(27_859);
    });

    it('compares in paise, refuses a malformed total, and carries the cart in every CART_CHANGED', async () => {
      const me = await shopper();
      const s = await freshSize(5, 33_33);
      await me.add(s, 3);
      const { total } = (await me.cart()).totals;
      for (const bad of [-1, 12.345, '100', null]) {
        const res = await me.order('cod', { expectedTotal: bad });
        expect(res.statusCode, String(bad)).toBe(400);
        expect(res.json().message).toContain('expectedTotal');
      }
      const off = await me.order('cod', { expectedTotal: total + 0.01 });
      expect(off.statusCode).toBe(409);
      const stale = await me.order('cod', { items: [{ productId: s.productId, quantity: 1 }] });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ code: 'CART_CHANGED', data: { itemCount: 3 } });
      expect(await stockOf(s)).toBe(5);
      expect((await me.order('cod', { expectedTotal: total })).statusCode).toBe(201);
    });
  });

  describe('cancelling', () => {
    it('cancels a pending order: stock back, coupon use given back, history kept', async () => {
      const me = await shopper();
      const s = await freshSize(4, 120_00);
      await me.add(s, 1);
      await me.call('POST', '/api/cart/apply-discount', { code: 'SAVE10' });
      const placed = (await me.order('cod')).json().data;
      expect(await stockOf(s)).toBe(3);

      const res = await me.call('POST', `/api/order/${placed._id}/cancel`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'Order cancelled',
        data: { status: 'cancelled', cancellable: false },
      });
      expect(res.json().data.history.map((h: { status: string }) => h.status)).toEqual(['pending', 'cancelled']);
      expect(await stockOf(s)).toBe(4);
      expect(await redemptionsOf(shop.handle.db, placed._id)).toEqual([]);

      const again = await me.call('POST', `/api/order/${placed._id}/cancel`);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This order is already cancelled.');
    });

    it("answers 404 for another shopper's order, 409 once shipped or after 12 hours", async () => {
      const owner = await shopper();
      const stranger = await shopper();
      const admin = await signedInAdmin(shop);
      const s = await freshSize(5);
      await owner.add(s);
      const first = (await owner.order('cod')).json().data;
      expect((await stranger.call('POST', `/api/order/${first._id}/cancel`)).statusCode).toBe(404);

      for (const status of ['confirmed', 'shipped']) {
        await shop.app.inject({
          method: 'PATCH',
          url: `/api/order/${first._id}/status`,
          headers: admin.auth,
          payload: { status },
        });
      }
      const shipped = await owner.call('POST', `/api/order/${first._id}/cancel`);
      expect(shipped.statusCode).toBe(409);
      expect(shipped.json().message).toBe('This order has shipped and can no longer be cancelled.');

      await owner.add(s);
      const second = (await owner.order('cod')).json().data;
      const thirteenHoursAgo = new Date(Date.now() - 13 * 3_600_000).toISOString();
      await shop.handle.db
        .updateTable('orders')
        .set({ created_at: thirteenHoursAgo })
        .where('id', '=', second._id)
        .execute();
      const late = await owner.call('POST', `/api/order/${second._id}/cancel`);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe('Orders can only be cancelled within 12 hours of placing them.');
      expect((await owner.orders()).find((o) => o._id === second._id)!.cancellable).toBe(false);
    });
  });

  describe('staff', () => {
    it('moves an order along the allowed statuses only, and only staff may', async () => {
      const me = await shopper();
      const admin = await signedInAdmin(shop);
      const s = await freshSize(5);
      await me.add(s);
      const placed = (await me.order('cod')).json().data;
      const patch = (headers: Record<string, string>, status: string) =>
        shop.app.inject({ method: 'PATCH', url: `/api/order/${placed._id}/status`, headers, payload: { status } });

      expect((await patch({}, 'confirmed')).statusCode).toBe(401);
      expect((await patch(me.auth, 'confirmed')).statusCode).toBe(403);
      expect((await patch(admin.auth, 'flying')).statusCode).toBe(400);
      expect((await patch(admin.auth, 'delivered')).statusCode).toBe(409);
      for (const status of ['confirmed', 'shipped', 'delivered']) {
        const res = await patch(admin.auth, status);
        expect(res.statusCode).toBe(200);
        expect(res.json().data.status).toBe(status);
      }
      const back = await patch(admin.auth, 'pending');
      expect(back.statusCode).toBe(409);
      expect(back.json().message).toBe('An order that is delivered cannot become pending.');
      expect((await me.orders())[0]!.history.map((h) => h.status)).toEqual([
        'pending',
        'confirmed',
        'shipped',
        'delivered',
      ]);
    });

    it('cannot confirm an unpaid online order by hand: its payment confirms it', async () => {
      const me = await shopper();
      const admin = await signedInAdmin(shop);
      await me.add(await freshSize(5));
      const placed = (await me.order('razorpay')).json().data;
      const confirm = await shop.app.inject({
        method: 'PATCH',
        url: `/api/order/${placed._id}/status`,
        headers: admin.auth,
        payload: { status: 'confirmed' },
      });
      expect(confirm.statusCode).toBe(409);
      expect(confirm.json()).toMatchObject({
        code: 'AWAITING_PAYMENT',
        message: 'This order is waiting for its online payment: it is confirmed once paid.',
      });
      const detail = await shop.app.inject({ url: `/api/admin/orders/${placed._id}`, headers: admin.auth });
      expect(detail.json().data.nextStatuses).toEqual(['cancelled']);
      expect((await me.orders())[0]).toMatchObject({ status: 'pending', paymentStatus: 'awaiting_payment' });
    });

    it('cancelling as staff restocks too', async () => {
      const me = await shopper();
      const admin = await signedInAdmin(shop);
      const s = await freshSize(2);
      await me.add(s, 2);
      const placed = (await me.order('cod')).json().data;
      expect(await stockOf(s)).toBe(0);
      const res = await shop.app.inject({
        method: 'PATCH',
        url: `/api/order/${placed._id}/status`,
        headers: admin.auth,
        payload: { status: 'cancelled' },
      });
      expect(res.json().data.status).toBe('cancelled');
      expect(await stockOf(s)).toBe(2);
    });

    it('reports orders and revenue by day and status, to staff only', async () => {
      const me = await shopper();
      const admin = await signedInAdmin(shop);
      expect((await me.call('GET', '/api/order/stats')).statusCode).toBe(403);
      const res = await shop.app.inject({ url: '/api/order/stats', headers: admin.auth });
      expect(res.statusCode).toBe(200);
      const rows: { date: string; status: string; orders: number; revenue: number }[] = res.json().data;
      // Days are India's: an order placed at 20:00 UTC counts on the next day there.
      const today = shopDay(new Date());
      const all = await shop.handle.db.selectFrom('orders').select(['status', 'total', 'created_at']).execute();
      for (const status of ['pending', 'cancelled', 'delivered']) {
        const mine = all.filter((o) => o.status === status && shopDay(new Date(o.created_at)) === today);
        const row = rows.find((r) => r.date === today && r.status === status);
        expect(row?.orders ?? 0).toBe(mine.length);
      }
      // Revenue is money taken, less refunds (order-stats.routes.test.ts): nothing for orders
      // still pending, neither cash not yet collected nor online payments not yet captured.
      expect(rows.find((r) => r.date === today && r.status === 'pending')?.revenue ?? 0).toBe(0);
    });
  });

  describe('paying online (Razorpay sandbox)', () => {
    async function onlineOrder() {
      const me = await shopper();
      const s = await freshSize(5, 45_00);
      await me.add(s, 2);
      const placed = (await me.order('razorpay')).json().data as Order;
      return { me, s, placed };
    }

    it('takes stock, empties the cart it came from, and offers the payment window its details', async () => {
      const { me, s, placed } = await onlineOrder();
      expect(placed).toMatchObject({ status: 'pending', paymentStatus: 'awaiting_payment' });
      expect(await stockOf(s)).toBe(3);
      expect(await me.cart()).toMatchObject({ items: [], coupon: null });
      // The same cart cannot be ordered a second time.
      const twice = await me.order('razorpay');
      expect(twice.statusCode).toBe(400);
      expect(twice.json().code).toBe('EMPTY_CART');
      expect(await stockOf(s)).toBe(3);

      const res = await me.call('POST', '/api/payments/initiate', {
        orderId: placed._id,
        user: me.user._id,
        method: 'razorpay',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        key: 'rzp_test_sandbox',
        sandbox: true,
        order: { amount: Math.round(placed.total * 100), currency: 'INR' },
        orderNumber: placed.orderNumber,
        description: `Order ${placed.orderNumber}`,
        name: 'KAPAS',
        prefill: { name: 'Ravi Kumar', email: me.email, contact: '9876543210' },
      });
      expect(res.json().data.order.id).toMatch(/^order_/);
      const again = await me.call('POST', '/api/payments/initiate', { orderId: placed._id });
      expect(again.json().data.order.id).toBe(res.json().data.order.id);

      const stranger = await shopper();
      expect((await stranger.call('POST', '/api/payments/initiate', { orderId: placed._id })).statusCode).toBe(404);
    });

    it('confirms the order once the signature checks out, and only then', async () => {
      const { me, placed } = await onlineOrder();
      const providerOrderId = (await me.call('POST', '/api/payments/initiate', { orderId: placed._id })).json().data
        .order.id;
      const signed = (await me.call('POST', '/api/payments/sandbox/pay', { razorpay_order_id: providerOrderId })).json()
        .data;
      // The official SDK agrees with the signature the sandbox made.
      expect(
        validatePaymentVerification(
          { order_id: providerOrderId, payment_id: signed.razorpay_payment_id },
          signed.razorpay_signature,
          KEY_SECRET,
        ),
      ).toBe(true);

      const forged = await me.call('POST', '/api/payments/success', { ...signed, razorpay_signature: 'a'.repeat(64) });
      expect(forged.statusCode).toBe(400);
      expect(forged.json().message).toBe('Payment verification failed');
      const otherPayment = await me.call('POST', '/api/payments/success', {
        ...signed,
        razorpay_payment_id: 'pay_other',
      });
      expect(otherPayment.statusCode).toBe(400);
      expect((await me.orders())[0]!.paymentStatus).toBe('awaiting_payment');

      const ok = await me.call('POST', '/api/payments/success', signed);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data).toMatchObject({ verified: true, order: { status: 'confirmed', paymentStatus: 'paid' } });
      expect((await me.cart()).items).toEqual([]);
      const replay = await me.call('POST', '/api/payments/success', signed);
      expect(replay.statusCode).toBe(200);
      expect((await me.orders())[0]!.history.filter((h) => h.status === 'confirmed')).toHaveLength(1);
    });

    it("refuses to verify another shopper's payment", async () => {
      const { me, placed } = await onlineOrder();
      const providerOrderId = (await me.call('POST', '/api/payments/initiate', { orderId: placed._id })).json().data
        .order.id;
      const signed = (await me.call('POST', '/api/payments/sandbox/pay', { razorpay_order_id: providerOrderId })).json()
        .data;
      const stranger = await shopper();
      expect((await stranger.call('POST', '/api/payments/success', signed)).statusCode).toBe(400);
      expect(
        (await stranger.call('POST', '/api/payments/sandbox/pay', { razorpay_order_id: providerOrderId })).statusCode,
      ).toBe(404);
    });

    describe('webhooks', () => {
      const deliver = (body: object, eventId: string, secret = WEBHOOK_SECRET) =>
        deliverWebhook(shop.app, secret, body, eventId);
      const event = paymentEvent;

      it('captures once however often and in whatever order events arrive', async () => {
        const { me, placed } = await onlineOrder();
        const providerOrderId = (await me.call('POST', '/api/payments/initiate', { orderId: placed._id })).json().data
          .order.id;
        const captured = event('payment.captured', providerOrderId, 'pay_hook1');
        const raw = JSON.stringify(captured);
        expect(validateWebhookSignature(raw, hmacHex(WEBHOOK_SECRET, raw), WEBHOOK_SECRET)).toBe(true);

        const results = await Promise.all([
          deliver(captured, 'evt_1'),
          deliver(captured, 'evt_1'),
          deliver(event('order.paid', providerOrderId, 'pay_hook1'), 'evt_2'),
        ]);
        expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
        expect(results.map((r) => r.json().message).sort()).toEqual(['duplicate', 'handled', 'handled']);
        const late = await deliver(event('payment.failed', providerOrderId, 'pay_hook1'), 'evt_3');
        expect(late.statusCode).toBe(200);

        const [order] = await me.orders();
        expect(order).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
        expect(order!.history.filter((h) => h.status === 'confirmed')).toHaveLength(1);
      });

      it('handles the retry of a delivery whose capture failed half way (the event is not remembered as handled)', async () => {
        const { me, placed } = await onlineOrder();
        const providerOrderId = (await me.call('POST', '/api/payments/initiate', { orderId: placed._id })).json().data
          .order.id;
        const captured = event('payment.captured', providerOrderId, 'pay_retry1');
        await failPaymentCaptures(shop, true);
        try {
          expect((await deliver(captured, 'evt_retry')).statusCode).toBe(500);
        } finally {
          await failPaymentCaptures(shop, false);
        }
        expect((await me.orders())[0]).toMatchObject({ status: 'pending', paymentStatus: 'awaiting_payment' });

        const retry = await deliver(captured, 'evt_retry');
        expect(retry.statusCode).toBe(200);
        expect(retry.json().message).toBe('handled');
        expect((await me.orders())[0]).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
        expect((await deliver(captured, 'evt_retry')).json().message).toBe('duplicate');
      });

      it('converges with the Checkout callback arriving at the same moment', async () => {
        const { me, placed } = await onlineOrder();
        const providerOrderId = (await me.call('POST', '/api/payments/initiate', { orderId: placed._id })).json().data
          .order.id;
        const signed = (
          await me.call('POST', '/api/payments/sandbox/pay', { razorpay_order_id: providerOrderId })
        ).json().data;
        const results = await Promise.all([
          me.call('POST', '/api/payments/success', signed),
          deliver(event('payment.captured', providerOrderId, signed.razorpay_payment_id), `evt_${newId()}`),
        ]);
        expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
        const [order] = await me.orders();
        expect(order!.history.filter((h) => h.status === 'confirmed')).toHaveLength(1);
      });

      it('refuses a bad signature and marks a failed payment failed', async () => {
        const { me, placed } = await onlineOrder();
        const providerOrderId = (await me.call('POST', '/api/payments/initiate', { orderId: placed._id })).json().data
          .order.id;
        const forged = await deliver(event('payment.captured', providerOrderId, 'pay_x'), 'evt_forged', 'wrong-secret');
        expect(forged.statusCode).toBe(400);
        expect(forged.json().code).toBe('INVALID_SIGNATURE');
        expect(
          (await deliver(event('payment.failed', providerOrderId, 'pay_f'), `evt_${newId()}`)).json().message,
        ).toBe('handled');
        expect((await me.orders())[0]).toMatchObject({ status: 'pending', paymentStatus: 'failed' });
      });
    });

    it('cancels and restocks online orders left unpaid past the time limit, once, even when swept twice at once', async () => {
      const { me, s, placed } = await onlineOrder();
      const paid = await onlineOrder();
      const payId = (await paid.me.call('POST', '/api/payments/initiate', { orderId: paid.placed._id })).json().data
        .order.id;
      const signed = (await paid.me.call('POST', '/api/payments/sandbox/pay', { razorpay_order_id: payId })).json()
        .data;
      await paid.me.call('POST', '/api/payments/success', signed);

      const old = new Date(Date.now() - 31 * 60_000).toISOString();
      await shop.handle.db
        .updateTable('orders')
        .set({ created_at: old })
        .where('id', 'in', [placed._id, paid.placed._id])
        .execute();
      const counts = await Promise.all([
        sweepUnpaidOrders(
          shop.handle.db,
          paymentsForOrders(createSandboxGateway(KEY_SECRET, WEBHOOK_SECRET)),
          30 * 60_000,
        ),
        sweepUnpaidOrders(
          shop.handle.db,
          paymentsForOrders(createSandboxGateway(KEY_SECRET, WEBHOOK_SECRET)),
          30 * 60_000,
        ),
      ]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
      expect((await me.orders())[0]).toMatchObject({ status: 'cancelled' });
      expect(await stockOf(s)).toBe(5);
      expect((await paid.me.orders())[0]!.status).toBe('confirmed');
    });

    it('refunds a paid online order when it is cancelled', async () => {
      const { me, placed } = await onlineOrder();
      const providerOrderId = (await me.call('POST', '/api/payments/initiate', { orderId: placed._id })).json().data
        .order.id;
      const signed = (await me.call('POST', '/api/payments/sandbox/pay', { razorpay_order_id: providerOrderId })).json()
        .data;
      await me.call('POST', '/api/payments/success', signed);
      const res = await me.call('POST', `/api/order/${placed._id}/cancel`);
      expect(res.json().data).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
      const notes = res.json().data.history.map((h: { note: string | null }) => h.note);
      expect(notes).toContainEqual(expect.stringMatching(/^Refunded \(rfnd_/));
    });
  });
});
