import net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { buildApp } from './app.ts';
import type { DatabaseConfig } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { prepareDatabase } from './startup.ts';
import { createMemoryCounter, createRedisCounter } from './lib/attempt-counter.ts';
import { newShopper, signedInShopper } from './test/accounts.ts';
import { createTestDatabase, createTestShop, postgresTestUrl, testDialects, type TestShop } from './test/databases.ts';
import { freshRedisPrefix, testRedisUrl, withRedis } from './test/redis.ts';

describe.each(testDialects)('health checks on %s', (dialect) => {
  it('answers live and ready on a migrated database', async () => {
    const shop = await createTestShop(dialect);
    try {
      expect((await shop.app.inject('/api/health/live')).json()).toEqual({ success: true, data: { status: 'live' } });
      expect((await shop.app.inject('/api/health/ready')).json()).toEqual({ success: true, data: { status: 'ready' } });
    } finally {
      await shop.close();
    }
  });

  it('is not ready while migrations are pending', async () => {
    const database = await createTestDatabase(dialect);
    const app = await buildApp({ database: database.handle });
    try {
      const res = await app.inject('/api/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ success: false, code: 'MIGRATIONS_PENDING' });
      expect((await app.inject('/api/health/live')).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});

/**
 * A TCP proxy on loopback in front of a server (PostgreSQL, Redis) that a test can cut and
 * restore: the service "goes away" for this app only, without stopping the server other test
 * files share. `port` 0 takes any free port.
 */
async function startCuttableProxy(target: URL, defaultPort: number, port = 0) {
  const sockets = new Set<net.Socket>();
  const pairs = new Set<[net.Socket, net.Socket]>();
  let server: net.Server | null = null;
  let frozen = false;
  const flow = ([client, upstream]: [net.Socket, net.Socket]) => client.pipe(upstream).pipe(client);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || defaultPort), target.hostname);
        const pair: [net.Socket, net.Socket] = [client, upstream];
        for (const s of pair) {
          sockets.add(s);
          s.on('close', () => {
            sockets.delete(s);
            pairs.delete(pair);
          });
          s.on('error', () => s.destroy());
        }
        pairs.add(pair);
        if (!frozen) flow(pair);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server!.address() as net.AddressInfo).port));
    });
  const listening = await listen(port);
  return {
    port: listening,
    cut: async () => {
      await new Promise((resolve) => server!.close(resolve) && sockets.forEach((s) => s.destroy()));
    },
    restore: () => listen(listening),
    /** Connections stay open and are accepted, but nothing passes: a hung server. */
    freeze: () => {
      frozen = true;
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    thaw: () => {
      frozen = false;
      for (const pair of pairs) flow(pair);
    },
    close: async () => {
      sockets.forEach((s) => s.destroy());
      await new Promise((resolve) => server?.close(resolve));
    },
  };
}

describe.runIf(testDialects.includes('postgres'))('when PostgreSQL goes away and comes back', () => {
  let proxy: Awaited<ReturnType<typeof startCuttableProxy>>;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let close: () => Promise<void>;
  const poolErrors: Error[] = [];

  beforeAll(async () => {
    const base = await createTestDatabase('postgres');
    await prepareDatabase(base.handle, { database: base.config, seed: true });
    proxy = await startCuttableProxy(new URL(postgresTestUrl), 5432);
    const url = new URL(postgresTestUrl);
    url.host = `127.0.0.1:${proxy.port}`;
    const config = { ...(base.config as Extract<DatabaseConfig, { dialect: 'postgres' }>), url: url.href };
    const handle = openDatabase(config, { onPoolError: (e) => poolErrors.push(e) });
    app = await buildApp({ database: handle, catalogCacheMs: 0 });
    close = async () => {
      await app.close();
      await handle.close();
      await proxy.close();
      await base.drop();
    };
  });
  afterAll(async () => {
    await close?.();
  });

  it('answers 503 with a clear message meanwhile, and recovers by itself', async () => {
    expect((await app.inject('/api/product?limit=3')).statusCode).toBe(200);

    await proxy.cut();
    // Readiness asks the database itself: it is not ready at once.
    expect((await app.inject('/api/health/ready')).statusCode).toBe(503);
    // Lists are answered from memory while the catalogue feed listens, and ask the database
    // again once the feed hears its connection has gone: here as soon as the closed socket is
    // noticed, and at worst within a heartbeat and a ping's time (2 s + 2 s). Until then the
    // catalogue they show is still the database's.
    const askedUntil = Date.now() + 5000;
    let down = await app.inject('/api/product?limit=3');
    while (down.statusCode === 200 && Date.now() < askedUntil) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      down = await app.inject('/api/product?limit=3');
    }
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The shop is briefly unavailable. Please try again in a moment.',
    });
    expect(down.headers['retry-after']).toBe('5');
    expect((await app.inject('/api/health/ready')).statusCode).toBe(503);
    expect((await app.inject('/api/health/live')).statusCode).toBe(200);

    await proxy.restore();
    let recovered = 0;
    for (let attempt = 0; attempt < 20 && recovered === 0; attempt++) {
      if ((await app.inject('/api/product?limit=3')).statusCode === 200) recovered = attempt + 1;
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(recovered).toBeGreaterThan(0);
    expect((await app.inject('/api/health/ready')).statusCode).toBe(200);
  }, 60_000);
});

/**
 * Redis holds the sign-in, sign-up and coupon counters when REDIS_URL is set. Through a proxy
 * of the test's own (on this suite's ports), Redis goes away and comes back.
 */
