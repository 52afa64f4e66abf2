import type { Kysely } from 'kysely';
import { canTransition, staffTransitions, type Order, type OrderStatus } from '@shop/core';
import type { Database } from '../../db/schema.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { deliverLockedOrderParcel } from '../shipments/shipments.service.ts';
import type { OrderPayments } from '../orders/order-payments.ts';
import { assertCodReleased } from '../orders/cod-confirmation.ts';
import { getOrder, orderNotFound } from '../orders/order-view.ts';
import {
  advanceLockedOrder,
  cancelLockedOrder,
  changedMeanwhile,
  findOrderRow,
  paymentFacts,
  type OrderRow,
} from '../orders/status-changes.ts';

/** Why staff may not make a move: the status machine, or an online order not paid yet. */
function staffMoveRefusal(row: OrderRow, to: OrderStatus): AppError | null {
  if (staffTransitions(paymentFacts(row)).includes(to)) return null;
  if (canTransition(row.status, to)) {
    return conflict('AWAITING_PAYMENT', 'This order is waiting for its online payment: it is confirmed once paid.');
  }
  return new AppError(409, 'INVALID_TRANSITION', `An order that is ${row.status} cannot become ${to}.`);
}

/**
 * Staff moves an order along the status machine, decided from the order read under its lock
 * and audited in the same transaction; cancelling restocks every line and refunds a captured
 * online payment once the cancellation has committed.
 */
export async function changeStatus(
  db: Kysely<Database>,
  payments: OrderPayments,
  actorId: string,
  orderId: string,
  to: OrderStatus,
  now = new Date(),
): Promise<Order> {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const row = await findOrderRow(trx, orderId, { lock: true });
    if (!row) throw orderNotFound();
    const refusal = staffMoveRefusal(row, to);
    if (refusal) throw refusal;
    await assertCodReleased(trx, row, to);
    const moved =
      to === 'cancelled'
        ? await cancelLockedOrder(trx, payments, row, actorId, 'Cancelled by staff', at)
        : (to === 'delivered' && (await deliverLockedOrderParcel(trx, payments, row, actorId, now))) ||
          (await advanceLockedOrder(trx, row, to, actorId, now));
    if (!moved) throw changedMeanwhile();
    await recordAudit(trx, {
      actorId,
      entityType: 'order',
      entityId: row.id,
      action: 'order.status',
      summary: `Status: ${row.status} → ${to}`,
      now: at,
    });
  });
  if (to === 'cancelled') await payments.refundIfPaid(db, orderId, now, actorId);
  return getOrder(db, orderId, now);
}
