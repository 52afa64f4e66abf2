import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { freshRedisPrefix, testRedisUrl, withRedis } from '../../test/redis.ts';
import { createRedisViewers } from '../../lib/viewer-counter.ts';

let visitorCount = 0;
/** An id as the product page makes one (random, kept for the tab). */
const newVisitor = () => `visitor-${process.pid}-${Date.now().toString(36)}-${(visitorCount += 1)}`;

function beat(shop: TestShop, productId: string, visitor: string, remoteAddress = '127.0.0.1') {
  return shop.app.inject({
    method: 'POST',
    url: `/api/product/${productId}/viewers`,
    payload: { visitor },
    remoteAddress,
  });
}

/** A product's viewers as the page is told: null until two have it open. */
async function viewersSeenBy(shop: TestShop, productId: string, visitor: string, remoteAddress?: string) {
  const res = await beat(shop, productId, visitor, remoteAddress);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.viewers as number | null;
}

describe.each(testDialects)('product viewers on %s', (dialect) => {
  let shop: TestShop;
  let productId: string;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
    productId = (await shop.app.inject({ url: '/api/product?limit=1' })).json().data.products[0]._id;
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('shows nothing for one visitor, however often they beat, and the count from two', async () => {
    const first = newVisitor();
    expect(await viewersSeenBy(shop, productId, first, '203.0.113.1')).toBeNull();
    expect(await viewersSeenBy(shop, productId, first, '203.0.113.1')).toBeNull();
    const second = newVisitor();
    expect(await viewersSeenBy(shop, productId, second, '203.0.113.2')).toBe(2);
    expect(await viewersSeenBy(shop, productId, first, '203.0.113.1')).toBe(2);
    expect(await viewersSeenBy(shop, productId, newVisitor(), '203.0.113.3')).toBe(3);
  });

  it("counts this machine's own address once, whatever tab ids it sends (a proxy nobody declared)", async () => {
    const product = (await shop.app.inject({ url: '/api/product?limit=4' })).json().data.products[3]._id as string;
    for (let tab = 0; tab < 20; tab++) expect(await viewersSeenBy(shop, product, newVisitor())).toBeNull();
    for (let tab = 0; tab < 20; tab++) expect(await viewersSeenBy(shop, product, newVisitor(), '::1')).toBeNull();
    expect(await viewersSeenBy(shop, product, newVisitor(), '198.51.100.9')).toBe(2);
  });

  it("tells the demo's visitors on this machine apart by their tabs", async () => {
    const demo = await createTestShop(dialect, { viewerTabsOnLoopback: true });
    try {
      const first = newVisitor();
      expect(await viewersSeenBy(demo, productId, first)).toBeNull();
      expect(await viewersSeenBy(demo, productId, first)).toBeNull();
      expect(await viewersSeenBy(demo, productId, newVisitor())).toBe(2);
      expect(await viewersSeenBy(demo, productId, newVisitor())).toBe(3);
      // Other addresses still count once each, whatever their tabs.
      expect(await viewersSeenBy(demo, productId, newVisitor(), '203.0.113.7')).toBe(4);
      expect(await viewersSeenBy(demo, productId, newVisitor(), '203.0.113.7')).toBe(4);
    } finally {
      await demo.close();
    }
  });

  it('counts each product on its own, and writes nothing to the database', async () => {
    const other = (await shop.app.inject({ url: '/api/product?limit=2' })).json().data.products[1]._id as string;
    const queries = shop.queries.length;
    expect(await viewersSeenBy(shop, other, newVisitor())).toBeNull();
    expect(shop.queries.slice(queries).filter((q) => !/^\s*select/i.test(q))).toEqual([]);
  });

  it('counts a network address once, whatever tab ids it sends (an IPv6 address by its /48)', async () => {
    const product = (await shop.app.inject({ url: '/api/product?limit=3' })).json().data.products[2]._id as string;
    const beatFrom = (remoteAddress: string) =>
      shop.app
        .inject({
          method: 'POST',
          url: `/api/product/${product}/viewers`,
          payload: { visitor: newVisitor() },
          remoteAddress,
        })
        .then((res) => res.json().data.viewers as number | null);
    for (let tab = 0; tab < 20; tab++) expect(await beatFrom('203.0.113.7')).toBeNull();
    for (let tab = 0; tab < 20; tab++) expect(await beatFrom(`2001:db8:1:2::${tab + 1}`)).toBe(2);
    // Another /64 of the same /48: one subscriber's, not another viewer.
    for (let net = 0; net < 20; net++) expect(await beatFrom(`2001:db8:1:${(net + 3).toString(16)}::1`)).toBe(2);
    expect(await beatFrom('198.51.100.20')).toBe(3);
  });

  it('refuses a visitor id that is not one, and a product id that is not one (400)', async () => {
    for (const visitor of ['short', 'x'.repeat(65), 'has spaces in it, sixteen+', '']) {
      const res = await beat(shop, productId, visitor);
      expect(res.statusCode, visitor).toBe(400);
    }
    expect((await shop.app.inject({ method: 'POST', url: `/api/product/${productId}/viewers` })).statusCode).toBe(400);
  });
});

describe.runIf(withRedis)('product viewers through Redis', () => {
  it('counts the visitors of two shops on one Redis together', async () => {
    const prefix = freshRedisPrefix();
    const counters = [0, 1].map(() => createRedisViewers(testRedisUrl, { prefix }));
    const [a, b] = await Promise.all(
      counters.map((viewers) => createTestShop('sqlite', { viewers, viewerTabsOnLoopback: true })),
    );
    try {
      // Until it reaches Redis each shop counts alone, by design.
      await Promise.all(counters.map((counter) => counter.ready));
      expect(await viewersSeenBy(a!, 'shared-product', newVisitor())).toBeNull();
      expect(await viewersSeenBy(b!, 'shared-product', newVisitor())).toBe(2);
      expect(await viewersSeenBy(a!, 'shared-product', newVisitor())).toBe(3);
    } finally {
      await Promise.all([a?.close(), b?.close()]);
    }
  });
});

describe('product viewers with Redis away', () => {
  it('counts the visitors this process saw, never an error', async () => {
    // Nothing listens on port 1.
    const shop = await createTestShop('sqlite', {
      viewers: createRedisViewers('redis://127.0.0.1:1'),
      viewerTabsOnLoopback: true,
    });
    try {
      const first = newVisitor();
      expect(await viewersSeenBy(shop, 'lonely-product', first)).toBeNull();
      expect(await viewersSeenBy(shop, 'lonely-product', newVisitor())).toBe(2);
      expect(await viewersSeenBy(shop, 'lonely-product', first)).toBe(2);
    } finally {
      await shop.close();
    }
  });
});
