import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrPromoteAdmin } from './modules/auth/auth.service.ts';
import { orderAddress } from './test/addresses.ts';
import { declared } from './test/catalogue.ts';
import { testDialects } from './test/databases.ts';
import { call, processesOn, processShopper, type ServerProcess } from './test/processes.ts';

const ports = { sqlite: [3790, 3791], postgres: [3792, 3793] } as const;

/**
 * Two built server processes on one database, each with its own catalogue index and caches and
 * its own round of ending sales: a sale whose end comes ends once, and both processes list,
 * show and charge the original price from then on.
 */
describe.each(testDialects)('a sale end on two server processes, on %s', (dialect) => {
  let shop: Awaited<ReturnType<typeof processesOn>>;
  let staffAuth: Record<string, string>;
  const [a, b] = [() => shop.servers[0]!, () => shop.servers[1]!];

  beforeAll(async () => {
    shop = await processesOn(dialect, [...ports[dialect]]);
    const staff = await processShopper(a(), shop.database.handle.db);
    await createOrPromoteAdmin(shop.database.handle.db, {
      email: staff.email,
      password: staff.password,
      allowUnverified: true,
    });
    const login = await call(a().url, 'POST', '/api/auth/login', { email: staff.email, password: staff.password });
    staffAuth = { authorization: `Bearer ${login.body.data.accessToken}` };
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
  });

  const listedPrice = async (server: ServerProcess, tag: string) => {
    const res = await call(server.url, 'GET', `/api/product?tag=${tag}`);
    expect(res.status).toBe(200);
    return res.body.data.products[0]?.price as number | undefined;
  };

  it('lists, shows and charges the original price on both once the end has come', async () => {
    const tag = `ending${Date.now().toString(36)}`;
    const created = await call(
      a().url,
      'POST',
      '/api/product/create',
      {
        name: `Ending Sale Shirt ${tag}`,
        ...declared,
        categoryId: 'mens-shirts',
        price: 799,
        originalPrice: 999,
        saleEndsAt: new Date(Date.now() + 3_600_000).toISOString(),
        tags: [tag],
        sizes: [{ size: 'M', stock: 10 }],
      },
      staffAuth,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id: string = created.body.data._id;
    const shopper = await processShopper(a(), shop.database.handle.db);
    expect((await shopper.call('POST', '/api/cart', { product: id, size: 'M', quantity: 1 })).status).toBe(200);
    // Both processes hold the sale price in their lists (and caches) first.
    await expect.poll(() => listedPrice(b(), tag), { timeout: 5000 }).toBe(799);
    expect(await listedPrice(a(), tag)).toBe(799);
    // Then staff bring the end to a second and a half from now.
    const soon = await call(
      a().url,
      'PATCH',
      `/api/product/update/${id}`,
      { saleEndsAt: new Date(Date.now() + 1500).toISOString() },
      staffAuth,
    );
    expect(soon.status, JSON.stringify(soon.body)).toBe(200);

    for (const server of [a(), b()]) {
      await expect.poll(() => listedPrice(server, tag), { timeout: 20_000, interval: 250 }).toBe(999);
    }
    for (const server of [a(), b()]) {
      const page = await call(server.url, 'GET', `/api/product/${id}`);
      expect(page.body.data).toMatchObject({ price: 999, originalPrice: null, saleEndsAt: null });
    }
    const placed = await shopper.call(
      'POST',
      '/api/order',
      { shippingAddress: orderAddress, paymentMethod: 'cod' },
      b(),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.data.items[0].price).toBe(999);

    const history = await shop.database.handle.db
      .selectFrom('audit_events')
      .select('summary')
      .where('entity_id', '=', id)
      .where('action', '=', 'product.sale-ended')
      .execute();
    expect(history).toEqual([{ summary: 'Sale ended: price ₹799.00 → ₹999.00' }]);
  }, 60_000);
});
