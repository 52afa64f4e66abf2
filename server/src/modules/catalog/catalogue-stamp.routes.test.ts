import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../test/databases.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * SQLite's lists in the response cache live on while the catalogue's stamp stays the same; a
 * change of stock made by any connection moves the stamp, and a list older than the cache's
 * time to live is then worked out again at once.
 */
describe('cached lists and the catalogue stamp on sqlite', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop('sqlite', { catalogCacheMs: 1000 });
    await shop.app.ready();
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('shows a product sold out within moments of the sale, however long its list was kept', async () => {
    const first = (await shop.app.inject({ url: '/api/product?limit=1&sort=name' })).json().data.products[0];
    const url = `/api/product?sort=name&q=${encodeURIComponent(first.name)}`;
    const soldOut = async () => {
      const res = await shop.app.inject({ url });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.products as { _id: string; soldOut: boolean }[]).find((p) => p._id === first._id)
        ?.soldOut;
    };
    expect(await soldOut()).toBe(false);
    await pause(1500);
    expect(await soldOut()).toBe(false);

    for (let round = 0; round < 3; round++) {
      const stock = round % 2 === 0 ? 0 : 5;
      await shop.handle.db.updateTable('product_variants').set({ stock }).where('product_id', '=', first._id).execute();
      await expect.poll(soldOut, { timeout: 600, interval: 50 }).toBe(stock === 0);
      await pause(1200);
      expect(await soldOut(), `round ${round}`).toBe(stock === 0);
    }
  });
});
