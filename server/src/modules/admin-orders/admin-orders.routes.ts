import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminOrderDetailResponse,
  adminOrderListQuery,
  adminOrderListResponse,
  orderIdParams,
  refundBody,
} from '@shop/core';
import { signedInUser } from '../../plugins/authenticate.ts';
import type { PaymentGateway } from '../payments/payment-gateway.ts';
import * as service from './admin-orders.service.ts';

const tags = ['admin'];
/** No body at all, like `{}`, asks the provider to refund. */
const optionalRefundBody = refundBody.nullish().transform((body) => body ?? {});

/** Staff order management under /api/admin (admin only). Status changes stay at PATCH /api/order/:id/status. */
const adminOrderRoutesPlugin: FastifyPluginAsyncZod<{ gateway: PaymentGateway }> = async (app, { gateway }) => {
  const { db } = app;
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/orders',
    { schema: { tags, querystring: adminOrderListQuery, response: { 200: adminOrderListResponse } } },
    async (request) => ({ success: true as const, data: await service.listOrders(db, request.query) }),
  );

  app.get(
    '/orders/:id',
    { schema: { tags, params: orderIdParams, response: { 200: adminOrderDetailResponse } } },
    async (request) => ({ success: true as const, data: await service.orderDetail(db, request.params.id) }),
  );

  app.post(
    '/orders/:id/refund',
    {
      schema: { tags, params: orderIdParams, body: optionalRefundBody, response: { 200: adminOrderDetailResponse } },
    },
    async (request) => ({
      success: true as const,
      message: 'Refund recorded',
      data: await service.refundOrder(db, gateway, signedInUser(request).id, request.params.id, request.body.reference),
    }),
  );
};

export const adminOrderRoutes = fp(adminOrderRoutesPlugin, {
  name: 'admin-order-routes',
  dependencies: ['database', 'authenticate'],
  encapsulate: true,
});
