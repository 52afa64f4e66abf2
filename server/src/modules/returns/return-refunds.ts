import type { Kysely } from 'kysely';
import {
  formatRupees,
  invoiceTotals,
  nextReturnStatus,
  returnedLines,
  ReturnQuantityError,
  type ReturnedUnits,
  type StaffReturnData,
} from '@shop/core';
import type { Database } from '../../db/schema.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { invoiceOf, issueReturnCreditNote } from '../invoices/invoices.service.ts';
import { noteInHistory } from '../orders/order-payment-state.ts';
import { orderNotFound } from '../orders/order-view.ts';
import { findOrderRow } from '../orders/status-changes.ts';
import type { PaymentGateway } from '../payments/payment-gateway.ts';
import { refundPartOfPayment, wholeRefundStarted } from '../payments/refunds.ts';
import * as repo from './returns.repository.ts';
import { orderRefunded, returnNotFound, staffReturn, tellShopper } from './returns.service.ts';

type Db = Kysely<Database>;

/** Far longer than a provider call may take (10 s): an older claim was left by a process that died. */
const REFUND_CLAIM_TTL_MS = 2 * 60_000;

const refundUnderWay = () =>
  conflict('REFUND_IN_PROGRESS', 'A refund of this return is already under way or done. Please reload in a moment.');

/**
 * What the return refunds: its units of each order line, counted after the units the order's
 * other returns refunded (or fixed to), and the amount core's credit note gives them.
 * Read under the order's lock, so two returns of one order count from each other.
 */
async function refundOf(trx: Parameters<typeof repo.claimRefund>[0], row: repo.ReturnRow) {
  if (row.refund_units !== null && row.refund_amount !== null) {
    return { units: JSON.parse(row.refund_units) as ReturnedUnits[], amount: row.refund_amount };
  }
  const invoice = await invoiceOf(trx, row.order_id);
  if (!invoice) throw conflict('NO_INVOICE', 'This order has no tax invoice to credit: refund it by other means.');
  const [orderLines, lines, earlier] = await Promise.all([
    repo.findOrderLines(trx, row.order_id),
    repo.findLines(trx, [row.id]),
    repo.unitsRefundedBefore(trx, row.order_id, row.id),
  ]);
  const before = new Map<number, number>();
  for (const other of earlier) {
    for (const u of JSON.parse(other.refund_units!) as ReturnedUnits[]) {
      before.set(u.lineIndex, (before.get(u.lineIndex) ?? 0) + u.quantity);
    }
  }
  const units = lines.map((l) => {
    // The invoice lists the order's lines in their order: the line's index there.
    const lineIndex = orderLines.findIndex((o) => o.position === l.position);
    return { lineIndex, alreadyRefunded: before.get(lineIndex) ?? 0, quantity: l.quantity };
  });
  try {
    return { units, amount: invoiceTotals(returnedLines(invoice.lines, units)).total };
  } catch (error) {
    if (error instanceof ReturnQuantityError)
      throw conflict('NOTHING_TO_REFUND', 'These items have been refunded already.');
    throw error;
  }
}

/**
 * Refunds an inspected return, once. The return is claimed first, under the order's lock,
 * with the amount and idempotency key fixed at the first claim; then an online order's
 * provider is asked, with no transaction open, under that key (a retry after a timeout, or a
 * claim taken over from a process that died, asks for the same refund and gets it back, not
 * a second one); then the refund, its credit note, the timeline, the order's history and the
 * shopper's email are recorded in one transaction. A provider that fails gives the claim
 * back: the return stays refundable, and no credit note is issued. A cash order's refund is
 * the transfer staff made, recorded with its reference.
 */
