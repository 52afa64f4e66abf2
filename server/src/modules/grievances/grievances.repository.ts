import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { ComplaintMessageTable, ComplaintTable, Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type ComplaintRow = Selectable<ComplaintTable>;
export type ComplaintMessageRow = Selectable<ComplaintMessageTable>;

export async function insertComplaint(trx: Transaction<Database>, row: Insertable<ComplaintTable>) {
  await trx.insertInto('complaints').values(row).execute();
}

export async function insertComplaintMessage(trx: Transaction<Database>, row: Insertable<ComplaintMessageTable>) {
  await trx.insertInto('complaint_messages').values(row).execute();
}

export function findByTicket(db: Db, ticketNumber: string) {
  return db.selectFrom('complaints').selectAll().where('ticket_number', '=', ticketNumber).executeTakeFirst();
}

export function findById(db: Db, id: string) {
  return db.selectFrom('complaints').selectAll().where('id', '=', id).executeTakeFirst();
}

export function messagesOf(db: Db, complaintIds: readonly string[]) {
  if (complaintIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('complaint_messages')
    .selectAll()
    .where('complaint_id', 'in', complaintIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

type Status = ComplaintTable['status'];

export async function countComplaints(db: Db, status: Status | undefined) {
  let query = db.selectFrom('complaints').select((eb) => eb.fn.countAll<number | string>().as('count'));
  if (status) query = query.where('status', '=', status);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A page of the queue: complaints not resolved first, oldest (the nearest deadline) first; then resolved, latest first. */
export function findComplaintPage(db: Db, status: Status | undefined, offset: number, limit: number) {
  let query = db
    .selectFrom('complaints')
    .selectAll()
    .orderBy((eb) => eb.case().when('status', '=', 'resolved').then(1).else(0).end())
    .orderBy((eb) =>
      eb.case().when('status', '=', 'resolved').then(eb.ref('resolved_at')).else(eb.ref('created_at')).end(),
    )
    .orderBy('id');
  if (status) query = query.where('status', '=', status);
  return query.limit(limit).offset(offset).execute();
}

/** The receipt and acknowledgement times of every complaint not resolved (the ones with deadlines left). */
export function unresolvedTimes(db: Db) {
  return db
    .selectFrom('complaints')
    .select(['created_at', 'acknowledged_at'])
    .where('status', '!=', 'resolved')
    .execute();
}

/**
 * Moves a complaint on, if it is still in one of `from`: answers whether it was (a step two
 * staff take at once happens once).
 */
export async function advanceComplaint(
  trx: Transaction<Database>,
  id: string,
  from: readonly Status[],
  set: Partial<Pick<ComplaintRow, 'status' | 'acknowledged_at' | 'resolved_at'>> & { updated_at: string },
) {
  const result = await trx
    .updateTable('complaints')
    .set(set)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The complaints an account filed, and those filed signed out with its email (their emails went to it). */
export function complaintsOfAccount(db: Db, userId: string, email: string) {
  return db
    .selectFrom('complaints')
    .selectAll()
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('email', '=', email)]))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Erases who made an account's complaints and what they wrote; the steps staff took, and when,
 * stay (the record that the shop met its deadlines).
 */
export async function eraseComplaintsOf(trx: Transaction<Database>, userId: string, email: string, now: string) {
  const ids = (await complaintsOfAccount(trx, userId, email)).map((row) => row.id);
  if (ids.length === 0) return;
  await trx
    .updateTable('complaint_messages')
    .set({ body: 'Erased at the shopper’s request.' })
    .where('complaint_id', 'in', ids)
    .where('author', '=', 'shopper')
    .execute();
  await trx
    .updateTable('complaints')
    .set({ name: 'Erased', email: '', phone: null, order_number: null, user_id: null, updated_at: now })
    .where('id', 'in', ids)
    .execute();
}
