import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  codConfirmDeadline,
  codLinkActions,
  codLinkDecision,
  codLinkOutcomeMessages,
  codShippingHeld,
  codState,
  customerCancellation,
  type CodConfirmation,
  type CodFacts,
  type CodLinkAction,
  type CodLinkOutcome,
  type OrderStatus,
} from '@shop/core';
import type { Database } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { orderHasMessage, enqueueMessage } from '../messages/messages.service.ts';
import { getShopSettings } from '../shop-settings/shop-settings.service.ts';
import * as codRepo from './cod-confirmation.repository.ts';
import type { OrderContact } from './order-messages.ts';
import type { OrderPayments } from './order-payments.ts';
import { orderNotFound } from './order-view.ts';
import * as repo from './orders.repository.ts';
import { cancelLockedOrder, changedMeanwhile } from './status-changes.ts';

/**
 * Cash on delivery, confirmed (issue 25): the email with "Confirm order" and "Cancel order"
 * links after a cash order, what the links do, staff confirming one after a call, the owner's
 * hold on shipping unconfirmed ones and the sweep that cancels them after the owner's hours.
 */

type Trx = Transaction<Database>;

export const codFacts = (row: repo.OrderRow): CodFacts => ({
  status: row.status,
  paymentMethod: row.payment_method,
  codConfirmedAt: row.cod_confirmed_at,
});

// ---------------------------------------------------------------- links

/**
 * A link's token: its action, its order, and an HMAC-SHA256 of both under the shop's link key
 * (derived from the signing secret every process shares). Nothing is stored: the signature
 * proves the shop made it, and the order's state makes it work once (see codLinkDecision).
 */
// Each order signs two links: the key made into a KeyObject once, not on every signature.
const keyObjects = new WeakMap<Uint8Array, KeyObject>();

function signature(key: Uint8Array, action: CodLinkAction, orderId: string): string {
  let keyObject = keyObjects.get(key);
  if (!keyObject) keyObjects.set(key, (keyObject = createSecretKey(key)));
  return createHmac('sha256', keyObject).update(`cod-link|${action}|${orderId}`).digest('base64url');
}

export function codLinkToken(key: Uint8Array, action: CodLinkAction, orderId: string): string {
  return `${action}.${orderId}.${signature(key, action, orderId)}`;
}

/** The action and order a token names, if the shop signed it; null otherwise. */
export function readCodLinkToken(key: Uint8Array, token: string): { action: CodLinkAction; orderId: string } | null {
  const [action, orderId, signed, ...rest] = token.split('.');
  if (rest.length > 0 || !orderId || !signed || !codLinkActions.includes(action as CodLinkAction)) return null;
  const expected = Buffer.from(signature(key, action as CodLinkAction, orderId));
  const given = Buffer.from(signed);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { action: action as CodLinkAction, orderId };
}

/** The storefront's page a link opens. */
export const codLinkPath = (token: string) => `/cod-confirmation?token=${encodeURIComponent(token)}`;

/**
 * The confirmation email of a cash order just placed, in its transaction: its two links, and
 * when an unconfirmed order is cancelled if the owner has the shop do that (`codConfirmHours`,
 * the shop's settings as the order read them).
 */
export async function queueCodConfirmation(
  trx: Trx,
  { order, contact }: { order: repo.OrderRow; contact: OrderContact },
  { key, codConfirmHours }: { key: Uint8Array; codConfirmHours: number | null },
  now: Date,
): Promise<void> {
  await enqueueMessage(
    trx,
    {
      template: 'cod-confirmation',
      to: contact.email,
      userId: order.user_id,
      orderId: order.id,
      data: {
        firstName: contact.firstName,
        orderNumber: order.order_number,
        total: order.total,
        confirmLink: codLinkPath(codLinkToken(key, 'confirm', order.id)),
        cancelLink: codLinkPath(codLinkToken(key, 'cancel', order.id)),
        confirmBy:
          codConfirmHours === null ? null : codConfirmDeadline(order.created_at, codConfirmHours).toISOString(),
      },
    },
    now,
  );
}

export interface CodLinkView {
  action: CodLinkAction;
  orderNumber: string;
  total: number;
  /** Null while the link would still act; else how the order stands (the page says it). */
  outcome: CodLinkOutcome | null;
}

/** How a cash order's confirmation stands, for staff; null for an online order. */
export function codConfirmationOf(
  row: Pick<repo.OrderRow, 'status' | 'payment_method' | 'cod_confirmed_at' | 'cod_confirmed_via'>,
): CodConfirmation {
  if (row.payment_method !== 'cod') return null;
  return {
    state: codState({ status: row.status, paymentMethod: row.payment_method, codConfirmedAt: row.cod_confirmed_at }),
    confirmedAt: row.cod_confirmed_at,
    via: row.cod_confirmed_via,
  };
}

const invalidLink = () => notFound('INVALID_LINK', codLinkOutcomeMessages.INVALID);

async function linkedOrder(db: Kysely<Database> | Trx, key: Uint8Array, token: string, lock = false) {
  const read = readCodLinkToken(key, token);
  const row = read && (await repo.findOrder(db, read.orderId, { lock }));
  if (!read || !row || row.payment_method !== 'cod') throw invalidLink();
  return { action: read.action, row };
}

