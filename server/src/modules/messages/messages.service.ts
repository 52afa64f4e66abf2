import { EventEmitter } from 'node:events';
import type { Kysely, Transaction } from 'kysely';
import {
  privateMessageTemplates,
  totalPagesFor,
  type AdminMessageDetail,
  type AdminMessagePage,
  type AdminMessageRow,
  type MessageTemplate,
  type adminMessageListQuery,
} from '@shop/core';
import { isMessageTemplate, parseMessageData, type MessageRequest } from '@shop/emails';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { auditTrail, recordAudit } from '../audit/audit.service.ts';
import * as repo from './messages.repository.ts';

/** A message to send: the template and its data, who gets it, and what it is about. */
export type EnqueueRequest = MessageRequest & {
  to: string;
  /** The account it concerns, if any. */
  userId?: string | null;
  /** The order it concerns, if any. */
  orderId?: string | null;
};

/** Tells this process's outbox worker that a message was written (see outbox-worker.ts). */
export const outboxSignals = new EventEmitter();

/**
 * Queues a message in the outbox, inside the caller's own transaction: it is sent if and only
 * if the change that causes it commits. The data is checked against the template's shape now,
 * so a mistake fails the change instead of a delivery later. Answers the message's id.
 */
export async function enqueueMessage(
  trx: Transaction<Database>,
  request: EnqueueRequest,
  now: Date = new Date(),
): Promise<string> {
  const data = parseMessageData(request.template, request.data);
  const id = newId();
  await repo.insertMessage(trx, {
    id,
    template: request.template,
    recipient: request.to,
    data: JSON.stringify(data),
    next_attempt_at: now.toISOString(),
    user_id: request.userId ?? null,
    order_id: request.orderId ?? null,
    created_at: now.toISOString(),
  });
  outboxSignals.emit('enqueued');
  return id;
}

/**
 * Whether the order was ever sent (or queued) this kind of message: a message sent once per
 * order is queued only when this says no, under the order's lock.
 */
export function orderHasMessage(
  db: Kysely<Database> | Transaction<Database>,
  orderId: string,
  template: MessageTemplate,
): Promise<boolean> {
  return repo.hasOrderMessage(db, orderId, template);
}

type ListQuery = z.output<typeof adminMessageListQuery>;

const messageNotFound = () => notFound('MESSAGE_NOT_FOUND', 'Message not found');

function templateOf(name: string): MessageTemplate {
  if (!isMessageTemplate(name)) throw new Error(`Unknown message template in the outbox: ${name}`);
  return name;
}

const isPrivate = (template: MessageTemplate) => privateMessageTemplates.includes(template);
const isFinished = (status: AdminMessageRow['status']) => status === 'sent' || status === 'failed';

function toRow(row: repo.MessageListRow): AdminMessageRow {
  return {
    _id: row.id,
    template: templateOf(row.template),
    to: row.recipient,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'queued' ? row.next_attempt_at : null,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    order: row.order_id && row.order_number ? { _id: row.order_id, orderNumber: row.order_number } : null,
    resentFrom: row.resent_from,
  };
}

/** Every message, newest first, narrowed by status: two statements whatever the page size. */
export async function listMessages(db: Kysely<Database>, query: ListQuery): Promise<AdminMessagePage> {
  const filter = { status: query.status };
  const { page, limit } = query;
  const [total, rows] = await Promise.all([
    repo.countMessages(db, filter),
    repo.findMessagePage(db, filter, (page - 1) * limit, limit),
  ]);
  return { messages: rows.map(toRow), page, limit, total, totalPages: totalPagesFor(total, limit) };
}

/** One message as staff see it: what was sent (unless it holds a link into a shopper's account) and its audit. */
export async function messageDetail(db: Kysely<Database>, id: string): Promise<AdminMessageDetail> {
  const [row, audit] = await Promise.all([repo.findMessage(db, id), auditTrail(db, 'message', id)]);
  if (!row) throw messageNotFound();
  const message = toRow(row);
  const sent = row.html !== null && row.text !== null;
  const withheld = sent && isPrivate(message.template);
  return {
    message,
    content: sent && !withheld ? { html: row.html!, text: row.text! } : null,
    contentWithheld: withheld,
    resendable: isFinished(message.status) && !isPrivate(message.template),
    audit,
  };
}

/**
 * Queues a new copy of a sent or failed message, to the same recipient with the same data,
 * and records who asked in the audit. Messages still on their way, and private ones (their
 * link is single-use: the shopper asks for a new one), are refused.
 */
export async function resendMessage(
  db: Kysely<Database>,
  staffId: string,
  id: string,
  now: Date = new Date(),
): Promise<AdminMessageDetail> {
  const copyId = await db.transaction().execute(async (trx) => {
    const original = await repo.findMessage(trx, id);
    if (!original) throw messageNotFound();
    const template = templateOf(original.template);
    if (isPrivate(template)) {
      throw conflict(
        'MESSAGE_PRIVATE',
        'This message holds a single-use link and cannot be sent again: ask the shopper to request a new one.',
      );
    }
    if (!isFinished(original.status)) {
      throw conflict(
        'MESSAGE_NOT_FINISHED',
        'This message is still on its way: it can be sent again once sent or failed.',
      );
    }
    const newMessageId = await enqueueMessage(
      trx,
      {
        template,
        data: JSON.parse(original.data),
        to: original.recipient,
        userId: original.user_id,
        orderId: original.order_id,
      } as EnqueueRequest,
      now,
    );
    await repo.markResentFrom(trx, newMessageId, id);
    await recordAudit(trx, {
      actorId: staffId,
      entityType: 'message',
      entityId: id,
      action: 'message.resent',
      summary: `Sent again to ${original.recipient} (copy ${newMessageId})`,
      now: now.toISOString(),
    });
    return newMessageId;
  });
  return messageDetail(db, copyId);
}

/** The development mailbox: the newest messages, with what was sent. */
export function mailboxMessages(db: Kysely<Database>, limit: number) {
  return repo.findMessagePage(db, {}, 0, limit);
}

export async function mailboxMessage(db: Kysely<Database>, id: string) {
  const row = await repo.findMessage(db, id);
  if (!row) throw messageNotFound();
  return row;
}

/**
 * What the shop wrote to an account (its data export): subject, status, when, and the text,
 * except the text of a private message (its link would sign in whoever holds the file).
 */
export async function messagesOfAccount(db: Kysely<Database>, userId: string, email: string) {
  const rows = await repo.findMessagesOf(db, userId, email);
  return rows.map((row) => ({
    subject: row.subject,
    to: row.recipient,
    status: row.status,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    text: isMessageTemplate(row.template) && isPrivate(row.template) ? null : row.text,
  }));
}

/** Deletes what the shop wrote to an account, inside the account's erasure. */
export function eraseMessagesOf(trx: Transaction<Database>, userId: string, email: string) {
  return repo.deleteMessagesOf(trx, userId, email);
}
