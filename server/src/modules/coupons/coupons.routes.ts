import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { couponCodeParams, publicCouponResponse } from '@shop/core';
import type { AttemptLimiter } from '../../lib/attempt-limiter.ts';
import { getPublicCoupon } from './coupons.service.ts';
import { apiDoc } from '../../lib/api-doc.ts';

const couponRoutesPlugin: FastifyPluginAsyncZod<{ limiter: AttemptLimiter }> = async (app, { limiter }) => {
  app.get(
    '/discount/code/:code',
    {
      schema: {
        ...apiDoc('getCoupon', 'The terms of an active coupon code', 404, 429),
        tags: ['coupons'],
        params: couponCodeParams,
        response: { 200: publicCouponResponse },
      },
    },
    async ({ params, ip }) => ({
      success: true as const,
      data: await getPublicCoupon(app.db, limiter, { ip }, params.code),
    }),
  );
};

export const couponRoutes = fp(couponRoutesPlugin, {
  name: 'coupon-routes',
  dependencies: ['database'],
  encapsulate: true,
});
