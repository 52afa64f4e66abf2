import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminOrderDetailResponse,
  adminOrderListQuery,
  adminOrderListResponse,
  orderIdParams,
  refundBody,
} from '@shop/core';
import { guardRoutes, signedInUser } from '../../plugins/authenticate.ts';
import type { PaymentGateway } from '../payments/payment-gateway.ts';
import * as service from './admin-orders.service.ts';
import { apiDoc } from '../../lib/api-doc.ts';

const tags = ['admin'];
/** No body at all, like `{}`, asks the provider to refund. */
const optionalRefundBody = refundBody.nullish().transform((body) => body ?? {});

/** Staff order management under /api/admin (admin only). Status changes stay at PATCH /api/order/:id/status. */
const adminOrderRoutesPlugin: FastifyPluginAsyncZod<{ gateway: PaymentGateway }> = async (app, { gateway }) => {
  const { db } = app;
  guardRoutes(app, app.authenticate, app.requireAdmin);

  app.get(
    '/orders',
    {
      schema: {
        ...apiDoc('listStaffOrders', 'Orders of every shopper, filtered and paged (staff)'),
        tags,
        querystring: adminOrderListQuery,
        response: { 200: adminOrderListResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.listOrders(db, request.query) }),
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        ...apiDoc('getStaffOrder', 'One order with its payments and history (staff)', 404),
        tags,
        params: orderIdParams,
        response: { 200: adminOrderDetailResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.orderDetail(db, request.params.id) }),
  );

  app.post(
    '/orders/:id/refund',
    {
      schema: {
        ...apiDoc('refundOrder', 'Refund a cancelled order paid online (staff)', 404, 409, 502),
        tags,
        params: orderIdParams,
        body: optionalRefundBody,
        response: { 200: adminOrderDetailResponse },
      },
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
