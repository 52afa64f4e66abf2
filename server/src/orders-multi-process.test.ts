import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from './lib/ids.ts';
import { hmacHex } from './modules/payments/payment-gateway.ts';
import { derivedSecret } from './secrets.ts';
import { orderAddress } from './test/addresses.ts';
import { testDialects } from './test/databases.ts';
import { call, processesOnPostgres, processShopper, type ServerProcess } from './test/processes.ts';
import { paymentEvent } from './test/shoppers.ts';
import { freshSize } from './test/stock.ts';

const ROUNDS = 30;

/**
 * Orders and payments on two server processes sharing one PostgreSQL database: the races of
 * a shopper's requests spread over both, decided by the database's locks and keys.
 */
describe.runIf(testDialects.includes('postgres'))('orders and payments on two server processes', () => {
  let shop: Awaited<ReturnType<typeof processesOnPostgres>>;

  beforeAll(async () => {
    shop = await processesOnPostgres([3451, 3452]);
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
  });

  const db = () => shop.database.handle.db;
  const [a, b] = [() => shop.servers[0]!, () => shop.servers[1]!];
  const webhookSecret = () => derivedSecret(new TextEncoder().encode(shop.jwtSecret), 'sandbox-webhook-secret');

  function deliver(server: ServerProcess, body: object) {
    const raw = JSON.stringify(body);
    return call(server.url, 'POST', '/api/payments/webhook', raw, {
      'content-type': 'application/json',
      'x-razorpay-signature': hmacHex(webhookSecret(), raw),
      'x-razorpay-event-id': `evt_${newId()}`,
    });
  }

  it(`one cart gives one order when orders reach both processes at once (${ROUNDS} rounds)`, async () => {
    const me = await processShopper(a(), db());
    for (let round = 0; round < ROUNDS; round++) {
      const s = await freshSize(db(), 10);
      await me.call('DELETE', '/api/cart/clear');
      expect(
        (await me.call('POST', '/api/cart', { product: s.productId, color: s.color, size: s.size, quantity: 1 }))
          .status,
      ).toBe(200);
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          me.call(
            'POST',
            '/api/order',
            { shippingAddress: orderAddress, paymentMethod: i % 2 === 0 ? 'razorpay' : 'cod' },
            i % 2 === 0 ? a() : b(),
          ),
        ),
      );
      const where = `round ${round}: ${answers.map((r) => r.status).join(',')}`;
      expect(
        answers.filter((r) => r.status === 201),
        where,
      ).toHaveLength(1);
      expect(
        answers.filter((r) => r.status === 400 && r.body.code === 'EMPTY_CART'),
        where,
      ).toHaveLength(5);
      const left = await db()
        .selectFrom('product_variants')
        .select('stock')
        .where('size', '=', s.size)
        .executeTakeFirstOrThrow();
      expect(left.stock, where).toBe(9);
    }
  }, 120_000);

  it(`one provider order per order, and a payment racing a cancellation refunded once (${ROUNDS} rounds)`, async () => {
    const me = await processShopper(a(), db());
    for (let round = 0; round < ROUNDS; round++) {
      const s = await freshSize(db(), 5);
      await me.call('DELETE', '/api/cart/clear');
      await me.call('POST', '/api/cart', { product: s.productId, color: s.color, size: s.size, quantity: 1 });
      const placed = await me.call('POST', '/api/order', { shippingAddress: orderAddress, paymentMethod: 'razorpay' });
      expect(placed.status).toBe(201);
      const orderId: string = placed.body.data.orderId;

      const initiations = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          me.call('POST', '/api/payments/initiate', { orderId }, i % 2 === 0 ? a() : b()),
        ),
      );
      const providerOrderIds = new Set(initiations.map((r) => r.body.data?.order.id));
      const where = `round ${round}: initiations ${initiations.map((r) => r.status).join(',')}`;
      expect(providerOrderIds.size, where).toBe(1);
      const [providerOrderId] = [...providerOrderIds] as [string];
      const signed = (await me.call('POST', '/api/payments/sandbox/pay', { razorpay_order_id: providerOrderId })).body
        .data;

      const answers = await Promise.all([
        me.call('POST', `/api/order/${orderId}/cancel`, undefined, round % 2 === 0 ? a() : b()),
        me.call('POST', '/api/payments/success', signed, round % 2 === 0 ? b() : a()),
        deliver(a(), paymentEvent('payment.captured', providerOrderId, signed.razorpay_payment_id)),
        deliver(b(), paymentEvent('payment.captured', providerOrderId, signed.razorpay_payment_id)),
      ]);
      const order = await db().selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
      const payments = await db().selectFrom('payments').selectAll().where('order_id', '=', orderId).execute();
      const refundNotes = (
        await db().selectFrom('order_events').select('note').where('order_id', '=', orderId).execute()
      ).filter((e) => e.note?.startsWith('Refunded ('));
      const outcome = `${where}; answers ${answers.map((r) => r.status).join(',')}: order ${order.status}/${order.payment_status}, payments ${payments.map((p) => p.status).join(',')}`;
      for (const answer of answers) expect(answer.status, outcome).toBeLessThan(500);
      expect(
        payments.map((p) => p.provider_order_id),
        outcome,
      ).toEqual([providerOrderId]);
      if (order.status === 'cancelled') {
        expect([order.payment_status, payments[0]!.status], outcome).toEqual(['refunded', 'refunded']);
        expect(refundNotes, outcome).toHaveLength(1);
      } else {
        expect([order.status, order.payment_status, payments[0]!.status], outcome).toEqual([
          'confirmed',
          'paid',
          'paid',
        ]);
        expect(refundNotes, outcome).toHaveLength(0);
      }
    }
  }, 180_000);
});
