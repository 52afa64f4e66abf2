import type { Kysely } from 'kysely';
import { awaitsOnlinePayment, cancelRefusalMessage, customerCancellation, type Order } from '@shop/core';
import type { Database } from '../../db/schema.ts';
import { conflict } from '../../lib/errors.ts';
import type { OrderPayments } from './order-payments.ts';
import { orderHasMessage } from '../messages/messages.service.ts';
import { queuePaymentReminder } from './order-messages.ts';
import { getOrder, orderNotFound } from './order-view.ts';
import * as repo from './orders.repository.ts';
import { cancelLockedOrder, changedMeanwhile, paymentFacts } from './status-changes.ts';

/** The shopper cancels their order, within core's cancellation window and before it ships. */
export async function cancelOrder(
  db: Kysely<Database>,
  payments: OrderPayments,
  userId: string,
  orderId: string,
  now = new Date(),
): Promise<Order> {
  await db.transaction().execute(async (trx) => {
    const row = await repo.findOrder(trx, orderId, { lock: true });
    if (!row || row.user_id !== userId) throw orderNotFound();
    const decision = customerCancellation({ status: row.status, createdAt: row.created_at }, now);
    if (!decision.ok) throw conflict(`CANNOT_CANCEL_${decision.reason}`, cancelRefusalMessage(decision.reason));
    if (!(await cancelLockedOrder(trx, payments, row, userId, 'Cancelled by the customer', now.toISOString()))) {
      throw changedMeanwhile();
    }
  });
  // Decided from what has committed: a payment captured before the cancellation is refunded
  // here; one recorded after it is refunded by markPaid, which then finds the order cancelled.
  await payments.refundIfPaid(db, orderId, now);
  return getOrder(db, orderId, now);
}

/**
 * Cancels and restocks online orders left unpaid for `timeoutMs`. Safe in several processes
 * at once: each order is read under its lock and moves from pending to cancelled once,
 * whoever gets there first; one paid meanwhile is left alone.
 */
export async function sweepUnpaidOrders(
  db: Kysely<Database>,
  payments: OrderPayments,
  timeoutMs: number,
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - timeoutMs).toISOString();
  let cancelled = 0;
  for (const { id } of await repo.findUnpaidBefore(db, cutoff)) {
    const done = await db.transaction().execute(async (trx) => {
      const row = await repo.findOrder(trx, id, { lock: true });
      if (!row || !awaitsOnlinePayment(paymentFacts(row))) return false;
      return cancelLockedOrder(trx, payments, row, null, 'Payment not received in time', now.toISOString());
    });
    if (done) cancelled += 1;
  }
  return cancelled;
}

/**
 * The one "complete your payment" email of an online order still unpaid halfway through the
 * time it is kept (`timeoutMs`), with when it is given up. Each order is read under its lock
 * and reminded only if it never was (the outbox says), so several processes sweeping at once
 * remind it once; one paid, cancelled or past its time meanwhile is left alone.
 */
export async function remindUnpaidOrders(db: Kysely<Database>, timeoutMs: number, now = new Date()): Promise<number> {
  const halfway = new Date(now.getTime() - timeoutMs / 2).toISOString();
  const givenUp = new Date(now.getTime() - timeoutMs).toISOString();
  let reminded = 0;
  for (const { id } of await repo.findUnpaidBefore(db, halfway, { after: givenUp })) {
    const done = await db.transaction().execute(async (trx) => {
      const row = await repo.findOrder(trx, id, { lock: true });
      if (!row || !awaitsOnlinePayment(paymentFacts(row))) return false;
      if (await orderHasMessage(trx, row.id, 'payment-reminder')) return false;
      await queuePaymentReminder(trx, row, new Date(new Date(row.created_at).getTime() + timeoutMs), now);
      return true;
    });
    if (done) reminded += 1;
  }
  return reminded;
}
