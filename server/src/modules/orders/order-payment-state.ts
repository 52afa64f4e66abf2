import type { Kysely, Transaction } from 'kysely';
import type { OrderStatus } from '@shop/core';
import type { Database } from '../../db/schema.ts';
import { accountDetails } from '../auth/auth.service.ts';
import { issueInvoice } from '../invoices/invoices.service.ts';
import { queueOnlineOrderPaid, type OrderMailSettings } from './order-messages.ts';
import * as repo from './orders.repository.ts';

// What the payments module reads and changes of orders: it depends on orders, never the reverse.

type Trx = Transaction<Database>;
type Db = Kysely<Database> | Trx;

/** The account holder names the buyer; an account with no name on file, by its email. */
export const buyerNameOf = (fullName: string, email: string | undefined) => fullName.trim() || email || 'Customer';

/**
 * Gives an order its tax invoice inside the transaction that makes it invoiceable (an online
 * order paid), after every other lock that transaction takes: the invoice series' counter is
 * held from here to the commit, so it is taken last and briefly.
 */
async function invoiceOrder(trx: Trx, orderId: string, now: Date) {
  const order = await repo.findOrder(trx, orderId);
  if (!order) return;
  const [items, buyer] = await Promise.all([repo.findItems(trx, [orderId]), accountDetails(trx, order.user_id)]);
  const fullName = `${buyer?.firstName ?? ''} ${buyer?.lastName ?? ''}`;
  await issueInvoice(trx, { order, items, buyerName: buyerNameOf(fullName, buyer?.email) }, now);
}

export function setOrderPaymentStatus(trx: Trx, orderId: string, status: repo.OrderRow['payment_status'], at: string) {
  return repo.setPaymentStatus(trx, orderId, status, at);
}

/** A line in the order's history (a refund, a failed refund), under the status it names. */
export function noteInHistory(
  db: Db,
  event: { orderId: string; status: OrderStatus; note: string; actorId: string | null; now: string },
) {
  return repo.recordEvent(db, event);
}

/**
 * The order's online payment arrived, inside the transaction that records it, under the
 * order's lock: the order is paid, and a pending one confirmed with its history line, its
 * order email (the first: an online order has none before it is paid) and (paid, it is a sale)
 * its invoice, numbered in this transaction.
 */
export async function recordOrderPaid(
  trx: Trx,
  order: repo.OrderRow,
  { mail, now }: { mail: OrderMailSettings; now: Date },
): Promise<void> {
  const at = now.toISOString();
  await repo.setPaymentStatus(trx, order.id, 'paid', at);
  if (order.status !== 'pending' || !(await repo.moveStatus(trx, order.id, 'pending', 'confirmed', at))) return;
  await repo.recordEvent(trx, {
    orderId: order.id,
    status: 'confirmed',
    note: 'Payment received',
    actorId: null,
    now: at,
  });
  await queueOnlineOrderPaid(trx, order, mail, now);
  await invoiceOrder(trx, order.id, now);
}
