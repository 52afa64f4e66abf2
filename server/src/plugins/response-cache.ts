import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

interface Entry {
  body: string;
  etag: string;
  expiresAt: number;
}

export interface ResponseCache {
  /** Registers the hooks on a plugin context: every GET route in it is cached. */
  register(app: FastifyInstance): void;
  /** Forgets everything: called after a write in this process changes what reads answer. */
  clear(): void;
}

export interface ResponseCacheOptions {
  /** How long an answer is reused; 0 turns reuse off (ETags still work). */
  ttlMs: number;
  maxEntries: number;
  /** The Cache-Control sent with every 200. */
  cacheControl: string;
  now?: () => number;
}

function etagOf(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  return header !== undefined && header.split(',').some((tag) => tag.trim() === etag);
}

function sendCached(
  reply: FastifyReply,
  request: FastifyRequest,
  entry: Pick<Entry, 'body' | 'etag'>,
  cacheControl: string,
) {
  reply.header('etag', entry.etag).header('cache-control', cacheControl);
  if (matches(request, entry.etag)) return reply.code(304).send();
  return reply.header('content-type', 'application/json; charset=utf-8').send(entry.body);
}

/**
 * A micro-cache for public reads that are the same for every visitor (the catalogue).
 *
 * A busy list page is asked for many times a second; reusing its serialised answer for a
 * second skips the database and serialisation entirely. Each process keeps its own: a
 * write here clears this process's cache at once, and other processes see the change
 * within `ttlMs` — far less than the max-age clients are already allowed to cache for.
 * Prices, stock and totals that matter are always re-read at cart and order time.
 * Every answer also gets a weak ETag so clients revalidate with a 304.
 */
export function createResponseCache(options: ResponseCacheOptions): ResponseCache {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();

  return {
    clear: () => entries.clear(),
    register(app) {
      app.addHook('onRequest', async (request, reply) => {
        if (request.method !== 'GET' || options.ttlMs <= 0) return;
        const entry = entries.get(request.url);
        if (!entry) return;
        if (entry.expiresAt <= now()) {
          entries.delete(request.url);
          return;
        }
        return sendCached(reply, request, entry, options.cacheControl);
      });

      app.addHook('onSend', async (request, reply, payload) => {
        if (request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
        if (reply.getHeader('etag') !== undefined) return payload; // answered from the cache
        const etag = etagOf(payload);
        if (options.ttlMs > 0) {
          // Oldest first out: a Map iterates in insertion order.
          if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value as string);
          entries.set(request.url, { body: payload, etag, expiresAt: now() + options.ttlMs });
        }
        reply.header('etag', etag).header('cache-control', options.cacheControl);
        if (matches(request, etag)) {
          reply.code(304);
          return '';
        }
        return payload;
      });
    },
  };
}
