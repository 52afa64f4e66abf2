import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productCreateBody, searchWords, type ProductPage, type ProductSummary } from '@shop/core';
import { signedInAdmin, signedInShopper } from '../../test/accounts.ts';
import { seedCategories, seedProducts, type SeedProduct } from '../../db/seed/catalog-data.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { declared } from '../../test/catalogue.ts';
import * as products from '../admin-catalog/product-writes.ts';
import { colorStock } from '../../db/seed/seed.ts';

/** A seeded product's sizes with their stock over every colour, as the demo seeds it. */
const seedSizes = (seed: SeedProduct) =>
  Object.entries(seed.sizes).map(([size, stock], position) => ({
    size,
    stock: Array.from({ length: Math.max(1, seed.colors.length) }, (_, c) => colorStock(stock, c, position)).reduce(
      (a, b) => a + b,
      0,
    ),
  }));

const activeSeedCount = seedProducts.length;

/** Whether a word of the product's name, category, colours or tags starts with `start`. */
function hasWordStartingWith(product: SeedProduct, start: string): boolean {
  const category = seedCategories.find((c) => c.id === product.categoryId)!.name;
  const words = [product.name, category, ...product.colors, ...product.tags].flatMap(searchWords);
  return words.some((w) => w.startsWith(start));
}

/** The demo product's colours with some size in stock, in its order: what its card shows. */
const colorsInStock = (product: SeedProduct) =>
  product.colors.filter((_, colorIndex) =>
    Object.values(product.sizes).some((stock, sizePosition) => colorStock(stock, colorIndex, sizePosition) > 0),
  );

