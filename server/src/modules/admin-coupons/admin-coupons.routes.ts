import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Staff coupon management under /api/admin (admin only). */
export const adminCouponRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin);
};
