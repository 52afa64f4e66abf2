import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  complaintActionAllowed,
  complaintTimeliness,
  ticketNumber,
  totalPagesFor,
  type ComplaintAction,
  type ComplaintCreated,
  type ComplaintDetail,
  type ComplaintMessageKind,
  type ComplaintQueue,
  type ComplaintRow,
  type ComplaintTicket,
  type ComplaintTopic,
  type complaintBody,
  type complaintQueueQuery,
} from '@shop/core';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import type { AttemptLimiter, Budget } from '../../lib/attempt-limiter.ts';
import { limitedAddress, limitedNetwork, waitingTime } from '../../lib/attempt-limits.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { enqueueMessage } from '../messages/messages.service.ts';
import * as repo from './grievances.repository.ts';

type Trx = Transaction<Database>;

const ticketNotFound = () =>
  notFound('COMPLAINT_NOT_FOUND', 'We could not find this complaint. Please use the link from your email.');
const complaintNotFound = () => notFound('COMPLAINT_NOT_FOUND', 'Complaint not found');

/** The ticket's private page: its number and its key. */
export function ticketLink(row: Pick<repo.ComplaintRow, 'ticket_number' | 'access_key'>): string {
  return `/complaints/${encodeURIComponent(row.ticket_number)}?key=${encodeURIComponent(row.access_key)}`;
}

function timeliness(row: repo.ComplaintRow, now: Date) {
  return complaintTimeliness(
    {
      receivedAt: new Date(row.created_at),
      acknowledgedAt: row.acknowledged_at ? new Date(row.acknowledged_at) : null,
      resolvedAt: row.resolved_at ? new Date(row.resolved_at) : null,
    },
    now,
  );
}

function toMessage(row: repo.ComplaintMessageRow) {
  return { author: row.author, kind: row.kind, body: row.body, createdAt: row.created_at };
}

function toTicket(row: repo.ComplaintRow, messages: repo.ComplaintMessageRow[], now: Date): ComplaintTicket {
  const t = timeliness(row, now);
  return {
    ticketNumber: row.ticket_number,
    status: row.status,
    topic: row.topic as ComplaintTopic,
    orderNumber: row.order_number,
    name: row.name,
    receivedAt: row.created_at,
    acknowledgedAt: row.acknowledged_at,
    resolvedAt: row.resolved_at,
    acknowledgeBy: t.acknowledgeBy.toISOString(),
    resolveBy: t.resolveBy.toISOString(),
    messages: messages.map(toMessage),
  };
}

function toRow(row: repo.ComplaintRow, now: Date): ComplaintRow {
  const t = timeliness(row, now);
  return {
    _id: row.id,
    ticketNumber: row.ticket_number,
    status: row.status,
    topic: row.topic as ComplaintTopic,
    name: row.name,
    email: row.email,
    orderNumber: row.order_number,
    receivedAt: row.created_at,
    ageHours: t.ageHours,
    acknowledgeBy: t.acknowledgeBy.toISOString(),
    resolveBy: t.resolveBy.toISOString(),
    acknowledgement: t.acknowledgement,
    resolution: t.resolution,
    nextDeadline: t.nextDeadline?.toISOString() ?? null,
    overdue: t.overdue,
  };
}

const tooManyComplaints = (budget: Budget) =>
  new AppError(
    429,
    'RATE_LIMITED',
    `Too many complaints from this connection. Please wait ${waitingTime(budget.windowMinutes)} or write to our grievance officer.`,
  );

/** Who files a complaint: the client's address, and the shopper when signed in. */
export interface Complainant {
  ip: string;
  userId: string | null;
}

/**
 * Files a complaint: a ticket number at once, its private link, and an acknowledgement of
 * receipt emailed to the address given, all in one transaction.
 */
export async function fileComplaint(
  db: Kysely<Database>,
  limiter: AttemptLimiter,
  who: Complainant,
  body: z.output<typeof complaintBody>,
  now = new Date(),
): Promise<ComplaintCreated> {
  const { complaints } = limiter.limits;
  const budget = (key: string, max: number): Budget => ({ key, max, windowMinutes: complaints.windowMinutes });
  const budgets = [budget(`complaint:address:${limitedAddress(who.ip)}`, complaints.perAddress)];
  const network = limitedNetwork(who.ip);
  if (network) budgets.push(budget(`complaint:network:${network}`, complaints.perNetwork));
  await limiter.reserve(budgets, tooManyComplaints);

  const at = now.toISOString();
  const row: repo.ComplaintRow = {
    id: newId(),
    ticket_number: ticketNumber((size) => Array.from({ length: size }, () => randomInt(0, 1_000_000))),
    access_key: randomBytes(24).toString('base64url'),
    user_id: who.userId,
    name: body.name,
    email: body.email,
    phone: body.phone ?? null,
    topic: body.topic,
    order_number: body.orderNumber ?? null,
    status: 'open',
    created_at: at,
    acknowledged_at: null,
    resolved_at: null,
    updated_at: at,
  };
  const message: repo.ComplaintMessageRow = {
    id: newId(),
    complaint_id: row.id,
    author: 'shopper',
    kind: 'complaint',
    body: body.description,
    actor_id: who.userId,
    created_at: at,
  };
  const ticket = toTicket(row, [message], now);
  await db.transaction().execute(async (trx) => {
    await repo.insertComplaint(trx, row);
    await repo.insertComplaintMessage(trx, message);
    await enqueueMessage(
      trx,
      {
        template: 'complaint-received',
        to: row.email,
        userId: who.userId,
        data: {
          name: row.name,
          ticketNumber: row.ticket_number,
          link: ticketLink(row),
          acknowledgeBy: ticket.acknowledgeBy,
          resolveBy: ticket.resolveBy,
        },
      },
      now,
    );
  });
  return { ticket, link: ticketLink(row) };
}

