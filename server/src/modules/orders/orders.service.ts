import type { Kysely, Transaction } from 'kysely';
import {
  awaitsOnlinePayment,
  cartLimitRefusal,
  colorGallery,
  couponLabel,
  DEFAULT_DELIVERY_NOTE,
  defaultHoldingLimits,
  defaultStoreSettings,
  deliveryRefusal,
  formatRupees,
  holdingRefusal,
  holdingRefusalMessage,
  MAX_ORDER_PAISE,
  type HoldingLimits,
  type Order,
  type ShopSettings,
} from '@shop/core';
import type { Database } from '../../db/schema.ts';
import { variantRowKey } from '../../db/row-order.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { accountContact } from '../auth/auth.service.ts';
import {
  emptyLockedCart,
  getCart,
  photosOfProducts,
  lockedCartLines,
  overLimit,
  priceCartLines,
  type CartLine,
} from '../cart/cart.service.ts';
import { couponUsage, redeemCoupon, releaseCoupon } from '../coupons/coupons.service.ts';
import { deliveryTo } from '../delivery/delivery.service.ts';
import { issueFirstInvoice, supplyKindTo } from '../invoices/invoices.service.ts';
import { queueCodConfirmation } from './cod-confirmation.ts';
import { queueOrderPlaced, type OrderContact, type OrderMailSettings } from './order-messages.ts';
import { settledShippingAddress, type OrderRequest } from './order-address.ts';
import { newOrderNumber } from './order-number.ts';
import type { OrderPayments } from './order-payments.ts';
import { buyerNameOf } from './order-payment-state.ts';
import { getOrder, toOrder } from './order-view.ts';
import * as repo from './orders.repository.ts';
import { paymentFacts } from './status-changes.ts';
import { moveStock, stockReturnOf, type StockChange } from './stock-moves.ts';
import { queueLowStockAlert } from '../admin-catalog/low-stock-alerts.ts';

/**
 * The orders service places orders from the shopper's server-side cart: `placeOrder` and the
 * steps it takes, each a function with one job, in the order they run in the order's one
 * transaction. What else orders do has a file each: reading them (order-view.ts), moving their
 * stock (stock-moves.ts), changing their status (status-changes.ts), the shopper's
 * cancellation and the unpaid-order sweep (cancellation.ts), what payments change
 * (order-payment-state.ts) and the staff's figures (order-stats.ts).
 */

type Trx = Transaction<Database>;
type ParsedOrder = OrderRequest;

/**
 * The spec's `items`, if sent, must be what the cart holds now: else the shopper saw an old
 * cart. Items name a size and a colour when the client sends them, and are then compared by
 * them: a line swapped for another colour of the same size (another tab) is not what was seen.
 */
