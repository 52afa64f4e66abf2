import type { Kysely, Transaction } from 'kysely';
import { formatRupees } from '@shop/core';
import type { Database } from '../../db/schema.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { queueRefundRecorded } from '../orders/order-messages.ts';
import { issueCreditNote } from '../invoices/invoices.service.ts';
import type { OrderPayments } from '../orders/order-payments.ts';
import { noteInHistory, setOrderPaymentStatus } from '../orders/order-payment-state.ts';
import { findOrderRow } from '../orders/status-changes.ts';
import { onlinePaymentUnavailable, type PaymentGateway } from './payment-gateway.ts';
import {
  claimForRefund,
  claimStrayForRefund,
  findOwedRefunds,
  findOwedStrayRefunds,
  findPaidPayment,
  markPaymentRefunded,
  markStrayRefunded,
  releaseRefundClaim,
  releaseStrayClaim,
  type PaymentRow,
} from './payments.repository.ts';

/** Far longer than a provider call may take (10 s): an older claim was left by a process that died. */
const REFUND_CLAIM_TTL_MS = 2 * 60_000;

const staleBefore = (now: Date) => new Date(now.getTime() - REFUND_CLAIM_TTL_MS).toISOString();

/** Whether a refund of this payment is under way right now (claimed and not stale). */
export function refundInFlight(payment: PaymentRow, now: Date): boolean {
  return payment.status === 'paid' && payment.refund_id !== null && payment.updated_at >= staleBefore(now);
}

export const refundFailed = () =>
  new AppError(
    502,
    'REFUND_FAILED',
    'The payment provider could not refund this payment, and nothing was changed. Please try again, or refund it by other means and record its reference.',
  );

export interface RefundRequest {
  /** The reference of a refund staff made by other means (a bank transfer); absent: refund through the provider. */
  reference?: string | undefined;
  /** The staff member refunding, whose refunds are audited; null when the shop refunds on its own. */
  staffId: string | null;
  now: Date;
  /**
   * Run under the order's lock just before the payment is claimed; throws to refuse. What
   * else may pay the order back (a return's refund) claims under that lock too, so the two
   * never both go ahead.
   */
  mayRefund?: (trx: Transaction<Database>) => Promise<void>;
}

/** Claims the payment for a refund under the order's lock, after the caller's check. */
async function claimUnderOrderLock(
  trx: Transaction<Database>,
  payment: PaymentRow,
  now: Date,
  mayRefund: RefundRequest['mayRefund'],
): Promise<boolean> {
  await findOrderRow(trx, payment.order_id, { lock: true });
  await mayRefund?.(trx);
  return claimForRefund(trx, payment.id, now.toISOString(), staleBefore(now));
}

/** Recorded just after `now`, so the note follows the cancellation that may have caused it. */
const recordedAt = (now: Date) => new Date(Math.max(Date.now(), now.getTime() + 1)).toISOString();

/** What refunding the order would return now: its captured online payment (paise), or null when nothing was paid. */
export async function capturedAmount(db: Kysely<Database>, orderId: string): Promise<number | null> {
  return (await findPaidPayment(db, orderId))?.amount ?? null;
}

/**
 * The one transaction a refund ends in: payment and order refunded, a history note, the
 * shopper's email, an audit row for staff.
 */
async function recordRefund(
  trx: Transaction<Database>,
  payment: PaymentRow,
  refund: { id: string; note: string; summary: string },
  staffId: string | null,
  at: string,
): Promise<boolean> {
  // The order's lock first, as every change of its payment state takes it.
  const order = await findOrderRow(trx, payment.order_id, { lock: true });
  if (!(await markPaymentRefunded(trx, payment.id, refund.id, at))) return false;
  if (order?.payment_status === 'paid') await setOrderPaymentStatus(trx, payment.order_id, 'refunded', at);
  if (order) await queueRefundRecorded(trx, order, { amount: payment.amount, reference: refund.id }, new Date(at));
  // Refunding leaves the order's status alone: the note sits under the status it has.
  await noteInHistory(trx, {
    orderId: payment.order_id,
    status: order?.status ?? 'cancelled',
    note: refund.note,
    actorId: staffId,
    now: at,
  });
  // A refunded invoiced order is reversed by a credit note (once: a cancelled one has it already).
  await issueCreditNote(trx, payment.order_id, new Date(at));
  if (staffId) {
    await recordAudit(trx, {
      actorId: staffId,
      entityType: 'order',
      entityId: payment.order_id,
      action: 'order.refunded',
      summary: refund.summary,
      now: at,
    });
  }
  return true;
}

