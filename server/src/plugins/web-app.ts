import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const ONE_YEAR = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA. Vite names every asset by its content hash, so assets are cached
 * for a year; index.html is revalidated each time so a deploy is seen at once.
 * Client-side routes fall back to index.html in the not-found handler.
 */
async function webAppPlugin(app: FastifyInstance, options: { root: string }) {
  await app.register(fastifyStatic, {
    root: options.root,
    index: ['index.html'],
    // Our own Cache-Control below, not the plugin's default max-age=0.
    cacheControl: false,
    // The build writes .br and .gz beside each text file (web/scripts/precompress.mjs).
    preCompressed: true,
    setHeaders(res, filePath) {
      const isHashedAsset = /[\\/]assets[\\/]/.test(filePath);
      res.setHeader('cache-control', isHashedAsset ? ONE_YEAR : 'no-cache');
    },
  });
}

export default fp(webAppPlugin, { name: 'web-app' });
