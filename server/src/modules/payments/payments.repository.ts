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

export async function markPaymentRefunded(db: Db, id: string, refundId: string, now: string) {
  await db
    .updateTable('payments')
    .set({ status: 'refunded', refund_id: refundId, updated_at: now })
    .where('id', '=', id)
    .execute();
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