describe.each(testDialects)('catalogue API on %s', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
  });
  afterAll(async () => {
    await shop?.close();
  });

  async function get(url: string, headers: Record<string, string> = {}) {
    return shop.app.inject({ method: 'GET', url, headers });
  }
  async function list(query: string): Promise<ProductPage> {
    const res = await get(`/api/product?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    return body.data;
  }
  /** Every product matching a query, read page by page. */
  async function listAll(query: string): Promise<ProductSummary[]> {
    const first = await list(`${query}&limit=100&page=1`);
    const rest = [];
    for (let page = 2; page <= first.totalPages; page++)
      rest.push(...(await list(`${query}&limit=100&page=${page}`)).products);
    return [...first.products, ...rest];
  }

  describe('GET /api/product', () => {
    it('answers page 1 of 10 products sorted by price, with pagination totals', async () => {
      const data = await list('');
      expect(data).toMatchObject({ page: 1, limit: 10, total: activeSeedCount });
      expect(data.totalPages).toBe(Math.ceil(activeSeedCount / 10));
      expect(data.products).toHaveLength(10);
      const prices = data.products.map((p) => p.price);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      const cheapest = Math.min(...seedProducts.map((p) => p.price));
      expect(prices[0]).toBe(cheapest);
    });

    it('shows each product as a card needs it, in rupees, its colours in stock, sold out when no variant has stock', async () => {
      const products = await listAll('sort=name');
      for (const product of products) {
        const seed = seedProducts.find((p) => p.name === product.name)!;
        expect(product).toEqual({
          _id: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
          name: seed.name,
          title: seed.name,
          price: seed.price,
          originalPrice: seed.originalPrice ?? null,
          image: expect.stringMatching(/^\/images\/products\/.+--front\.svg$/),
          colors: colorsInStock(seed),
          categoryId: seed.categoryId,
          category: seedCategories.find((c) => c.id === seed.categoryId)!.name,
          soldOut: Object.values(seed.sizes).every((stock) => stock === 0),
        });
      }
      expect(products.filter((p) => p.soldOut).length).toBeGreaterThan(0);
    });

    it('answers the whole product, gallery and sizes included, at /product/{id}', async () => {
      const [card] = (await list('limit=1')).products;
      const res = await get(`/api/product/${card!._id}`);
      expect(res.statusCode).toBe(200);
      const product = res.json().data;
      const seed = seedProducts.find((p) => p.name === card!.name)!;
      // Every colour of the product; its card shows those in stock, in the same order.
      expect(product).toMatchObject({
        ...card,
        colors: seed.colors,
        description: seed.description,
        tags: [...seed.tags].sort(),
      });
      expect(card!.colors).toEqual(seed.colors.filter((c) => card!.colors.includes(c)));
      // Each colour's drawings, the first colour's first.
      expect(product.images).toHaveLength(seed.views.length * Math.max(1, seed.colors.length));
      expect(product.images[0]).toBe(card!.image);
      expect(product.sizes).toEqual(seedSizes(seed));
      expect(product.variants).toHaveLength(Object.keys(seed.sizes).length * Math.max(1, seed.colors.length));
      expect(product.variants[0]).toMatchObject({ color: seed.colors[0], price: null, originalPrice: null });
      expect(new Set(product.variants.map((v: { sku: string }) => v.sku)).size).toBe(product.variants.length);
      expect(product.photos[0]).toEqual({ url: card!.image, color: seed.colors[0] });
      expect(Date.parse(product.createdAt)).not.toBeNaN();
    });

    const addedDaysAgo = (p: ProductSummary) => seedProducts.find((s) => s.name === p.name)!.daysSinceAdded;
    it.each([
      ['-price', (a: ProductSummary, b: ProductSummary) => b.price - a.price],
      ['name', (a: ProductSummary, b: ProductSummary) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)],
      ['newest', (a: ProductSummary, b: ProductSummary) => addedDaysAgo(a) - addedDaysAgo(b)],
    ] as const)('sorts by %s', async (sort, compare) => {
      const products = await listAll(`sort=${sort}`);
      expect(products).toHaveLength(activeSeedCount);
      for (let i = 1; i < products.length; i++) {
        expect(compare(products[i - 1]!, products[i]!)).toBeLessThanOrEqual(0);
      }
    });

    it('pages through every product once, whatever the page size', async () => {
      const seen: string[] = [];
      const first = await list('limit=7');
      for (let page = 1; page <= first.totalPages; page++) {
        seen.push(...(await list(`limit=7&page=${page}`)).products.map((p) => p._id));
      }
      expect(seen).toHaveLength(activeSeedCount);
      expect(new Set(seen).size).toBe(activeSeedCount);
      expect((await list(`limit=7&page=${first.totalPages + 1}`)).products).toEqual([]);
    });

    it.each(['white', 'black', 'navy'])('filters by colour %s: the products with it in stock', async (color) => {
      const products = await listAll(`color=${color}`);
      const expected = seedProducts.filter((p) => colorsInStock(p).includes(color));
      expect(expected.length).toBeLessThan(seedProducts.filter((p) => p.colors.includes(color)).length);
      expect(products.map((p) => p.name).sort()).toEqual(expected.map((p) => p.name).sort());
      expect(products.length).toBeGreaterThan(0);
    });

    it.each(['Shirt', 'Hat', 'T-Shirt'])('filters by tag %s', async (tag) => {
      const products = await listAll(`tag=${tag}`);
      const expected = seedProducts.filter((p) => p.tags.includes(tag));
      expect(products.map((p) => p.name).sort()).toEqual(expected.map((p) => p.name).sort());
      expect(products.length).toBeGreaterThan(0);
    });

    it.each([
      [0, 50],
      [50, 100],
      [100, 150],
    ])('filters by the price band %i-%i, both ends included', async (min, max) => {
      const products = await listAll(`minPrice=${min}&maxPrice=${max}`);
      const expected = seedProducts.filter((p) => p.price >= min && p.price <= max);
      expect(products.map((p) => p.name).sort()).toEqual(expected.map((p) => p.name).sort());
      expect(products.length).toBeGreaterThan(0);
    });

    it('counts a product priced exactly on a band edge in both bands', async () => {
      const onEdge = seedProducts.find((p) => p.price === 50 || p.price === 100);
      expect(onEdge, 'the seed has a product priced on a band edge').toBeDefined();
      const edge = onEdge!.price;
      const below = await listAll(`minPrice=${edge - 50}&maxPrice=${edge}`);
      const above = await listAll(`minPrice=${edge}&maxPrice=${edge + 50}`);
      expect(below.map((p) => p.name)).toContain(onEdge!.name);
      expect(above.map((p) => p.name)).toContain(onEdge!.name);
    });

    it.each(['mens-clothing', 'womens-clothing', 'jewelery', 'mens-t-shirts'])(
      'filters by the collection or category %s, sub-categories included',
      async (category) => {
        const inCategory = new Set(
          seedCategories.filter((c) => c.id === category || c.parentId === category).map((c) => c.id),
        );
        const products = await listAll(`category=${category}`);
        const expected = seedProducts.filter((p) => inCategory.has(p.categoryId));
        expect(products.map((p) => p.name).sort()).toEqual(expected.map((p) => p.name).sort());
        expect(products.length).toBeGreaterThan(0);
      },
    );

    it('searches names, categories, colours and tags case-insensitively and combines every filter', async () => {
      const word = 'SHIRT';
      const byName = await listAll(`q=${word}`);
      const expected = seedProducts.filter((p) => hasWordStartingWith(p, 'shirt'));
      expect(byName.map((p) => p.name).sort()).toEqual(expected.map((p) => p.name).sort());

      const combined = await listAll('q=shirt&color=white&category=mens-clothing&minPrice=0&maxPrice=150');
      expect(combined.length).toBeGreaterThan(0);
      for (const p of combined) {
        expect(
          hasWordStartingWith(
            seedProducts.find((s) => s.name === p.name)!,
            'shirt',
          ),
        ).toBe(true);
        expect(p.colors).toContain('white');
        expect(p.price).toBeLessThanOrEqual(150);
      }
    });

    it('treats % and _ in a search as plain characters', async () => {
      expect((await list('q=%25%25')).total).toBe(0);
      expect((await list('q=_')).total).toBe(0);
    });

    it.each([
      ['page=-1', 'page'],
      ['page=abc', 'page'],
      ['limit=10000', 'limit'],
      ['limit=0', 'limit'],
      ['sort=drop', 'sort'],
      ['minPrice=-5', 'minPrice'],
      ['maxPrice=1.234', 'maxPrice'],
      [`q=${'x'.repeat(101)}`, 'q'],
    ])('refuses %s with a 400 naming %s', async (query, field) => {
      const res = await get(`/api/product?${query}`);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(body.message).toContain(field);
    });

    it('refuses a price range whose minimum exceeds its maximum', async () => {
      const res = await get('/api/product?minPrice=100&maxPrice=50');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'INVALID_PRICE_RANGE' });
    });

    it('runs the same number of SQL statements for 1 product as for 50 (no query per product)', async () => {
      shop.queries.length = 0;
      await list('limit=1');
      const forOne = shop.queries.length;
      shop.queries.length = 0;
      const fifty = await list('limit=50');
      const forFifty = shop.queries.length;
      expect(fifty.products).toHaveLength(50);
      expect(forFifty).toBe(forOne);
      expect(forOne).toBeLessThanOrEqual(3);
    });

    it('sends an ETag and Cache-Control, and a 304 when the client has the same answer', async () => {
      const first = await get('/api/product?page=2');
      expect(first.headers['cache-control']).toMatch(/max-age=\d+/);
      const tag = first.headers.etag as string;
      expect(tag).toBeTruthy();
      const again = await get('/api/product?page=2', { 'if-none-match': tag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const other = await get('/api/product?page=3', { 'if-none-match': tag });
      expect(other.statusCode).toBe(200);
    });
  });

  describe('GET /api/product/search', () => {
    it('finds products by name, paginated', async () => {
      const res = await get('/api/product/search?q=shirt&limit=5');
      expect(res.statusCode).toBe(200);
      const data: ProductPage = res.json().data;
      expect(data.total).toBe(seedProducts.filter((p) => hasWordStartingWith(p, 'shirt')).length);
      expect(data.products).toHaveLength(5);
      // Names holding the word come first.
      for (const p of data.products) expect(searchWords(p.name)).toContain('shirt');
    });

    it('refuses a missing or blank query', async () => {
      for (const url of ['/api/product/search', '/api/product/search?q=%20%20']) {
        const res = await get(url);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toContain('q');
      }
    });
  });

  describe('GET /api/product/:id and /sizes', () => {
    it('answers one product and its sizes', async () => {
      const [listed] = (await list('sort=name&limit=1')).products;
      const res = await get(`/api/product/${listed!._id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, data: listed });

      const sizes = await get(`/api/product/${listed!._id}/sizes`);
      expect(sizes.statusCode).toBe(200);
      expect(sizes.json().data).toEqual(res.json().data.sizes);
      const seed = seedProducts.find((p) => p.name === listed!.name)!;
      expect(sizes.json().data).toEqual(seedSizes(seed));
      // One colour's sizes: the first colour holds what the catalogue lists.
      const first = await get(
        `/api/product/${listed!._id}/sizes?color=${encodeURIComponent(seed.colors[0]!.toUpperCase())}`,
      );
      expect(first.json().data).toEqual(Object.entries(seed.sizes).map(([size, stock]) => ({ size, stock })));
      expect((await get(`/api/product/${listed!._id}/sizes?color=chartreuse`)).json().data).toEqual([]);
    });

    it('answers 404 "Product not found" for an unknown id', async () => {
      for (const url of ['/api/product/doesNotExist123', '/api/product/doesNotExist123/sizes']) {
        const res = await get(url);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ success: false, code: 'PRODUCT_NOT_FOUND', message: 'Product not found' });
      }
    });

    it('refuses an id with characters no id has', async () => {
      const res = await get(`/api/product/${encodeURIComponent("1' or '1'='1")}`);
      expect(res.statusCode).toBe(400);
    });
  });

  describe('GET /api/product/category/:categoryId', () => {
    it('lists the products of a category, paginated', async () => {
      const res = await get('/api/product/category/mens-shirts?limit=100');
      expect(res.statusCode).toBe(200);
      const data: ProductPage = res.json().data;
      expect(data.products.map((p) => p.name).sort()).toEqual(
        seedProducts
          .filter((p) => p.categoryId === 'mens-shirts')
          .map((p) => p.name)
          .sort(),
      );
    });

    it('answers 404 for an unknown category', async () => {
      const res = await get('/api/product/category/space-suits');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'CATEGORY_NOT_FOUND' });
    });
  });

  describe('staff writes', () => {
    const newProduct = {
      name: 'Test Linen Shirt',
      ...declared,
      description: 'Breathable linen.',
      categoryId: 'mens-shirts',
      price: 89.5,
      originalPrice: 120,
      colors: ['white', 'navy', 'white'],
      tags: ['Shirt'],
      images: ['/images/products/shirt--white--front.svg'],
      sizes: [
        { size: 'm', stock: 3 },
        { size: 'L', stock: 0 },
      ],
    };

    it.each([
      ['POST', '/api/product/create', {}],
      ['POST', '/api/product/create', { authorization: 'Bearer forged.token.value' }],
      ['PATCH', '/api/product/update/anything', {}],
    ])('%s %s refuses a caller without a valid staff token (401)', async (method, url, headers) => {
      const res = await shop.app.inject({ method: method as 'POST', url, headers, payload: newProduct });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
      expect((await list('q=test linen')).total).toBe(0);
    });

    it('refuses a signed-in customer (403)', async () => {
      const { auth } = await signedInShopper(shop.app);
      for (const [method, url] of [
        ['POST', '/api/product/create'],
        ['PATCH', '/api/product/update/anything'],
      ] as const) {
        const res = await shop.app.inject({ method, url, headers: auth, payload: newProduct });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
      }
    });

    it('lets staff create a product (prices in paise inside, rupees out) and update only what is sent', async () => {
      const { auth } = await signedInAdmin(shop);
      const createRes = await shop.app.inject({
        method: 'POST',
        url: '/api/product/create',
        headers: auth,
        payload: newProduct,
      });
      expect(createRes.statusCode, createRes.body).toBe(201);
      const created = createRes.json().data;
      expect(created).toMatchObject({
        name: 'Test Linen Shirt',
        price: 89.5,
        originalPrice: 120,
        colors: ['white', 'navy'],
        sizes: [
          { size: 'M', stock: 3 },
          { size: 'L', stock: 0 },
        ],
        soldOut: false,
      });
      expect((await get(`/api/product/${created._id}`)).json().data).toEqual(created);
      expect((await list('q=test linen')).total).toBe(1);

      const updateRes = await shop.app.inject({
        method: 'PATCH',
        url: `/api/product/update/${created._id}`,
        headers: auth,
        payload: { price: 99, sizes: [{ size: 'M', stock: 0 }] },
      });
      expect(updateRes.statusCode).toBe(200);
      const updated = updateRes.json().data;
      expect(updated).toMatchObject({ price: 99, originalPrice: 120, colors: ['white', 'navy'], soldOut: true });
      expect(updated.images).toEqual(newProduct.images);
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['a price with three decimals', { price: 10.555 }, 'price'],
      ['an unknown colour', { colors: ['plaid'] }, 'colours'],
      [
        'the same size twice',
        {
          sizes: [
            { size: 'M', stock: 1 },
            { size: 'm', stock: 2 },
          ],
        },
        'must not repeat a size',
      ],
      ['negative stock', { sizes: [{ size: 'M', stock: -1 }] }, 'must not be negative'],
      ['an unknown field', { price: 10, discount: 5 }, 'discount'],
      ...[
        '//evil.example/x.png',
        'https://cdn.example.com/a.jpg',
        'http://example.com/a.jpg',
        '/uploads/../secrets/jwt-secret',
        '/uploads/',
        '/api/admin/orders',
        'javascript:alert(1)',
        '/images/products/a.svg?x=//evil.example',
      ].map((url): [string, Record<string, unknown>, string] => [
        `an image at ${url}`,
        { images: [url] },
        'must be an uploaded image',
      ]),
    ])('refuses staff input with %s (400)', async (_case, change, message) => {
      const { auth } = await signedInAdmin(shop);
      const res = await shop.app.inject({
        method: 'POST',
        url: '/api/product/create',
        headers: auth,
        payload: { ...newProduct, ...change },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    });

    it('refuses an unknown category and an unknown product', async () => {
      await expect(
        products.createProduct(shop.handle.db, productCreateBody.parse({ ...newProduct, categoryId: 'nope' })),
      ).rejects.toMatchObject({
        statusCode: 400,
        code: 'UNKNOWN_CATEGORY',
      });
      await expect(products.updateProduct(shop.handle.db, 'missing', { price: 10 })).rejects.toMatchObject({
        statusCode: 404,
      });
    });
  });

  describe('everything else', () => {
    it('answers an unknown API path with a JSON 404', async () => {
      const res = await get('/api/nothing-here');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    });

    it('serves the product illustrations with a year-long cache', async () => {
      const [product] = (await list('limit=1')).products;
      const res = await get(product!.image);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.body.startsWith('<svg')).toBe(true);
      expect((await get('/images/products/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
    });

    it('lists the categories', async () => {
      const res = await get('/api/categories');
      expect(res.json().data).toEqual(seedCategories.map((c) => ({ _id: c.id, name: c.name, parentId: c.parentId })));
    });
  });
});
