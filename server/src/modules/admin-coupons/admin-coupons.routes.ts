import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCouponDetailResponse,
  adminCouponIdParams,
  adminCouponListResponse,
  adminCouponResponse,
  couponCreateBody,
  couponUpdateBody,
} from '@shop/core';
import { guardRoutes, signedInUser } from '../../plugins/authenticate.ts';
import * as service from './admin-coupons.service.ts';
import { apiDoc } from '../../lib/api-doc.ts';

const tags = ['admin'];

/**
 * Staff coupon management under /api/admin (admin only). No delete: redemptions and orders
 * refer to coupons; deactivating is PATCH `{ isActive: false }`.
 */
const adminCouponRoutesPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  guardRoutes(app, app.authenticate, app.requireAdmin);

  app.get(
    '/coupons',
    {
      schema: {
        ...apiDoc('listStaffCoupons', 'Every coupon, with its use (staff)'),
        tags,
        response: { 200: adminCouponListResponse },
      },
    },
    async () => ({
      success: true as const,
      data: await service.listCoupons(db),
    }),
  );

  app.get(
    '/coupons/:id',
    {
      schema: {
        ...apiDoc('getStaffCoupon', 'One coupon with its orders and history (staff)', 404),
        tags,
        params: adminCouponIdParams,
        response: { 200: adminCouponDetailResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.couponDetail(db, request.params.id) }),
  );

  app.post(
    '/coupons',
    {
      schema: {
        ...apiDoc('createCoupon', 'Create a coupon (staff)', 409),
        tags,
        body: couponCreateBody,
        response: { 201: adminCouponResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        message: 'Coupon created',
        data: await service.createCoupon(db, signedInUser(request).id, request.body),
      }),
  );

  app.patch(
    '/coupons/:id',
    {
      schema: {
        ...apiDoc('updateCoupon', 'Change or deactivate a coupon (staff)', 404, 409),
        tags,
        params: adminCouponIdParams,
        body: couponUpdateBody,
        response: { 200: adminCouponResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Coupon updated',
      data: await service.updateCoupon(db, signedInUser(request).id, request.params.id, request.body),
    }),
  );
};

export const adminCouponRoutes = fp(adminCouponRoutesPlugin, {
  name: 'admin-coupon-routes',
  dependencies: ['database', 'authenticate'],
  encapsulate: true,
});
