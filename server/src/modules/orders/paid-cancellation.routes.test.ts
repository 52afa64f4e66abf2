import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPaise, type Order } from '@shop/core';
import { signedInAdmin } from '../../test/accounts.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { apiShopper, countingSandbox } from '../../test/shoppers.ts';
import { freshSize, stockOf } from '../../test/stock.ts';
import type { SandboxGateway } from '../payments/payment-gateway.ts';

/**
 * My Orders' Cancel Order on a paid order: within the terms' window and until it ships, the
 * shopper cancels it, and its payment goes back in full to where it came from.
 */
describe.each(testDialects)('the shopper cancels a paid order, on %s', (dialect) => {
  let shop: TestShop;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  const counting = countingSandbox('paid-cancel-key', 'paid-cancel-hook');
  const refunded: { paymentId: string; amount: number }[] = [];
  const gateway: SandboxGateway = {
    ...counting.gateway,
    refund: (input) => {
      refunded.push(input);
      return counting.gateway.refund(input);
    },
  };

  beforeAll(async () => {
    shop = await createTestShop(dialect, { payments: gateway });
    admin = await signedInAdmin(shop);
  });
  afterAll(async () => {
    await shop?.close();
  });

  async function paidOrder() {
    const me = await apiShopper(shop.app);
    const size = await freshSize(shop.handle.db, 6, 1_249_00);
    await me.add(size, 2);
    const order: Order = (await me.order('razorpay')).json().data;
    const signed = await me.sandboxPay(await me.initiate(order._id));
    expect((await me.call('POST', '/api/payments/success', signed)).statusCode).toBe(200);
    return { me, size, order, paymentId: signed.razorpay_payment_id };
  }

  it('a confirmed, paid order: cancellable, cancelled, stock back, refunded in full to its payment, a credit note', async () => {
    const { me, size, order, paymentId } = await paidOrder();
    const [listed] = await me.orders();
    expect(listed).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', cancellable: true });
    expect(await stockOf(shop.handle.db, size)).toBe(4);

    const res = await me.call('POST', `/api/order/${order._id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    const cancelled: Order = res.json().data;
    expect(cancelled).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', cancellable: false });
    expect(refunded.filter((r) => r.paymentId === paymentId)).toEqual([{ paymentId, amount: toPaise(order.total) }]);
    expect(cancelled.documents.map((d) => d.kind).sort()).toEqual(['credit_note', 'invoice']);
    expect(await stockOf(shop.handle.db, size)).toBe(6);

    // Pressed again (a second tab): refused, nothing refunded twice.
    const again = await me.call('POST', `/api/order/${order._id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CANNOT_CANCEL_ALREADY_CANCELLED');
    expect(refunded.filter((r) => r.paymentId === paymentId)).toHaveLength(1);
  });

  it('two presses at once: one cancellation, one refund', async () => {
    const { me, order, paymentId } = await paidOrder();
    const results = await Promise.all([1, 2].map(() => me.call('POST', `/api/order/${order._id}/cancel`)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(refunded.filter((r) => r.paymentId === paymentId)).toHaveLength(1);
  });

  it('once shipped, or past the 12 hours: refused, and nothing refunded', async () => {
    const shipped = await paidOrder();
    expect(
      (
        await shop.app.inject({
          method: 'PATCH',
          url: `/api/order/${shipped.order._id}/status`,
          headers: admin.auth,
          payload: { status: 'shipped' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await shipped.me.orders())[0]!.cancellable).toBe(false);
    const refusedShipped = await shipped.me.call('POST', `/api/order/${shipped.order._id}/cancel`);
    expect(refusedShipped.statusCode).toBe(409);
    expect(refusedShipped.json().message).toBe('This order has shipped and can no longer be cancelled.');

    const old = await paidOrder();
    await shop.handle.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 13 * 3_600_000).toISOString() })
      .where('id', '=', old.order._id)
      .execute();
    const refusedOld = await old.me.call('POST', `/api/order/${old.order._id}/cancel`);
    expect(refusedOld.statusCode).toBe(409);
    expect(refusedOld.json().code).toBe('CANNOT_CANCEL_WINDOW_PASSED');
    const paymentIds = new Set(refunded.map((r) => r.paymentId));
    expect(paymentIds.has(shipped.paymentId) || paymentIds.has(old.paymentId)).toBe(false);
  });
});
