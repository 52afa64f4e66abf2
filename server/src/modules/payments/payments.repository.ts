import type { Kysely, Transaction } from 'kysely';
import type { Database, PaymentTable } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function findOpenPayment(db: Db, orderId: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', 'in', ['created', 'failed'])
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

export function findPaymentByProviderOrder(db: Db, providerOrderId: string) {
  return db.selectFrom('payments').selectAll().where('provider_order_id', '=', providerOrderId).executeTakeFirst();
}

export function findPaidPayment(db: Db, orderId: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', '=', 'paid')
    .executeTakeFirst();
}

export async function insertPayment(
  db: Db,
  payment: { orderId: string; provider: string; providerOrderId: string; amount: number; now: string },
) {
  await db
    .insertInto('payments')
    .values({
      id: newId(),
      order_id: payment.orderId,
      provider: payment.provider,
      provider_order_id: payment.providerOrderId,
      provider_payment_id: null,
      amount: payment.amount,
      currency: 'INR',
      status: 'created',
      failure_reason: null,
      refund_id: null,
      created_at: payment.now,
      updated_at: payment.now,
    })
    .execute();
}

/**
 * Marks a payment paid if it is not already: the one step the verified Checkout response
 * and the signed webhook both end in. Whichever arrives first wins; the other changes nothing.
 */
export async function markPaymentPaid(trx: Transaction<Database>, id: string, providerPaymentId: string, now: string) {
  const result = await trx
    .updateTable('payments')
    .set({ status: 'paid', provider_payment_id: providerPaymentId, updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', ['created', 'failed'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markPaymentFailed(db: Db, id: string, reason: string, now: string) {
  const result = await db
    .updateTable('payments')
    .set({ status: 'failed', failure_reason: reason, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'created')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** An order's latest online payment attempt, whatever its state. */
export function findLatestPayment(db: Db, orderId: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/**
 * A captured payment whose refund is under way carries this in `refund_id` until the
 * provider answers: a paid payment with any refund id is claimed. A claim older than the
 * `staleBefore` time (its process died mid-refund) may be taken again.
 */
const REFUND_CLAIM = 'refund-in-flight';

/** Claims a captured payment for refunding; false when it is not paid or another refund holds it. */
export async function claimForRefund(db: Db, id: string, now: string, staleBefore: string): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ refund_id: REFUND_CLAIM, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'paid')
    .where((eb) => eb.or([eb('refund_id', 'is', null), eb('updated_at', '<', staleBefore)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives a claim back (the provider refused), leaving the payment as it was before the claim. */
export async function releaseRefundClaim(db: Db, id: string, updatedAt: string): Promise<void> {
  await db
    .updateTable('payments')
    .set({ refund_id: null, updated_at: updatedAt })
    .where('id', '=', id)
    .where('status', '=', 'paid')
    .where('refund_id', '=', REFUND_CLAIM)
    .execute();
}

/** Marks a captured payment refunded; false when it was not paid any more (refunded meanwhile). */
export async function markPaymentRefunded(db: Db, id: string, refundId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ status: 'refunded', refund_id: refundId, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Remembers a webhook delivery; false when this event id was handled before. */
export async function rememberEvent(db: Db, eventId: string, event: string, now: string): Promise<boolean> {
  const result = await db
    .insertInto('payment_events')
    .values({ event_id: eventId, event, received_at: now })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export type PaymentRow = NonNullable<Awaited<ReturnType<typeof findPaymentByProviderOrder>>>;
export type PaymentStatusValue = PaymentTable['status'];
