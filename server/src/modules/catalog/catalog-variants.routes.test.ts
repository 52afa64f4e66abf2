import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ProductPage } from '@shop/core';
import { buildApp } from '../../app.ts';
import { openDatabase, type DatabaseHandle } from '../../db/connect.ts';
import { signedInAdmin } from '../../test/accounts.ts';
import { declared } from '../../test/catalogue.ts';
import { createTestShop, testDialects, unboundedHoldingLimits, type TestShop } from '../../test/databases.ts';
import { apiShopper } from '../../test/shoppers.ts';

let wordCount = 0;
/** A made-up word only one test's product is named with, so a search finds it alone. */
const uniqueWord = () => `Vexlor${'abcdefghij'[wordCount++ % 10]}${Date.now().toString(36)}`;

/** Within a second, as the issue asks of another process: PostgreSQL's notifications, SQLite's stock log. */
const WITHIN_A_SECOND = { timeout: 1000, interval: 20 };

describe.each(testDialects)('colours and sizes in stock, in lists and filters, on %s', (dialect) => {
  let shop: TestShop;
  let staff: { authorization: string };
  /** A second server on the same database, with its own catalogue index, as another process. */
  let other: { app: FastifyInstance; handle: DatabaseHandle };
  beforeAll(async () => {
    shop = await createTestShop(dialect);
    staff = (await signedInAdmin(shop)).auth;
    const handle = openDatabase(shop.config);
    const app = await buildApp({ catalogCacheMs: 0, holdingLimits: unboundedHoldingLimits, database: handle });
    await app.ready();
    other = { app, handle };
  });
  afterAll(async () => {
    await other?.app.close();
    await other?.handle.close();
    await shop?.close();
  });

  async function list(query: string, app: FastifyInstance = shop.app): Promise<ProductPage> {
    const res = await app.inject({ method: 'GET', url: `/api/product?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }

  /**
   * A product of the test's own in navy and white, sizes M and L, with `stock` pieces of each
   * variant ("navy/M": 1): staff create it (navy's stock), then white's stock is set in the database.
   */
  async function newProduct(stock: Record<string, number>): Promise<{ id: string; word: string }> {
    const word = uniqueWord();
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/product/create',
      headers: staff,
      payload: {
        name: `${word} Poplin Kurta`,
        ...declared,
        categoryId: 'mens-shirts',
        price: 1299,
        colors: ['navy', 'white'],
        sizes: ['M', 'L'].map((size) => ({ size, stock: stock[`navy/${size}`] ?? 0 })),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data._id as string;
    for (const size of ['M', 'L']) {
      await shop.handle.db
        .updateTable('product_variants')
        .set({ stock: stock[`white/${size}`] ?? 0 })
        .where('product_id', '=', id)
        .where('color', '=', 'white')
        .where('size', '=', size)
        .execute();
    }
    return { id, word };
  }

  it('counts each colour and size in stock under the other filters, and filters by them', async () => {
    const { word } = await newProduct({ 'navy/M': 1, 'white/L': 2 });
    const all = await list(`q=${word}`);
    expect(all.products.map((p) => p.colors)).toEqual([['navy', 'white']]);
    expect(all.facets?.colors).toEqual([
      { value: 'navy', count: 1 },
      { value: 'white', count: 1 },
    ]);
    expect(all.facets?.sizes).toEqual([
      { value: 'M', count: 1 },
      { value: 'L', count: 1 },
    ]);

    // Size M: only navy has it in stock; the sizes' own counts stay those of the other filters.
    const medium = await list(`q=${word}&size=m`);
    expect(medium.total).toBe(1);
    expect(medium.facets?.colors).toEqual([{ value: 'navy', count: 1 }]);
    expect(medium.facets?.sizes).toEqual(all.facets?.sizes);

    // White: only L is in stock in it.
    const white = await list(`q=${word}&color=white`);
    expect(white.total).toBe(1);
    expect(white.facets?.sizes).toEqual([{ value: 'L', count: 1 }]);
    expect(white.facets?.colors).toEqual(all.facets?.colors);

    // White in M is a variant with no stock; navy in M has one piece.
    expect((await list(`q=${word}&color=white&size=M`)).total).toBe(0);
    expect((await list(`q=${word}&color=navy&size=M`)).total).toBe(1);
    expect((await list(`q=${word}&size=XL`)).total).toBe(0);
  });

  it('leaves out sold-out products with inStock=true, and counts sizes of the whole list', async () => {
    const soldOut = await newProduct({});
    expect((await list(`q=${soldOut.word}`)).products).toMatchObject([{ soldOut: true, colors: [] }]);
    expect((await list(`q=${soldOut.word}&inStock=true`)).total).toBe(0);
    expect((await list(`q=${soldOut.word}&inStock=false`)).total).toBe(1);
    expect((await list(`q=${soldOut.word}`)).facets).toMatchObject({ colors: [], sizes: [] });

    const everything = await list('limit=1');
    const inStock = await list('limit=1&inStock=true');
    expect(inStock.total).toBeLessThan(everything.total);
    expect(inStock.total).toBeGreaterThan(0);
    // Each size's count is of products with that size in stock: never more than those in stock.
    for (const { count } of everything.facets!.sizes) expect(count).toBeLessThanOrEqual(inStock.total);
    expect(everything.facets!.sizes.map((s) => s.value)).toEqual(expect.arrayContaining(['S', 'M', 'L', '32']));
    const sizes = everything.facets!.sizes.map((s) => s.value);
    expect(sizes.indexOf('S')).toBeLessThan(sizes.indexOf('XL'));
  });

  it.each([['inStock=maybe'], ['inStock=1']])('refuses %s with 400', async (query) => {
    const res = await shop.app.inject({ method: 'GET', url: `/api/product?${query}` });
    expect(res.statusCode).toBe(400);
  });

  it('drops a colour from its card and the counts once its last piece sells, on this process at once and on another within a second', async () => {
    const { id, word } = await newProduct({ 'navy/M': 1, 'white/L': 2 });
    await expect
      .poll(async () => (await list(`q=${word}`, other.app)).products[0]?.colors, WITHIN_A_SECOND)
      .toEqual(['navy', 'white']);
    expect((await list(`q=${word}`)).products[0]?.colors).toEqual(['navy', 'white']);

    const shopper = await apiShopper(shop.app);
    const added = await shopper.call('POST', '/api/cart', { product: id, color: 'navy', size: 'M', quantity: 1 });
    expect(added.statusCode, added.body).toBe(200);
    const placed = await shopper.order('cod');
    expect(placed.statusCode, placed.body).toBe(201);

    shop.queries.length = 0;
    const after = await list(`q=${word}`);
    expect(after.products[0]).toMatchObject({ colors: ['white'], soldOut: false });
    expect(after.facets?.colors).toEqual([{ value: 'white', count: 1 }]);
    expect(after.facets?.sizes).toEqual([{ value: 'L', count: 1 }]);
    expect((await list(`q=${word}&color=navy`)).total).toBe(0);
    // Only that product's stock was read again: not the whole catalogue.
    expect(shop.queries.filter((q) => /string_agg/.test(q))).toEqual([]);

    await expect
      .poll(async () => (await list(`q=${word}`, other.app)).products[0]?.colors, WITHIN_A_SECOND)
      .toEqual(['white']);
    expect((await list(`q=${word}`, other.app)).facets?.colors).toEqual([{ value: 'white', count: 1 }]);

    // Its last white piece sold elsewhere (a statement of another process): sold out on both.
    await other.handle.db.updateTable('product_variants').set({ stock: 0 }).where('product_id', '=', id).execute();
    for (const app of [shop.app, other.app]) {
      await expect
        .poll(async () => (await list(`q=${word}`, app)).products[0], WITHIN_A_SECOND)
        .toMatchObject({ colors: [], soldOut: true });
    }
  });
});
