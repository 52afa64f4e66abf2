import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PaymentGateway } from '../payments/payment-gateway.ts';

/** Staff order management under /api/admin (admin only). */
export const adminOrderRoutes: FastifyPluginAsyncZod<{ gateway: PaymentGateway }> = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin);
};
