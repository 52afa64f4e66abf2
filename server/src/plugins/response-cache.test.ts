import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createResponseCache } from './response-cache.ts';

/** A tiny app whose one GET route counts how often it really runs. */
async function appWithCache(ttlMs: number, stamped?: { stamp: (url: string) => string | null; maxAgeMs: number }) {
  let clock = 1_000;
  let runs = 0;
  let answer = 'first';
  /** While set, /thing waits for it before answering (an answer still being worked out). */
  let pending: Promise<void> | null = null;
  const cache = createResponseCache({
    ttlMs,
    maxEntries: 2,
    cacheControl: 'public, max-age=30',
    now: () => clock,
    ...(stamped && { stamp: stamped.stamp, stampedMaxAgeMs: stamped.maxAgeMs }),
  });
  const app = Fastify();
  await app.register(async (scope) => {
    cache.register(scope);
    scope.get('/thing', async () => {
      runs += 1;
      const seen = answer;
      await pending;
      return { answer: seen };
    });
    scope.get('/missing', async (_request, reply) => reply.code(404).send({ missing: true }));
  });
  return {
    app,
    cache,
    runs: () => runs,
    setAnswer: (value: string) => (answer = value),
    advance: (ms: number) => (clock += ms),
    /** Holds /thing's answers until the returned function is called. */
    hold: () => {
      let release = () => {};
      pending = new Promise<void>((resolve) => (release = resolve));
      return () => {
        pending = null;
        release();
      };
    },
  };
}

/** Lets the app take in requests sent meanwhile. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('response micro-cache', () => {
  it('reuses an answer until it expires, with the same body and ETag', async () => {
    const t = await appWithCache(1000);
    const first = await t.app.inject('/thing');
    t.setAnswer('second');
    const again = await t.app.inject('/thing');
    expect(t.runs()).toBe(1);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe('public, max-age=30');
    expect(again.headers['content-type']).toContain('application/json');

    t.advance(1000);
    const later = await t.app.inject('/thing');
    expect(t.runs()).toBe(2);
    expect(later.json()).toEqual({ answer: 'second' });
    expect(later.headers.etag).not.toBe(first.headers.etag);
  });

  it('reuses an answer past its time to live while its stamp is the same, up to the longest age', async () => {
    let stamp: string | null = 'v1';
    const t = await appWithCache(1000, { stamp: (url) => (url === '/thing' ? stamp : null), maxAgeMs: 60_000 });
    const first = await t.app.inject('/thing');
    t.setAnswer('second');
    t.advance(30_000);
    expect((await t.app.inject('/thing')).body).toBe(first.body);
    expect(t.runs()).toBe(1);

    // Changed within the time to live: reused still, as without a stamp.
    stamp = 'v2';
    t.advance(31_000);
    expect((await t.app.inject('/thing')).json()).toEqual({ answer: 'second' });
    expect(t.runs()).toBe(2);
    t.setAnswer('third');
    t.advance(500);
    expect((await t.app.inject('/thing')).json()).toEqual({ answer: 'second' });
    // Past it, a stamp changed since means work it out again.
    stamp = 'v3';
    t.advance(600);
    expect((await t.app.inject('/thing')).json()).toEqual({ answer: 'third' });
    expect(t.runs()).toBe(3);

    // Past the longest age, even an unchanged stamp does not keep it.
    t.setAnswer('fourth');
    t.advance(60_000);
    expect((await t.app.inject('/thing')).json()).toEqual({ answer: 'fourth' });
    // No stamp known (null): the time to live alone.
    stamp = null;
    t.setAnswer('fifth');
    t.advance(1_000);
    expect((await t.app.inject('/thing')).json()).toEqual({ answer: 'fifth' });
    expect(t.runs()).toBe(5);
  });

  it('keeps the stamp an answer began under, not the one it ends under', async () => {
    let stamp = 'v1';
    const t = await appWithCache(1000, { stamp: () => stamp, maxAgeMs: 60_000 });
    const release = t.hold();
    const pending = t.app.inject('/thing');
    await settle();
    // The catalogue changes while the answer is worked out from what it was.
    stamp = 'v2';
    release();
    await pending;
    t.setAnswer('second');
    t.advance(1_500);
    expect((await t.app.inject('/thing')).json()).toEqual({ answer: 'second' });
    expect(t.runs()).toBe(2);
  });

  it('forgets everything on clear()', async () => {
    const t = await appWithCache(60_000);
    await t.app.inject('/thing');
    t.setAnswer('changed');
    t.cache.clear();
    expect((await t.app.inject('/thing')).json()).toEqual({ answer: 'changed' });
    expect(t.runs()).toBe(2);
  });

  it('answers 304 with no body to a matching If-None-Match, from the cache and without it', async () => {
    for (const ttl of [0, 60_000]) {
      const t = await appWithCache(ttl);
      const { etag } = (await t.app.inject('/thing')).headers;
      const res = await t.app.inject({ url: '/thing', headers: { 'if-none-match': `"other", ${etag}` } });
      expect(res.statusCode).toBe(304);
      expect(res.body).toBe('');
      expect((await t.app.inject({ url: '/thing', headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
    }
  });

  it('never keeps anything when the time to live is 0, nor errors, and holds at most maxEntries', async () => {
    const off = await appWithCache(0);
    await off.app.inject('/thing');
    await off.app.inject('/thing');
    expect(off.runs()).toBe(2);

    const on = await appWithCache(60_000);
    expect((await on.app.inject('/missing')).statusCode).toBe(404);
    expect((await on.app.inject('/missing')).headers.etag).toBeUndefined();
    await on.app.inject('/thing?a=1');
    await on.app.inject('/thing?a=2');
    await on.app.inject('/thing?a=3'); // pushes out ?a=1
    await on.app.inject('/thing?a=1');
    expect(on.runs()).toBe(4);
  });

  it('answers requests for a URL being worked out with that one answer', async () => {
    const t = await appWithCache(60_000);
    const release = t.hold();
    const first = t.app.inject('/thing');
    await settle();
    const others = [t.app.inject('/thing'), t.app.inject('/thing')];
    await settle();
    release();
    const answers = await Promise.all([first, ...others]);
    expect(t.runs()).toBe(1);
    expect(new Set(answers.map((a) => a.body))).toEqual(new Set([JSON.stringify({ answer: 'first' })]));
  });

  it('neither keeps nor hands out an answer begun before a clear()', async () => {
    const t = await appWithCache(60_000);
    const release = t.hold();
    const first = t.app.inject('/thing');
    await settle();
    const waiting = t.app.inject('/thing');
    await settle();
    t.setAnswer('changed');
    t.cache.clear();
    release();
    expect((await first).json()).toEqual({ answer: 'first' });
    expect((await waiting).json()).toEqual({ answer: 'changed' });
    expect((await t.app.inject('/thing')).json()).toEqual({ answer: 'changed' });
  });

  it('lets those waiting work their own answer out when the first ends in an error', async () => {
    let fail = true;
    const app = Fastify();
    const cache = createResponseCache({ ttlMs: 60_000, maxEntries: 2, cacheControl: 'public' });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await app.register(async (scope) => {
      cache.register(scope);
      scope.get('/flaky', async (_request, reply) => {
        if (fail) {
          fail = false;
          await held;
          return reply.code(503).send({ busy: true });
        }
        return { ok: true };
      });
    });
    const first = app.inject('/flaky');
    await settle();
    const waiting = app.inject('/flaky');
    await settle();
    release();
    expect((await first).statusCode).toBe(503);
    expect((await waiting).json()).toEqual({ ok: true });
  });
});
