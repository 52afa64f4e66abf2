import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { MessageStatus } from '@shop/core';
import type { Dialect } from '../../db/connect.ts';
import { queryTemplate } from '../../db/query-template.ts';
import type { Database, MessageTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type MessageRow = Selectable<MessageTable>;

/** A message as it is queued: what the outbox fills in later (attempts, claims, the rendering) left out. */
export type QueuedMessage = Required<
  Pick<
    Insertable<MessageTable>,
    'id' | 'template' | 'recipient' | 'data' | 'next_attempt_at' | 'user_id' | 'order_id' | 'created_at'
  >
>;

// Built once (query-template.ts): an order queues two messages.
const queuedMessageInsert = queryTemplate(
  ['id', 'template', 'recipient', 'data', 'next_attempt_at', 'user_id', 'order_id', 'created_at'],
  (db, slot) => db.insertInto('messages').values({ ...slot, status: 'queued' }),
);

/** Writes a message to the outbox: only inside the transaction of the change that causes it. */
export async function insertMessage(trx: Transaction<Database>, row: QueuedMessage): Promise<void> {
  await queuedMessageInsert(trx, row);
}

/** Whether a message of this template about this order was ever queued. */
export async function hasOrderMessage(db: Db, orderId: string, template: string): Promise<boolean> {
  const row = await db
    .selectFrom('messages')
    .select('id')
    .where('order_id', '=', orderId)
    .where('template', '=', template)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface ClaimRequest {
  /** Due messages are those whose next attempt is at or before this instant (ISO). */
  now: string;
  /** `sending` claims made before this instant outlived their lease (ISO). */
  staleBefore: string;
  limit: number;
}

/**
 * Takes up to `limit` due messages for this process to send, in one statement: marks them
 * `sending`, stamps the claim and counts the attempt. On PostgreSQL the rows are locked with
 * SKIP LOCKED, so processes claiming at once take different messages; on SQLite the statement
 * runs under the database's one write lock, so two processes cannot take the same one either.
 */
export function claimDueMessages(db: Kysely<Database>, dialect: Dialect, claim: ClaimRequest): Promise<MessageRow[]> {
  return db
    .updateTable('messages')
    .set((eb) => ({ status: 'sending', claimed_at: claim.now, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', (eb) => {
      const due = eb
        .selectFrom('messages')
        .select('id')
        .where((w) =>
          w.or([
            w.and([w('status', '=', 'queued'), w('next_attempt_at', '<=', claim.now)]),
            w.and([w('status', '=', 'sending'), w('claimed_at', '<', claim.staleBefore)]),
          ]),
        )
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(claim.limit);
      return dialect === 'postgres' ? due.forUpdate().skipLocked() : due;
    })
    .returningAll()
    .execute();
}

/** The claim this process holds on a message; a mark changes nothing once another process took it over. */
export interface Claim {
  id: string;
  claimedAt: string;
}

function underClaim(db: Db, claim: Claim) {
  return db
    .updateTable('messages')
    .where('id', '=', claim.id)
    .where('status', '=', 'sending')
    .where('claimed_at', '=', claim.claimedAt);
}

/**
 * Stamps the claim afresh just before a send, so the lease covers that one send and not the
 * whole batch before it. Answers the renewed claim, or null when another process took the
 * message over meanwhile (it is theirs to send).
 */
export async function renewClaim(db: Db, claim: Claim, now: string): Promise<Claim | null> {
  const result = await underClaim(db, claim).set({ claimed_at: now }).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? { id: claim.id, claimedAt: now } : null;
}

export async function markSent(
  db: Db,
  claim: Claim,
  sent: { sentAt: string; subject: string; html: string; text: string },
): Promise<boolean> {
  const result = await underClaim(db, claim)
    .set({
      status: 'sent',
      sent_at: sent.sentAt,
      subject: sent.subject,
      html: sent.html,
      text: sent.text,
      last_error: null,
      claimed_at: null,
    })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Back to the queue, due again at `nextAttemptAt`; or failed for good when `nextAttemptAt` is null. */
export async function markUnsent(
  db: Db,
  claim: Claim,
  outcome: { error: string; nextAttemptAt: string | null; subject?: string | undefined },
): Promise<boolean> {
  const result = await underClaim(db, claim)
    .set({
      status: outcome.nextAttemptAt === null ? 'failed' : 'queued',
      last_error: outcome.error,
      claimed_at: null,
      ...(outcome.nextAttemptAt !== null && { next_attempt_at: outcome.nextAttemptAt }),
      ...(outcome.subject !== undefined && { subject: outcome.subject }),
    })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface MessageFilter {
  status?: MessageStatus | undefined;
}

function filtered(db: Db, filter: MessageFilter) {
  let query = db.selectFrom('messages as m');
  if (filter.status !== undefined) query = query.where('m.status', '=', filter.status);
  return query;
}

export async function countMessages(db: Db, filter: MessageFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const listColumns = [
  'm.id',
  'm.template',
  'm.recipient',
  'm.subject',
  'm.status',
  'm.attempts',
  'm.next_attempt_at',
  'm.last_error',
  'm.created_at',
  'm.sent_at',
  'm.order_id',
  'm.resent_from',
  'o.order_number',
] as const;

/** One page of messages, newest first, with the number of the order each is about. */
export function findMessagePage(db: Db, filter: MessageFilter, offset: number, limit: number) {
  return filtered(db, filter)
    .leftJoin('orders as o', 'o.id', 'm.order_id')
    .select(listColumns)
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
export type MessageListRow = Awaited<ReturnType<typeof findMessagePage>>[number];

/** One message with what was sent. */
export function findMessage(db: Db, id: string) {
  return db
    .selectFrom('messages as m')
    .leftJoin('orders as o', 'o.id', 'm.order_id')
    .select([...listColumns, 'm.data', 'm.user_id', 'm.html', 'm.text'])
    .where('m.id', '=', id)
    .executeTakeFirst();
}

/** Marks a message as a copy of another (staff sent it again). */
export async function markResentFrom(trx: Transaction<Database>, id: string, originalId: string): Promise<void> {
  await trx.updateTable('messages').set({ resent_from: originalId }).where('id', '=', id).execute();
}

/** The messages sent (or to send) to an account or its address, oldest first. */
export function findMessagesOf(db: Db, userId: string, email: string) {
  return db
    .selectFrom('messages')
    .select(['template', 'recipient', 'subject', 'status', 'created_at', 'sent_at', 'text'])
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('recipient', '=', email)]))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Deletes the messages of an account or its address (an account's erasure). */
export async function deleteMessagesOf(trx: Transaction<Database>, userId: string, email: string) {
  await trx
    .deleteFrom('messages')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('recipient', '=', email)]))
    .execute();
}
