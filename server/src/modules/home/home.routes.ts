import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dealBody,
  dealIdParams,
  dealListResponse,
  dealResponse,
  homeFeatureBody,
  homeFeatureResponse,
  homePageQuery,
  homePageResponse,
  messageResponse,
  newArrivalsQuery,
  newArrivalsResponse,
  testimonialBody,
  testimonialIdParams,
  testimonialListResponse,
  testimonialResponse,
} from '@shop/core';
import { apiDoc } from '../../lib/api-doc.ts';
import { createResponseCache, type ResponseCache } from '../../plugins/response-cache.ts';
import { guardRoutes } from '../../plugins/authenticate.ts';
import * as home from './home.service.ts';

const tags = ['home'];

interface HomeRouteOptions extends home.HomeOptions {
  /** The public reads' micro-cache, cleared by staff's changes in this process. */
  cache: ResponseCache;
}

/**
 * The home page's reads are the same for every visitor: reused for `cacheMs` in the process
 * (staff's changes here clear them; stock and other processes' changes show within it). Browsers
 * and proxies keep them but ask again each time (`no-cache`), answered 304 by the ETag while
 * nothing changed: with a max-age, a page opened again seconds later showed a deal that had ended
 * or stock that was gone, from the browser's copy.
 */
export function createHomeCache(cacheMs: number): ResponseCache {
  return createResponseCache({ ttlMs: cacheMs, maxEntries: 64, cacheControl: 'public, no-cache' });
}

/**
 * Public: the home page's deals, New Arrivals, featured product and testimonials in one
 * answer, and further pages of New Arrivals.
 */
const homeRoutesPlugin: FastifyPluginAsyncZod<HomeRouteOptions> = async (app, { cache, ...options }) => {
  const { db } = app;
  cache.register(app);

  app.get(
    '/home',
    {
      schema: {
        ...apiDoc(
          'getHomePage',
          'The home page: running deals and their end, New Arrivals, the featured product, testimonials',
        ),
        tags,
        querystring: homePageQuery,
        response: { 200: homePageResponse },
      },
    },
    async (request) => ({ success: true as const, data: await home.homePage(db, options, request.query.tab) }),
  );

  app.get(
    '/home/new-arrivals',
    {
      schema: {
        ...apiDoc('listNewArrivals', 'A page of six New Arrivals of a tab, newest first'),
        tags,
        querystring: newArrivalsQuery,
        response: { 200: newArrivalsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await home.newArrivals(db, request.query.tab, request.query.page),
    }),
  );
};

/** Staff (under /api/admin): the deals, the testimonials and the featured product. */
const adminHomeRoutesPlugin: FastifyPluginAsyncZod<HomeRouteOptions> = async (app, { cache, ...options }) => {
  const { db } = app;
  guardRoutes(app, app.authenticate, app.requireAdmin);
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 300) cache.clear();
  });

  app.get(
    '/deals',
    {
      schema: {
        ...apiDoc('listDeals', 'Every deal, ended ones too (staff)'),
        tags,
        response: { 200: dealListResponse },
      },
    },
    async () => ({ success: true as const, data: { deals: await home.listDeals(db, options) } }),
  );

  app.post(
    '/deals',
    {
      schema: { ...apiDoc('createDeal', 'Add a deal (staff)'), tags, body: dealBody, response: { 201: dealResponse } },
    },
    async (request, reply) =>
      reply.code(201).send({
        success: true as const,
        message: 'Deal added',
        data: await home.createDeal(db, request.body, options),
      }),
  );

  app.put(
    '/deals/:id',
    {
      schema: {
        ...apiDoc('updateDeal', 'Change a deal (staff)', 404),
        tags,
        params: dealIdParams,
        body: dealBody,
        response: { 200: dealResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Deal saved',
      data: await home.updateDeal(db, request.params.id, request.body, options),
    }),
  );

  app.delete(
    '/deals/:id',
    {
      schema: {
        ...apiDoc('deleteDeal', 'Remove a deal (staff)', 404),
        tags,
        params: dealIdParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await home.deleteDeal(db, request.params.id);
      return { success: true as const, message: 'Deal removed', data: null };
    },
  );

  app.get(
    '/testimonials',
    {
      schema: {
        ...apiDoc('listTestimonials', 'Every testimonial (staff)'),
        tags,
        response: { 200: testimonialListResponse },
      },
    },
    async () => ({ success: true as const, data: { testimonials: await home.listTestimonials(db) } }),
  );

  app.post(
    '/testimonials',
    {
      schema: {
        ...apiDoc('createTestimonial', 'Add a testimonial (staff)'),
        tags,
        body: testimonialBody,
        response: { 201: testimonialResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        success: true as const,
        message: 'Testimonial added',
        data: await home.createTestimonial(db, request.body),
      }),
  );

  app.put(
    '/testimonials/:id',
    {
      schema: {
        ...apiDoc('updateTestimonial', 'Change a testimonial (staff)', 404),
        tags,
        params: testimonialIdParams,
        body: testimonialBody,
        response: { 200: testimonialResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Testimonial saved',
      data: await home.updateTestimonial(db, request.params.id, request.body),
    }),
  );

  app.delete(
    '/testimonials/:id',
    {
      schema: {
        ...apiDoc('deleteTestimonial', 'Remove a testimonial (staff)', 404),
        tags,
        params: testimonialIdParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await home.deleteTestimonial(db, request.params.id);
      return { success: true as const, message: 'Testimonial removed', data: null };
    },
  );

  app.get(
    '/home-feature',
    {
      schema: {
        ...apiDoc('getHomeFeature', 'The product the specials banner features (staff)'),
        tags,
        response: { 200: homeFeatureResponse },
      },
    },
    async () => ({ success: true as const, data: await home.homeFeature(db) }),
  );

  app.put(
    '/home-feature',
    {
      schema: {
        ...apiDoc('updateHomeFeature', 'Feature a product in the specials banner, or none (staff)', 404),
        tags,
        body: homeFeatureBody,
        response: { 200: homeFeatureResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Specials banner saved',
      data: await home.setHomeFeature(db, request.body.productId),
    }),
  );
};

export const homeRoutes = fp(homeRoutesPlugin, {
  name: 'home-routes',
  dependencies: ['database'],
  encapsulate: true,
});

export const adminHomeRoutes = fp(adminHomeRoutesPlugin, {
  name: 'admin-home-routes',
  dependencies: ['database', 'authenticate'],
  encapsulate: true,
});
