import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { signedInAdmin } from '../../test/accounts.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { apiShopper, countingSandbox, deliverWebhook, paymentEvent } from '../../test/shoppers.ts';
import { freshSize, stockOf } from '../../test/stock.ts';

const KEY_SECRET = 'races-key-secret';
const WEBHOOK_SECRET = 'races-webhook-secret';
const ROUNDS = 30;

/**
 * What must hold whatever order simultaneous requests are served in: many requests fired at
 * once, round after round, every round checked, on both databases.
 */
describe.each(testDialects)('orders under races on %s', (dialect) => {
  let shop: TestShop;
  const provider = countingSandbox(KEY_SECRET, WEBHOOK_SECRET);
  const { refunds } = provider;

  beforeAll(async () => {
    shop = await createTestShop(dialect, { payments: provider.gateway });
  });
  afterAll(async () => {
    await shop?.close();
  });

  const orderRow = (id: string) =>
    shop.handle.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const paymentsOf = (orderId: string) =>
    shop.handle.db.selectFrom('payments').selectAll().where('order_id', '=', orderId).execute();
  const eventsOf = (orderId: string) =>
    shop.handle.db.selectFrom('order_events').select(['status', 'note']).where('order_id', '=', orderId).execute();

  it(`cancel, payment success, webhook and staff status change fired together: order and payment agree, a captured payment of a cancelled order is refunded once (${ROUNDS} rounds)`, async () => {
    const me = await apiShopper(shop.app);
    const admin = await signedInAdmin(shop);
    const outcomes = new Map<string, number>();
    for (let round = 0; round < ROUNDS; round++) {
      const s = await freshSize(shop.handle.db, 5, 45_00);
      await me.call('DELETE', '/api/cart/clear');
      expect((await me.add(s)).statusCode).toBe(200);
      const placed = await me.order('razorpay');
      expect(placed.statusCode, placed.body).toBe(201);
      const orderId: string = placed.json().data._id;
      const signed = await me.sandboxPay(await me.initiate(orderId));
      const staffMove = round % 2 === 0 ? 'cancelled' : 'shipped';

      const requests = [
        () => me.call('POST', `/api/order/${orderId}/cancel`),
        () => me.call('POST', '/api/payments/success', signed),
        () =>
          deliverWebhook(
            shop.app,
            WEBHOOK_SECRET,
            paymentEvent('payment.captured', signed.razorpay_order_id, signed.razorpay_payment_id),
            `evt_${newId()}`,
          ),
        () =>
          shop.app.inject({
            method: 'PATCH',
            url: `/api/order/${orderId}/status`,
            headers: admin.auth,
            payload: { status: staffMove },
          }),
      ];
      // Each round starts them in another order (SQLite serves one process's statements in turn).
      const answers = await Promise.all(requests.map((_, i) => requests[(i + round) % requests.length]!()));

      const order = await orderRow(orderId);
      const payments = await paymentsOf(orderId);
      const events = await eventsOf(orderId);
      const refunded = refunds.filter((id) => id === signed.razorpay_payment_id).length;
      const where = `round ${round} (staff: ${staffMove}): order ${order.status}/${order.payment_status}, payment ${payments.map((p) => p.status).join(',')}, ${refunded} refund(s), answers ${answers.map((a) => a.statusCode).join(',')}`;
      outcomes.set(
        `${order.status}/${order.payment_status}`,
        (outcomes.get(`${order.status}/${order.payment_status}`) ?? 0) + 1,
      );

      for (const answer of answers) expect(answer.statusCode, `${where}: ${answer.body}`).toBeLessThan(500);
      expect(payments, where).toHaveLength(1);
      const [payment] = payments;
      // The payment was captured at the provider: the shop has recorded it, whatever else happened.
      expect(payment!.provider_payment_id, where).toBe(signed.razorpay_payment_id);
      if (order.status === 'cancelled') {
        expect(payment!.status, where).toBe('refunded');
        expect(order.payment_status, where).toBe('refunded');
        expect(refunded, where).toBe(1);
        expect(await stockOf(shop.handle.db, s), where).toBe(5);
        expect(
          events.filter((e) => e.status === 'cancelled' && e.note?.startsWith('Cancelled')),
          where,
        ).toHaveLength(1);
        expect(events.filter((e) => e.status === 'confirmed').length, where).toBeLessThanOrEqual(1);
      } else {
        expect(['confirmed', 'shipped'], where).toContain(order.status);
        expect(payment!.status, where).toBe('paid');
        expect(order.payment_status, where).toBe('paid');
        expect(refunded, where).toBe(0);
        expect(await stockOf(shop.handle.db, s), where).toBe(4);
        expect(
          events.filter((e) => e.status === 'confirmed'),
          where,
        ).toHaveLength(1);
      }
    }
    console.info(`${dialect}: cancel/payment race outcomes`, Object.fromEntries(outcomes));
  });

  it(`one cart gives at most one order, however many are placed at once (${ROUNDS} rounds)`, async () => {
    const me = await apiShopper(shop.app);
    for (let round = 0; round < ROUNDS; round++) {
      const s = await freshSize(shop.handle.db, 10);
      await me.call('DELETE', '/api/cart/clear');
      expect((await me.add(s, 2)).statusCode).toBe(200);
      const before = (await me.orders()).length;

      // No Idempotency-Key: five tabs, both ways of paying.
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, i) => me.order(i % 2 === 0 ? 'razorpay' : 'cod')),
      );
      const where = `round ${round}: ${answers.map((a) => `${a.statusCode} ${a.json().code ?? ''}`).join(', ')}`;
      expect(
        answers.filter((a) => a.statusCode === 201),
        where,
      ).toHaveLength(1);
      for (const refused of answers.filter((a) => a.statusCode !== 201)) {
        expect(refused.statusCode, where).toBe(400);
        expect(refused.json().code, where).toBe('EMPTY_CART');
      }
      expect(await stockOf(shop.handle.db, s), where).toBe(8);
      const orders = await me.orders();
      expect(orders, where).toHaveLength(before + 1);
      const unpaid = orders.filter(
        (o) => o.paymentMethod === 'razorpay' && o.status === 'pending' && o.paymentStatus !== 'paid',
      );
      expect(unpaid.length, where).toBeLessThanOrEqual(1);
    }
  });

  it(`two colours of one size sell each from its own stock when shoppers order both at once (10 rounds)`, async () => {
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => apiShopper(shop.app)));
    for (let round = 0; round < 10; round++) {
      // One size in two colours: 3 pieces of the first, 2 of the second.
      const first = await freshSize(shop.handle.db, 3);
      const second = { ...first, color: 'test-second' };
      await shop.handle.db
        .insertInto('product_variants')
        .values({
          product_id: first.productId,
          color: second.color,
          size: first.size,
          size_position: 99,
          sku: `TEST-2-${first.size}`,
          stock: 2,
        })
        .execute();
      for (const [i, me] of shoppers.entries()) {
        await me.call('DELETE', '/api/cart/clear');
        expect((await me.add(i % 2 === 0 ? first : second)).statusCode).toBe(200);
      }
      const answers = await Promise.all(shoppers.map((me) => me.order('cod')));
      const where = `round ${round}: ${answers.map((a) => `${a.statusCode} ${a.json().code ?? ''}`).join(', ')}`;
      const placed = (parity: number) => answers.filter((a, i) => i % 2 === parity && a.statusCode === 201);
      expect(placed(0), where).toHaveLength(3);
      expect(placed(1), where).toHaveLength(2);
      for (const refused of answers.filter((a) => a.statusCode !== 201)) {
        expect(refused.statusCode, where).toBe(409);
        expect(refused.json().code, where).toBe('OUT_OF_STOCK');
      }
      expect([await stockOf(shop.handle.db, first), await stockOf(shop.handle.db, second)], where).toEqual([0, 0]);
      // Every order line names the colour it took.
      for (const [parity, variant] of [
        [0, first],
        [1, second],
      ] as const) {
        for (const answer of placed(parity)) {
          expect(
            answer.json().data.items.map((l: { color: string }) => l.color),
            where,
          ).toEqual([variant.color]);
        }
      }
    }
  });
});
