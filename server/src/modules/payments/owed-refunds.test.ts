import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { newId } from '../../lib/ids.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { apiShopper, countingSandbox, deliverWebhook, paymentEvent } from '../../test/shoppers.ts';
import { freshSize } from '../../test/stock.ts';
import type { SandboxGateway } from './payment-gateway.ts';
import { refundOwed } from './refunds.ts';

const KEY = 'owed-refunds-key';
const HOOK = 'owed-refunds-hook';
const ROUNDS = 30;
const minutesLater = (minutes: number) => new Date(Date.now() + minutes * 60_000);

/**
 * A captured payment of a cancelled order is refunded exactly once, even when the process
 * that should refund it dies half way: the sweep every process runs finds what is owed.
 */
describe.each(testDialects)('refunds owed after a process died, on %s', (dialect) => {
  let shop: TestShop;
  // Process A dies while asking the provider for a refund: its call never returns.
  const counting = countingSandbox(KEY, HOOK);
  let refundCallsA = 0;
  const dying: SandboxGateway = {
    ...counting.gateway,
    refund: () => {
      refundCallsA += 1;
      return new Promise(() => {});
    },
  };

  beforeAll(async () => {
    shop = await createTestShop(dialect, { payments: dying });
  });
  afterAll(async () => {
    await shop?.close();
  });

  /** An online order paid in the sandbox (Checkout's signed answer kept), then cancelled by its shopper. */
  async function cancelledAfterPaying() {
    const me = await apiShopper(shop.app);
    await me.add(await freshSize(shop.handle.db, 5, 45_00));
    const order = (await me.order('razorpay')).json().data;
    const providerOrderId = await me.initiate(order._id);
    const paid = await me.sandboxPay(providerOrderId);
    expect((await me.call('POST', `/api/order/${order._id}/cancel`)).statusCode).toBe(200);
    return { me, order, providerOrderId, paid };
  }

  const paymentOf = (orderId: string) =>
    shop.handle.db.selectFrom('payments').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();

  it('refunds, once, a capture whose refunding process died after recording it', async () => {
    const { order, providerOrderId, paid } = await cancelledAfterPaying();
    const event = paymentEvent('payment.captured', providerOrderId, paid.razorpay_payment_id);
    const calls = refundCallsA;
    void deliverWebhook(shop.app, HOOK, event, `evt_${newId()}`);
    for (let waited = 0; refundCallsA === calls && waited < 5000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(refundCallsA).toBe(calls + 1);
    expect(await paymentOf(order._id)).toMatchObject({ status: 'paid', refund_id: 'refund-in-flight' });

    // Process B: the retried webhook finds the refund claimed, by a process that may be alive.
    const processB = await buildApp({ database: shop.handle, payments: counting.gateway, catalogCacheMs: 0 });
    try {
      const before = counting.refunds.length;
      await deliverWebhook(processB, HOOK, event, `evt_${newId()}`);
      expect(counting.refunds.length).toBe(before);
      // Now: the claim is not stale yet, nothing to do.
      expect(await refundOwed(shop.handle.db, counting.gateway)).toBe(0);
      // Minutes later the claim has outlived any provider call: B's sweep takes it over, once.
      const sweeps = await Promise.all(
        [1, 2, 3].map(() => refundOwed(shop.handle.db, counting.gateway, minutesLater(3))),
      );
      expect(sweeps.reduce((a, b) => a + b, 0)).toBe(1);
      expect(counting.refunds.slice(before)).toEqual([paid.razorpay_payment_id]);
      expect(await paymentOf(order._id)).toMatchObject({ status: 'refunded' });
      const row = await shop.handle.db.selectFrom('orders').selectAll().where('id', '=', order._id).executeTakeFirst();
      expect(row).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
    } finally {
      await processB.close();
    }
  });

  it(`refunds a cancelled order's capture nobody claimed, exactly once among simultaneous sweeps (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { order, providerOrderId, paid } = await cancelledAfterPaying();
      // The capture recorded on the cancelled order, and its process gone before claiming the refund.
      await shop.handle.db
        .updateTable('payments')
        .set({ status: 'paid', provider_payment_id: paid.razorpay_payment_id, refund_id: null })
        .where('order_id', '=', order._id)
        .where('provider_order_id', '=', providerOrderId)
        .execute();
      await shop.handle.db.updateTable('orders').set({ payment_status: 'paid' }).where('id', '=', order._id).execute();
      const before = counting.refunds.length;
      const sweeps = await Promise.all([1, 2, 3].map(() => refundOwed(shop.handle.db, counting.gateway)));
      expect(
        sweeps.reduce((a, b) => a + b, 0),
        `round ${round}`,
      ).toBe(1);
      expect(counting.refunds.slice(before), `round ${round}`).toEqual([paid.razorpay_payment_id]);
      expect((await paymentOf(order._id)).status, `round ${round}`).toBe('refunded');
    }
  });

  it('refunds, once, a capture the order did not need whose recording process died before refunding it', async () => {
    const { order } = await cancelledAfterPaying();
    const payment = await paymentOf(order._id);
    const providerPaymentId = `pay_stray_${newId()}`;
    const longAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    await shop.handle.db
      .insertInto('stray_payments')
      .values({
        provider_payment_id: providerPaymentId,
        payment_id: payment.id,
        order_id: order._id,
        amount: payment.amount,
        refund_id: null,
        created_at: longAgo,
        updated_at: longAgo,
      })
      .execute();
    const before = counting.refunds.length;
    const sweeps = await Promise.all([1, 2].map(() => refundOwed(shop.handle.db, counting.gateway)));
    expect(sweeps.reduce((a, b) => a + b, 0)).toBe(1);
    expect(counting.refunds.slice(before)).toEqual([providerPaymentId]);
    expect(await refundOwed(shop.handle.db, counting.gateway)).toBe(0);
    const notes = await shop.handle.db
      .selectFrom('order_events')
      .select('note')
      .where('order_id', '=', order._id)
      .execute();
    expect(notes.map((n) => n.note)).toContainEqual(
      expect.stringContaining(`Refunded a payment the order did not need (${providerPaymentId})`),
    );
  });
});
