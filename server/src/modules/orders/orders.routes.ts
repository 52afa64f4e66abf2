import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  orderIdParams,
  orderListResponse,
  orderResponse,
  orderStatsResponse,
  placedOrderResponse,
  placeOrderBody,
  defaultHoldingLimits,
  placeOrderRefusal,
  errorEnvelope,
  type HoldingLimits,
} from '@shop/core';
import { z } from 'zod';
import { clientNetwork, isLoopback, limitedAddress } from '../../lib/attempt-limits.ts';
import { guardRoutes, signedInUser } from '../../plugins/authenticate.ts';
import type { OrderMailSettings } from './order-messages.ts';
import type { OrderPayments } from './order-payments.ts';
import * as orders from './orders.service.ts';
import { cancelOrder } from './cancellation.ts';
import { orderStats } from './order-stats.ts';
import { listOrders } from './order-view.ts';
import { apiDoc } from '../../lib/api-doc.ts';

const tags = ['orders'];
const idempotencyHeaders = z.object({
  'idempotency-key': z.string().trim().min(8, 'Idempotency-Key must be 8 to 100 characters.').max(100).optional(),
});

export interface OrderRoutesOptions {
  /** The payments module, as orders use it (payments depend on orders, not the reverse). */
  payments: OrderPayments;
  /** Who besides the shopper hears of a new order. */
  mail: OrderMailSettings;
  /** What one account, client address and network may hold in orders not paid or shipped; default core's. */
  holdingLimits?: HoldingLimits;
}

const orderRoutesPlugin: FastifyPluginAsyncZod<OrderRoutesOptions> = async (
  app,
  { payments, mail, holdingLimits = defaultHoldingLimits },
) => {
  const { db } = app;
  guardRoutes(app, app.authenticate);
  const staff = { onRequest: [app.requireAdmin] };

  app.post(
    '/order',
    {
      schema: {
        ...apiDoc('placeOrder', 'Order what is in the cart, paid on delivery or online', 404, 409),
        tags,
        description:
          'Places the cart as an order. It ships to the saved address named by addressId, else to the ' +
          "shippingAddress sent, else to the shopper's default saved address.",
        body: placeOrderBody,
        headers: idempotencyHeaders,
        response: { 201: placedOrderResponse, 404: errorEnvelope, 409: placeOrderRefusal },
      },
    },
    async (request, reply) => {
      const order = await orders.placeOrder(db, payments, mail, signedInUser(request).id, request.body, {
        idempotencyKey: request.headers['idempotency-key'],
        // The address the limits count (behind a declared proxy, the client it names). This
        // machine's own address says nothing of who orders: only the account is bounded then.
        client: isLoopback(request.ip)
          ? { address: null, network: null }
          : { address: limitedAddress(request.ip), network: clientNetwork(request.ip) },
        holdingLimits,
      });
      return reply
        .status(201)
        .send({ success: true as const, message: 'Order placed successfully', data: { ...order, orderId: order._id } });
    },
  );

  app.get(
    '/order/orders',
    {
      schema: {
        ...apiDoc('listOrders', "The shopper's orders, newest first"),
        tags,
        response: { 200: orderListResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: { orders: await listOrders(db, signedInUser(request).id) },
    }),
  );

  app.post(
    '/order/:id/cancel',
    {
      schema: {
        ...apiDoc('cancelOrder', "Cancel one of the shopper's orders", 404, 409),
        tags,
        params: orderIdParams,
        response: { 200: orderResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Order cancelled',
      data: await cancelOrder(db, payments, signedInUser(request).id, request.params.id),
    }),
  );

  app.get(
    '/order/stats',
    {
      ...staff,
      schema: {
        ...apiDoc('getOrderStats', 'Order counts and takings of the last 30 days (staff)'),
        tags,
        response: { 200: orderStatsResponse },
      },
    },
    async () => ({
      success: true as const,
      data: await orderStats(db),
    }),
  );
};

export const orderRoutes = fp(orderRoutesPlugin, {
  name: 'order-routes',
  dependencies: ['database', 'authenticate'],
  encapsulate: true,
});
