import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultStoreSettings, searchWords, type ProductPage, type ProductSuggestions } from '@shop/core';
import { seedProducts } from '../../db/seed/catalog-data.ts';
import { signedInAdmin } from '../../test/accounts.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';

async function listOn(shop: TestShop, query: string): Promise<ProductPage> {
  const res = await shop.app.inject({ method: 'GET', url: `/api/product?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe.each(testDialects)('catalogue search and facets on %s', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
  });
  afterAll(async () => {
    await shop?.close();
  });
  const list = (query: string) => listOn(shop, query);
  const names = async (query: string) => (await list(`${query}&limit=100`)).products.map((p) => p.name);

  describe('search', () => {
    it.each(['oxfrod shirt', 'Oxfrod', 'shrit oxford', 'OXFORD'])('finds the Oxford shirt for %j', async (q) => {
      const found = await names(`q=${encodeURIComponent(q)}`);
      expect(found[0]).toBe('Oxford Button-Down Shirt');
    });

    it('matches words by their start: "oxf" finds the Oxford shirt, "chin" the chinos and chino shorts', async () => {
      expect(await names('q=oxf')).toEqual(['Oxford Button-Down Shirt']);
      expect((await names('q=chin')).sort()).toEqual(['Chino Bermuda Shorts', 'Slim Fit Stretch Chinos']);
    });

    it('does not let a known word stand for its near misses ("shirt" never finds shorts by a typo)', async () => {
      const found = await names('q=shirt');
      expect(found.length).toBeGreaterThan(0);
      for (const name of found) expect(name.toLowerCase()).not.toMatch(/\bshorts\b/);
    });

    it('ranks products named with the word first, in name order, then those matching by category or tag', async () => {
      const found = await names('q=shirt');
      const named = seedProducts
        .filter((p) => searchWords(p.name).includes('shirt'))
        .map((p) => p.name)
        .sort();
      expect(named.length).toBeGreaterThan(2);
      expect(found.slice(0, named.length)).toEqual(named);
      const rest = found.slice(named.length);
      expect(rest.length).toBeGreaterThan(0);
      for (const name of rest) expect(searchWords(name)).not.toContain('shirt');
    });

    it('finds by colour and tag words too, every word required', async () => {
      const found = await names('q=navy%20polo');
      const expected = seedProducts
        .filter((p) => p.colors.includes('navy') && [p.name, ...p.tags].some((t) => /polo/i.test(t)))
        .map((p) => p.name);
      expect(expected.length).toBeGreaterThan(0);
      expect(found.sort()).toEqual(expected.sort());
    });

    it('answers an empty page with total 0 for a search that matches nothing', async () => {
      const page = await list('q=zzyzx%20qwv');
      expect(page).toMatchObject({ products: [], total: 0 });
    });

    it('orders a search by price when asked', async () => {
      const found = (await list('q=shirt&sort=-price&limit=100')).products.map((p) => p.price);
      expect(found.length).toBeGreaterThan(2);
      expect(found).toEqual([...found].sort((a, b) => b - a));
    });

    it('uses the same search at /product/search', async () => {
      const res = await shop.app.inject({ method: 'GET', url: '/api/product/search?q=oxfrod&limit=5' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.products.map((p: { name: string }) => p.name)).toEqual(['Oxford Button-Down Shirt']);
    });
  });

  describe('facets', () => {
    const states = [
      '',
      'q=cotton',
      'color=white',
      'tag=Shirt&minPrice=0&maxPrice=150',
      'category=mens-clothing&color=navy',
      'q=tee&category=mens-clothing&minPrice=50&maxPrice=100&color=black',
    ];
    const bands = defaultStoreSettings.priceBands;

    it.each(states)('count what choosing each option would show, for %j', async (state) => {
      const page = await list(`${state}&limit=1`);
      const facets = page.facets!;
      const params = new URLSearchParams(state);
      const withOption = (key: string, value: string | null) => {
        const next = new URLSearchParams(params);
        next.delete(key);
        if (key === 'price') {
          next.delete('minPrice');
          next.delete('maxPrice');
          if (value) {
            const [min, max] = value.split('-');
            next.set('minPrice', min!);
            next.set('maxPrice', max!);
          }
        } else if (value !== null) next.set(key, value);
        return next.toString();
      };
      for (const { value, count } of facets.colors) {
        expect(count, `colour ${value}`).toBe((await list(`${withOption('color', value)}&limit=1`)).total);
      }
      expect(facets.priceBands.map((b) => b.value)).toEqual(bands);
      for (const { value, count } of facets.priceBands) {
        expect(count, `band ${value}`).toBe((await list(`${withOption('price', value)}&limit=1`)).total);
      }
      expect(facets.tags.map((t) => t.value)).toEqual(defaultStoreSettings.filterTags);
      for (const { value, count } of facets.tags) {
        expect(count, `tag ${value}`).toBe((await list(`${withOption('tag', value)}&limit=1`)).total);
      }
      for (const { value, count } of facets.collections) {
        const category = value === 'all' ? null : value;
        expect(count, `collection ${value}`).toBe((await list(`${withOption('category', category)}&limit=1`)).total);
      }
      // The chosen options' counts are the list's own total.
      if (params.get('color')) {
        expect(facets.colors.find((c) => c.value === params.get('color'))?.count ?? 0).toBe(page.total);
      }
      if (!params.get('category')) expect(facets.collections.find((c) => c.value === 'all')!.count).toBe(page.total);
    });

    it('lists only colours some product of the list comes in, most first', async () => {
      const { facets } = await list('tag=Hat&limit=1');
      const hatColours = new Set(seedProducts.filter((p) => p.tags.includes('Hat')).flatMap((p) => p.colors));
      expect(new Set(facets!.colors.map((c) => c.value))).toEqual(hatColours);
      const counts = facets!.colors.map((c) => c.count);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      expect(counts.every((c) => c > 0)).toBe(true);
    });

    it('gives a band or tag nothing matches a count of 0', async () => {
      const { facets } = await list('category=jewelery&limit=1');
      expect(facets!.tags.find((t) => t.value === 'Shirt')).toEqual({ value: 'Shirt', count: 0 });
    });
  });

  describe('GET /api/product/suggestions', () => {
    async function suggest(q: string): Promise<ProductSuggestions> {
      const res = await shop.app.inject({ method: 'GET', url: `/api/product/suggestions?q=${encodeURIComponent(q)}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    }

    it('offers the best products and the categories holding most matches while the shopper types', async () => {
      const { products, categories } = await suggest('shi');
      expect(products.length).toBeGreaterThan(0);
      expect(products.length).toBeLessThanOrEqual(6);
      expect(products[0]).toEqual({
        _id: expect.any(String),
        name: expect.stringMatching(/shirt/i),
        price: expect.any(Number),
        image: expect.stringMatching(/^\/images\/products\//),
        category: expect.any(String),
      });
      expect(categories.length).toBeGreaterThan(0);
      expect(categories.map((c) => c._id)).toContain('mens-shirts');
      const counts = categories.map((c) => c.count);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
    });

    it('corrects a typo', async () => {
      expect((await suggest('oxfrod')).products.map((p) => p.name)).toEqual(['Oxford Button-Down Shirt']);
    });

    it('offers nothing for a word the catalogue does not know', async () => {
      expect(await suggest('zzyzx')).toEqual({ products: [], categories: [] });
    });

    it.each(['', '%20%20', 'x'.repeat(101)])('refuses q=%j with a 400 naming q', async (q) => {
      const res = await shop.app.inject({ method: 'GET', url: `/api/product/suggestions?q=${q}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('q');
    });
  });

  describe('the index follows the database', () => {
    it('shows a staff change at once: a renamed product is found by its new name, not its old one', async () => {
      const { auth } = await signedInAdmin(shop);
      const [target] = (await list('q=kurta&sort=name&limit=1')).products;
      const res = await shop.app.inject({
        method: 'PATCH',
        url: `/api/product/update/${target!._id}`,
        headers: auth,
        // Rust becomes its only colour; the sizes sent are that colour's stock.
        payload: { name: 'Zanzibar Festive Kurta', colors: ['rust'], sizes: [{ size: 'M', stock: 2 }] },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await names('q=zanzibar')).toEqual(['Zanzibar Festive Kurta']);
      expect(await names(`q=${encodeURIComponent(target!.name)}`)).not.toContain(target!.name);
      const { facets } = await list('q=zanzibar&limit=1');
      expect(facets!.colors).toEqual([{ value: 'rust', count: 1 }]);
    });

    it('shows a change made straight in the database (triggers move the catalogue version on)', async () => {
      const before = (await list('limit=1')).total;
      await shop.handle.db
        .updateTable('products')
        .set({ is_active: 0 })
        .where('slug', '=', 'canvas-bucket-hat')
        .execute();
      expect((await list('limit=1')).total).toBe(before - 1);
      expect(await names('q=canvas%20bucket')).toEqual([]);
      await shop.handle.db
        .updateTable('products')
        .set({ is_active: 1 })
        .where('slug', '=', 'canvas-bucket-hat')
        .execute();
      expect(await names('q=canvas%20bucket')).toEqual(['Canvas Bucket Hat']);
    });

    // SQLite is asked in the process; PostgreSQL's changes are heard by LISTEN (catalogue-feed.ts).
    const statements = dialect === 'sqlite' ? 1 : 0;
    it(`asks the database ${statements} statement(s) per list once the index is read, whatever the filters`, async () => {
      await expect
        .poll(async () => {
          shop.queries.length = 0;
          await list('limit=1');
          return shop.queries.length;
        })
        .toBe(statements);
      for (const query of ['limit=50', 'q=cotton&color=white', 'tag=Shirt&sort=newest&limit=2&page=2']) {
        shop.queries.length = 0;
        await list(query);
        expect(shop.queries, query).toHaveLength(statements);
      }
    });
  });
});

// The ranking is computed in one place, so both databases answer every search in the same order.
describe.runIf(testDialects.length === 2)('search order on SQLite and PostgreSQL', () => {
  const shops: TestShop[] = [];
  beforeAll(async () => {
    for (const dialect of testDialects) shops.push(await createTestShop(dialect));
  });
  afterAll(async () => {
    for (const shop of shops) await shop.close();
  });

  it.each(['q=shirt', 'q=cotton%20tee', 'q=oxfrod', 'q=blu', 'q=leather&sort=newest', 'q=linen&color=white'])(
    'answers %s with the same products in the same order on both',
    async (query) => {
      const [sqlite, postgres] = await Promise.all(shops.map((shop) => listOn(shop, `${query}&limit=100`)));
      expect(sqlite!.products.length).toBeGreaterThan(0);
      expect(postgres!.products.map((p) => p.name)).toEqual(sqlite!.products.map((p) => p.name));
      expect(postgres!.facets).toEqual(sqlite!.facets);
    },
  );
});
