import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { loadRenderer } from '../pages/page-renderer.ts';

// The storefront as `npm run build` makes it, for the pages rendered on the server.
const web = path.resolve(import.meta.dirname, '../../../../web');
const renderer = await loadRenderer(path.join(web, 'dist-ssr/entry-server.js'));
if (!renderer) throw new Error('web/dist-ssr/entry-server.js is missing: run `npm run build` first');

/** The searches one address may have worked out in these tests (the shop's own budget is far larger). */
const perAddress = 5;
const perNetwork = 8;

describe.each(testDialects)('the search budget per address on %s', (dialect) => {
  let shop: TestShop;
  let cached: TestShop;
  beforeAll(async () => {
    const limits = { search: { perAddress, perNetwork } };
    shop = await createTestShop(dialect, { limits, webDist: path.join(web, 'dist'), webRenderer: renderer });
    // The micro-cache on, as the shop runs by default.
    cached = await createTestShop(dialect, { limits, catalogCacheMs: 60_000 });
  });
  afterAll(async () => {
    await shop?.close();
    await cached?.close();
  });

  let next = 0;
  /** A search nobody asked for before (a typo, so the index's costliest kind). */
  const uniqueSearch = () => `oxfrod${++next}`;
  const get = (url: string, remoteAddress: string, on = shop) => on.app.inject({ method: 'GET', url, remoteAddress });

  it.each([
    ['the product list with q', (q: string) => `/api/product?q=${q}`],
    ['search', (q: string) => `/api/product/search?q=${q}`],
    ['suggestions', (q: string) => `/api/product/suggestions?q=${q}`],
  ])('%s: the searches past the budget are refused with a 429, in the failure shape', async (_what, url) => {
    const address = `10.20.${++next}.1`;
    for (let i = 0; i < perAddress; i++) {
      const res = await get(url(uniqueSearch()), address);
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await get(url(uniqueSearch()), address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Too many searches. Please wait 5 minutes and try again.',
    });
    // Another address searches on; the refused one still browses.
    expect((await get(url(uniqueSearch()), `10.21.${next}.1`)).statusCode).toBe(200);
    expect((await get('/api/product?page=2&color=navy', address)).statusCode).toBe(200);
  });

  it('counts lists without a search, products and categories for nothing', async () => {
    const address = `10.22.${++next}.1`;
    for (let i = 0; i < perAddress * 3; i++) {
      expect((await get(`/api/product?page=${1 + (i % 3)}&sort=name`, address)).statusCode).toBe(200);
      expect((await get('/api/product?q=', address)).statusCode).toBe(200);
      expect((await get('/api/product/category/mens-shirts', address)).statusCode).toBe(200);
    }
    expect((await get(`/api/product/search?q=${uniqueSearch()}`, address)).statusCode).toBe(200);
  });

  it('counts only the searches the micro-cache did not answer', async () => {
    const address = `10.23.${++next}.1`;
    const popular = `/api/product?q=${uniqueSearch()}`;
    for (let i = 0; i < perAddress * 4; i++) expect((await get(popular, address, cached)).statusCode).toBe(200);
    for (let i = 1; i < perAddress; i++) {
      expect((await get(`/api/product?q=${uniqueSearch()}`, address, cached)).statusCode).toBe(200);
    }
    expect((await get(`/api/product?q=${uniqueSearch()}`, address, cached)).statusCode).toBe(429);
    // The answers already worked out are still given, to this address too.
    expect((await get(popular, address, cached)).statusCode).toBe(200);
  });

  it("counts an IPv6 client's /64 as one address, and its /48 as a budget of its own", async () => {
    const net = `2001:db8:${(++next).toString(16)}`;
    for (let i = 0; i < perAddress; i++) {
      expect((await get(`/api/product/search?q=${uniqueSearch()}`, `${net}:1::${i + 1}`)).statusCode).toBe(200);
    }
    expect((await get(`/api/product/search?q=${uniqueSearch()}`, `${net}:1::99`)).statusCode).toBe(429);
    for (let i = perAddress; i < perNetwork; i++) {
      expect((await get(`/api/product/search?q=${uniqueSearch()}`, `${net}:2::1`)).statusCode).toBe(200);
    }
    expect((await get(`/api/product/search?q=${uniqueSearch()}`, `${net}:3::1`)).statusCode).toBe(429);
  });

  it('counts a search page rendered on the server against its visitor, not against the server', async () => {
    const visitor = `10.24.${++next}.1`;
    for (let i = 0; i < perAddress; i++) {
      const res = await get(`/products?q=${uniqueSearch()}`, visitor);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<script id="shop-state"');
    }
    // Over the budget the page is not rendered (the browser renders it, and is refused alike).
    expect((await get(`/products?q=${uniqueSearch()}`, visitor)).statusCode).toBe(503);
    expect((await get(`/api/product?q=${uniqueSearch()}`, visitor)).statusCode).toBe(429);
    // Other visitors' pages, and the API from this machine, are not held up by that visitor.
    expect((await get(`/products?q=${uniqueSearch()}`, `10.25.${next}.1`)).statusCode).toBe(200);
    expect((await get(`/api/product?q=${uniqueSearch()}`, '127.0.0.1')).statusCode).toBe(200);
  });
});