/**
 * Refunds a captured payment in full, once. Through the provider, the payment is claimed
 * first (so a double click or a second process cannot refund it twice), the provider is
 * asked without holding a transaction open, and its answer is recorded in one transaction;
 * if the provider refuses, the claim is given back and a 502 thrown, nothing changed. A
 * refund made by other means is recorded in one transaction. Answers false when the payment
 * is not refundable (any more): refunded already, or another refund holds it.
 */
export async function refundPayment(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  payment: PaymentRow,
  { reference, staffId, now, mayRefund }: RefundRequest,
): Promise<boolean> {
  const amount = formatRupees(payment.amount);
  if (reference !== undefined) {
    return db.transaction().execute(async (trx) => {
      if (!(await claimUnderOrderLock(trx, payment, now, mayRefund))) return false;
      const refund = {
        id: reference,
        note: `Refunded by other means (${reference})`,
        summary: `Refunded ${amount} by other means (reference ${reference})`,
      };
      return recordRefund(trx, payment, refund, staffId, recordedAt(now));
    });
  }

  if (!payment.provider_payment_id) return false;
  if (!(await db.transaction().execute((trx) => claimUnderOrderLock(trx, payment, now, mayRefund)))) return false;
  let refundId: string;
  try {
    refundId = (await gateway.refund({ paymentId: payment.provider_payment_id, amount: payment.amount })).id;
  } catch {
    await releaseRefundClaim(db, payment.id, payment.updated_at);
    throw refundFailed();
  }
  const refund = {
    id: refundId,
    note: `Refunded (${refundId})`,
    summary: `Refunded ${amount} through the payment provider (${refundId})`,
  };
  return db.transaction().execute((trx) => recordRefund(trx, payment, refund, staffId, recordedAt(now)));
}

/**
 * Refunds a cancelled order's captured online payment through the provider. Runs after the
 * cancellation has committed: if the provider fails, the order stays cancelled and paid,
 * with a note in its history, and `refundOwed` tries again (staff may also refund it from
 * the staff area).
 */
export async function refundIfPaid(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  orderId: string,
  now: Date,
  staffId: string | null = null,
) {
  const payment = await findPaidPayment(db, orderId);
  if (!payment?.provider_payment_id) return;
  try {
    await refundPayment(db, gateway, payment, { staffId, now });
  } catch {
    await noteInHistory(db, {
      orderId,
      status: 'cancelled',
      note: 'Refund failed: the shop tries again',
      actorId: null,
      now: now.toISOString(),
    });
  }
}

/**
 * Refunds a capture the order did not need (recorded once in `stray_payments` by markPaid),
 * through the provider, after that record has committed; the order's history says so. The
 * record is claimed first, so the process that recorded it and the sweep never both refund
 * it. If the provider fails, the claim is given back and the sweep tries again. Answers
 * whether this call refunded it.
 */
