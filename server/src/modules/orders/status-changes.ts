import type { Kysely, Transaction } from 'kysely';
import { type OrderPaymentFacts, type OrderStatus } from '@shop/core';
import type { Database } from '../../db/schema.ts';
import { conflict } from '../../lib/errors.ts';
import { issueCreditNote } from '../invoices/invoices.service.ts';
import { releaseCoupon } from '../coupons/coupons.service.ts';
import { queueOrderCancelled, queueOrderMoved, type ParcelFacts } from './order-messages.ts';
import type { OrderPayments } from './order-payments.ts';
import * as repo from './orders.repository.ts';
import { moveStock, stockReturnOf } from './stock-moves.ts';

/**
 * How an order changes status, inside the transaction that decided the change from the order
 * read under its lock: whoever decides it (the shopper, staff, the unpaid-order sweep), the
 * order moves the same way.
 */

type Trx = Transaction<Database>;

export type { OrderRow } from './orders.repository.ts';

export const paymentFacts = (row: repo.OrderRow): OrderPaymentFacts => ({
  status: row.status,
  paymentMethod: row.payment_method,
  paymentStatus: row.payment_status,
});

export const changedMeanwhile = () =>
  conflict('ORDER_CHANGED', 'This order changed meanwhile. Please reload and try again.');

/** An order's row; with `lock`, held until the transaction ends (every change of its status or payment takes it). */
export function findOrderRow(db: Kysely<Database> | Trx, id: string, { lock = false }: { lock?: boolean } = {}) {
  return repo.findOrder(db, id, { lock });
}

/**
 * Cancels an order read under its lock, inside a transaction: status, stock back (in the
 * fixed order of rows), coupon use given back, the shopper's email (saying what will be
 * refunded), history. Refunds come after the commit. False when the order moved meanwhile.
 */
export async function cancelLockedOrder(
  trx: Trx,
  payments: OrderPayments,
  row: repo.OrderRow,
  actorId: string | null,
  note: string,
  now: string,
): Promise<boolean> {
  if (!(await repo.moveStatus(trx, row.id, row.status, 'cancelled', now))) return false;
  await moveStock(trx, await stockReturnOf(trx, row.id));
  await releaseCoupon(trx, row.id);
  await queueOrderCancelled(trx, row, await payments.capturedAmount(trx, row.id), new Date(now));
  await repo.recordEvent(trx, { orderId: row.id, status: 'cancelled', note, actorId, now });
  // An invoiced order cancelled is reversed by a credit note, numbered in this transaction.
  await issueCreditNote(trx, row.id, new Date(now));
  return true;
}

/**
 * Moves an order read under its lock forwards (confirmed, shipped, delivered), with its
 * history line; the shopper hears of shipping (with the parcel's courier and AWB, when
 * known) and delivery. False when it moved meanwhile.
 */
export async function advanceLockedOrder(
  trx: Trx,
  row: repo.OrderRow,
  to: Exclude<OrderStatus, 'cancelled'>,
  actorId: string | null,
  now: Date,
  parcel?: ParcelFacts,
): Promise<boolean> {
  const at = now.toISOString();
  if (!(await repo.moveStatus(trx, row.id, row.status, to, at))) return false;
  if (to === 'shipped' || to === 'delivered') await queueOrderMoved(trx, row, to, now, parcel);
  await repo.recordEvent(trx, { orderId: row.id, status: to, note: null, actorId, now: at });
  return true;
}
