import type { FastifyInstance } from 'fastify';
import type { Cart, Order } from '@shop/core';
import { AppError } from '../lib/errors.ts';
import { createSandboxGateway, hmacHex, type SandboxGateway } from '../modules/payments/payment-gateway.ts';
import { verifiedShopper } from './accounts.ts';
import { orderAddress } from './addresses.ts';
import type { SizeRef } from './stock.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A signed-up, signed-in shopper whose email is verified (as the shop asks of whoever orders),
 * and what they do through the API, for the order and payment suites; `overrides` change the
 * sign-up (their name, say).
 */
export async function apiShopper(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  return shopperCalls(app, await verifiedShopper(app, overrides));
}

/**
 * What the signed-in account `me` does through the API (see apiShopper), calling from
 * `remoteAddress` when given (the shop's per-address and per-network limits count it).
 */
export function shopperCalls<Me extends { auth: Record<string, string> }>(
  app: FastifyInstance,
  me: Me,
  { remoteAddress }: { remoteAddress?: string } = {},
) {
  const call = (method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url,
      headers: { ...me.auth, ...headers },
      ...(remoteAddress && { remoteAddress }),
      ...(payload && { payload }),
    });
  const add = (s: SizeRef, quantity = 1) =>
    call('POST', '/api/cart', { product: s.productId, color: s.color, size: s.size, quantity });
  const order = (paymentMethod: 'cod' | 'razorpay' = 'cod', extra: object = {}, headers: Record<string, string> = {}) =>
    call(
      'POST',
      '/api/order',
      { shippingAddress: orderAddress, billingAddress: orderAddress, paymentMethod, ...extra },
      headers,
    );
  const cart = async (): Promise<Cart> => (await call('GET', '/api/cart/details')).json().data;
  const orders = async (): Promise<Order[]> => (await call('GET', '/api/order/orders')).json().data.orders;
  /** The provider order id of an order's payment (initiated now, or the one it has). */
  const initiate = async (orderId: string): Promise<string> =>
    (await call('POST', '/api/payments/initiate', { orderId })).json().data.order.id;
  /** What Razorpay Checkout hands back for a successful payment (the sandbox signs it). */
  const sandboxPay = async (
    providerOrderId: string,
  ): Promise<{ razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }> =>
    (await call('POST', '/api/payments/sandbox/pay', { razorpay_order_id: providerOrderId })).json().data;
  return { ...me, call, add, order, cart, orders, initiate, sandboxPay };
}

export type ApiShopper = Awaited<ReturnType<typeof apiShopper>>;

/** A Razorpay webhook delivery, signed with `secret`. */
export function deliverWebhook(app: FastifyInstance, secret: string, body: object, eventId: string) {
  const raw = JSON.stringify(body);
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': hmacHex(secret, raw),
      'x-razorpay-event-id': eventId,
    },
    payload: raw,
  });
}

/** A webhook event about one payment of a provider order. */
export const paymentEvent = (name: string, providerOrderId: string, paymentId: string) => ({
  entity: 'event',
  event: name,
  payload: {
    payment: { entity: { id: paymentId, order_id: providerOrderId, amount: 9000, error_description: 'Card declined' } },
  },
});

/**
 * The sandbox gateway, counting what the shop asks of the provider: the receipts (order
 * numbers) it made provider orders for and the payment ids it refunded. `providerDelayMs`
 * makes creating a provider order as slow as a real call, so simultaneous initiations overlap.
 */
export function countingSandbox(keySecret: string, webhookSecret: string, providerDelayMs = 0) {
  const sandbox = createSandboxGateway(keySecret, webhookSecret);
  const providerOrders: string[] = [];
  const refunds: string[] = [];
  let failures = 0;
  const gateway: SandboxGateway = {
    ...sandbox,
    createOrder: async (input) => {
      providerOrders.push(input.receipt);
      if (providerDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, providerDelayMs));
      if (failures > 0) {
        failures -= 1;
        throw new AppError(
          502,
          'PAYMENT_PROVIDER_ERROR',
          'The payment provider could not be reached. Please try again.',
        );
      }
      return sandbox.createOrder(input);
    },
    refund: async (input) => {
      refunds.push(input.paymentId);
      return sandbox.refund(input);
    },
  };
  /** The next `count` provider orders fail, as when Razorpay cannot be reached. */
  const failCreateOrders = (count: number) => {
    failures = count;
  };
  return { gateway, providerOrders, refunds, failCreateOrders };
}
