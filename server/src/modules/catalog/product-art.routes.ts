import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { parseArtFileName, renderProductArt } from './product-art/product-art.ts';

const MAX_CACHED = 1000;

/**
 * The catalogue's illustrations. Each file name fully determines its picture, so the
 * answer never changes: it is drawn once per process, kept, and cached by clients for a year.
 */
const productArtRoutesPlugin: FastifyPluginAsyncZod = async (app) => {
  const drawn = new Map<string, string>();

  app.get(
    '/images/products/:file',
    { schema: { hide: true, params: z.object({ file: z.string().max(120) }) } },
    async ({ params }, reply) => {
      let svg = drawn.get(params.file);
      if (svg === undefined) {
        const art = parseArtFileName(params.file);
        if (!art) throw notFound('IMAGE_NOT_FOUND', 'Image not found');
        svg = renderProductArt(art.kind, art.color, art.view);
        if (drawn.size < MAX_CACHED) drawn.set(params.file, svg);
      }
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(svg);
    },
  );
};

export const productArtRoutes = fp(productArtRoutesPlugin, {
  name: 'product-art-routes',
  dependencies: [],
  encapsulate: true,
});
