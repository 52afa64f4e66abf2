import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

interface Entry {
  body: string;
  etag: string;
  madeAt: number;
  /** The URL's stamp when the answer began to be worked out (null: none). */
  stamp: string | null;
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
  /**
   * What a URL's answer is made from, as a stamp that changes whenever that does; null for a URL
   * whose answer it does not cover, or while it is not known. An answer older than `ttlMs` is
   * still reused while its URL's stamp is the one it began under, up to `stampedMaxAgeMs`.
   */
  stamp?: (url: string) => string | null;
  stampedMaxAgeMs?: number;
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

interface Flight {
  /** The answer the first request of a URL made, or null when it made none to keep. */
  answer: Promise<Entry | null>;
  land(entry: Entry | null): void;
}

/**
 * A micro-cache for public reads that are the same for every visitor (the catalogue).
 *
 * A busy list page is asked for many times a second; reusing its serialised answer for a
 * second skips the database and serialisation entirely. Each process keeps its own: a
 * write here clears this process's cache at once, and other processes see the change
 * within `ttlMs` — far less than the max-age clients are already allowed to cache for.
 * Where a URL's answer has a stamp (`stamp`: what it is made from, say the catalogue's version),
 * it lives on past `ttlMs` while the stamp stays the same: a shop's many list pages are then
 * worked out once per change rather than once a second, and none is older than before.
 * Prices, stock and totals that matter are always re-read at cart and order time.
 * Every answer also gets a weak ETag so clients revalidate with a 304.
 *
 * Requests for a URL that is being worked out wait for that answer instead of working it out
 * again: many visitors opening the same page at once cost one answer (on PostgreSQL, one set of
 * round trips instead of one per visitor). An answer begun before a clear() is neither kept nor
 * handed to those waiting: they work theirs out.
 */
export function createResponseCache(options: ResponseCacheOptions): ResponseCache {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const flights = new Map<string, Flight>();
  /** Moves on at each clear(): an answer begun before it is out of date. */
  let generation = 0;
  const leaders = new WeakMap<FastifyRequest, { flight: Flight; generation: number; stamp: string | null }>();
  const stampOf = (url: string) => options.stamp?.(url) ?? null;
  const maxAgeMs = Math.max(options.ttlMs, options.stampedMaxAgeMs ?? 0);
  const fresh = (entry: Entry, url: string) => {
    const age = now() - entry.madeAt;
    if (age < options.ttlMs) return true;
    return entry.stamp !== null && age < maxAgeMs && stampOf(url) === entry.stamp;
  };

  const land = (request: FastifyRequest, entry: Entry | null) => {
    const lead = leaders.get(request);
    if (!lead) return;
    leaders.delete(request);
    if (flights.get(request.url) === lead.flight) flights.delete(request.url);
    lead.flight.land(entry);
  };

  return {
    clear: () => {
      entries.clear();
      generation += 1;
      for (const flight of flights.values()) flight.land(null);
      flights.clear();
    },
    register(app) {
      app.addHook('onRequest', async (request, reply) => {
        if (request.method !== 'GET' || options.ttlMs <= 0) return;
        const entry = entries.get(request.url);
        if (entry && fresh(entry, request.url)) return sendCached(reply, request, entry, options.cacheControl);
        if (entry) entries.delete(request.url);
        const flight = flights.get(request.url);
        if (flight) {
          const answer = await flight.answer;
          return answer ? sendCached(reply, request, answer, options.cacheControl) : undefined;
        }
        let landing: Flight['land'] = () => {};
        const answer = new Promise<Entry | null>((resolve) => (landing = resolve));
        const started = { answer, land: landing };
        flights.set(request.url, started);
        leaders.set(request, { flight: started, generation, stamp: stampOf(request.url) });
      });

      app.addHook('onSend', async (request, reply, payload) => {
        if (request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string') {
          land(request, null);
          return payload;
        }
        if (reply.getHeader('etag') !== undefined) return payload; // answered from the cache
        const etag = etagOf(payload);
        const lead = leaders.get(request);
        if (options.ttlMs > 0 && lead?.generation === generation) {
          // Oldest first out: a Map iterates in insertion order.
          if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value as string);
          const entry = { body: payload, etag, madeAt: now(), stamp: lead.stamp };
          entries.set(request.url, entry);
          land(request, entry);
        } else {
          land(request, null);
        }
        reply.header('etag', etag).header('cache-control', options.cacheControl);
        if (matches(request, etag)) {
          reply.code(304);
          return '';
        }
        return payload;
      });

      // However the request ended (an error, the client gone), those waiting are let go.
      app.addHook('onResponse', async (request) => land(request, null));
      app.addHook('onRequestAbort', async (request) => land(request, null));
    },
  };
}
