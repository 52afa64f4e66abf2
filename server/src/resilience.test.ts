import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import type { DatabaseConfig } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { prepareDatabase } from './startup.ts';
import { createTestDatabase, createTestShop, postgresTestUrl, testDialects } from './test/databases.ts';

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
 * A TCP proxy in front of PostgreSQL that a test can cut and restore: the database "goes
 * away" for this app only, without restarting the server other test files share.
 */
async function startCuttableProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const listen = (port: number) =>
    new Promise<number>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => resolve((server!.address() as net.AddressInfo).port));
    });
  const port = await listen(0);
  return {
    port,
    cut: async () => {
      await new Promise((resolve) => server!.close(resolve) && sockets.forEach((s) => s.destroy()));
    },
    restore: () => listen(port),
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
    proxy = await startCuttableProxy(new URL(postgresTestUrl));
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
    const down = await app.inject('/api/product?limit=3');
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
