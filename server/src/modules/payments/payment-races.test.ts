import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { apiShopper, countingSandbox, deliverWebhook, paymentEvent } from '../../test/shoppers.ts';
import { freshSize } from '../../test/stock.ts';
import { insertPaymentClaim } from './payments.repository.ts';

const KEY_SECRET = 'payment-races-key-secret';
const WEBHOOK_SECRET = 'payment-races-webhook-secret';
const ROUNDS = 30;

/** One provider order per order, and captures the order does not need given back, under races. */
describe.each(testDialects)('payments under races on %s', (dialect) => {
  let shop: TestShop;
  // As slow as a real provider call, so simultaneous initiations overlap.
  const provider = countingSandbox(KEY_SECRET, WEBHOOK_SECRET, 20);
  const { providerOrders, refunds } = provider;

  beforeAll(async () => {
    shop = await createTestShop(dialect, { payments: provider.gateway });
  });
  afterAll(async () => {
    await shop?.close();
  });

  const paymentsOf = (orderId: string) =>
    shop.handle.db.selectFrom('payments').selectAll().where('order_id', '=', orderId).execute();

  async function unpaidOrder(me: Awaited<ReturnType<typeof apiShopper>>) {
    const s = await freshSize(shop.handle.db, 5, 45_00);
    await me.call('DELETE', '/api/cart/clear');
    await me.add(s);
    const placed = await me.order('razorpay');
    expect(placed.statusCode, placed.body).toBe(201);
    return placed.json().data as { _id: string; orderNumber: string };
  }

  it(`makes one provider order per order however many initiations arrive at once (${ROUNDS} rounds)`, async () => {
    const me = await apiShopper(shop.app);
    for (let round = 0; round < ROUNDS; round++) {
      const order = await unpaidOrder(me);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => me.call('POST', '/api/payments/initiate', { orderId: order._id })),
      );
      const where = `round ${round}: ${answers.map((a) => a.statusCode).join(',')}`;
      for (const answer of answers) expect(answer.statusCode, `${where}: ${answer.body}`).toBe(200);
      const ids = new Set(answers.map((a) => a.json().data.order.id));
      expect(ids.size, where).toBe(1);
      expect(
        providerOrders.filter((receipt) => receipt === order.orderNumber),
        where,
      ).toHaveLength(1);
      const payments = await paymentsOf(order._id);
      expect(
        payments.map((p) => p.provider_order_id),
        where,
      ).toEqual([...ids]);
    }
  });

  it('gives the claim up when the provider fails, so the next initiation makes the provider order', async () => {
    const me = await apiShopper(shop.app);
    const order = await unpaidOrder(me);
    provider.failCreateOrders(1);
    const failed = await me.call('POST', '/api/payments/initiate', { orderId: order._id });
    expect(failed.statusCode).toBe(502);
    expect(await paymentsOf(order._id)).toEqual([]);
    const retried = await me.call('POST', '/api/payments/initiate', { orderId: order._id });
    expect(retried.statusCode, retried.body).toBe(200);
    const payments = await paymentsOf(order._id);
    expect(payments.map((p) => p.provider_order_id)).toEqual([retried.json().data.order.id]);
    expect(providerOrders.filter((receipt) => receipt === order.orderNumber)).toHaveLength(2);
  });

  it('takes over a claim its process left behind (older than 30 s)', async () => {
    const me = await apiShopper(shop.app);
    const order = await unpaidOrder(me);
    const total = (
      await shop.handle.db.selectFrom('orders').select('total').where('id', '=', order._id).executeTakeFirstOrThrow()
    ).total;
    const left = new Date(Date.now() - 60_000).toISOString();
    await shop.handle.db
      .transaction()
      .execute((trx) => insertPaymentClaim(trx, { orderId: order._id, provider: 'sandbox', amount: total, now: left }));
    const res = await me.call('POST', '/api/payments/initiate', { orderId: order._id });
    expect(res.statusCode, res.body).toBe(200);
    expect((await paymentsOf(order._id)).map((p) => p.provider_order_id)).toEqual([res.json().data.order.id]);
    expect(res.json().data.order.id).toMatch(/^order_/);
  });

  it(`refunds a second capture the order does not need, once, and says so in its history (${ROUNDS} rounds)`, async () => {
    const me = await apiShopper(shop.app);
    for (let round = 0; round < ROUNDS; round++) {
      const order = await unpaidOrder(me);
      const providerOrderId = await me.initiate(order._id);
      // Two payments captured on one provider order (two tabs, two cards).
      const [first, second] = [await me.sandboxPay(providerOrderId), await me.sandboxPay(providerOrderId)];
      const hook = (paymentId: string) =>
        deliverWebhook(
          shop.app,
          WEBHOOK_SECRET,
          paymentEvent('payment.captured', providerOrderId, paymentId),
          `evt_${newId()}`,
        );
      const answers = await Promise.all([
        me.call('POST', '/api/payments/success', first!),
        me.call('POST', '/api/payments/success', second!),
        hook(first!.razorpay_payment_id),
        hook(second!.razorpay_payment_id),
      ]);
      const where = `round ${round}: ${answers.map((a) => a.statusCode).join(',')}`;
      for (const answer of answers) expect([200, 409], `${where}: ${answer.body}`).toContain(answer.statusCode);

      const [payment, ...others] = await paymentsOf(order._id);
      expect(others, where).toEqual([]);
      expect(payment!.status, where).toBe('paid');
      const kept = payment!.provider_payment_id;
      const stray = kept === first!.razorpay_payment_id ? second! : first!;
      expect([first!.razorpay_payment_id, second!.razorpay_payment_id], where).toContain(kept);
      expect(
        refunds.filter((id) => id === kept),
        where,
      ).toHaveLength(0);
      expect(
        refunds.filter((id) => id === stray.razorpay_payment_id),
        where,
      ).toHaveLength(1);

      const [listed] = (await me.orders()).filter((o) => o._id === order._id);
      expect(listed, where).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
      const notes = listed!.history.map((h) => h.note ?? '');
      expect(
        notes.filter((n) => n.includes(stray.razorpay_payment_id) && n.startsWith('Refunded')),
        where,
      ).toHaveLength(1);
    }
  });
});
