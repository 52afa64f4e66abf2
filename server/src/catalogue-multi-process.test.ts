import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { ProductSummary } from '@shop/core';
import { createOrPromoteAdmin } from './modules/auth/auth.service.ts';
import { orderAddress } from './test/addresses.ts';
import { declared } from './test/catalogue.ts';
import { testDialects } from './test/databases.ts';
import { call, processesOnPostgres, processShopper, type ServerProcess } from './test/processes.ts';

/** How long another process may take to show a change: notifications arrive within milliseconds. */
const MOMENTS = { timeout: 3000, interval: 20 };

/**
 * Two server processes on one PostgreSQL database, each answering lists from its own memory:
 * what one process's shoppers and staff change, the other hears of by LISTEN/NOTIFY.
 */
describe.runIf(testDialects.includes('postgres'))('the catalogue on two server processes', () => {
  let shop: Awaited<ReturnType<typeof processesOnPostgres>>;
  let staffAuth: Record<string, string>;
  const [a, b] = [() => shop.servers[0]!, () => shop.servers[1]!];
  const db = () => shop.database.handle.db;

  /** The backends listening for `server`'s catalogue. */
  async function listenersOf(server: ServerProcess): Promise<number[]> {
    const { rows } = await sql<{ pid: number }>`
      select pid from pg_stat_activity where application_name = ${`shop catalogue ${server.child.pid}`}`.execute(db());
    return rows.map((r) => r.pid);
  }

  beforeAll(async () => {
    shop = await processesOnPostgres([3740, 3741], { CATALOG_CACHE_MS: '0' });
    const staff = await processShopper(a(), shop.database.handle.db);
    await createOrPromoteAdmin(db(), { email: staff.email, password: staff.password, allowUnverified: true });
    const login = await call(a().url, 'POST', '/api/auth/login', { email: staff.email, password: staff.password });
    staffAuth = { authorization: `Bearer ${login.body.data.accessToken}` };
    // Each process listens once it has started (expect.poll belongs to tests, not to set-up).
    for (const server of shop.servers) {
      for (let tries = 0; (await listenersOf(server)).length === 0; tries++) {
        if (tries > 100) throw new Error(`${server.url} does not listen for catalogue changes`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
  });

  async function card(server: ServerProcess, word: string): Promise<ProductSummary | undefined> {
    const res = await call(server.url, 'GET', `/api/product?q=${word}`);
    expect(res.status).toBe(200);
    return res.body.data.products[0];
  }

  let words = 0;
  /** A product of the test's own, made by staff on process A, once process B shows it too. */
  async function newProduct(stock: number): Promise<{ id: string; word: string }> {
    const word = `Quillon${'abcdefghij'[words++ % 10]}${Date.now().toString(36)}`;
    const res = await call(
      a().url,
      'POST',
      '/api/product/create',
      {
        name: `${word} Nehru Jacket`,
        ...declared,
        categoryId: 'mens-shirts',
        price: 2499,
        sizes: [{ size: 'L', stock }],
      },
      staffAuth,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await expect.poll(async () => (await card(b(), word))?.soldOut, MOMENTS).toBe(stock === 0);
    return { id: res.body.data._id, word };
  }

  async function buyLastPiece(id: string) {
    const shopper = await processShopper(a(), shop.database.handle.db);
    expect((await shopper.call('POST', '/api/cart', { product: id, size: 'L', quantity: 1 })).status).toBe(200);
    const placed = await shopper.call('POST', '/api/order', { shippingAddress: orderAddress, paymentMethod: 'cod' });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  }

  it('shows a product whose last piece is ordered as sold out at once on its process, within moments on the other', async () => {
    const { id, word } = await newProduct(1);
    await buyLastPiece(id);
    expect((await card(a(), word))?.soldOut).toBe(true);
    await expect.poll(async () => (await card(b(), word))?.soldOut, MOMENTS).toBe(true);
  });

  it('drops a colour whose last piece is ordered on one process from the other’s card and counts within a second', async () => {
    const word = `Quillon${'abcdefghij'[words++ % 10]}${Date.now().toString(36)}`;
    const created = await call(
      a().url,
      'POST',
      '/api/product/create',
      {
        name: `${word} Nehru Jacket`,
        ...declared,
        categoryId: 'mens-shirts',
        price: 2499,
        colors: ['navy', 'white'],
        sizes: [{ size: 'L', stock: 1 }],
      },
      staffAuth,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data._id as string;
    await db()
      .updateTable('product_variants')
      .set({ stock: 4 })
      .where('product_id', '=', id)
      .where('color', '=', 'white')
      .execute();
    await expect.poll(async () => (await card(b(), word))?.colors, MOMENTS).toEqual(['navy', 'white']);

    const shopper = await processShopper(a(), shop.database.handle.db);
    const added = await shopper.call('POST', '/api/cart', { product: id, color: 'navy', size: 'L', quantity: 1 });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const placed = await shopper.call('POST', '/api/order', { shippingAddress: orderAddress, paymentMethod: 'cod' });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect((await card(a(), word))?.colors).toEqual(['white']);
    await expect.poll(async () => (await card(b(), word))?.colors, { timeout: 1000, interval: 20 }).toEqual(['white']);
    const facets = (await call(b().url, 'GET', `/api/product?q=${word}`)).body.data.facets;
    expect(facets.colors).toEqual([{ value: 'white', count: 1 }]);
  });

  it('shows a staff edit made on one process on the other within moments', async () => {
    const { id, word } = await newProduct(2);
    const res = await call(
      a().url,
      'PATCH',
      `/api/product/update/${id}`,
      { name: `${word} Bandhgala Jacket`, sizes: [{ size: 'L', stock: 0 }] },
      staffAuth,
    );
    expect(res.status).toBe(200);
    await expect
      .poll(async () => card(b(), word), MOMENTS)
      .toMatchObject({ name: `${word} Bandhgala Jacket`, soldOut: true });
  });

  it('keeps a process’s lists right when its listening connection is killed, and it listens again by itself', async () => {
    const { id, word } = await newProduct(1);
    const [killed] = await listenersOf(b());
    await sql`select pg_terminate_backend(${killed})`.execute(db());

    // Nobody tells process B of this sale: it asks the database until it listens again.
    await buyLastPiece(id);
    await expect.poll(async () => (await card(b(), word))?.soldOut, MOMENTS).toBe(true);

    await expect.poll(() => listenersOf(b()), { timeout: 15_000 }).toEqual([expect.any(Number)]);
    expect(await listenersOf(b())).not.toContain(killed);
    const restock = await call(
      a().url,
      'PATCH',
      `/api/product/update/${id}`,
      { sizes: [{ size: 'L', stock: 3 }] },
      staffAuth,
    );
    expect(restock.status).toBe(200);
    await expect.poll(async () => (await card(b(), word))?.soldOut, MOMENTS).toBe(false);
  });
});
