/**
 * What search engines and link previews read besides the pages: /robots.txt, /sitemap.xml (an
 * index) with its sitemaps, and the 1200×630 preview pictures the pages' og:image names.
 */
import { defaultStoreSettings } from '@shop/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendText } from '../../lib/content-encoding.ts';
import { notFound } from '../../lib/errors.ts';
import { getProduct, sitemapProducts, type SitemapEntry } from '../catalog/catalog.service.ts';
import { originCacheControl, originOf } from '../pages/pages.routes.ts';
import { createPreviewImages } from './preview-images.ts';
import { latest, pagesSitemap, productSitemap, robotsTxt, sitemapIndex } from './sitemap.ts';

export interface SeoOptions {
  /** PUBLIC_URL when set; else each request's own origin. */
  publicOrigin: string | null;
  uploadsDir: string | null;
}

const xml = 'application/xml; charset=utf-8';
/** Crawlers come back for sitemaps; an hour's delay in seeing a new product is fine. */
const SITEMAP_CACHE = 'public, max-age=3600';

export const seoRoutes: FastifyPluginAsyncZod<SeoOptions> = async (app, { publicOrigin, uploadsDir }) => {
  const previews = createPreviewImages(uploadsDir);
  const collections = defaultStoreSettings.collections.map((c) => c.id).filter((id) => id !== 'all');
  const hidden = { hide: true };
  const sitemapCache = originCacheControl(publicOrigin, SITEMAP_CACHE);

  app.get('/robots.txt', { schema: hidden }, (request, reply) => {
    const text = robotsTxt(originOf(request, publicOrigin));
    return sendText(
      reply.header('content-type', 'text/plain; charset=utf-8').header('cache-control', sitemapCache),
      text,
    );
  });

  /** An XML answer made from the sitemap's products, their latest change and the origin. */
  const sitemapRoute =
    (make: (origin: string, products: SitemapEntry[], changed: string | null) => string) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      // The origin first: a Host that is no address is refused before any work.
      const origin = originOf(request, publicOrigin);
      const products = await sitemapProducts(app.db);
      const changed = latest(products.map((p) => p.updatedAt));
      return sendText(
        reply.header('content-type', xml).header('cache-control', sitemapCache),
        make(origin, products, changed),
      );
    };

  app.get('/sitemap.xml', { schema: hidden }, sitemapRoute(sitemapIndex));
  app.get(
    '/sitemaps/pages.xml',
    { schema: hidden },
    sitemapRoute((origin, _products, changed) => pagesSitemap(origin, collections, changed)),
  );

  app.get(
    '/sitemaps/products-:page.xml',
    { schema: { ...hidden, params: z.object({ page: z.coerce.number().int().min(1).max(10_000) }) } },
    async (request, reply) => {
      const origin = originOf(request, publicOrigin);
      const body = productSitemap(origin, await sitemapProducts(app.db), request.params.page);
      if (body === null) throw notFound('NOT_FOUND', 'No such sitemap');
      return sendText(reply.header('content-type', xml).header('cache-control', sitemapCache), body);
    },
  );

  app.get('/og/site.jpg', { schema: hidden }, async (_request, reply) =>
    reply
      .header('content-type', 'image/jpeg')
      .header('cache-control', 'public, max-age=86400')
      .send(await previews.site()),
  );

  app.get(
    '/og/product/:file',
    { schema: { ...hidden, params: z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{1,64}\.jpg$/) }) } },
    async (request, reply) => {
      const id = request.params.file.slice(0, -'.jpg'.length);
      const product = await getProduct(app.db, id);
      const picture = product.images[0] ?? product.image;
      const image = (picture && (await previews.forPicture(picture))) || (await previews.site());
      return (
        reply
          .header('content-type', 'image/jpeg')
          // The product may get another picture: previews are kept a day, not forever.
          .header('cache-control', 'public, max-age=86400')
          .send(image)
      );
    },
  );
};