/** What a link would do now (the page shows it before the shopper presses the button). */
export async function codLinkView(db: Kysely<Database>, key: Uint8Array, token: string): Promise<CodLinkView> {
  const { action, row } = await linkedOrder(db, key, token);
  const decision = codLinkDecision(codFacts(row));
  return { action, orderNumber: row.order_number, total: row.total, outcome: decision.act ? null : decision.outcome };
}

/**
 * Uses a link: confirms the cash order, or cancels it (within the terms' window, stock back,
 * the cancellation emailed), under the order's lock, once; used again, or after the order moved
 * on, it only answers how the order stands.
 */
export async function useCodLink(
  db: Kysely<Database>,
  payments: OrderPayments,
  key: Uint8Array,
  token: string,
  now = new Date(),
): Promise<CodLinkView & { outcome: CodLinkOutcome }> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const { action, row } = await linkedOrder(trx, key, token, true);
    const view = { action, orderNumber: row.order_number, total: row.total };
    const decision = codLinkDecision(codFacts(row));
    if (!decision.act) return { ...view, outcome: decision.outcome };
    if (action === 'confirm') {
      if (!(await codRepo.markCodConfirmed(trx, row.id, 'email', at))) throw changedMeanwhile();
      const note = 'Cash on delivery confirmed by the shopper (email link)';
      await repo.recordEvent(trx, { orderId: row.id, status: row.status, note, actorId: null, now: at });
      return { ...view, outcome: 'CONFIRMED' as const };
    }
    const cancellable = customerCancellation({ status: row.status, createdAt: row.created_at }, now);
    if (!cancellable.ok) {
      return { ...view, outcome: cancellable.reason === 'WINDOW_PASSED' ? 'WINDOW_PASSED' : 'ALREADY_SHIPPED' };
    }
    const note = 'Cancelled by the shopper (email link)';
    if (!(await cancelLockedOrder(trx, payments, row, null, note, at))) throw changedMeanwhile();
    return { ...view, outcome: 'CANCELLED' as const };
  });
}

// ---------------------------------------------------------------- staff

/** Staff confirm a cash order themselves (after calling the shopper), once, audited. */
export async function confirmCodByStaff(db: Kysely<Database>, staffId: string, orderId: string, now = new Date()) {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const row = await repo.findOrder(trx, orderId, { lock: true });
    if (!row) throw orderNotFound();
    const state = codState(codFacts(row));
    if (state !== 'awaiting') {
      throw conflict(
        'COD_NOT_AWAITING',
        state === 'confirmed'
          ? 'This order is already confirmed.'
          : 'Only a cash-on-delivery order not shipped or cancelled can be confirmed.',
      );
    }
    if (!(await codRepo.markCodConfirmed(trx, row.id, 'staff', at))) throw changedMeanwhile();
    const note = 'Cash on delivery confirmed by staff';
    await repo.recordEvent(trx, { orderId: row.id, status: row.status, note, actorId: staffId, now: at });
    await recordAudit(trx, {
      actorId: staffId,
      entityType: 'order',
      entityId: row.id,
      action: 'order.cod-confirmed',
      summary: 'Cash on delivery confirmed',
      now: at,
    });
  });
}

/**
 * The owner's hold: an unconfirmed cash order does not ship while the shop cancels unconfirmed
 * ones after some hours. Read inside the move's transaction, from the order under its lock.
 */
export async function assertCodReleased(trx: Trx, row: repo.OrderRow, to: OrderStatus): Promise<void> {
  if (to !== 'shipped') return;
  const { codConfirmHours } = await getShopSettings(trx);
  if (!codShippingHeld(codFacts(row), codConfirmHours)) return;
  throw conflict(
    'COD_NOT_CONFIRMED',
    'This cash-on-delivery order is not confirmed yet: confirm it (after calling the shopper) before shipping it.',
  );
}

/**
 * Cancels cash orders left unconfirmed for the owner's hours (none while the setting is off),
 * only those that were sent the confirmation email. Each is read under its lock and cancelled
 * once, whoever gets there first; one confirmed meanwhile is left alone.
 */
export async function cancelUnconfirmedCodOrders(
  db: Kysely<Database>,
  payments: OrderPayments,
  now = new Date(),
): Promise<number> {
  const { codConfirmHours } = await getShopSettings(db);
  if (codConfirmHours === null) return 0;
  const cutoff = new Date(now.getTime() - codConfirmHours * 3_600_000).toISOString();
  let cancelled = 0;
  for (const { id } of await codRepo.findUnconfirmedCodBefore(db, cutoff)) {
    const done = await db.transaction().execute(async (trx) => {
      const row = await repo.findOrder(trx, id, { lock: true });
      if (!row || codState(codFacts(row)) !== 'awaiting') return false;
      if (!(await orderHasMessage(trx, row.id, 'cod-confirmation'))) return false;
      const note = `Not confirmed within ${codConfirmHours} hours`;
      return cancelLockedOrder(trx, payments, row, null, note, now.toISOString());
    });
    if (done) cancelled += 1;
  }
  return cancelled;
}
