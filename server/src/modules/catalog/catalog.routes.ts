import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoryIdParams,
  categoryListResponse,
  categoryProductsQuery,
  productIdParams,
  productListQuery,
  productListResponse,
  productResponse,
  productSearchQuery,
  productSizesQuery,
  productSizesResponse,
  productSuggestionsQuery,
  productSuggestionsResponse,
} from '@shop/core';
import type { DatabaseHandle } from '../../db/connect.ts';
import { createMemoryCounter } from '../../lib/attempt-counter.ts';
import { AttemptLimiter } from '../../lib/attempt-limiter.ts';
import type { AttemptLimits } from '../../lib/attempt-limits.ts';
import { createResponseCache, type ResponseCache } from '../../plugins/response-cache.ts';
import { CatalogueFeed } from './catalogue-feed.ts';
import type { CatalogueStamp } from './catalogue-stamp.ts';
import * as catalog from './catalog.service.ts';
import { HeldCatalogue } from './held-catalogue.ts';
import { reserveSearch } from './search-limits.ts';
import { apiDoc } from '../../lib/api-doc.ts';

/**
 * Catalogue reads are the same for every visitor: they are micro-cached in the process,
 * carry a weak ETag (304 on a match) and a short max-age for browsers and proxies. A search
 * the cache did not answer first counts against the client's search budget.
 */
const catalogReads: FastifyPluginAsyncZod<{
  cache: ResponseCache;
  catalogue: catalog.CatalogueReader;
  searches: AttemptLimiter;
}> = async (app, { cache, catalogue, searches }) => {
  cache.register(app);
  const { db } = app;

  app.get(
    '/product',
    {
      schema: {
        ...apiDoc('listProducts', 'Products on sale, filtered, sorted and paged', 429),
        tags: ['catalogue'],
        querystring: productListQuery,
        response: { 200: productListResponse },
      },
    },
    async (request) => {
      if (request.query.q !== undefined && request.query.q !== '') await reserveSearch(searches, request.ip);
      return { success: true as const, data: await catalog.listProducts(catalogue, request.query) };
    },
  );
  app.get(
    '/product/search',
    {
      schema: {
        ...apiDoc('searchProducts', 'Products matching words, typos forgiven', 429),
        tags: ['catalogue'],
        querystring: productSearchQuery,
        response: { 200: productListResponse },
      },
    },
    async ({ query, ip }) => {
      await reserveSearch(searches, ip);
      return {
        success: true as const,
        data: await catalog.searchProducts(catalogue, query.q, query.page, query.limit),
      };
    },
  );
  app.get(
    '/product/suggestions',
    {
      schema: {
        ...apiDoc('suggestProducts', 'Product names completing what is typed', 429),
        tags: ['catalogue'],
        querystring: productSuggestionsQuery,
        response: { 200: productSuggestionsResponse },
      },
    },
    async ({ query, ip }) => {
      await reserveSearch(searches, ip);
      return { success: true as const, data: await catalog.suggest(catalogue, query.q) };
    },
  );
  app.get(
    '/product/category/:categoryId',
    {
      schema: {
        ...apiDoc('listCategoryProducts', 'Products on sale in one category', 404),
        tags: ['catalogue'],
        params: categoryIdParams,
        querystring: categoryProductsQuery,
        response: { 200: productListResponse },
      },
    },
    async ({ params, query }) => ({
      success: true as const,
      data: await catalog.listCategoryProducts(catalogue, params.categoryId, query.page, query.limit),
    }),
  );
  app.get(
    '/product/:id',
    {
      schema: {
        ...apiDoc('getProduct', 'One product on sale', 404),
        tags: ['catalogue'],
        params: productIdParams,
        response: { 200: productResponse },
      },
    },
    async ({ params }) => ({ success: true as const, data: await catalog.getProduct(db, params.id) }),
  );
  app.get(
    '/product/:id/sizes',
    {
      schema: {
        ...apiDoc('listProductSizes', 'The sizes of a product (of one colour, or of all) and the stock of each', 404),
        tags: ['catalogue'],
        params: productIdParams,
        querystring: productSizesQuery,
        response: { 200: productSizesResponse },
      },
    },
    async ({ params, query }) => ({
      success: true as const,
      data: await catalog.getProductSizes(db, params.id, query.color),
    }),
  );
  app.get(
    '/categories',
    {
      schema: {
        ...apiDoc('listCategories', 'Every category of the catalogue'),
        tags: ['catalogue'],
        response: { 200: categoryListResponse },
      },
    },
    async () => ({
      success: true as const,
      data: await catalog.listCategories(db),
    }),
  );
};

/** How long a list may be reused while the catalogue's stamp says nothing changed. */
const STAMPED_LIST_MAX_AGE_MS = 60_000;

/**
 * The catalogue reads' micro-cache, shared with the staff's product writes (admin-catalog),
 * which clear it when they change what the reads answer. With a stamp (SQLite), lists live on
 * while the catalogue stays as it was (`CatalogueStamp`).
 */
export function createCatalogueCache(cacheMs: number, stamp?: CatalogueStamp): ResponseCache {
  return createResponseCache({
    ttlMs: cacheMs,
    maxEntries: 3000,
    cacheControl: 'public, max-age=30, stale-while-revalidate=60',
    ...(stamp && { stamp: stamp.forUrl, stampedMaxAgeMs: STAMPED_LIST_MAX_AGE_MS }),
  });
}

const catalogRoutesPlugin: FastifyPluginAsyncZod<{
  cache: ResponseCache;
  /** The cache's stamp of the lists, read here on SQLite (none: the cache is off). */
  stamp?: CatalogueStamp;
  database: DatabaseHandle;
  limits: AttemptLimits;
}> = async (app, { cache, stamp, database, limits }) => {
  // This app's hold of the catalogue; on PostgreSQL kept current by notifications from ready to close.
  const held = new HeldCatalogue(app.db);
  const feed = database.notifications
    ? new CatalogueFeed(held, app.db, database.notifications, {
        info: (message) => app.log.info(message),
        warn: (details, message) => app.log.warn(details, message),
      })
    : null;
  if (feed) {
    app.addHook('onReady', async () => feed.start());
    app.addHook('onClose', () => feed.close());
  } else if (stamp) {
    app.addHook('onReady', async () => stamp.start(() => catalog.catalogueState(app.db)));
    app.addHook('onClose', async () => stamp.stop());
  }
  // Searches are counted in this process's memory: what they cost is this process's time, and
  // browsing must go on when Redis (where the other limits count) is away.
  const searchCounter = createMemoryCounter();
  app.addHook('onClose', () => searchCounter.close());
  const searches = new AttemptLimiter(searchCounter, limits);
  await app.register(catalogReads, { cache, catalogue: { db: app.db, held, feed }, searches });
};

export const catalogRoutes = fp(catalogRoutesPlugin, {
  name: 'catalog-routes',
  dependencies: ['database', 'authenticate'],
  encapsulate: true,
});
