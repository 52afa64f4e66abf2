import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { couponCodeParams, publicCouponResponse } from '@shop/core';
import { getPublicCoupon } from './coupons.service.ts';

export const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/discount/code/:code',
    { schema: { tags: ['coupons'], params: couponCodeParams, response: { 200: publicCouponResponse } } },
    async ({ params }) => ({ success: true as const, data: await getPublicCoupon(app.db, params.code) }),
  );
};
