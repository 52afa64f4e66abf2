import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { ProductSummary } from '@shop/core';
import { signedInAdmin } from '../../test/accounts.ts';
import { declared } from '../../test/catalogue.ts';
import { createTestShop, runOnPostgres, testDialects, type TestShop } from '../../test/databases.ts';
import { apiShopper } from '../../test/shoppers.ts';

let wordCount = 0;
/** A made-up word only one test's product is named with, so a search finds it alone. */
const uniqueWord = () => `Zorvak${'abcdefghij'[wordCount++ % 10]}${Date.now().toString(36)}`;

describe.each(testDialects)('lists follow stock and staff changes on %s', (dialect) => {
  let shop: TestShop;
  let staff: { authorization: string };
  /** When this suite's shop was made: a listening connection older than that is another suite's. */
  let shopMadeAt: Date;
  beforeAll(async () => {
    shopMadeAt = new Date();
    shop = await createTestShop(dialect);
    staff = (await signedInAdmin(shop)).auth;
  });
  afterAll(async () => {
    await shop?.close();
  });

  async function card(word: string): Promise<ProductSummary> {
    const res = await shop.app.inject({ method: 'GET', url: `/api/product?q=${word}` });
    expect(res.statusCode, res.body).toBe(200);
    const { products } = res.json().data as { products: ProductSummary[] };
    expect(products).toHaveLength(1);
    return products[0]!;
  }

  /** The statements one list costs now. */
  async function statementsOfAList() {
    await card(anyWord);
    shop.queries.length = 0;
    await card(anyWord);
    return shop.queries.length;
  }
  let anyWord = '';

  /** SQLite asks one statement per list; PostgreSQL none, once it listens for changes. */
  const untilAnsweredFromMemory = () =>
    expect.poll(statementsOfAList, { timeout: 10_000 }).toBe(dialect === 'postgres' ? 0 : 1);

  /** A product of the test's own, on sale, with one size holding `stock` pieces. */
  async function newProduct(stock: number): Promise<{ id: string; word: string }> {
    const word = uniqueWord();
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/product/create',
      headers: staff,
      payload: {
        name: `${word} Linen Waistcoat`,
        ...declared,
        categoryId: 'mens-shirts',
        price: 1499,
        sizes: [{ size: 'M', stock }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().data._id, word };
  }

  beforeAll(async () => {
    anyWord = (await newProduct(5)).word;
  });

  it('shows a product whose last piece is ordered as sold out at once, and in stock again when the order is cancelled', async () => {
    const { id, word } = await newProduct(1);
    await untilAnsweredFromMemory();
    expect((await card(word)).soldOut).toBe(false);

    const shopper = await apiShopper(shop.app);
    expect((await shopper.add({ productId: id, color: '', size: 'M' })).statusCode).toBe(200);
    shop.queries.length = 0;
    const placed = await shopper.order('cod');
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await card(word)).soldOut).toBe(true);
    // The order changed stock only: the catalogue is not read again whole (that read aggregates each product's lists).
    expect(shop.queries.filter((q) => /string_agg/.test(q))).toEqual([]);

    const cancelled = await shopper.call('POST', `/api/order/${placed.json().data._id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await card(word)).soldOut).toBe(false);
    await untilAnsweredFromMemory();
  });

  it('shows any sale this process commits at once, however soon the next list comes', async () => {
    const { id, word } = await newProduct(1);
    await untilAnsweredFromMemory();
    for (const stock of [0, 2, 0, 3, 0, 1, 0, 4, 0, 2]) {
      await shop.handle.db.updateTable('product_variants').set({ stock }).where('product_id', '=', id).execute();
      expect((await card(word)).soldOut, `stock ${stock}`).toBe(stock === 0);
    }
  });

  it('shows a staff change of stock and name at once', async () => {
    const { id, word } = await newProduct(3);
    await untilAnsweredFromMemory();
    const res = await shop.app.inject({
      method: 'PATCH',
      url: `/api/product/update/${id}`,
      headers: staff,
      payload: { name: `${word} Wool Waistcoat`, sizes: [{ size: 'M', stock: 0 }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await card(word)).toMatchObject({ name: `${word} Wool Waistcoat`, soldOut: true });
  });

  describe.runIf(dialect === 'postgres')('changes another process commits (PostgreSQL)', () => {
    /** A statement on a connection of its own, as another process of the shop would make. */
    const elsewhere = (statement: string) =>
      runOnPostgres(`set search_path = ${shop.config.dialect === 'postgres' && shop.config.schema}; ${statement}`);
    const setStock = (id: string, stock: number) =>
      elsewhere(`update product_variants set stock = ${stock} where product_id = '${id}'`);

    /** The backends listening for this suite's catalogue (suites before it ran in this process too). */
    async function listeners(): Promise<number[]> {
      const { rows } = await sql<{ pid: number }>`
        select pid from pg_stat_activity
        where application_name = ${`shop catalogue ${process.pid}`} and backend_start >= ${shopMadeAt}`.execute(
        shop.handle.db,
      );
      return rows.map((r) => r.pid);
    }

    it('shows another process’s sale of the last piece within moments, lists still asking nothing', async () => {
      const { id, word } = await newProduct(2);
      await untilAnsweredFromMemory();
      await setStock(id, 0);
      await expect.poll(async () => (await card(word)).soldOut, { timeout: 2000, interval: 10 }).toBe(true);
      await setStock(id, 4);
      await expect.poll(async () => (await card(word)).soldOut, { timeout: 2000, interval: 10 }).toBe(false);
      expect(await statementsOfAList()).toBe(0);
    });

    it('shows another process’s rename within moments (the index is read again)', async () => {
      const { word } = await newProduct(2);
      await untilAnsweredFromMemory();
      await elsewhere(`update products set name = '${word} Cord Waistcoat' where name like '${word}%'`);
      await expect
        .poll(async () => (await card(word)).name, { timeout: 2000, interval: 10 })
        .toBe(`${word} Cord Waistcoat`);
    });

    it('asks the database while its listening connection is down, and listens again by itself', async () => {
      const { id, word } = await newProduct(2);
      await untilAnsweredFromMemory();
      const [killed, ...others] = await listeners();
      expect(others).toEqual([]);
      await elsewhere(`select pg_terminate_backend(${killed})`);

      // Lost: each list asks the database, so a change nobody is told of still shows at once.
      await expect.poll(statementsOfAList).toBe(1);
      await setStock(id, 0);
      expect((await card(word)).soldOut).toBe(true);

      // Back: a connection of its own again, and what changed meanwhile was read.
      await expect.poll(listeners, { timeout: 10_000 }).toEqual([expect.any(Number)]);
      expect(await listeners()).not.toContain(killed);
      await untilAnsweredFromMemory();
      expect((await card(word)).soldOut).toBe(true);
      await setStock(id, 1);
      await expect.poll(async () => (await card(word)).soldOut, { timeout: 2000, interval: 10 }).toBe(false);
    });
  });
});
