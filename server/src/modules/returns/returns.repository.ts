import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { ReturnStatus } from '@shop/core';
import type { Database, ReturnEventTable, ReturnLineTable, ReturnTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type ReturnRow = Selectable<ReturnTable>;
export type ReturnLineRow = Selectable<ReturnLineTable>;
export type ReturnEventRow = Selectable<ReturnEventTable>;

export async function insertReturn(
  trx: Transaction<Database>,
  row: Insertable<ReturnTable>,
  lines: Insertable<ReturnLineTable>[],
) {
  await trx.insertInto('returns').values(row).execute();
  await trx.insertInto('return_lines').values(lines).execute();
}

export async function recordEvent(trx: Transaction<Database>, event: Insertable<ReturnEventTable>) {
  await trx.insertInto('return_events').values(event).execute();
}

export function findReturn(db: Db, id: string) {
  return db.selectFrom('returns').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findReturnsOfOrder(db: Db, orderId: string) {
  return db.selectFrom('returns').selectAll().where('order_id', '=', orderId).orderBy('created_at').execute();
}

export function findReturnsOfUser(db: Db, userId: string) {
  return db.selectFrom('returns').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').execute();
}

/** Staff's queue: the open ones, the oldest first; or every return, the newest first. */
export function findQueue(db: Db, statuses: readonly ReturnStatus[] | null, limit = 200) {
  let query = db.selectFrom('returns').selectAll();
  if (statuses) query = query.where('status', 'in', [...statuses]).orderBy('created_at');
  else query = query.orderBy('created_at', 'desc');
  return query.limit(limit).execute();
}

export async function findLines(db: Db, returnIds: readonly string[]) {
  if (returnIds.length === 0) return [];
  return db
    .selectFrom('return_lines')
    .selectAll()
    .where('return_id', 'in', [...returnIds])
    .orderBy('position')
    .execute();
}

export async function findEvents(db: Db, returnIds: readonly string[]) {
  if (returnIds.length === 0) return [];
  return db
    .selectFrom('return_events')
    .selectAll()
    .where('return_id', 'in', [...returnIds])
    .orderBy('created_at')
    .execute();
}

/**
 * Moves a return from the status it was read in: false when another request moved it
 * meanwhile (the update then waits for that one's lock and finds the status changed).
 */
export async function moveStatus(
  trx: Transaction<Database>,
  id: string,
  from: ReturnStatus,
  to: ReturnStatus,
  set: Partial<Pick<ReturnTable, 'decision_reason' | 'pickup_courier' | 'pickup_awb'>>,
  now: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('returns')
    .set({ ...set, status: to, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setInspection(
  trx: Transaction<Database>,
  returnId: string,
  position: number,
  outcome: 'restock' | 'write_off',
) {
  await trx
    .updateTable('return_lines')
    .set({ inspection: outcome })
    .where('return_id', '=', returnId)
    .where('position', '=', position)
    .execute();
}

/**
 * Claims a return's refund: only an inspected return no refund holds now (none, or one
 * older than `staleBefore`, left by a process that died). The amount and key stay as the
 * first claim fixed them, so a retry asks the provider for the same refund.
 */
export async function claimRefund(
  trx: Transaction<Database>,
  id: string,
  refund: { amount: number; units: string; key: string },
  at: string,
  staleBefore: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('returns')
    .set((eb) => ({
      refund_claimed_at: at,
      refund_amount: eb.fn.coalesce('refund_amount', eb.val(refund.amount)),
      refund_units: eb.fn.coalesce('refund_units', eb.val(refund.units)),
      refund_key: eb.fn.coalesce('refund_key', eb.val(refund.key)),
      updated_at: at,
    }))
    .where('id', '=', id)
    .where('status', '=', 'inspected')
    .where((eb) => eb.or([eb('refund_claimed_at', 'is', null), eb('refund_claimed_at', '<', staleBefore)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives a claim back after the provider refused: the return stays refundable. */
export async function releaseRefundClaim(db: Db, id: string, claimedAt: string) {
  await db
    .updateTable('returns')
    .set({ refund_claimed_at: null })
    .where('id', '=', id)
    .where('refund_claimed_at', '=', claimedAt)
    .execute();
}

/** Records the refund made under the claim taken at `claimedAt`; false when that claim is no longer held. */
export async function markRefunded(
  trx: Transaction<Database>,
  id: string,
  claimedAt: string,
  reference: string,
  at: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('returns')
    .set({ status: 'refunded', refund_reference: reference, refunded_at: at, refund_claimed_at: null, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'inspected')
    .where('refund_claimed_at', '=', claimedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Units of each order line refunded, or fixed to be, by the order's other returns: what `unitsShare` counts from. */
export async function unitsRefundedBefore(trx: Transaction<Database>, orderId: string, exceptReturnId: string) {
  return trx
    .selectFrom('returns')
    .select('refund_units')
    .where('order_id', '=', orderId)
    .where('id', '!=', exceptReturnId)
    .where('refund_units', 'is not', null)
    .execute();
}

// ---------------------------------------------------------------- reads of the orders the shop keeps

export function findOrderLines(db: Db, orderId: string) {
  return db
    .selectFrom('order_items')
    .select(['position', 'product_id', 'name', 'color', 'size', 'quantity'])
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();
}

/**
 * When the order was delivered; undefined if never. Delivered is final, so its first line in
 * the history is the move: later lines under that status are notes (a return's steps) that
 * must not move the window.
 */
export async function deliveredAt(db: Db, orderId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('order_events')
    .select((eb) => eb.fn.min('created_at').as('at'))
    .where('order_id', '=', orderId)
    .where('status', '=', 'delivered')
    .executeTakeFirst();
  return row?.at ?? undefined;
}

/** When the shopper's most recently delivered order was delivered (its first "delivered" line), if any. */
export async function lastDeliveryOfShopper(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('orders as o')
    .innerJoin('order_events as e', (join) => join.onRef('e.order_id', '=', 'o.id').on('e.status', '=', 'delivered'))
    .select((eb) => ['o.id', eb.fn.min('e.created_at').as('at')])
    .where('o.user_id', '=', userId)
    .where('o.status', '=', 'delivered')
    .groupBy('o.id')
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.at ?? undefined;
}

/** Units of each order line asked back by returns not rejected, by position. */
export async function unitsAskedBack(db: Db, orderId: string): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('return_lines as l')
    .innerJoin('returns as r', 'r.id', 'l.return_id')
    .select(['l.position', 'l.quantity'])
    .where('r.order_id', '=', orderId)
    .where('r.status', '!=', 'rejected')
    .execute();
  const asked = new Map<number, number>();
  for (const row of rows) asked.set(row.position, (asked.get(row.position) ?? 0) + row.quantity);
  return asked;
}

/** The sizes a product has in one colour, in stock or not. */
export async function sizesOf(db: Db, productIds: readonly string[]) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('product_variants')
    .select(['product_id', 'color', 'size', 'stock'])
    .where('product_id', 'in', [...productIds])
    .execute();
}

/** The shoppers' names and emails, for staff's queue. */
export async function customersOf(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('id', 'in', [...userIds])
    .execute();
}

export async function ordersOf(db: Db, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('orders')
    .select(['id', 'order_number', 'payment_method'])
    .where('id', 'in', [...orderIds])
    .execute();
}

/**
 * Orders delivered in the period, and returns asked of them by reason: the dashboard's return
 * rate, each order once.
 */
export async function returnCountsSince(db: Db, since: string) {
  // Counted by the move to delivered, not by later notes under that status (a return's steps).
  const delivered = db
    .selectFrom('order_events')
    .select('order_id')
    .where('status', '=', 'delivered')
    .groupBy('order_id')
    .having((eb) => eb.fn.min('created_at'), '>=', since);
  const [count, reasons] = await Promise.all([
    db
      .selectFrom(delivered.as('d'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
    db
      .selectFrom('returns')
      .select(['reason', (eb) => eb.fn.count<number>('order_id').distinct().as('n')])
      .where('order_id', 'in', delivered)
      .groupBy('reason')
      .execute(),
  ]);
  return { delivered: Number(count?.n ?? 0), reasons: reasons.map((r) => ({ reason: r.reason, n: Number(r.n) })) };
}