describe.runIf(withRedis).each(testDialects)('when Redis goes away and comes back, on %s', (dialect) => {
  let proxy: Awaited<ReturnType<typeof startCuttableProxy>>;
  let shop: TestShop;
  const lines: string[] = [];
  // Made when this block starts and restored when it ends: not while the file is collected, where
  // a block skipped without Redis would never restore it, and the second dialect's block would
  // read the first's spy, already restored.
  let consoleErrors: MockInstance<typeof console.error>;

  beforeAll(async () => {
    consoleErrors = vi.spyOn(console, 'error');
    proxy = await startCuttableProxy(new URL(testRedisUrl), 6379, dialect === 'sqlite' ? 3441 : 3442);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    shop = await createTestShop(dialect, {
      attempts: createRedisCounter(`redis://127.0.0.1:${proxy.port}`, { prefix: freshRedisPrefix() }),
      logger: { level: 'info', stream },
    });
  });
  afterAll(async () => {
    await shop?.close();
    await proxy?.close();
    consoleErrors?.mockRestore();
  });

  const redisLines = () =>
    lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((l) => /redis/i.test(l.msg));
  const signIn = (email: string, password: string) =>
    shop.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  it('answers 503 with a clear message meanwhile, is not ready, logs each change once, and recovers by itself', async () => {
    const shopper = await signedInShopper(shop.app);
    expect((await shop.app.inject('/api/health/ready')).statusCode).toBe(200);
    const before = redisLines().length;

    await proxy.cut();
    const unavailable = {
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The shop is briefly unavailable. Please try again in a moment.',
    };
    const deadline = Date.now() + 3000;
    let answers = 0;
    // Requests keep arriving while the client tries to reconnect, again and again.
    while (Date.now() < deadline) {
      for (const res of [
        await signIn(shopper.email, shopper.password),
        await shop.app.inject({ method: 'POST', url: '/api/auth/signup', payload: newShopper() }),
        await shop.app.inject('/api/discount/code/NOSUCHCODE'),
      ]) {
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json()).toEqual(unavailable);
        expect(res.headers['retry-after']).toBe('5');
        answers += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(answers).toBeGreaterThan(30);
    const ready = await shop.app.inject('/api/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ success: false, code: 'REDIS_UNAVAILABLE' });
    expect((await shop.app.inject('/api/health/live')).statusCode).toBe(200);
    // Browsing needs no counters.
    expect((await shop.app.inject('/api/product?limit=3')).statusCode).toBe(200);

    const whileAway = redisLines().slice(before);
    expect(whileAway).toHaveLength(1);
    expect(whileAway[0]).toMatchObject({ level: 40, msg: expect.stringMatching(/^Redis unreachable/) });
    expect(consoleErrors.mock.calls.flat().join(' ')).not.toContain('Unhandled error event');

    await proxy.restore();
    let back = false;
    for (let attempt = 0; attempt < 40 && !back; attempt++) {
      back = (await signIn(shopper.email, shopper.password)).statusCode === 200;
      if (!back) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(back).toBe(true);
    expect((await shop.app.inject('/api/health/ready')).statusCode).toBe(200);
    const afterReturn = redisLines().slice(before + 1);
    expect(afterReturn).toHaveLength(1);
    expect(afterReturn[0]).toMatchObject({ level: 30, msg: expect.stringMatching(/^Redis reachable/) });
  }, 60_000);

  it('notices a Redis that keeps the connection but answers nothing: 503 soon, logged once, back by itself', async () => {
    const shopper = await signedInShopper(shop.app);
    const before = redisLines().length;

    proxy.freeze();
    const started = Date.now();
    const first = await signIn(shopper.email, shopper.password);
    expect(first.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(4000);
    // Known to be away now: later calls do not wait for a timeout each.
    const quick = Date.now();
    expect((await signIn(shopper.email, shopper.password)).statusCode).toBe(503);
    expect(Date.now() - quick).toBeLessThan(500);
    expect((await shop.app.inject('/api/health/ready')).statusCode).toBe(503);
    const whileHung = redisLines().slice(before);
    expect(whileHung).toHaveLength(1);
    expect(whileHung[0]).toMatchObject({ level: 40, msg: expect.stringMatching(/^Redis unreachable/) });

    proxy.thaw();
    let back = false;
    for (let attempt = 0; attempt < 40 && !back; attempt++) {
      back = (await signIn(shopper.email, shopper.password)).statusCode === 200;
      if (!back) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(back).toBe(true);
    expect(redisLines().slice(before + 1)[0]).toMatchObject({
      level: 30,
      msg: expect.stringMatching(/^Redis reachable/),
    });
  }, 60_000);
});

describe.each(testDialects)(
  'when the counter store fails just after a sign-up or sign-in succeeded, on %s',
  (dialect) => {
    let shop: TestShop;

    beforeAll(async () => {
      // Counting works; what comes after the account's change (giving a reservation back,
      // remembering the address) fails, as Redis going away at that moment makes it.
      const counter = createMemoryCounter();
      const gone = () => Promise.reject(new Error('Connection is closed.'));
      shop = await createTestShop(dialect, { attempts: { ...counter, takeBack: gone, remember: gone } });
    });
    afterAll(async () => {
      await shop?.close();
    });

    it('answers the sign-up and the sign-in as the successes they are', async () => {
      const body = newShopper();
      const signUp = await shop.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
      expect(signUp.statusCode, signUp.body).toBe(201);
      const signIn = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: body.email, password: body.password },
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      expect(signIn.json().data.accessToken).toEqual(expect.any(String));
    });
  },
);
