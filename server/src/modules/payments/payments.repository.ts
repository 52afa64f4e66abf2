import type { Kysely, Transaction } from 'kysely';
import type { Database, PaymentTable } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A claimed payment whose provider order is being made carries this prefix and its own id
 * as provider order id until the provider answers. Razorpay's order ids never look like it.
 */
const CLAIM_PREFIX = 'pending:';

export function isClaimPending(payment: PaymentRow): boolean {
  return payment.provider_order_id.startsWith(CLAIM_PREFIX);
}

/** The order's payment attempt still open (made, or being made, and not paid): at most one since claims. */
export function findOpenPayment(db: Db, orderId: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', 'in', ['created', 'failed'])
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** The payment of a provider order (never a claim whose provider order is still being made). */
export function findPaymentByProviderOrder(db: Db, providerOrderId: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('provider_order_id', '=', providerOrderId)
    .where('provider_order_id', 'not like', `${CLAIM_PREFIX}%`)
    .executeTakeFirst();
}

export function findPaymentById(db: Db, id: string) {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findPaidPayment(db: Db, orderId: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', '=', 'paid')
    .executeTakeFirst();
}

/**
 * Claims the right to make the order's one provider order: a payment row carrying the order's
 * id in `claimed_order_id`, which a unique index keeps to one per order. The provider order
 * id is a placeholder until `fillClaim`.
 */
export async function insertPaymentClaim(
  trx: Transaction<Database>,
  claim: { orderId: string; provider: string; amount: number; now: string },
): Promise<PaymentRow> {
  const id = newId();
  await trx
    .insertInto('payments')
    .values({
      id,
      order_id: claim.orderId,
      provider: claim.provider,
      provider_order_id: `${CLAIM_PREFIX}${id}`,
      provider_payment_id: null,
      amount: claim.amount,
      currency: 'INR',
      status: 'created',
      failure_reason: null,
      refund_id: null,
      claimed_order_id: claim.orderId,
      created_at: claim.now,
      updated_at: claim.now,
    })
    .execute();
  return (await findPaymentById(trx, id))!;
}

/** Takes over a claim left older than `staleBefore` (its process died before the provider answered). */
export async function takeOverStaleClaim(trx: Transaction<Database>, id: string, staleBefore: string, now: string) {
  const result = await trx
    .updateTable('payments')
    .set({ updated_at: now })
    .where('id', '=', id)
    .where('provider_order_id', 'like', `${CLAIM_PREFIX}%`)
    .where('updated_at', '<', staleBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Puts the provider's order into a claim; false when the claim was filled (or dropped) meanwhile. */
export async function fillClaim(
  db: Db,
  id: string,
  provider: { orderId: string; amount: number },
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ provider_order_id: provider.orderId, amount: provider.amount, updated_at: now })
    .where('id', '=', id)
    .where('provider_order_id', '=', `${CLAIM_PREFIX}${id}`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives a claim up (the provider refused): the next initiation claims afresh. */
export async function dropClaim(db: Db, id: string): Promise<void> {
  await db
    .deleteFrom('payments')
    .where('id', '=', id)
    .where('provider_order_id', '=', `${CLAIM_PREFIX}${id}`)
    .execute();
}

/**
 * Marks a payment paid if it is not already: the one step the verified Checkout response
 * and the signed webhook both end in. Whichever arrives first wins; the other changes nothing.
 */
export function markPaymentPaid(trx: Transaction<Database>, id: string, providerPaymentId: string, now: string) {
  return movePayment(
    trx,
    id,
    { from: ['created', 'failed'], to: 'paid', now },
    { provider_payment_id: providerPaymentId },
  );
}

export function markPaymentFailed(db: Db, id: string, reason: string, now: string) {
  return movePayment(db, id, { from: ['created'], to: 'failed', now }, { failure_reason: reason });
}

/**
 * Moves a payment to `to` only from a status it may leave, in one conditional update, so of
 * two racing moves only one happens; false when the payment was in none of them any more.
 */
async function movePayment(
  db: Db,
  id: string,
  { from, to, now }: { from: PaymentTable['status'][]; to: PaymentTable['status']; now: string },
  changes: Partial<Pick<PaymentTable, 'provider_payment_id' | 'failure_reason' | 'refund_id'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ ...changes, status: to, updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', from)
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

/**
 * Captured payments of cancelled orders that nobody is refunding: never claimed (the process
 * that cancelled died before it could), given back after a provider failure, or claimed by a
 * process that died mid-refund (a stale claim).
 */
export function findOwedRefunds(db: Db, staleBefore: string) {
  return db
    .selectFrom('payments')
    .innerJoin('orders', 'orders.id', 'payments.order_id')
    .selectAll('payments')
    .where('orders.status', '=', 'cancelled')
    .where('payments.status', '=', 'paid')
    .where('payments.provider_payment_id', 'is not', null)
    .where((eb) => eb.or([eb('payments.refund_id', 'is', null), eb('payments.updated_at', '<', staleBefore)]))
    .orderBy('payments.updated_at')
    .limit(100)
    .execute();
}

/**
 * Claims a capture the order did not need for refunding, as `claimForRefund` does for a
 * payment: false when it is refunded or another refund holds it. An unclaimed record is
 * taken only once it is older than `unclaimedBefore`, so the process that recorded it
 * refunds it first.
 */
export async function claimStrayForRefund(
  db: Db,
  providerPaymentId: string,
  now: string,
  staleBefore: string,
  unclaimedBefore = now,
): Promise<boolean> {
  const result = await db
    .updateTable('stray_payments')
    .set({ refund_id: REFUND_CLAIM, updated_at: now })
    .where('provider_payment_id', '=', providerPaymentId)
    .where((eb) =>
      eb.or([
        eb.and([eb('refund_id', 'is', null), eb('updated_at', '<=', unclaimedBefore)]),
        eb.and([eb('refund_id', '=', REFUND_CLAIM), eb('updated_at', '<', staleBefore)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function releaseStrayClaim(db: Db, providerPaymentId: string, now: string): Promise<void> {
  await db
    .updateTable('stray_payments')
    .set({ refund_id: null, updated_at: now })
    .where('provider_payment_id', '=', providerPaymentId)
    .where('refund_id', '=', REFUND_CLAIM)
    .execute();
}

/** Captures the orders did not need that nobody is refunding (see `claimStrayForRefund`). */
export function findOwedStrayRefunds(db: Db, staleBefore: string) {
  return db
    .selectFrom('stray_payments')
    .selectAll()
    .where((eb) => eb.or([eb('refund_id', 'is', null), eb('refund_id', '=', REFUND_CLAIM)]))
    .where('updated_at', '<', staleBefore)
    .orderBy('updated_at')
    .limit(100)
    .execute();
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
export function markPaymentRefunded(db: Db, id: string, refundId: string, now: string): Promise<boolean> {
  return movePayment(db, id, { from: ['paid'], to: 'refunded', now }, { refund_id: refundId });
}

/**
 * Records a capture the order does not need, once per provider payment id: false when it was
 * recorded before (the Checkout callback and the webhook both report it).
 */
export async function insertStrayPayment(
  trx: Transaction<Database>,
  stray: { providerPaymentId: string; paymentId: string; orderId: string; amount: number; now: string },
): Promise<boolean> {
  const result = await trx
    .insertInto('stray_payments')
    .values({
      provider_payment_id: stray.providerPaymentId,
      payment_id: stray.paymentId,
      order_id: stray.orderId,
      amount: stray.amount,
      refund_id: null,
      created_at: stray.now,
      updated_at: stray.now,
    })
    .onConflict((oc) => oc.column('provider_payment_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function markStrayRefunded(db: Db, providerPaymentId: string, refundId: string, now: string) {
  await db
    .updateTable('stray_payments')
    .set({ refund_id: refundId, updated_at: now })
    .where('provider_payment_id', '=', providerPaymentId)
    .execute();
}

export async function isEventRemembered(db: Db, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('payment_events')
    .select('event_id')
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Remembers a handled webhook delivery; false when this event id was remembered before. */
export async function rememberEvent(db: Db, eventId: string, event: string, now: string): Promise<boolean> {
  const result = await db
    .insertInto('payment_events')
    .values({ event_id: eventId, event, received_at: now })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export type PaymentRow = NonNullable<Awaited<ReturnType<typeof findPaymentByProviderOrder>>>;
