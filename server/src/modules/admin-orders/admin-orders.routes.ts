import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminOrderDetailResponse,
  adminOrderListQuery,
  adminOrderListResponse,
  orderIdParams,
  orderResponse,
  orderStatusBody,
  refundBody,
} from '@shop/core';
import { guardRoutes, signedInUser } from '../../plugins/authenticate.ts';
import type { OrderPayments } from '../orders/order-payments.ts';
import type { PaymentGateway } from '../payments/payment-gateway.ts';
import { confirmCodByStaff } from '../orders/cod-confirmation.ts';
import * as service from './admin-orders.service.ts';
import { changeStatus } from './order-moves.ts';
import { apiDoc } from '../../lib/api-doc.ts';

const tags = ['admin'];
/** No body at all, like `{}`, asks the provider to refund. */
const optionalRefundBody = refundBody.nullish().transform((body) => body ?? {});

/** Staff order management under /api/admin (admin only). Status changes stay at PATCH /api/order/:id/status (below). */
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
    '/orders/:id/cod-confirmation',
    {
      schema: {
        ...apiDoc('confirmCodOrder', 'Confirm a cash-on-delivery order after calling the shopper (staff)', 404, 409),
        tags,
        params: orderIdParams,
        response: { 200: adminOrderDetailResponse },
      },
    },
    async (request) => {
      await confirmCodByStaff(db, signedInUser(request).id, request.params.id);
      return {
        success: true as const,
        message: 'Cash on delivery confirmed',
        data: await service.orderDetail(db, request.params.id),
      };
    },
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

/** Staff move an order along its statuses: PATCH /api/order/:id/status, where the spec puts it (admin only). */
const orderStatusRoutesPlugin: FastifyPluginAsyncZod<{ payments: OrderPayments }> = async (app, { payments }) => {
  const { db } = app;
  guardRoutes(app, app.authenticate, app.requireAdmin);

  app.patch(
    '/order/:id/status',
    {
      schema: {
        ...apiDoc('changeOrderStatus', 'Move an order on (staff)', 404, 409),
        tags: ['orders'],
        params: orderIdParams,
        body: orderStatusBody,
        response: { 200: orderResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Order status updated',
      data: await changeStatus(db, payments, signedInUser(request).id, request.params.id, request.body.status),
    }),
  );
};

export const orderStatusRoutes = fp(orderStatusRoutesPlugin, {
  name: 'order-status-routes',
  dependencies: ['database', 'authenticate'],
  encapsulate: true,
});

export const adminOrderRoutes = fp(adminOrderRoutesPlugin, {
  name: 'admin-order-routes',
  dependencies: ['database', 'authenticate'],
  encapsulate: true,
});
