import { hasReturnRefunds } from '../returns/returns.service.ts';
import type { Kysely } from 'kysely';
import {
  refundEligibility,
  refundRefusalMessages,
  shopDayStart,
  staffTransitions,
  totalPagesFor,
  type AdminOrderDetail,
  type AdminOrderPage,
  type RefundRefusal,
  type adminOrderListQuery,
} from '@shop/core';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { auditTrail } from '../audit/audit.service.ts';
import { getOrder, orderNotFound } from '../orders/order-view.ts';
import { codConfirmationOf } from '../orders/cod-confirmation.ts';
import { findOrderRow } from '../orders/status-changes.ts';
import type { PaymentGateway } from '../payments/payment-gateway.ts';
import { latestPayment, type PaymentRow } from '../payments/payments.service.ts';
import { refundInFlight, refundPayment } from '../payments/refunds.ts';
import * as repo from './admin-orders.repository.ts';

type ListQuery = z.output<typeof adminOrderListQuery>;

const DAY_MS = 86_400_000;
const fullName = (first: string, last: string) => `${first} ${last}`.trim();

/** The first instant of a shop day (in India); the schema lets a day past the month's end (2026-02-30) through. */
function startOfDay(day: string, field: 'from' | 'to'): Date {
  try {
    return shopDayStart(day);
  } catch {
    throw badRequest('VALIDATION_FAILED', `Invalid query: ${field}: is not a real date`);
  }
}

/**
 * `from` and `to` are whole shop days (India's, as the dashboard counts them), both included:
 * from the start of one to the start of the day after the other.
 */
function placedBetween(
  from: string | undefined,
  to: string | undefined,
): Pick<repo.AdminOrderFilter, 'since' | 'before'> {
  const since = from === undefined ? undefined : startOfDay(from, 'from');
  const before = to === undefined ? undefined : new Date(startOfDay(to, 'to').getTime() + DAY_MS);
  if (since && before && since >= before)
    throw badRequest('INVALID_DATE_RANGE', 'The start date must not be after the end date.');
  return { since: since?.toISOString(), before: before?.toISOString() };
}

/** Every shopper's orders, newest first, filtered: two statements whatever the page size. */
export async function listOrders(db: Kysely<Database>, query: ListQuery): Promise<AdminOrderPage> {
  const filter: repo.AdminOrderFilter = { status: query.status, q: query.q, ...placedBetween(query.from, query.to) };
  const { page, limit } = query;
  const [total, rows] = await Promise.all([
    repo.countOrders(db, filter),
    repo.findOrderPage(db, filter, (page - 1) * limit, limit),
  ]);
  return {
    orders: rows.map((row) => ({
      _id: row.id,
      orderNumber: row.order_number,
      createdAt: row.created_at,
      customer: { _id: row.user_id, name: fullName(row.first_name, row.last_name), email: row.email },
      status: row.status,
      paymentMethod: row.payment_method,
      paymentStatus: row.payment_status,
      itemCount: Number(row.item_count ?? 0),
      total: row.total,
      codConfirmation: codConfirmationOf(row),
    })),
    page,
    limit,
    total,
    totalPages: totalPagesFor(total, limit),
  };
}

function refundDecision(
  paymentStatus: AdminOrderDetail['order']['paymentStatus'],
  payment: PaymentRow | undefined,
  now: Date,
) {
  return refundEligibility({
    paymentStatus,
    payment: payment ? { status: payment.status, refundInFlight: refundInFlight(payment, now) } : null,
  });
}

/** One order as staff see it: lines, customer, payment, where it may go next, and its audit trail. */
export async function orderDetail(db: Kysely<Database>, orderId: string, now = new Date()): Promise<AdminOrderDetail> {
  const [order, row, customer, payment, audit] = await Promise.all([
    getOrder(db, orderId, now),
    findOrderRow(db, orderId),
    repo.findOrderCustomer(db, orderId),
    latestPayment(db, orderId),
    auditTrail(db, 'order', orderId),
  ]);
  if (!customer || !row) throw orderNotFound();
  return {
    order,
    customer: {
      _id: customer.id,
      name: fullName(customer.first_name, customer.last_name),
      email: customer.email,
      phone: customer.phone,
    },
    payment: payment
      ? {
          provider: payment.provider,
          providerOrderId: payment.provider_order_id,
          providerPaymentId: payment.provider_payment_id,
          amount: payment.amount,
          status: payment.status,
          // A paid payment's refund id is only the claim of a refund under way.
          refundId: payment.status === 'refunded' ? payment.refund_id : null,
        }
      : null,
    nextStatuses: [...staffTransitions(order)],
    refundable: refundDecision(order.paymentStatus, payment, now).ok,
    codConfirmation: codConfirmationOf(row),
    audit,
  };
}

const refundCodes = {
  NOT_CAPTURED: 'NOTHING_TO_REFUND',
  ALREADY_REFUNDED: 'ALREADY_REFUNDED',
  IN_PROGRESS: 'REFUND_IN_PROGRESS',
} as const;

const refused = (reason: RefundRefusal) => conflict(refundCodes[reason], refundRefusalMessages[reason]);

/** Why a refund that lost a race was refused, read afresh (refunded meanwhile, or still under way). */
async function refusalNow(db: Kysely<Database>, orderId: string, now: Date) {
  const [order, payment] = await Promise.all([findOrderRow(db, orderId), latestPayment(db, orderId)]);
  const decision = order ? refundDecision(order.payment_status, payment, now) : { ok: true as const };
  return refused(decision.ok ? 'IN_PROGRESS' : decision.reason);
}

/**
 * Refunds an order's captured online payment: through the provider, or, given a reference,
 * as made by other means. The order's status stays as it is. Safe under a double click:
 * the second request finds the payment refunded or its refund under way (409).
 */
export async function refundOrder(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  staffId: string,
  orderId: string,
  reference: string | undefined,
  now = new Date(),
): Promise<AdminOrderDetail> {
  const [order, payment] = await Promise.all([findOrderRow(db, orderId), latestPayment(db, orderId)]);
  if (!order) throw orderNotFound();
  const decision = refundDecision(order.payment_status, payment, now);
  if (!decision.ok) throw refused(decision.reason);
  // Items refunded by a return would be paid back twice by a refund of the whole payment:
  // checked under the order's lock, where a return's refund is claimed.
  const mayRefund = async (trx: Kysely<Database>) => {
    if (await hasReturnRefunds(trx, orderId)) {
      throw conflict(
        'RETURNS_REFUNDED',
        'Items of this order were refunded by a return: refund the rest as a return too.',
      );
    }
  };
  const done =
    payment !== undefined && (await refundPayment(db, gateway, payment, { reference, staffId, now, mayRefund }));
  if (!done) throw await refusalNow(db, orderId, now);
  return orderDetail(db, orderId, now);
}
