import type { Kysely, Transaction } from 'kysely';
import {
  canTransition,
  cartTotals,
  couponLabel,
  couponRefusalMessage,
  customerCancellation,
  DEFAULT_DELIVERY_NOTE,
  evaluateCoupon,
  subtotalOf,
  toRupees,
  type CancelRefusal,
  type Order,
  type OrderStatus,
  type placeOrderBody,
} from '@shop/core';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import * as carts from '../cart/cart.repository.ts';
import { pricedLines } from '../cart/cart.service.ts';
import { couponUsage, findCouponById, redeemCoupon, releaseCoupon } from '../coupons/coupons.repository.ts';
import type { PaymentGateway } from '../payments/payment-gateway.ts';
import { refundIfPaid } from '../payments/refunds.ts';
import { newOrderNumber } from './order-number.ts';
import * as repo from './orders.repository.ts';

type Trx = Transaction<Database>;
type ParsedOrder = z.output<typeof placeOrderBody>;

export const orderNotFound = () => notFound('ORDER_NOT_FOUND', 'Order not found');

/** Order amounts are stored as `integer` paise (32-bit on PostgreSQL): ₹2,14,74,836.47 at most. */
const MAX_ORDER_PAISE = 2_147_483_647;

const cancelRefusals: Record<CancelRefusal, string> = {
  ALREADY_CANCELLED: 'This order is already cancelled.',
  ALREADY_SHIPPED: 'This order has shipped and can no longer be cancelled.',
  WINDOW_PASSED: 'Orders can only be cancelled within 12 hours of placing them.',
};

function toOrder(row: repo.OrderRow, items: repo.OrderItemRow[], events: repo.OrderEventRow[], now: Date): Order {
  const shippingAddress = JSON.parse(row.shipping_address);
  return {
    _id: row.id,
    orderNumber: row.order_number,
    status: row.status,
    paymentMethod: row.payment_method,
    paymentStatus: row.payment_status,
    items: items.map((i) => ({
      productId: i.product_id,
      name: i.name,
      image: i.image,
      size: i.size,
      quantity: i.quantity,
      price: toRupees(i.price),
      lineTotal: toRupees(i.price * i.quantity),
    })),
    itemCount: items.reduce((n, i) => n + i.quantity, 0),
    totals: {
      subtotal: toRupees(row.subtotal),
      discountAmount: toRupees(row.discount),
      shipping: toRupees(row.shipping),
      gst: toRupees(row.gst),
      total: toRupees(row.total),
    },
    total: toRupees(row.total),
    coupon: row.coupon_code ? { code: row.coupon_code, label: row.coupon_label ?? '' } : null,
    shippingAddress,
    billingAddress: JSON.parse(row.billing_address),
    notes: row.notes,
    createdAt: row.created_at,
    cancellable: customerCancellation({ status: row.status, createdAt: row.created_at }, now).ok,
    history: events.map((e) => ({ status: e.status as OrderStatus, at: e.created_at, note: e.note })),
  };
}

/** Orders with their lines and history: three queries however many orders. */
async function ordersWithDetails(db: Kysely<Database> | Trx, rows: repo.OrderRow[], now: Date): Promise<Order[]> {
  const ids = rows.map((r) => r.id);
  const [items, events] = await Promise.all([repo.findItems(db, ids), repo.findEvents(db, ids)]);
  return rows.map((row) =>
    toOrder(
      row,
      items.filter((i) => i.order_id === row.id),
      events.filter((e) => e.order_id === row.id),
      now,
    ),
  );
}

export async function getOrder(db: Kysely<Database>, id: string, now = new Date()): Promise<Order> {
  const row = await repo.findOrder(db, id);
  if (!row) throw orderNotFound();
  const [order] = await ordersWithDetails(db, [row], now);
  return order!;
}

export async function listOrders(db: Kysely<Database>, userId: string, now = new Date()): Promise<Order[]> {
  return ordersWithDetails(db, await repo.findOrdersOf(db, userId), now);
}

/** The spec's `items`, if sent, must be what the cart holds now: else the shopper saw an old cart. */
function assertCartMatches(lines: carts.LineRow[], items: ParsedOrder['items']) {
  if (!items) return;
  const key = (productId: string, size?: string) => `${productId}|${size ?? ''}`;
  const want = new Map<string, number>();
  for (const item of items)
    want.set(key(item.productId, item.size), (want.get(key(item.productId, item.size)) ?? 0) + item.quantity);
  const have = new Map<string, number>();
  for (const line of lines) {
    const k = key(line.product_id, items.some((i) => i.size !== undefined) ? line.size : undefined);
    have.set(k, (have.get(k) ?? 0) + line.quantity);
  }
  const same = want.size === have.size && [...want].every(([k, n]) => have.get(k) === n);
  if (!same) throw conflict('CART_CHANGED', 'Your cart has changed. Please review it and place the order again.');
}

