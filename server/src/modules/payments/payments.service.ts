import type { Kysely } from 'kysely';
import { STORE_NAME, type PaymentDetails, type PaymentSuccessBody } from '@shop/core';
import type { Database } from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { findUserById } from '../auth/auth.repository.ts';
import * as carts from '../cart/cart.repository.ts';
import { findItems, findOrder, moveStatus, recordEvent, setPaymentStatus } from '../orders/orders.repository.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import * as repo from './payments.repository.ts';
import { refundIfPaid } from './refunds.ts';

export const THEME_COLOR = '#1d1d1f';
/** The spec's defaults when the shopper has no phone on file. */
const DEFAULT_CONTACT = '0000000000';

const orderNotFound = () => notFound('ORDER_NOT_FOUND', 'Order not found');
export const verificationFailed = () => badRequest('PAYMENT_VERIFICATION_FAILED', 'Payment verification failed');

/**
 * Starts (or resumes) paying for the caller's own unpaid online order: a provider order for
 * its total, and what the payment window needs.
 */
export async function initiatePayment(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  userId: string,
  orderId: string,
  now = new Date(),
): Promise<PaymentDetails> {
  const order = await findOrder(db, orderId);
  if (!order || order.user_id !== userId) throw orderNotFound();
  if (order.payment_method !== 'razorpay') throw badRequest('NOT_AN_ONLINE_ORDER', 'This order is paid on delivery.');
  if (order.payment_status === 'paid' || order.payment_status === 'refunded') {
    throw conflict('ALREADY_PAID', 'This order is already paid.');
  }
  if (order.status !== 'pending')
    throw conflict('ORDER_NOT_PAYABLE', `This order is ${order.status} and cannot be paid.`);

  let payment = await repo.findOpenPayment(db, order.id);
  if (!payment) {
    const created = await gateway.createOrder({
      amount: order.total,
      receipt: order.order_number,
      notes: { orderId: order.id, orderNumber: order.order_number },
    });
    await repo.insertPayment(db, {
      orderId: order.id,
      provider: gateway.name,
      providerOrderId: created.id,
      amount: created.amount,
      now: now.toISOString(),
    });
    payment = await repo.findOpenPayment(db, order.id);
  }
  const user = await findUserById(db, userId);
  return {
    key: gateway.keyId,
    order: { id: payment!.provider_order_id, amount: payment!.amount, currency: 'INR' },
    sandbox: gateway.name === 'sandbox',
    orderNumber: order.order_number,
    name: STORE_NAME,
    description: `Order ${order.order_number}`,
    prefill: {
      name: user ? `${user.first_name} ${user.last_name}`.trim() || 'User' : 'User',
      email: user?.email ?? '',
      contact: user?.phone ?? DEFAULT_CONTACT,
    },
    themeColor: THEME_COLOR,
  };
}

/**
 * The one way an order becomes paid, reached from the verified Checkout response and from
 * the signed webhook alike, as often and in whatever order they arrive: the payment moves
 * to paid once, the order is confirmed once, and the ordered lines leave the cart. A
 * payment that lands on an order already cancelled (too late) is refunded.
 */
export async function markPaid(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  payment: repo.PaymentRow,
  providerPaymentId: string,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const order = await db.transaction().execute(async (trx) => {
    if (!(await repo.markPaymentPaid(trx, payment.id, providerPaymentId, at))) return null;
    const row = await findOrder(trx, payment.order_id);
    if (!row) return null;
    await setPaymentStatus(trx, row.id, 'paid', at);
    if (await moveStatus(trx, row.id, 'pending', 'confirmed', at)) {
      await recordEvent(trx, {
        orderId: row.id,
        status: 'confirmed',
        note: 'Payment received',
        actorId: null,
        now: at,
      });
      const cart = await carts.ensureCart(trx, row.user_id, at);
      for (const item of await findItems(trx, [row.id])) {
        const line = await carts.findLineFor(trx, cart.id, item.product_id, item.size);
        if (line) await carts.deleteLine(trx, cart.id, line.id);
      }
      if (row.coupon_id && cart.coupon_id === row.coupon_id) await carts.setCartCoupon(trx, cart.id, null, at);
    }
    return row;
  });
  if (order?.status === 'cancelled') await refundIfPaid(db, gateway, order.id, now);
}

/** Checkout's success callback: verified against the provider order id we stored, then paid. */
export async function confirmPayment(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  userId: string,
  body: PaymentSuccessBody,
  now = new Date(),
) {
  const payment = await repo.findPaymentByProviderOrder(db, body.razorpay_order_id);
  const order = payment ? await findOrder(db, payment.order_id) : undefined;
  if (!payment || !order || order.user_id !== userId) throw verificationFailed();
  const valid = gateway.isValidPaymentSignature({
    orderId: payment.provider_order_id,
    paymentId: body.razorpay_payment_id,
    signature: body.razorpay_signature,
  });
  if (!valid) throw verificationFailed();
  if (payment.status === 'paid' && payment.provider_payment_id !== body.razorpay_payment_id) throw verificationFailed();
  await markPaid(db, gateway, payment, body.razorpay_payment_id, now);
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
  const key = eventId ?? `${event}:${paymentId}`;
  if (!(await repo.rememberEvent(db, key, event, now.toISOString()))) return 'duplicate';
  const payment = await repo.findPaymentByProviderOrder(db, providerOrderId);
  if (!payment) return 'ignored';
  if (event === 'payment.failed') {
    const reason = text(entity?.error_description) ?? 'Payment failed';
    if (await repo.markPaymentFailed(db, payment.id, reason, now.toISOString())) {
      const order = await findOrder(db, payment.order_id);
      if (order?.payment_status === 'awaiting_payment')
        await setPaymentStatus(db, order.id, 'failed', now.toISOString());
    }
    return 'handled';
  }
  await markPaid(db, gateway, payment, paymentId, now);
  return 'handled';
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
  const order = payment ? await findOrder(db, payment.order_id) : undefined;
  if (!payment || !order || order.user_id !== userId) throw orderNotFound();
  return gateway.pay(payment.provider_order_id);
}
