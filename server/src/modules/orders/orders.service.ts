import type { Kysely, Transaction } from 'kysely';
import {
  awaitsOnlinePayment,
  canTransition,
  cartLimitRefusal,
  cartTotals,
  couponLabel,
  couponRefusalMessage,
  customerCancellation,
  DEFAULT_DELIVERY_NOTE,
  defaultHoldingLimits,
  defaultStoreSettings,
  deliveryRefusal,
  evaluateCoupon,
  formatRupees,
  holdingRefusal,
  holdingRefusalMessage,
  MAX_ORDER_PAISE,
  shippingGstPercent,
  staffTransitions,
  subtotalOf,
  type CancelRefusal,
  type HoldingLimits,
  type Order,
  type OrderDocument,
  type OrderPaymentFacts,
  type OrderStatus,
  type ShopSettings,
  type OrderToPlace,
} from '@shop/core';
import type { Database } from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { accountContact, accountDetails } from '../auth/auth.service.ts';
import {
  emptyLockedCart,
  getCart,
  imagesOfProducts,
  lockedCartLines,
  overLimit,
  pricedLines,
  type CartLine,
} from '../cart/cart.service.ts';
import { couponById, couponUsage, redeemCoupon, releaseCoupon } from '../coupons/coupons.service.ts';
import { documentsOf, issueCreditNote, issueFirstInvoice, issueInvoice } from '../invoices/invoices.service.ts';
import { deliveryTo, getShopSettings } from '../delivery/delivery.service.ts';
import {
  queueOrderCancelled,
  queueOrderMoved,
  queueOrderPlaced,
  queuePaymentReceived,
  type OrderMailSettings,
} from './order-messages.ts';
import type { OrderPayments } from './order-payments.ts';
import { newOrderNumber } from './order-number.ts';
import * as repo from './orders.repository.ts';
import { inSizeRowOrder, sizeRowKey } from '../../db/row-order.ts';

type Trx = Transaction<Database>;
type Db = Kysely<Database> | Trx;
type ParsedOrder = OrderToPlace;

export const orderNotFound = () => notFound('ORDER_NOT_FOUND', 'Order not found');

const cancelRefusals: Record<CancelRefusal, string> = {
  ALREADY_CANCELLED: 'This order is already cancelled.',
  ALREADY_SHIPPED: 'This order has shipped and can no longer be cancelled.',
  WINDOW_PASSED: 'Orders can only be cancelled within 12 hours of placing them.',
};

function toOrder(
  row: repo.OrderRow,
  items: repo.OrderItemRow[],
  events: repo.OrderEventRow[],
  documents: OrderDocument[],
  now: Date,
): Order {
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
      price: i.price,
      lineTotal: i.price * i.quantity,
    })),
    itemCount: items.reduce((n, i) => n + i.quantity, 0),
    totals: {
      subtotal: row.subtotal,
      discountAmount: row.discount,
      shipping: row.shipping,
      gst: row.gst,
      total: row.total,
    },
    total: row.total,
    coupon: row.coupon_code ? { code: row.coupon_code, label: row.coupon_label ?? '' } : null,
    shippingAddress,
    billingAddress: JSON.parse(row.billing_address),
    notes: row.notes,
    createdAt: row.created_at,
    cancellable: customerCancellation({ status: row.status, createdAt: row.created_at }, now).ok,
    history: events.map((e) => ({ status: e.status as OrderStatus, at: e.created_at, note: e.note })),
    documents,
  };
}

/** Orders with their lines, history and tax documents: four queries however many orders. */
async function ordersWithDetails(db: Kysely<Database> | Trx, rows: repo.OrderRow[], now: Date): Promise<Order[]> {
  const ids = rows.map((r) => r.id);
  const [items, events, documents] = await Promise.all([
    repo.findItems(db, ids),
    repo.findEvents(db, ids),
    documentsOf(db, ids),
  ]);
  return rows.map((row) =>
    toOrder(
      row,
      items.filter((i) => i.order_id === row.id),
      events.filter((e) => e.order_id === row.id),
      documents.get(row.id) ?? [],
      now,
    ),
  );
}