async function takeStockFor(trx: Trx, lines: carts.LineRow[]) {
  // A fixed order of rows, so two orders locking the same sizes never deadlock.
  const sorted = [...lines].sort((a, b) => `${a.product_id}|${a.size}`.localeCompare(`${b.product_id}|${b.size}`));
  for (const line of sorted) {
    if (!(await repo.takeStock(trx, line.product_id, line.size, line.quantity))) {
      const left = (await repo.stockOf(trx, line.product_id, line.size))?.stock ?? 0;
      throw conflict(
        'OUT_OF_STOCK',
        left > 0
          ? `Only ${left} left of ${line.name} in size ${line.size}.`
          : `${line.name} in size ${line.size} is sold out.`,
      );
    }
  }
}

/**
 * Places an order from the shopper's server-side cart, in one transaction: prices and the
 * coupon checked again, stock taken (never below zero), the coupon's use counted, the
 * order written with a price snapshot per line and its first status event, and, for cash
 * on delivery, the cart emptied. With an idempotency key, a retry answers the same order.
 */
export async function placeOrder(
  db: Kysely<Database>,
  userId: string,
  body: ParsedOrder,
  idempotencyKey: string | undefined,
  now = new Date(),
): Promise<Order> {
  if (idempotencyKey) {
    const earlier = await repo.findOrderByIdempotencyKey(db, userId, idempotencyKey);
    if (earlier) return getOrder(db, earlier.id, now);
  }
  const at = now.toISOString();
  let orderId: string;
  try {
    orderId = await db.transaction().execute(async (trx) => {
      const cart = await carts.ensureCart(trx, userId, at);
      const lines = await carts.findLines(trx, cart.id);
      if (lines.length === 0) throw badRequest('EMPTY_CART', 'Your cart is empty.');
      assertCartMatches(lines, body.items);
      const priced = pricedLines(lines);

      const coupon = cart.coupon_id ? await findCouponById(trx, cart.coupon_id) : null;
      let discount = 0;
      if (coupon) {
        const decision = evaluateCoupon(priced, coupon.terms, await couponUsage(trx, coupon.id, userId), now);
        if (!decision.ok) {
          const why = couponRefusalMessage(coupon.terms.code, decision, subtotalOf(priced));
          throw conflict('COUPON_NOT_APPLICABLE', `${why} Please review your cart.`);
        }
        discount = decision.discount;
      }
      const totals = cartTotals(priced, discount);
      if (totals.subtotal > MAX_ORDER_PAISE || totals.total > MAX_ORDER_PAISE) {
        throw badRequest(
          'ORDER_TOO_LARGE',
          'This order is too large to place online. Please split it into smaller orders.',
        );
      }
      await takeStockFor(trx, lines);

      const id = newId();
      const address = JSON.stringify(body.shippingAddress);
      await repo.insertOrder(trx, {
        id,
        order_number: newOrderNumber(now),
        user_id: userId,
        status: 'pending',
        payment_method: body.paymentMethod,
        payment_status: body.paymentMethod === 'cod' ? 'cod' : 'awaiting_payment',
        subtotal: totals.subtotal,
        discount: totals.discountAmount,
        shipping: totals.shipping,
        gst: totals.gst,
        total: totals.total,
        coupon_id: coupon?.id ?? null,
        coupon_code: coupon?.terms.code ?? null,
        coupon_label: coupon ? couponLabel(coupon.terms) : null,
        shipping_address: address,
        billing_address: body.billingAddress ? JSON.stringify(body.billingAddress) : address,
        notes: body.notes || DEFAULT_DELIVERY_NOTE,
        idempotency_key: idempotencyKey ?? null,
        created_at: at,
        updated_at: at,
      });
      const images = await carts.findImages(
        trx,
        lines.map((l) => l.product_id),
      );
      await repo.insertItems(
        trx,
        lines.map((l, position) => ({
          id: newId(),
          order_id: id,
          position,
          product_id: l.product_id,
          name: l.name,
          image: images.get(l.product_id)?.[0] ?? '',
          size: l.size,
          quantity: l.quantity,
          price: l.price,
        })),
      );
      await repo.recordEvent(trx, { orderId: id, status: 'pending', note: 'Order placed', actorId: userId, now: at });

      if (coupon) {
        if (!(await redeemCoupon(trx, { couponId: coupon.id, userId, orderId: id, id: newId(), now: at }))) {
          throw conflict(
            'COUPON_USED_UP',
            `Coupon ${coupon.terms.code} has been fully redeemed. Please review your cart.`,
          );
        }
        // Counted under the coupon's lock (taken just above), so this customer's count is current.
        const limit = coupon.terms.perCustomerLimit;
        if (limit !== null && (await couponUsage(trx, coupon.id, userId)).byCustomer > limit) {
          throw conflict('COUPON_USED_UP', `You have already used coupon ${coupon.terms.code}.`);
        }
      }
      if (body.paymentMethod === 'cod') {
        await carts.deleteAllLines(trx, cart.id);
        await carts.setCartCoupon(trx, cart.id, null, at);
      }
      return id;
    });
  } catch (error) {
    // Two requests with one idempotency key raced. The loser either hit the key's unique
    // index or, having read the cart after the winner emptied it, found nothing to order:
    // either way it answers the winner's order.
    if (idempotencyKey) {
      const winner = await repo.findOrderByIdempotencyKey(db, userId, idempotencyKey);
      if (winner) return getOrder(db, winner.id, now);
    }
    throw error;
  }
  return getOrder(db, orderId, now);
}

