import etag from '@fastify/etag';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoryIdParams,
  categoryListResponse,
  categoryProductsQuery,
  productCreateBody,
  productIdParams,
  productListQuery,
  productListResponse,
  productResponse,
  productSearchQuery,
  productSizesResponse,
  productUpdateBody,
} from '@shop/core';
import * as catalog from './catalog.service.ts';

/**
 * Catalogue reads are the same for every visitor: a weak ETag lets browsers and proxies
 * revalidate with a 304, and a short max-age lets them skip the request entirely.
 */
const catalogReads: FastifyPluginAsyncZod = async (app) => {
  await app.register(etag, { algorithm: 'fnv1a', weak: true });
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode === 200) reply.header('cache-control', 'public, max-age=30, stale-while-revalidate=60');
  });
  const { db } = app;

  app.get(
    '/product',
    { schema: { tags: ['catalogue'], querystring: productListQuery, response: { 200: productListResponse } } },
    async (request) => ({ success: true as const, data: await catalog.listProducts(db, request.query) }),
  );
  app.get(
    '/product/search',
    { schema: { tags: ['catalogue'], querystring: productSearchQuery, response: { 200: productListResponse } } },
    async ({ query }) => ({
      success: true as const,
      data: await catalog.searchProducts(db, query.q, query.page, query.limit),
    }),
  );
  app.get(
    '/product/category/:categoryId',
    {
      schema: {
        tags: ['catalogue'],
        params: categoryIdParams,
        querystring: categoryProductsQuery,
        response: { 200: productListResponse },
      },
    },
    async ({ params, query }) => ({
      success: true as const,
      data: await catalog.listCategoryProducts(db, params.categoryId, query.page, query.limit),
    }),
  );
  app.get(
    '/product/:id',
    { schema: { tags: ['catalogue'], params: productIdParams, response: { 200: productResponse } } },
    async ({ params }) => ({ success: true as const, data: await catalog.getProduct(db, params.id) }),
  );
  app.get(
    '/product/:id/sizes',
    { schema: { tags: ['catalogue'], params: productIdParams, response: { 200: productSizesResponse } } },
    async ({ params }) => ({ success: true as const, data: await catalog.getProductSizes(db, params.id) }),
  );
  app.get('/categories', { schema: { tags: ['catalogue'], response: { 200: categoryListResponse } } }, async () => ({
    success: true as const,
    data: await catalog.listCategories(db),
  }));
};

/** Staff writes. The spec's client sends no token on update; the server refuses it all the same. */
const catalogWrites: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const guards = { onRequest: [app.authenticate, app.requireAdmin] };

  app.post(
    '/product/create',
    { ...guards, schema: { tags: ['catalogue'], body: productCreateBody, response: { 201: productResponse } } },
    async (request, reply) => {
      const product = await catalog.createProduct(db, request.body);
      return reply.status(201).send({ success: true as const, message: 'Product created', data: product });
    },
  );
  app.patch(
    '/product/update/:id',
    {
      ...guards,
      schema: {
        tags: ['catalogue'],
        params: productIdParams,
        body: productUpdateBody,
        response: { 200: productResponse },
      },
    },
    async ({ params, body }) => ({
      success: true as const,
      message: 'Product updated',
      data: await catalog.updateProduct(db, params.id, body),
    }),
  );
};

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(catalogReads);
  await app.register(catalogWrites);
};