export async function refundStrayPayment(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  stray: { providerPaymentId: string; orderId: string; amount: number },
  now: Date,
  { bySweep = false }: { bySweep?: boolean } = {},
): Promise<boolean> {
  const at = now.toISOString();
  // The sweep takes an unclaimed record only once its own process has had time to refund it.
  const unclaimedBefore = bySweep ? staleBefore(now) : at;
  if (!(await claimStrayForRefund(db, stray.providerPaymentId, at, staleBefore(now), unclaimedBefore))) return false;
  const note = async (trx: Kysely<Database>, text: string) => {
    // The order's lock first, as markPaid takes it before it records a stray payment.
    const order = await findOrderRow(trx, stray.orderId, { lock: trx.isTransaction });
    await noteInHistory(trx, {
      orderId: stray.orderId,
      status: order?.status ?? 'pending',
      note: text,
      actorId: null,
      now: recordedAt(now),
    });
  };
  let refundId: string;
  try {
    refundId = (await gateway.refund({ paymentId: stray.providerPaymentId, amount: stray.amount })).id;
  } catch {
    await releaseStrayClaim(db, stray.providerPaymentId, at);
    if (!bySweep) {
      await note(db, `Refund failed: the shop tries again (payment ${stray.providerPaymentId} the order did not need)`);
    }
    return false;
  }
  await db.transaction().execute(async (trx) => {
    await note(trx, `Refunded a payment the order did not need (${stray.providerPaymentId}): ${refundId}`);
    await markStrayRefunded(trx, stray.providerPaymentId, refundId, recordedAt(now));
  });
  return true;
}

/**
 * Refunds what is owed and nobody is refunding: captured payments of cancelled orders and
 * captures orders did not need, left unrefunded by a process that died between recording
 * and refunding, by a provider that refused, or by a claim that outlived its process. Runs
 * every minute in every process; the claims make each refund happen once. Answers how many
 * it refunded.
 */
export async function refundOwed(db: Kysely<Database>, gateway: PaymentGateway, now = new Date()): Promise<number> {
  let refunded = 0;
  for (const payment of await findOwedRefunds(db, staleBefore(now))) {
    try {
      if (await refundPayment(db, gateway, payment, { staffId: null, now })) refunded += 1;
    } catch {
      // The provider refused again: the next sweep tries again.
    }
  }
  for (const stray of await findOwedStrayRefunds(db, staleBefore(now))) {
    const owed = { providerPaymentId: stray.provider_payment_id, orderId: stray.order_id, amount: stray.amount };
    if (await refundStrayPayment(db, gateway, owed, now, { bySweep: true })) refunded += 1;
  }
  return refunded;
}

/** The payments module as orders use it: online payment offered, and refunds after a cancellation. */
export function paymentsForOrders(gateway: PaymentGateway): OrderPayments {
  return {
    assertOnlineAvailable: () => {
      if (!gateway.available) throw onlinePaymentUnavailable();
    },
    capturedAmount,
    refundIfPaid: (db, orderId, now, staffId = null) => refundIfPaid(db, gateway, orderId, now, staffId),
  };
}

/**
 * Whether the order's online payment is refunded in full or a refund of it is under way (a
 * claim, stale or not): read under the order's lock, a part of it may then not be refunded.
 */
export async function wholeRefundStarted(db: Kysely<Database>, orderId: string): Promise<boolean> {
  const payment = await findPaidPayment(db, orderId);
  return payment !== undefined && payment.refund_id !== null;
}

const nothingToRefund = () =>
  conflict('NOTHING_TO_REFUND', 'This order has no captured online payment left to refund.');

/**
 * Refunds part of an order's captured online payment through the provider (a return's
 * items), under the caller's idempotency key: a retry after a timeout, or after a process
 * died mid-call, answers the refund already made rather than making another. Throws 502
 * `REFUND_FAILED` when the provider refuses or cannot be reached; the caller's record of the
 * refund is its own (nothing is written here).
 */
export async function refundPartOfPayment(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  { orderId, amount, idempotencyKey }: { orderId: string; amount: number; idempotencyKey: string },
): Promise<string> {
  const payment = await findPaidPayment(db, orderId);
  // A payment refunded in full, or being, has nothing left to give back in part.
  if (!payment?.provider_payment_id || payment.refund_id !== null || amount > payment.amount) throw nothingToRefund();
  try {
    return (await gateway.refund({ paymentId: payment.provider_payment_id, amount, idempotencyKey })).id;
  } catch {
    throw refundFailed();
  }
}