/** Cancels inside a transaction: status, stock back, coupon use given back, history. */
async function cancelIn(
  trx: Trx,
  row: repo.OrderRow,
  actorId: string | null,
  note: string,
  now: string,
): Promise<boolean> {
  if (!(await repo.moveStatus(trx, row.id, row.status, 'cancelled', now))) return false;
  for (const item of await repo.findItems(trx, [row.id])) {
    await repo.returnStock(trx, item.product_id, item.size, item.quantity);
  }
  await releaseCoupon(trx, row.id);
  await repo.recordEvent(trx, { orderId: row.id, status: 'cancelled', note, actorId, now });
  return true;
}

const changedMeanwhile = () => conflict('ORDER_CHANGED', 'This order changed meanwhile. Please reload and try again.');

export async function cancelOrder(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  userId: string,
  orderId: string,
  now = new Date(),
): Promise<Order> {
  const row = await repo.findOrder(db, orderId);
  if (!row || row.user_id !== userId) throw orderNotFound();
  const decision = customerCancellation({ status: row.status, createdAt: row.created_at }, now);
  if (!decision.ok) throw conflict(`CANNOT_CANCEL_${decision.reason}`, cancelRefusals[decision.reason]);
  const done = await db
    .transaction()
    .execute((trx) => cancelIn(trx, row, userId, 'Cancelled by the customer', now.toISOString()));
  if (!done) throw changedMeanwhile();
  await refundIfPaid(db, gateway, row.id, now);
  return getOrder(db, orderId, now);
}

/**
 * Staff moves an order along the status machine, audited in the same transaction;
 * cancelling restocks every line and refunds a captured online payment.
 */
export async function changeStatus(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  actorId: string,
  orderId: string,
  to: OrderStatus,
  now = new Date(),
): Promise<Order> {
  const row = await repo.findOrder(db, orderId);
  if (!row) throw orderNotFound();
  if (!canTransition(row.status, to)) {
    throw new AppError(409, 'INVALID_TRANSITION', `An order that is ${row.status} cannot become ${to}.`);
  }
  const at = now.toISOString();
  const done = await db.transaction().execute(async (trx) => {
    if (to === 'cancelled') {
      if (!(await cancelIn(trx, row, actorId, 'Cancelled by staff', at))) return false;
    } else {
      if (!(await repo.moveStatus(trx, row.id, row.status, to, at))) return false;
      await repo.recordEvent(trx, { orderId: row.id, status: to, note: null, actorId, now: at });
    }
    await recordAudit(trx, {
      actorId,
      entityType: 'order',
      entityId: row.id,
      action: 'order.status',
      summary: `Status: ${row.status} → ${to}`,
      now: at,
    });
    return true;
  });
  if (!done) throw changedMeanwhile();
  if (to === 'cancelled') await refundIfPaid(db, gateway, row.id, now, actorId);
  return getOrder(db, orderId, now);
}

/**
 * Cancels and restocks online orders left unpaid for `timeoutMs`. Safe in several processes
 * at once: each order moves from pending to cancelled once, whoever gets there first.
 */
export async function sweepUnpaidOrders(db: Kysely<Database>, timeoutMs: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - timeoutMs).toISOString();
  let cancelled = 0;
  for (const { id } of await repo.findUnpaidBefore(db, cutoff)) {
    const done = await db.transaction().execute(async (trx) => {
      const row = await repo.findOrder(trx, id);
      if (!row || row.status !== 'pending' || row.payment_status === 'paid') return false;
      return cancelIn(trx, row, null, 'Payment not received in time', now.toISOString());
    });
    if (done) cancelled += 1;
  }
  return cancelled;
}

/** Orders and revenue by day and status for the last `days` days. */
export async function orderStats(db: Kysely<Database>, days = 30, now = new Date()) {
  const since = new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
  const rows = await repo.statsByDayAndStatus(db, since);
  return rows.map((r) => ({
    date: r.date,
    status: r.status,
    orders: Number(r.orders),
    revenue: toRupees(Number(r.revenue ?? 0)),
  }));
}
