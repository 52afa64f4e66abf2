import type { Kysely } from 'kysely';
import { DEFAULT_CONTACT_PHONE, STORE_NAME, type PaymentDetails, type PaymentSuccessBody } from '@shop/core';
import type { Database } from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { accountDetails } from '../auth/auth.service.ts';
import type { OrderMailSettings } from '../orders/order-messages.ts';
import { recordOrderPaid, setOrderPaymentStatus } from '../orders/order-payment-state.ts';
import { findOrderRow, type OrderRow } from '../orders/status-changes.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import * as repo from './payments.repository.ts';
import { refundIfPaid, refundStrayPayment } from './refunds.ts';

export const THEME_COLOR = '#1d1d1f';

const orderNotFound = () => notFound('ORDER_NOT_FOUND', 'Order not found');
export const verificationFailed = () => badRequest('PAYMENT_VERIFICATION_FAILED', 'Payment verification failed');

/** Only the shopper's own online order, pending and not paid yet, can be paid. */
function assertPayable(order: OrderRow) {
  if (order.payment_method !== 'razorpay') throw badRequest('NOT_AN_ONLINE_ORDER', 'This order is paid on delivery.');
  if (order.payment_status === 'paid' || order.payment_status === 'refunded') {
    throw conflict('ALREADY_PAID', 'This order is already paid.');
  }
  if (order.status !== 'pending') {
    throw conflict('ORDER_NOT_PAYABLE', `This order is ${order.status} and cannot be paid.`);
  }
}

/** How often a second initiation looks whether the first one's provider order has arrived. */
const CLAIM_POLL_MS = 50;
/** How long it waits for it: longer than a provider call may take (10 s). */
const CLAIM_WAIT_MS = 12_000;
/** A claim this old was left by a process that died before the provider answered. */
const CLAIM_STALE_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const paymentStarting = () =>
  new AppError(503, 'PAYMENT_STARTING', 'Your payment is still being set up. Please try again in a moment.');

/**
 * The order's one provider order. The first initiation claims the right to make it (a
 * payment row the database keeps unique per order, inserted under the order's lock), asks
 * the provider with no transaction open, then fills it in; a simultaneous one waits briefly
 * for that answer and returns the same provider order. A provider failure drops the claim.
 */
async function providerOrderFor(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  order: OrderRow,
  now: Date,
): Promise<repo.PaymentRow> {
  const giveUpAt = Date.now() + CLAIM_WAIT_MS;
  for (;;) {
    type Step = { ready: repo.PaymentRow } | { mine: repo.PaymentRow } | { wait: true };
    const step = await db.transaction().execute(async (trx): Promise<Step> => {
      const locked = await findOrderRow(trx, order.id, { lock: true });
      if (!locked) throw orderNotFound();
      assertPayable(locked);
      const open = await repo.findOpenPayment(trx, order.id);
      if (!open) {
        return {
          mine: await repo.insertPaymentClaim(trx, {
            orderId: order.id,
            provider: gateway.name,
            amount: order.total,
            now: now.toISOString(),
          }),
        };
      }
      if (!repo.isClaimPending(open)) return { ready: open };
      const staleBefore = new Date(Date.now() - CLAIM_STALE_MS).toISOString();
      return (await repo.takeOverStaleClaim(trx, open.id, staleBefore, new Date().toISOString()))
        ? { mine: open }
        : { wait: true };
    });
    if ('ready' in step) return step.ready;
    if ('mine' in step) {
      const made = await makeProviderOrder(db, gateway, step.mine, order, now);
      if (made) return made;
    }
    if (Date.now() > giveUpAt) throw paymentStarting();
    await sleep(CLAIM_POLL_MS);
  }
}

/** Asks the provider for the claimed order, outside any transaction; null if another process filled the claim first. */
async function makeProviderOrder(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  claim: repo.PaymentRow,
  order: OrderRow,
  now: Date,
): Promise<repo.PaymentRow | null> {
  let created;
  try {
    created = await gateway.createOrder({
      amount: order.total,
      receipt: order.order_number,
      notes: { orderId: order.id, orderNumber: order.order_number },
    });
  } catch (error) {
    await repo.dropClaim(db, claim.id);
    throw error;
  }
  await repo.fillClaim(db, claim.id, { orderId: created.id, amount: created.amount }, now.toISOString());
  const payment = await repo.findPaymentById(db, claim.id);
  return payment && !repo.isClaimPending(payment) ? payment : null;
}