function assertCartMatches(lines: CartLine[], items: ParsedOrder['items']) {
  if (!items) return;
  const bySize = items.some((i) => i.size !== undefined);
  const byColor = items.some((i) => i.color !== undefined);
  const key = (productId: string, size?: string, color?: string) => `${productId}|${size ?? ''}|${color ?? ''}`;
  const want = new Map<string, number>();
  for (const item of items) {
    const k = key(item.productId, item.size, item.color);
    want.set(k, (want.get(k) ?? 0) + item.quantity);
  }
  const have = new Map<string, number>();
  for (const line of lines) {
    const k = key(line.product_id, bySize ? line.size : undefined, byColor ? line.color : undefined);
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

interface DeliveryFacts {
  paymentMethod: ParsedOrder['paymentMethod'];
  pinCode: string;
  total: number;
  settings: ShopSettings;
}

/**
 * The shop delivers to the order's PIN code, and takes cash on delivery there, for this total,
 * with this shopper's open cash-on-delivery orders. Counted after the cart's lock is taken
 * (every order of a shopper takes it first), so simultaneous orders are counted one by one.
 */
async function assertDeliverable(trx: Trx, userId: string, { paymentMethod, pinCode, total, settings }: DeliveryFacts) {
  const refusal = deliveryRefusal(
    {
      delivery: await deliveryTo(trx, pinCode),
      paymentMethod,
      total,
      openCodOrders: paymentMethod === 'cod' ? await repo.countOpenCodOrders(trx, userId) : 0,
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
  const variants = lines.map((l) => ({ productId: l.product_id, color: l.color, size: l.size }));
  const held = new Map((await repo.heldPieces(trx, holder, variants)).map((h) => [variantRowKey(h), h]));
  const refusal = holdingRefusal(
    lines.map((line) => {
      const key = variantRowKey({ productId: line.product_id, color: line.color, size: line.size });
      const mine = held.get(key);
      return {
        productId: line.product_id,
        color: line.color,
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

/** Step: who orders, read first, as an account whose email is not verified may not order at all. */
async function orderingAccount(trx: Trx, userId: string): Promise<OrderContact> {
  const contact = await accountContact(trx, userId);
  if (!contact.emailVerified) throw emailNotVerified();
  return contact;
}

/**
 * Step: the shopper's cart, its row locked first (every order of a shopper takes that lock
 * first, so simultaneous orders are decided one by one), with its lines: not empty, what the
 * shopper saw, within the cart's limits.
 */
async function readCart(trx: Trx, userId: string, items: ParsedOrder['items'], now: Date) {
  const { cart, lines } = await lockedCartLines(trx, userId, now);
  if (lines.length === 0) throw badRequest('EMPTY_CART', 'Your cart is empty.');
  assertCartMatches(lines, items);
  const limit = cartLimitRefusal(lines);
  if (limit) throw overLimit(limit, ' Please lower it in your cart before you order.');
  return { cart, lines };
}

type LockedCart = Awaited<ReturnType<typeof readCart>>;

/**
 * Step: where the order goes (order-address.ts: the address sent, the saved one picked, or the
 * default), and who is billed (the shipping address unless another is sent).
 */
async function orderAddresses(trx: Trx, userId: string, body: ParsedOrder) {
  const shipping = await settledShippingAddress(trx, userId, body);
  return { shipping, billing: body.billingAddress ?? shipping };
}

type OrderAddresses = Awaited<ReturnType<typeof orderAddresses>>;

/**
 * Step: the order's price, as the cart prices it (the cart's `priceCartLines`, core's one
 * pricing) for where it goes: its coupon must still apply, the order must not be too large to
 * place, and the total must be the one the shopper was shown. Prices that include GST contain
 * CGST and SGST within the seller's state and IGST across a border (CGST Rule 35 rounds each
 * tax), so the order's GST is its place of supply's, as its invoice states it.
 */
async function priceOrder(
  trx: Trx,
  { cart, lines }: LockedCart,
  userId: string,
  { body, shipping }: { body: ParsedOrder; shipping: OrderAddresses['shipping'] },
  now: Date,
) {
  const price = await priceCartLines(trx, cart, lines, userId, now, () => supplyKindTo(trx, shipping));
  if (price.couponRefusal) throw conflict('COUPON_NOT_APPLICABLE', `${price.couponRefusal} Please review your cart.`);
  if (price.totals.subtotal > MAX_ORDER_PAISE || price.totals.total > MAX_ORDER_PAISE) {
    throw badRequest(
      'ORDER_TOO_LARGE',
      'This order is too large to place online. Please split it into smaller orders.',
    );
  }
  assertTotalMatches(body.expectedTotal, price.totals.total);
  return price;
}

type OrderPrice = Awaited<ReturnType<typeof priceOrder>>;

/** What the order's row is made of, besides its number. */
interface OrderDraft {
  userId: string;
  body: ParsedOrder;
  price: OrderPrice;
  addresses: OrderAddresses;
  idempotencyKey: string | undefined;
  client: OrderClient | undefined;
}

/** Step: the order's row, written under a new number: the emails, the invoice and the answer are made from it. */
function writeOrder(trx: Trx, { userId, body, price, addresses, idempotencyKey, client }: OrderDraft, now: Date) {
  const at = now.toISOString();
  const coupon = price.cartCoupon;
  return insertUnderNewNumber(
    trx,
    {
      id: newId(),
      user_id: userId,
      status: 'pending',
      payment_method: body.paymentMethod,
      payment_status: body.paymentMethod === 'cod' ? 'cod' : 'awaiting_payment',
      subtotal: price.totals.subtotal,
      discount: price.totals.discountAmount,
      shipping: price.totals.shipping,
      gst: price.totals.gst,
      total: price.totals.total,
      coupon_id: coupon?.id ?? null,
      coupon_code: coupon?.terms.code ?? null,
      coupon_label: coupon ? couponLabel(coupon.terms) : null,
      shipping_address: JSON.stringify(addresses.shipping),
      billing_address: JSON.stringify(addresses.billing),
      notes: body.notes || DEFAULT_DELIVERY_NOTE,
      idempotency_key: idempotencyKey ?? null,
      shipping_gst_rate: price.shippingGstPercent,
      client_address: client?.address ?? null,
      client_network: client?.network ?? null,
      // Each line's part of the discount, as the coupon gave it: the invoice shows it so.
      line_discounts: price.totals.discountAmount > 0 ? JSON.stringify(price.lineDiscounts) : null,
      cod_confirmed_at: null,
      cod_confirmed_via: null,
      // The arithmetic it was priced with: its invoice, refunds and credit notes follow it for good.
      prices_include_gst: price.totals.gstIncluded ? 1 : 0,
      created_at: at,
      updated_at: at,
    },
    now,
  );
}

/**
 * Step: the order's pieces taken from stock, never below zero. An online order first replaces
 * the shopper's one waiting for payment, whose stock comes back in the same pass (and whose
 * coupon use is given back); what the order's holder then holds stays within the limits.
 */
async function holdStock(
  trx: Trx,
  order: repo.OrderRow,
  lines: CartLine[],
  client: OrderClient | undefined,
  limits: HoldingLimits,
  mail: OrderMailSettings,
  now: Date,
) {
  const waiting =
    order.payment_method === 'razorpay'
      ? await replaceUnpaidOrders(trx, order, order.created_at)
      : { replaced: [], stock: [] };
  const { left, fallen } = await moveStock(trx, [
    ...waiting.stock,
    ...lines.map((l) => ({ productId: l.product_id, color: l.color, size: l.size, delta: l.quantity, name: l.name })),
  ]);
  await assertWithinHoldingLimits(
    trx,
    { userId: order.user_id, address: client?.address ?? null, network: client?.network ?? null },
    lines,
    left,
    limits,
  );
  for (const replaced of waiting.replaced) await releaseCoupon(trx, replaced);
  // Staff hear once of each variant this order took down to its low-stock threshold.
  await queueLowStockAlert(trx, fallen, mail.staffOrderEmail, now);
}

/**
 * Step: the order's lines, each a snapshot of the cart's line: its variant (colour, size, SKU),
 * price, the colour's first photo, HSN code and GST rate; and what they hold until the order is
 * paid or shipped (counted by the next orders of its holders).
 */
async function writeLines(trx: Trx, order: repo.OrderRow, lines: CartLine[], priced: OrderPrice['priced']) {
  const photos = await photosOfProducts(
    trx,
    lines.map((l) => l.product_id),
  );
  const items: repo.OrderItemRow[] = lines.map((l, position) => ({
    id: newId(),
    order_id: order.id,
    position,
    product_id: l.product_id,
    name: l.name,
    image: colorGallery(photos.get(l.product_id) ?? [], l.color)[0] ?? '',
    color: l.color,
    sku: l.sku,
    size: l.size,
    quantity: l.quantity,
    price: l.price,
    hsn: priced[position]!.hsn,
    gst_rate: priced[position]!.gstPercent ?? defaultStoreSettings.gstPercent,
  }));
  await repo.insertItems(trx, items);
  await repo.insertHolds(trx, order, items);
  return items;
}

/**
 * Step: the order's first line of history, and a cash order's order email queued with it
 * (neither commits without the other; an online order's goes out once paid, in markPaid);
 * answers the history line as written.
 */
async function recordPlacement(
  trx: Trx,
  placed: { order: repo.OrderRow; items: repo.OrderItemRow[]; contact: OrderContact },
  { mail, settings }: { mail: OrderMailSettings; settings: ShopSettings },
  now: Date,
): Promise<repo.OrderEventRow> {
  const { order } = placed;
  const event = { order_id: order.id, status: 'pending', note: 'Order placed', created_at: order.created_at };
  await repo.recordEvent(trx, {
    orderId: order.id,
    status: 'pending',
    note: event.note,
    actorId: order.user_id,
    now: order.created_at,
  });
  if (order.payment_method === 'cod') {
    await queueOrderPlaced(trx, placed, mail, now);
    // Then the email asking the shopper to confirm it (or cancel it), with its signed links.
    const key = mail.orderLinkKey;
    if (key) await queueCodConfirmation(trx, placed, { key, codConfirmHours: settings.codConfirmHours }, now);
  }
  return event;
}

/** Step: the coupon's use counted, under its lock, within its limits in all and for this shopper. */
async function redeemOrderCoupon(trx: Trx, coupon: OrderPrice['cartCoupon'], order: repo.OrderRow) {
  if (!coupon) return;
  const userId = order.user_id;
  if (
    !(await redeemCoupon(trx, { couponId: coupon.id, userId, orderId: order.id, id: newId(), now: order.created_at }))
  ) {
    throw conflict('COUPON_USED_UP', `Coupon ${coupon.terms.code} has been fully redeemed. Please review your cart.`);
  }
  // Counted under the coupon's lock (taken just above), so this customer's count is current.
  const limit = coupon.terms.perCustomerLimit;
  if (limit !== null && (await couponUsage(trx, coupon.id, userId)).byCustomer > limit) {
    throw conflict('COUPON_USED_UP', `You have already used coupon ${coupon.terms.code}.`);
  }
}

/**
 * Step: a cash-on-delivery order is a sale from now, so it is invoiced now (an online order
 * is invoiced when its payment arrives, in markPaid).
 */
async function invoiceCashOrder(
  trx: Trx,
  placed: { order: repo.OrderRow; items: repo.OrderItemRow[]; contact: OrderContact },
  now: Date,
) {
  const { order, items, contact } = placed;
  if (order.payment_method !== 'cod') return [];
  return [await issueFirstInvoice(trx, { order, items, buyerName: buyerNameOf(contact.fullName, contact.email) }, now)];
}

/**
 * Places an order from the shopper's server-side cart, in one transaction that starts by
 * locking the cart: prices, limits and the coupon checked again, the total compared with the
 * one the shopper saw, an online order waiting for payment replaced, stock taken (never
 * below zero), the coupon's use counted, the order written with a price snapshot per line
 * and its first status event, and the cart emptied. With an idempotency key, a retry answers
 * the same order, before its address is settled again (the saved one may be gone since). Online payment with no provider configured is refused before anything. Only
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
  try {
    return await db.transaction().execute(async (trx) => {
      const contact = await orderingAccount(trx, userId);
      const cart = await readCart(trx, userId, body.items, now);
      const addresses = await orderAddresses(trx, userId, body);
      const price = await priceOrder(trx, cart, userId, { body, shipping: addresses.shipping }, now);
      await assertDeliverable(trx, userId, {
        paymentMethod: body.paymentMethod,
        pinCode: addresses.shipping.pinCode,
        total: price.totals.total,
        settings: price.settings,
      });
      const order = await writeOrder(trx, { userId, body, price, addresses, idempotencyKey, client }, now);
      await holdStock(trx, order, cart.lines, client, holdingLimits, mail, now);
      const items = await writeLines(trx, order, cart.lines, price.priced);
      const placedEvent = await recordPlacement(
        trx,
        { order, items, contact },
        { mail, settings: price.settings },
        now,
      );
      await redeemOrderCoupon(trx, price.cartCoupon, order);
      // Whichever way it is paid, the order takes the cart's lines with it: the same cart cannot
      // be ordered (and its stock taken) twice.
      await emptyLockedCart(trx, cart.cart, now);
      const documents = await invoiceCashOrder(trx, { order, items, contact }, now);
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
}