/**
 * Gives an order its tax invoice inside the transaction that makes it invoiceable (a cash
 * order placed, an online order paid), after every other lock that transaction takes: the
 * invoice series' counter is held from here to the commit, so it is taken last and briefly.
 */
export async function invoiceOrder(trx: Trx, orderId: string, now: Date) {
  const order = await repo.findOrder(trx, orderId);
  if (!order) return;
  const [items, buyer] = await Promise.all([repo.findItems(trx, [orderId]), accountDetails(trx, order.user_id)]);
  const fullName = `${buyer?.firstName ?? ''} ${buyer?.lastName ?? ''}`;
  await issueInvoice(trx, { order, items, buyerName: buyerNameOf(fullName, buyer?.email) }, now);
}

/** The account holder names the buyer; an account with no name on file, by its email. */
const buyerNameOf = (fullName: string, email: string | undefined) => fullName.trim() || email || 'Customer';

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
function assertCartMatches(lines: CartLine[], items: ParsedOrder['items']) {
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

/** The total the shopper was shown (paise, sent in rupees), if sent, must be the order's total to the paisa. */
function assertTotalMatches(expectedTotal: number | undefined, total: number) {
  if (expectedTotal === undefined || expectedTotal === total) return;
  throw conflict(
    'CART_CHANGED',
    `The total of your order is now ${formatRupees(total)}, not ${formatRupees(expectedTotal)}. Please check your cart and place the order again.`,
  );
}

/** A CART_CHANGED refusal carries the cart as it is now, priced afresh, for the shopper to see. */
async function withCurrentCart(db: Kysely<Database>, userId: string, error: unknown, now: Date): Promise<unknown> {
  if (!(error instanceof AppError) || error.code !== 'CART_CHANGED') return error;
  return new AppError(error.statusCode, error.code, error.message, error.issues, await getCart(db, userId, now));
}

const paymentFacts = (row: repo.OrderRow): OrderPaymentFacts => ({
  status: row.status,
  paymentMethod: row.payment_method,
  paymentStatus: row.payment_status,
});

/** A change of one size's stock: a positive delta takes pieces, a negative one gives them back. */
interface StockChange {
  productId: string;
  size: string;
  delta: number;
  /** The product's name, for the shopper's message when pieces are short. */
  name: string;
}

/**
 * Moves the stock of many sizes in one pass, netted per size and in a fixed order of rows, so
 * two transactions touching the same sizes never wait on each other in a circle (no
 * deadlocks). Pieces are taken with a conditional update, never below zero: a shortfall
 * refuses the whole transaction. Every size is locked until the transaction ends; answers the
 * stock each holds now, by `sizeRowKey`.
 */
async function moveStock(trx: Trx, changes: StockChange[]): Promise<Map<string, number>> {
  const net = new Map<string, StockChange & { returned: number }>();
  for (const change of changes) {
    const key = sizeRowKey(change);
    const seen = net.get(key) ?? { ...change, delta: 0, returned: 0 };
    seen.delta += change.delta;
    seen.returned += Math.max(0, -change.delta);
    net.set(key, seen);
  }
  const left = new Map<string, number>();
  for (const { productId, size, delta, returned, name } of inSizeRowOrder([...net.values()])) {
    // A size whose changes cancel out (an order replacing one with the same pieces) is still
    // locked, in its turn: the holding limits are counted under these locks.
    const now =
      delta === 0
        ? await repo.lockStock(trx, productId, size)
        : delta < 0
          ? await repo.returnStock(trx, productId, size, -delta)
          : await repo.takeStock(trx, productId, size, delta);
    if (now !== null) {
      left.set(sizeRowKey({ productId, size }), now);
      continue;
    }
    if (delta <= 0) continue;
    const short = ((await repo.stockOf(trx, productId, size))?.stock ?? 0) + returned;
    throw conflict(
      'OUT_OF_STOCK',
      short > 0 ? `Only ${short} left of ${name} in size ${size}.` : `${name} in size ${size} is sold out.`,
    );
  }
  return left;
}

/** An order's lines as stock going back. */
async function stockReturnOf(trx: Trx, orderId: string): Promise<StockChange[]> {
  return (await repo.findItems(trx, [orderId])).map((item) => ({
    productId: item.product_id,
    size: item.size,
    delta: -item.quantity,
    name: item.name,
  }));
}

/**
 * Inserts the order under a number no order has. Five random characters give a day 33 million
 * numbers: a shop taking thousands of orders a day would, within months, draw one already given.
 * The insert says when its number is taken (also by an order placed at the same moment, on
 * either database), and the number is drawn again.
 */
async function insertUnderNewNumber(trx: Trx, order: Omit<repo.OrderRow, 'order_number'>, now: Date) {
  for (let attempt = 0; attempt < 10; attempt++) {
    const numbered: repo.OrderRow = { ...order, order_number: newOrderNumber(now) };
    if (await repo.insertOrder(trx, numbered)) return numbered;
  }
  throw new Error('No unused order number was drawn in 10 attempts');
}

/**
 * One unpaid online order per shopper: a new online order replaces the one waiting for its
 * payment, cancelled here (read under its lock) with its stock given back in the new order's
 * own pass. A payment that still arrives for it is refunded (see markPaid).
 */
async function replaceUnpaidOrders(trx: Trx, newOrder: repo.OrderRow, at: string) {
  const replaced: string[] = [];
  const stock: StockChange[] = [];
  for (const { id } of await repo.findUnpaidOnlineOrdersOf(trx, newOrder.user_id)) {
    if (id === newOrder.id) continue;
    const row = await repo.findOrder(trx, id, { lock: true });
    if (!row || !awaitsOnlinePayment(paymentFacts(row))) continue;
    if (!(await repo.moveStatus(trx, row.id, row.status, 'cancelled', at))) continue;
    await repo.recordEvent(trx, {
      orderId: row.id,
      status: 'cancelled',
      note: `Replaced by order ${newOrder.order_number}`,
      actorId: newOrder.user_id,
      now: at,
    });
    replaced.push(row.id);
    stock.push(...(await stockReturnOf(trx, row.id)));
  }
  return { replaced, stock };
}

/**
 * The shop delivers to the order's PIN code, and takes cash on delivery there, for this total,
 * with this shopper's open cash-on-delivery orders. Counted after the cart's lock is taken
 * (every order of a shopper takes it first), so simultaneous orders are counted one by one.
 */
async function assertDeliverable(trx: Trx, userId: string, body: ParsedOrder, total: number, settings: ShopSettings) {
  const refusal = deliveryRefusal(
    {
      delivery: await deliveryTo(trx, body.shippingAddress.pinCode),
      paymentMethod: body.paymentMethod,
      total,
      openCodOrders: body.paymentMethod === 'cod' ? await repo.countOpenCodOrders(trx, userId) : 0,
    },
    settings,
  );
  if (!refusal) return;
  throw refusal.reason === 'COD_TOO_MANY_OPEN'
    ? conflict(refusal.reason, refusal.message)
    : badRequest(refusal.reason, refusal.message);
}

/** Where an order is placed from: the client's address and network (lib/attempt-limits.ts). */
export interface OrderClient {
  address: string | null;
  network: string | null;
}

export interface PlacementOptions {
  /** A retry, or a simultaneous duplicate, with the same key answers the first order. */
  idempotencyKey?: string;
  /** Where the request came from; unknown (a call from the shop itself) bounds the account alone. */
  client?: OrderClient;
  /** What one account, address and network may hold unpaid or unshipped (core's holding limits). */
  holdingLimits?: HoldingLimits;
}

const emailNotVerified = () =>
  new AppError(
    403,
    'EMAIL_NOT_VERIFIED',
    'Please verify your email address before placing an order: open the link we emailed you, or ask for a new one.',
  );

/**
 * The order's lines stay within what its account, client address and network may hold in
 * orders not paid or shipped yet (core's `holdingRefusal`), `left` being the stock after this
 * order took its pieces. Counted after the order has taken its stock: every size of the order
 * is then locked by this transaction, so another order of the same sizes waits for this one's
 * commit and counts it (READ COMMITTED reads afresh after the wait), and simultaneous orders
 * from one network cannot pass the bound together.
 */
async function assertWithinHoldingLimits(
  trx: Trx,
  holder: repo.Holder,
  lines: CartLine[],
  left: Map<string, number>,
  limits: HoldingLimits,
) {
  const sizes = lines.map((l) => ({ productId: l.product_id, size: l.size }));
  const held = new Map((await repo.heldPieces(trx, holder, sizes)).map((h) => [sizeRowKey(h), h]));
  const refusal = holdingRefusal(
    lines.map((line) => {
      const key = sizeRowKey({ productId: line.product_id, size: line.size });
      const mine = held.get(key);
      return {
        productId: line.product_id,
        size: line.size,
        name: line.name,
        quantity: line.quantity,
        onSale: (left.get(key) ?? 0) + line.quantity,
        held: {
          account: mine?.account ?? 0,
          ...(holder.address !== null && { address: mine?.address ?? 0 }),
          ...(holder.network !== null && { network: mine?.network ?? 0 }),
        },
      };
    }),
    limits,
  );
  if (refusal) throw conflict(refusal.reason, holdingRefusalMessage(refusal));
}

/**
 * Places an order from the shopper's server-side cart, in one transaction that starts by
 * locking the cart: prices, limits and the coupon checked again, the total compared with the
 * one the shopper saw, an online order waiting for payment replaced, stock taken (never
 * below zero), the coupon's use counted, the order written with a price snapshot per line
 * and its first status event, and the cart emptied. With an idempotency key, a retry answers
 * the same order. Online payment with no provider configured is refused before anything. Only
 * an account whose email is verified may order, and what it, its client address and network
 * hold in orders not paid or shipped stays within the holding limits.
 */
export async function placeOrder(
  db: Kysely<Database>,
  payments: OrderPayments,
  mail: OrderMailSettings,
  userId: string,
  body: ParsedOrder,
  { idempotencyKey, client, holdingLimits = defaultHoldingLimits }: PlacementOptions = {},
  now = new Date(),
): Promise<Order> {
  if (body.paymentMethod === 'razorpay') payments.assertOnlineAvailable();
  if (idempotencyKey) {
    const earlier = await repo.findOrderByIdempotencyKey(db, userId, idempotencyKey);
    if (earlier) return getOrder(db, earlier.id, now);
  }
  const at = now.toISOString();
  let placed: Order;
  try {
    placed = await db.transaction().execute(async (trx) => {
      // Who orders: read first, as an unverified account may not order at all.
      const contact = await accountContact(trx, userId);
      if (!contact.emailVerified) throw emailNotVerified();
      const { cart, lines } = await lockedCartLines(trx, userId, now);
      if (lines.length === 0) throw badRequest('EMPTY_CART', 'Your cart is empty.');
      assertCartMatches(lines, body.items);
      const limit = cartLimitRefusal(lines);
      if (limit) throw overLimit(limit, ' Please lower it in your cart before you order.');
      const priced = await pricedLines(trx, lines);

      const coupon = cart.coupon_id ? await couponById(trx, cart.coupon_id) : null;
      let discount = 0;
      if (coupon) {
        const decision = evaluateCoupon(priced, coupon.terms, await couponUsage(trx, coupon.id, userId), now);
        if (!decision.ok) {
          const why = couponRefusalMessage(coupon.terms.code, decision, subtotalOf(priced));
          throw conflict('COUPON_NOT_APPLICABLE', `${why} Please review your cart.`);
        }
        discount = decision.discount;
      }
      const settings = await getShopSettings(trx);
      const totals = cartTotals(priced, discount, { ...defaultStoreSettings, ...settings });
      if (totals.subtotal > MAX_ORDER_PAISE || totals.total > MAX_ORDER_PAISE) {
        throw badRequest(
          'ORDER_TOO_LARGE',
          'This order is too large to place online. Please split it into smaller orders.',
        );
      }
      assertTotalMatches(body.expectedTotal, totals.total);
      await assertDeliverable(trx, userId, body, totals.total, settings);

      const id = newId();
      const address = JSON.stringify(body.shippingAddress);
      // The rows as written: the emails, the invoice and the answer are made from them.
      const order = await insertUnderNewNumber(
        trx,
        {
          id,
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
          shipping_gst_rate: shippingGstPercent(priced, defaultStoreSettings.gstPercent),
          client_address: client?.address ?? null,
          client_network: client?.network ?? null,
          created_at: at,
          updated_at: at,
        },
        now,
      );
      const waiting =
        body.paymentMethod === 'razorpay' ? await replaceUnpaidOrders(trx, order, at) : { replaced: [], stock: [] };
      const left = await moveStock(trx, [
        ...waiting.stock,
        ...lines.map((l) => ({ productId: l.product_id, size: l.size, delta: l.quantity, name: l.name })),
      ]);
      await assertWithinHoldingLimits(
        trx,
        { userId, address: client?.address ?? null, network: client?.network ?? null },
        lines,
        left,
        holdingLimits,
      );
      for (const replaced of waiting.replaced) await releaseCoupon(trx, replaced);
      const images = await imagesOfProducts(
        trx,
        lines.map((l) => l.product_id),
      );
      const items: repo.OrderItemRow[] = lines.map((l, position) => ({
        id: newId(),
        order_id: id,
        position,
        product_id: l.product_id,
        name: l.name,
        image: images.get(l.product_id)?.[0] ?? '',
        size: l.size,
        quantity: l.quantity,
        price: l.price,
        hsn: priced[position]!.hsn,
        gst_rate: priced[position]!.gstPercent ?? defaultStoreSettings.gstPercent,
      }));
      await repo.insertItems(trx, items);
      const placedEvent = { order_id: id, status: 'pending', note: 'Order placed', created_at: at };
      await repo.recordEvent(trx, { orderId: id, status: 'pending', note: placedEvent.note, actorId: userId, now: at });
      // The confirmation goes with the order: neither commits without the other.
      await queueOrderPlaced(trx, { order, items, contact }, mail, now);

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
      // Whichever way it is paid, the order takes the cart's lines with it: the same cart cannot
      // be ordered (and its stock taken) twice.
      await emptyLockedCart(trx, cart, now);
      // Cash on delivery: the order is a sale from now, so it is invoiced now (an online
      // order is invoiced when its payment arrives, in markPaid).
      const documents =
        body.paymentMethod === 'cod'
          ? [
              await issueFirstInvoice(
                trx,
                { order, items, buyerName: buyerNameOf(contact.fullName, contact.email) },
                now,
              ),
            ]
          : [];
      return toOrder(order, items, [placedEvent], documents, now);
    });
  } catch (error) {
    // Two requests with one idempotency key raced. The loser either hit the key's unique
    // index or, having read the cart after the winner emptied it, found nothing to order:
    // either way it answers the winner's order.
    if (idempotencyKey) {
      const winner = await repo.findOrderByIdempotencyKey(db, userId, idempotencyKey);
      if (winner) return getOrder(db, winner.id, now);
    }
    throw await withCurrentCart(db, userId, error, now);
  }
  return placed;
}

/**
 * Cancels an order read under its lock, inside a transaction: status, stock back (in the
 * fixed order of rows), coupon use given back, the shopper's email (saying what will be
 * refunded), history. Refunds come after the commit.
 */
async function cancelIn(
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

const changedMeanwhile = () => conflict('ORDER_CHANGED', 'This order changed meanwhile. Please reload and try again.');

export async function cancelOrder(
  db: Kysely<Database>,
  payments: OrderPayments,
  userId: string,
  orderId: string,
  now = new Date(),
): Promise<Order> {
  await db.transaction().execute(async (trx) => {
    const row = await repo.findOrder(trx, orderId, { lock: true });
    if (!row || row.user_id !== userId) throw orderNotFound();
    const decision = customerCancellation({ status: row.status, createdAt: row.created_at }, now);
    if (!decision.ok) throw conflict(`CANNOT_CANCEL_${decision.reason}`, cancelRefusals[decision.reason]);
    if (!(await cancelIn(trx, payments, row, userId, 'Cancelled by the customer', now.toISOString()))) {
      throw changedMeanwhile();
    }
  });
  // Decided from what has committed: a payment captured before the cancellation is refunded
  // here; one recorded after it is refunded by markPaid, which then finds the order cancelled.
  await payments.refundIfPaid(db, orderId, now);
  return getOrder(db, orderId, now);
}

/** Why staff may not make a move: the status machine, or an online order not paid yet. */
function staffMoveRefusal(row: repo.OrderRow, to: OrderStatus): AppError | null {
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
    const row = await repo.findOrder(trx, orderId, { lock: true });
    if (!row) throw orderNotFound();
    const refusal = staffMoveRefusal(row, to);
    if (refusal) throw refusal;
    if (to === 'cancelled') {
      if (!(await cancelIn(trx, payments, row, actorId, 'Cancelled by staff', at))) throw changedMeanwhile();
    } else {
      if (!(await repo.moveStatus(trx, row.id, row.status, to, at))) throw changedMeanwhile();
      if (to === 'shipped' || to === 'delivered') await queueOrderMoved(trx, row, to, now);
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
  });
  if (to === 'cancelled') await payments.refundIfPaid(db, orderId, now, actorId);
  return getOrder(db, orderId, now);
}

/**
 * Cancels and restocks online orders left unpaid for `timeoutMs`. Safe in several processes
 * at once: each order is read under its lock and moves from pending to cancelled once,
 * whoever gets there first; one paid meanwhile is left alone.
 */
export async function sweepUnpaidOrders(
  db: Kysely<Database>,
  payments: OrderPayments,
  timeoutMs: number,
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - timeoutMs).toISOString();
  let cancelled = 0;
  for (const { id } of await repo.findUnpaidBefore(db, cutoff)) {
    const done = await db.transaction().execute(async (trx) => {
      const row = await repo.findOrder(trx, id, { lock: true });
      if (!row || !awaitsOnlinePayment(paymentFacts(row))) return false;
      return cancelIn(trx, payments, row, null, 'Payment not received in time', now.toISOString());
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
    revenue: Number(r.revenue ?? 0),
  }));
}

// What the payments module reads and changes of orders: it depends on orders, never the reverse.

export type { OrderRow } from './orders.repository.ts';

/** An order's row; with `lock`, held until the transaction ends (every change of its payment state takes it). */
export function findOrderRow(db: Db, id: string, { lock = false }: { lock?: boolean } = {}) {
  return repo.findOrder(db, id, { lock });
}

export function setOrderPaymentStatus(db: Db, orderId: string, status: repo.OrderRow['payment_status'], at: string) {
  return repo.setPaymentStatus(db, orderId, status, at);
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
 * order's lock: the order is paid, and a pending one confirmed with its history line, the
 * shopper's email and (paid, it is a sale) its invoice, numbered in this transaction.
 */
export async function recordOrderPaid(
  trx: Trx,
  order: repo.OrderRow,
  { amount, mail, now }: { amount: number; mail: OrderMailSettings; now: Date },
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
  await queuePaymentReceived(trx, order, amount, mail, now);
  await invoiceOrder(trx, order.id, now);
}