/**
 * Starts (or resumes) paying for the caller's own unpaid online order: its one provider
 * order, and what the payment window needs.
 */
export async function initiatePayment(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  userId: string,
  orderId: string,
  now = new Date(),
): Promise<PaymentDetails> {
  const order = await findOrderRow(db, orderId);
  if (!order || order.user_id !== userId) throw orderNotFound();
  assertPayable(order);
  const payment = await providerOrderFor(db, gateway, order, now);
  const user = await accountDetails(db, userId);
  return {
    key: gateway.keyId,
    order: { id: payment.provider_order_id, amount: payment.amount, currency: 'INR' },
    sandbox: gateway.name === 'sandbox',
    orderNumber: order.order_number,
    name: STORE_NAME,
    description: `Order ${order.order_number}`,
    prefill: {
      name: user ? `${user.firstName} ${user.lastName}`.trim() || 'User' : 'User',
      email: user?.email ?? '',
      contact: user?.phone ?? DEFAULT_CONTACT_PHONE,
    },
    themeColor: THEME_COLOR,
  };
}

/** What became of a reported capture: the order's payment, or one it did not need (refunded). */
export type CaptureOutcome = 'recorded' | 'not-needed';

/**
 * The one way an order becomes paid, reached from the verified Checkout response and from
 * the signed webhook alike, as often and in whatever order they arrive. In one transaction
 * that first locks the order: the payment moves to paid once and a pending order is
 * confirmed. Decided from the locked row, so a cancellation committed first is seen: the
 * payment is still recorded, then refunded once this commits. A capture the order does not
 * need (a second payment of its provider order, or the order paid already another way) is
 * recorded once and refunded.
 */
export async function markPaid(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  mail: OrderMailSettings,
  payment: repo.PaymentRow,
  providerPaymentId: string,
  now: Date,
): Promise<CaptureOutcome> {
  const at = now.toISOString();
  const decided = await db.transaction().execute(async (trx) => {
    const order = await findOrderRow(trx, payment.order_id, { lock: true });
    const current = await repo.findPaymentById(trx, payment.id);
    if (!order || !current) return { outcome: 'recorded' as const, refund: null };
    if (current.provider_payment_id === providerPaymentId) {
      // Reported again (a retried webhook, the shopper's retried callback): if the order was
      // cancelled, its refund may still be owed (the process refunding it may have died).
      return { outcome: 'recorded' as const, refund: null, cancelled: order.status === 'cancelled' };
    }
    const open = current.status === 'created' || current.status === 'failed';
    if (!open || (await repo.findPaidPayment(trx, order.id))) {
      const stray = { providerPaymentId, paymentId: current.id, orderId: order.id, amount: current.amount, now: at };
      return { outcome: 'not-needed' as const, refund: (await repo.insertStrayPayment(trx, stray)) ? stray : null };
    }
    await repo.markPaymentPaid(trx, current.id, providerPaymentId, at);
    // Paid, a pending order is confirmed and, a sale now, invoiced in this transaction.
    await recordOrderPaid(trx, order, { mail, now });
    return { outcome: 'recorded' as const, refund: null, cancelled: order.status === 'cancelled' };
  });
  if ('cancelled' in decided && decided.cancelled) await refundIfPaid(db, gateway, payment.order_id, now);
  if (decided.refund) await refundStrayPayment(db, gateway, decided.refund, now);
  return decided.outcome;
}

/**
 * Checkout's success callback: verified against the provider order id we stored, then paid.
 * A payment the order no longer takes (cancelled meanwhile, or paid already) is refunded and
 * answered 409, so the shopper is not told the order is paid by this payment.
 */
export async function confirmPayment(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  mail: OrderMailSettings,
  userId: string,
  body: PaymentSuccessBody,
  now = new Date(),
) {
  const payment = await repo.findPaymentByProviderOrder(db, body.razorpay_order_id);
  const order = payment ? await findOrderRow(db, payment.order_id) : undefined;
  if (!payment || !order || order.user_id !== userId) throw verificationFailed();
  const valid = gateway.isValidPaymentSignature({
    orderId: payment.provider_order_id,
    paymentId: body.razorpay_payment_id,
    signature: body.razorpay_signature,
  });
  if (!valid) throw verificationFailed();
  const outcome = await markPaid(db, gateway, mail, payment, body.razorpay_payment_id, now);
  if (outcome === 'not-needed') {
    throw conflict('ALREADY_PAID', 'This order was already paid, so this payment is being refunded to you.');
  }
  if ((await findOrderRow(db, order.id))?.status === 'cancelled') {
    throw conflict('ORDER_CANCELLED', 'This order was cancelled, so this payment is being refunded to you.');
  }
  return order.id;
}

