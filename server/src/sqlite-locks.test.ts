import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from './config.ts';
import { signedInShopper } from './test/accounts.ts';
import { createTestShop, type TestShop } from './test/databases.ts';
import { databaseReadiness } from './db/readiness.ts';

const HOLD_MS = 5000;

/**
 * Another process takes the database's write lock and keeps it for `HOLD_MS`, as a long
 * write of another server process or an operator's sqlite3 session would. Resolves once the
 * lock is held; `released` resolves when it lets go.
 */
async function holdWriteLock(
  file: string,
  holdMs = HOLD_MS,
): Promise<{ child: ChildProcess; released: Promise<number> }> {
  const script = `
    const db = new (require('better-sqlite3'))(process.argv[1]);
    db.exec('BEGIN IMMEDIATE');
    console.log('locked');
    setTimeout(() => { db.exec('COMMIT'); console.log('released'); db.close(); }, ${holdMs});
  `;
  const child = spawn(process.execPath, ['-e', script, file], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  const seen = (word: string) =>
    new Promise<number>((resolve) => {
      const check = () => output.includes(word) && resolve(Date.now());
      child.stdout!.on('data', (chunk) => {
        output += String(chunk);
        check();
      });
      check();
    });
  const locked = seen('locked');
  const released = seen('released');
  await locked;
  return { child, released };
}

describe('another process holding the SQLite write lock', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop('sqlite');
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('leaves health checks and catalogue reads answering at once; writes wait, then 503, then work again', async () => {
    const shopper = await signedInShopper(shop.app);
    const product = (await shop.app.inject('/api/product?limit=1')).json().data.products[0];
    const color = product.colors[0];
    const [size] = (
      await shop.app.inject(`/api/product/${product._id}/sizes?color=${encodeURIComponent(color)}`)
    ).json().data;
    const addToCart = () =>
      shop.app.inject({
        method: 'POST',
        url: '/api/cart',
        headers: shopper.auth,
        payload: { product: product._id, color, size: size.size, quantity: 1 },
      });
    const timed = async (url: string) => {
      const started = Date.now();
      const res = await shop.app.inject(url);
      return { status: res.statusCode, ms: Date.now() - started, at: Date.now() };
    };

    // The event loop's longest stall while the lock is held: a blocked loop stalls every request.
    let longestStall = 0;
    let last = Date.now();
    const ticker = setInterval(() => {
      longestStall = Math.max(longestStall, Date.now() - last - 10);
      last = Date.now();
    }, 10);

    const { released } = await holdWriteLock((shop.config as Extract<DatabaseConfig, { dialect: 'sqlite' }>).file);
    try {
      const writeStarted = Date.now();
      const write = addToCart().then((res) => ({ res, at: Date.now() }));
      const reads: { status: number; ms: number; at: number; readiness?: boolean }[] = [];
      // Reads while the write waits for the lock: before it, during it, and as it gives up.
      for (let i = 0; i < 30; i++) {
        reads.push(await timed('/api/health/live'));
        // Readiness tries a write: it meets the lock, and says ready (a writer is at work) soon.
        if (i < 6) reads.push({ ...(await timed('/api/health/ready')), readiness: true });
        reads.push(await timed(`/api/product?limit=6&page=${1 + (i % 5)}`));
        reads.push(await timed(`/api/product/${product._id}`));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const waited = await write;
      const releasedAt = await released;

      // Bounds far above a read's few milliseconds (the machine runs other suites at once) and
      // far below the lock's 5 s, which a blocked event loop would have waited out.
      for (const read of reads) {
        expect(read.status).toBe(200);
        expect(read.ms).toBeLessThan(1000);
      }
      expect(reads.filter((r) => r.at < releasedAt).length).toBeGreaterThan(60);
      expect(reads.filter((r) => r.readiness && r.at < releasedAt)).toHaveLength(6);
      expect(longestStall).toBeLessThan(1000);
      expect(waited.res.statusCode, waited.res.body).toBe(503);
      expect(waited.res.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
      expect(waited.at - writeStarted).toBeGreaterThanOrEqual(2500);
      expect(waited.at).toBeLessThan(releasedAt);
    } finally {
      clearInterval(ticker);
    }

    const after = await addToCart();
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().data.itemCount).toBe(1);
  }, 30_000);
});

describe('another process holding the SQLite write lock and never letting go', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop('sqlite');
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('is busy for a while, then stuck: readiness says so until the lock is gone', async () => {
    const file = (shop.config as Extract<DatabaseConfig, { dialect: 'sqlite' }>).file;
    const { child, released } = await holdWriteLock(file, 60_000);
    try {
      const start = Date.now();
      const at = (ms: number) => new Date(start + ms);
      // Busy at first (a writer at work), stuck once probes have met the lock for longer.
      expect(await databaseReadiness(shop.handle, at(0), 10_000)).toBeNull();
      expect(await databaseReadiness(shop.handle, at(5_000), 10_000)).toBeNull();
      await databaseReadiness(shop.handle, at(20_000), 10_000);
      expect(await databaseReadiness(shop.handle, at(40_000), 10_000)).toMatchObject({ code: 'DATABASE_LOCKED' });
    } finally {
      child.kill();
    }
    void released;
    // The lock is gone with its process: a write succeeds, and the shop is ready again.
    let ready: unknown = 'locked';
    for (let attempt = 0; attempt < 20 && ready !== null; attempt++) {
      ready = await databaseReadiness(shop.handle, new Date(), 10_000);
      if (ready !== null) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(ready).toBeNull();
  }, 30_000);
});