export async function refundReturn(
  db: Db,
  gateway: PaymentGateway,
  staffId: string,
  id: string,
  reference: string | undefined,
  now = new Date(),
): Promise<StaffReturnData> {
  const found = await repo.findReturn(db, id);
  if (!found) throw returnNotFound();
  const order = await findOrderRow(db, found.order_id);
  if (!order) throw orderNotFound();
  if (order.payment_method === 'cod' && reference === undefined) {
    throw new AppError(
      400,
      'REFERENCE_REQUIRED',
      "Transfer the refund to the shopper's account, then record its reference.",
      [{ path: 'reference', message: 'The transfer reference (UTR) is required for a cash order.' }],
    );
  }
  const claimedAt = now.toISOString();
  const staleBefore = new Date(now.getTime() - REFUND_CLAIM_TTL_MS).toISOString();
  const claim = await db.transaction().execute(async (trx) => {
    const locked = await findOrderRow(trx, found.order_id, { lock: true });
    const row = (await repo.findReturn(trx, id))!;
    const move = nextReturnStatus(row.status, 'refund', { exchange: row.exchange === 1 });
    if (!move.ok) throw row.status === 'refunded' ? refundUnderWay() : conflict('RETURN_STEP_REFUSED', move.message);
    // Checked here too, not only by the provider: a refund recorded by other means never asks it.
    if (locked?.payment_status === 'refunded' || (await wholeRefundStarted(trx, found.order_id))) {
      throw orderRefunded();
    }
    const refund = await refundOf(trx, row);
    const key = `return-refund-${row.id}`;
    if (
      !(await repo.claimRefund(
        trx,
        id,
        { ...refund, units: JSON.stringify(refund.units), key },
        claimedAt,
        staleBefore,
      ))
    ) {
      throw refundUnderWay();
    }
    return { ...refund, key: row.refund_key ?? key };
  });

  let refundReference: string;
  if (reference !== undefined) {
    refundReference = reference;
  } else {
    try {
      refundReference = await refundPartOfPayment(db, gateway, {
        orderId: found.order_id,
        amount: claim.amount,
        idempotencyKey: claim.key,
      });
    } catch (error) {
      await repo.releaseRefundClaim(db, id, claimedAt);
      throw error;
    }
  }

  const at = new Date(Math.max(Date.now(), now.getTime()));
  await db.transaction().execute(async (trx) => {
    const locked = await findOrderRow(trx, found.order_id, { lock: true });
    if (!(await repo.markRefunded(trx, id, claimedAt, refundReference, at.toISOString()))) throw refundUnderWay();
    const row = (await repo.findReturn(trx, id))!;
    const note = await issueReturnCreditNote(trx, { orderId: row.order_id, returnId: row.id, units: claim.units }, at);
    const destination =
      row.refund_method === 'upi'
        ? `UPI ${row.upi_id ?? ''}`
        : row.refund_method === 'bank'
          ? `bank account ending ${(row.account_number ?? '').slice(-4)}`
          : 'the way you paid';
    const summary = `refunded ${formatRupees(claim.amount)} to ${destination} (${refundReference}), credit note ${note.number}`;
    await repo.recordEvent(trx, {
      id: `${row.id}-refunded`,
      return_id: row.id,
      status: 'refunded',
      note: `${formatRupees(claim.amount)}, reference ${refundReference}, credit note ${note.number}`,
      actor_id: staffId,
      created_at: at.toISOString(),
    });
    await noteInHistory(trx, {
      orderId: row.order_id,
      status: locked?.status ?? 'delivered',
      note: `Return ${row.number}: ${summary}`,
      actorId: staffId,
      now: at.toISOString(),
    });
    await recordAudit(trx, {
      actorId: staffId,
      entityType: 'order',
      entityId: row.order_id,
      action: 'return.refunded',
      summary: `Return ${row.number}: ${summary}`,
      now: at.toISOString(),
    });
    await tellShopper(
      trx,
      row,
      locked?.order_number ?? '',
      'refunded',
      { refund: { amount: claim.amount, destination, reference: refundReference, creditNote: note.number } },
      at,
    );
  });
  return staffReturn(db, id, now);
}