function sameKey(given: string, kept: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(kept);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A ticket as its link opens it: the number and the key must both match, or it is not found. */
export async function ticketByLink(db: Kysely<Database>, ticket: string, key: string, now = new Date()) {
  const row = await repo.findByTicket(db, ticket);
  if (!row || !sameKey(key, row.access_key)) throw ticketNotFound();
  return toTicket(row, await repo.messagesOf(db, [row.id]), now);
}

type QueueQuery = z.output<typeof complaintQueueQuery>;

/** The staff queue: each complaint's age and deadlines, and how many are open and overdue. */
export async function complaintQueue(
  db: Kysely<Database>,
  query: QueueQuery,
  now = new Date(),
): Promise<ComplaintQueue> {
  const { page, limit, status } = query;
  const [total, rows, unresolved] = await Promise.all([
    repo.countComplaints(db, status),
    repo.findComplaintPage(db, status, (page - 1) * limit, limit),
    repo.unresolvedTimes(db),
  ]);
  const overdueCount = unresolved.filter(
    (c) =>
      complaintTimeliness(
        {
          receivedAt: new Date(c.created_at),
          acknowledgedAt: c.acknowledged_at ? new Date(c.acknowledged_at) : null,
          resolvedAt: null,
        },
        now,
      ).overdue,
  ).length;
  return {
    complaints: rows.map((row) => toRow(row, now)),
    page,
    limit,
    total,
    totalPages: totalPagesFor(total, limit),
    openCount: unresolved.length,
    overdueCount,
  };
}

export async function complaintDetail(db: Kysely<Database>, id: string, now = new Date()): Promise<ComplaintDetail> {
  const row = await repo.findById(db, id);
  if (!row) throw complaintNotFound();
  const messages = await repo.messagesOf(db, [row.id]);
  return {
    complaint: { ...toRow(row, now), phone: row.phone, signedIn: row.user_id !== null },
    messages: messages.map(toMessage),
  };
}

const stepOf: Record<ComplaintAction, Exclude<ComplaintMessageKind, 'complaint'>> = {
  acknowledge: 'acknowledgement',
  reply: 'reply',
  resolve: 'resolution',
};

const refusalOf = (status: repo.ComplaintRow['status']) =>
  status === 'resolved'
    ? conflict('COMPLAINT_RESOLVED', 'This complaint is already resolved.')
    : conflict('COMPLAINT_ACKNOWLEDGED', 'This complaint is already acknowledged.');

/**
 * A step staff take on a complaint (acknowledge, reply, resolve) with what they write: kept in
 * its thread and emailed to the shopper, in one transaction. A step the complaint's status no
 * longer allows (two staff at once, say) is a 409.
 */
export async function takeComplaintStep(
  db: Kysely<Database>,
  staffId: string,
  id: string,
  action: ComplaintAction,
  text: string,
  now = new Date(),
): Promise<ComplaintDetail> {
  const at = now.toISOString();
  await db.transaction().execute(async (trx: Trx) => {
    const row = await repo.findById(trx, id);
    if (!row) throw complaintNotFound();
    if (!complaintActionAllowed(row.status, action)) throw refusalOf(row.status);
    const moved =
      action === 'acknowledge'
        ? await repo.advanceComplaint(trx, id, ['open'], {
            status: 'acknowledged',
            acknowledged_at: at,
            updated_at: at,
          })
        : action === 'resolve'
          ? await repo.advanceComplaint(trx, id, ['open', 'acknowledged'], {
              status: 'resolved',
              resolved_at: at,
              updated_at: at,
            })
          : row.status === 'open'
            ? // A reply to a complaint not yet acknowledged acknowledges its receipt too.
              await repo.advanceComplaint(trx, id, ['open'], {
                status: 'acknowledged',
                acknowledged_at: at,
                updated_at: at,
              })
            : await repo.advanceComplaint(trx, id, ['acknowledged'], { updated_at: at });
    if (!moved) {
      const now = await repo.findById(trx, id);
      throw refusalOf(now?.status ?? 'resolved');
    }
    const step = stepOf[action];
    await repo.insertComplaintMessage(trx, {
      id: newId(),
      complaint_id: id,
      author: 'staff',
      kind: step,
      body: text,
      actor_id: staffId,
      created_at: at,
    });
    // A complaint whose maker had their account erased has no address left to write to.
    if (row.email !== '') {
      await enqueueMessage(
        trx,
        {
          template: 'complaint-updated',
          to: row.email,
          userId: row.user_id,
          data: { name: row.name, ticketNumber: row.ticket_number, link: ticketLink(row), step, message: text },
        },
        now,
      );
    }
  });
  return complaintDetail(db, id, now);
}

/** A shopper's complaints (theirs, and those filed signed out with their email), as tickets: the data export. */
export async function complaintsOfAccount(db: Kysely<Database>, userId: string, email: string, now = new Date()) {
  const rows = await repo.complaintsOfAccount(db, userId, email);
  const messages = await repo.messagesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) =>
    toTicket(
      row,
      messages.filter((m) => m.complaint_id === row.id),
      now,
    ),
  );
}

/** Erases who made an account's complaints (and those filed with its email), inside the account's erasure. */
export function eraseComplaintsOf(trx: Trx, userId: string, email: string, now: Date) {
  return repo.eraseComplaintsOf(trx, userId, email, now.toISOString());
}
