import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/connect.ts';
import { prepareDatabase } from './startup.ts';
import { markEmailVerified } from './test/accounts.ts';
import { freshSize, stockOf, type SizeRef } from './test/stock.ts';
import { createTestDatabase, relaxedShopSettings, testDialects } from './test/databases.ts';
import { builtServer, call, databaseEnvFor, startServerProcess, type ServerProcess } from './test/processes.ts';

const address = {
  addressLine1: '5, Park Street',
  city: 'Kolkata',
  state: 'West Bengal',
  pinCode: '700016',
  phone: '9830012345',
};

/** Where a server process finds the test's database, and a handle on it for the checks. */
async function databaseFor(
  dialect: 'sqlite' | 'postgres',
): Promise<{ env: Record<string, string>; handle: DatabaseHandle; drop: () => Promise<unknown> }> {
  if (dialect === 'sqlite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-crash-'));
    const config: DatabaseConfig = { dialect: 'sqlite', file: path.join(dataDir, 'shop.db') };
    const handle = openDatabase(config);
    await prepareDatabase(handle, { database: config, seed: true });
    // Six shoppers place order after order: no cash-on-delivery limits here.
    await relaxedShopSettings(handle.db);
    return {
      env: { DATA_DIR: dataDir },
      handle,
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const test = await createTestDatabase('postgres');
  await prepareDatabase(test.handle, { database: test.config, seed: true });
  await relaxedShopSettings(test.handle.db);
  return { env: databaseEnvFor(test.config), handle: test.handle, drop: () => test.drop() };
}

describe.each(testDialects)('a server killed (SIGKILL) in the middle of taking orders, on %s', (dialect) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('restarts onto a consistent database holding every acknowledged order', async () => {
    expect(fs.existsSync(builtServer), 'run `npm run build` first: this test starts the built server').toBe(true);
    const db = await databaseFor(dialect);
    cleanups.push(db.drop);
    if (dialect === 'sqlite') cleanups.push(() => db.handle.close());
    const port = dialect === 'sqlite' ? 3371 : 3372;
    const env: Record<string, string> = {
      ...db.env,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      SEED: 'false',
      AUTH_MAX_ATTEMPTS: '10000',
      CATALOG_CACHE_MS: '0',
    };

    const initialStock = 5000;
    const variant = await freshSize(db.handle.db, initialStock);
    const product = { id: variant.productId };
    const { color, size } = variant;

    let server: ServerProcess = await startServerProcess(port, env);
    const tokens: string[] = [];
    for (let i = 0; i < 6; i++) {
      const email = `crash.${dialect}.${Date.now()}.${i}@example.com`;
      const password = 'Monsoon-Kurta-2026!';
      const signup = await call(server.url, 'POST', '/api/auth/signup', {
        firstName: 'K',
        lastName: 'S',
        email,
        phone: '9830012345',
        password,
      });
      // Only a verified email orders.
      await markEmailVerified(db.handle.db, signup.body.data._id);
      tokens.push((await call(server.url, 'POST', '/api/auth/login', { email, password })).body.data.accessToken);
    }

    // A stream of orders from six shoppers at once; the process dies in the middle of it.
    const acknowledged: { id: string; quantity: number }[] = [];
    let alive = true;
    const shopperLoop = async (token: string, i: number) => {
      const auth = { authorization: `Bearer ${token}` };
      while (alive) {
        const quantity = 1 + (i % 3);
        try {
          await call(server.url, 'POST', '/api/cart', { product: product.id, color, size, quantity }, auth);
          const placed = await call(
            server.url,
            'POST',
            '/api/order',
            { shippingAddress: address, paymentMethod: 'cod' },
            auth,
          );
          if (placed.status === 201)
            acknowledged.push({ id: placed.body.data.orderId, quantity: placed.body.data.itemCount });
        } catch {
          return; // the connection died with the process
        }
      }
    };
    const loops = tokens.map((token, i) => shopperLoop(token, i));
    while (acknowledged.length < 25) await new Promise((resolve) => setTimeout(resolve, 20));
    server.child.kill('SIGKILL');
    alive = false;
    await server.exited;
    await Promise.all(loops);

    server = await startServerProcess(port, env);
    cleanups.push(async () => {
      server.child.kill('SIGTERM');
      await server.exited;
    });
    await checkConsistency(db.handle, variant, initialStock, acknowledged);

    // And the shop goes on taking orders.
    const auth = { authorization: `Bearer ${tokens[0]}` };
    await call(server.url, 'POST', '/api/cart', { product: product.id, color, size, quantity: 1 }, auth);
    expect(
      (await call(server.url, 'POST', '/api/order', { shippingAddress: address, paymentMethod: 'cod' }, auth)).status,
    ).toBe(201);
  }, 90_000);
});

async function checkConsistency(
  handle: DatabaseHandle,
  variant: SizeRef,
  initialStock: number,
  acknowledged: { id: string; quantity: number }[],
) {
  const { db } = handle;
  // Every acknowledged order is there, with its lines.
  const orders = await db.selectFrom('orders').select(['id', 'subtotal', 'status']).execute();
  const lines = await db.selectFrom('order_items').select(['order_id', 'quantity', 'price', 'size']).execute();
  const ids = new Set(orders.map((o) => o.id));
  for (const order of acknowledged) expect(ids.has(order.id), `acknowledged order ${order.id}`).toBe(true);
  for (const order of acknowledged) {
    expect(lines.filter((l) => l.order_id === order.id).reduce((n, l) => n + l.quantity, 0)).toBe(order.quantity);
  }

  // No half-written order: each has lines, and its subtotal is what its lines add up to.
  for (const order of orders) {
    const own = lines.filter((l) => l.order_id === order.id);
    expect(own.length, `lines of ${order.id}`).toBeGreaterThan(0);
    expect(own.reduce((n, l) => n + l.price * l.quantity, 0)).toBe(order.subtotal);
  }
  const events = await db
    .selectFrom('orders as o')
    .leftJoin('order_events as e', 'e.order_id', 'o.id')
    .select((eb) => ['o.id', eb.fn.count('e.id').as('events')])
    .groupBy('o.id')
    .execute();
  for (const row of events) expect(Number(row.events)).toBeGreaterThan(0);

  // Stock = initial − ordered + cancelled.
  const live = new Set(orders.filter((o) => o.status !== 'cancelled').map((o) => o.id));
  const ordered = lines
    .filter((l) => l.size === variant.size && live.has(l.order_id))
    .reduce((n, l) => n + l.quantity, 0);
  expect(await stockOf(db, variant)).toBe(initialStock - ordered);
  if (handle.dialect === 'sqlite') {
    const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
    expect(rows[0]?.integrity_check).toBe('ok');
  }
}
