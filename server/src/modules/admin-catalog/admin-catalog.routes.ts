import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Staff product management under /api/admin (admin only). */
export const adminCatalogRoutes: FastifyPluginAsyncZod<{ uploadsDir: string | null }> = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin);
};

/** Uploaded product images, served from the uploads folder with a long cache lifetime. */
export const uploadedImageRoutes: FastifyPluginAsyncZod<{ uploadsDir: string | null }> = async () => {};