interface WebhookPayload {
  event?: unknown;
  payload?: {
    payment?: { entity?: { id?: unknown; order_id?: unknown; error_description?: unknown } };
    order?: { entity?: { id?: unknown } };
  };
}

/**
 * A Razorpay webhook: signature over the raw body checked first, then each event id handled
 * once. payment.captured and order.paid end in markPaid; payment.failed marks the attempt
 * failed unless it was paid meanwhile. Unknown events are acknowledged and ignored.
 */
export async function handleWebhook(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  mail: OrderMailSettings,
  rawBody: string,
  signature: string | undefined,
  eventId: string | undefined,
  now = new Date(),
): Promise<'handled' | 'duplicate' | 'ignored'> {
  if (!signature || !gateway.isValidWebhookSignature(rawBody, signature)) {
    throw new AppError(400, 'INVALID_SIGNATURE', 'Invalid webhook signature');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    throw badRequest('INVALID_WEBHOOK', 'The webhook body is not JSON.');
  }
  // Valid JSON is not always an object ("null", "1"); and text with NUL cannot be stored or looked up.
  if (typeof parsed !== 'object' || parsed === null) {
    throw badRequest('INVALID_WEBHOOK', 'The webhook body is not a JSON object.');
  }
  const body = parsed as WebhookPayload;
  const text = (value: unknown) => (typeof value === 'string' && !value.includes('\u0000') ? value : undefined);
  const event = text(body.event) ?? '';
  const entity = body.payload?.payment?.entity;
  const paymentId = text(entity?.id);
  const providerOrderId = text(entity?.order_id) ?? text(body.payload?.order?.entity?.id);
  if (!['payment.captured', 'order.paid', 'payment.failed'].includes(event) || !providerOrderId || !paymentId) {
    return 'ignored';
  }
  // De-duplicated on the delivery's event id, or the payment and event when there is none.
  // The id is remembered only once the event has had its effect: a delivery that fails half
  // way answers an error, and Razorpay's retry is handled, not answered "duplicate". Both
  // effects are idempotent, so two copies arriving at once are safe, and one of them is told
  // it was the duplicate.
  const key = eventId ?? `${event}:${paymentId}`;
  if (await repo.isEventRemembered(db, key)) return 'duplicate';
  const payment = await repo.findPaymentByProviderOrder(db, providerOrderId);
  if (!payment) return 'ignored';
  await applyPaymentEvent(db, gateway, mail, payment, event, paymentId, text(entity?.error_description), now);
  return (await repo.rememberEvent(db, key, event, now.toISOString())) ? 'handled' : 'duplicate';
}

async function applyPaymentEvent(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  mail: OrderMailSettings,
  payment: repo.PaymentRow,
  event: string,
  paymentId: string,
  errorDescription: string | undefined,
  now: Date,
): Promise<void> {
  if (event === 'payment.failed') {
    const reason = errorDescription ?? 'Payment failed';
    const at = now.toISOString();
    await db.transaction().execute(async (trx) => {
      const order = await findOrderRow(trx, payment.order_id, { lock: true });
      if ((await repo.markPaymentFailed(trx, payment.id, reason, at)) && order?.payment_status === 'awaiting_payment') {
        await setOrderPaymentStatus(trx, order.id, 'failed', at);
      }
    });
    return;
  }
  await markPaid(db, gateway, mail, payment, paymentId, now);
}

/** What the sandbox's Pay button gets: Razorpay Checkout's signed success, made here. */
export async function sandboxPay(
  db: Kysely<Database>,
  gateway: PaymentGateway & { pay?: (orderId: string) => PaymentSuccessBody },
  userId: string,
  providerOrderId: string,
) {
  if (!gateway.pay) throw notFound('NOT_FOUND', 'The payment sandbox is not in use.');
  const payment = await repo.findPaymentByProviderOrder(db, providerOrderId);
  const order = payment ? await findOrderRow(db, payment.order_id) : undefined;
  if (!payment || !order || order.user_id !== userId) throw orderNotFound();
  return gateway.pay(payment.provider_order_id);
}

/** An order's latest payment attempt (the one staff see and refund), if it has any. */
export function latestPayment(db: Kysely<Database>, orderId: string) {
  return repo.findLatestPayment(db, orderId);
}

export type { PaymentRow } from './payments.repository.ts';
