import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deal, HomeCard, HomePage, NewArrivalsPage, Testimonial } from '@shop/core';
import { signedInAdmin } from '../../test/accounts.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { homePage } from './home.service.ts';
import { declared } from '../../test/catalogue.ts';

const DAY = 86_400_000;

describe.each(testDialects)('the home page from the shop’s own data, on %s', (dialect) => {
  let shop: TestShop;
  let admin: { auth: { authorization: string } };

  beforeAll(async () => {
    shop = await createTestShop(dialect);
    admin = await signedInAdmin(shop);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const staff = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    shop.app.inject({ method, url, headers: admin.auth, ...(payload && { payload }) });
  const home = async (): Promise<HomePage> => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/home' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const arrivals = async (query: string): Promise<NewArrivalsPage> => {
    const res = await shop.app.inject({ method: 'GET', url: `/api/home/new-arrivals?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const catalogueProduct = async (id: string) =>
    (await shop.app.inject({ method: 'GET', url: `/api/product/${id}` })).json().data;
  const seededAt = async () =>
    (
      await shop.handle.db
        .selectFrom('app_meta')
        .select('value')
        .where('key', '=', 'home_seeded_at')
        .executeTakeFirstOrThrow()
    ).value;
  const deal = (overrides: object = {}) => ({
    title: 'Monsoon Week',
    discountText: '20% OFF',
    link: '/products?collection=mens-clothing',
    startsAt: new Date(Date.now() - DAY).toISOString(),
    endsAt: new Date(Date.now() + DAY).toISOString(),
    ...overrides,
  });
  async function addDeal(body: object): Promise<Deal> {
    const res = await staff('POST', '/api/admin/deals', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  }
  async function newProduct(stock: number, extra: object = {}) {
    const res = await staff('POST', '/api/product/create', {
      name: `Fresh Tee ${Math.random().toString(36).slice(2, 8)}`,
      categoryId: 'mens-t-shirts',
      price: 649,
      ...declared,
      sizes: [
        { size: 'M', stock },
        { size: 'L', stock },
      ],
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { _id: string };
  }

  describe('the demo as seeded', () => {
    it('runs the specification’s three deals, to one end three days after they started, and the hero says the first to end', async () => {
      const page = await home();
      const start = await seededAt();
      const end = new Date(Date.parse(start) + 3 * DAY).toISOString();
      expect(page.deals.map((d) => [d.title, d.discountText, d.sample])).toEqual([
        ['Spring Sale', '30% OFF', true],
        ['Summer Breeze', '25% OFF', true],
        ['Holiday Special', '40% OFF', true],
      ]);
      expect(page.deals.every((d) => d.startsAt === start && d.endsAt === end)).toBe(true);
      expect(page.dealsEndAt).toBe(end);
      expect(page.heroOffer).toEqual({ percent: 30, endsAt: end });
      // The same moment for every visitor and every visit.
      expect((await home()).dealsEndAt).toBe(end);
    });

    it('shows the five sample testimonials, marked as samples', async () => {
      const { testimonials } = await home();
      expect(testimonials.map((t) => [t.name, t.rating, t.sample])).toEqual([
        ['Arjun Mehta', 5, true],
        ['Rohan Iyer', 4, true],
        ['Kabir Singh', 5, true],
        ['Vikram Nair', 3, true],
        ['Sameer Khan', 4, true],
      ]);
    });

    it('features a real product in the specials banner, with its own price and sizes', async () => {
      const { featured } = await home();
      expect(featured).not.toBeNull();
      const product = await catalogueProduct(featured!._id);
      expect(featured).toMatchObject({ name: 'Brushed Flannel Overshirt', price: product.price });
      expect(featured!.sizes).toEqual(
        product.sizes.map((s: { size: string; stock: number }) => ({ size: s.size, inStock: s.stock > 0 })),
      );
    });

    it('opens New Arrivals on Men’s T-Shirts: the six newest, at their catalogue prices', async () => {
      const { newArrivals } = await home();
      expect(newArrivals).toMatchObject({ tab: 't-shirts', page: 1, hasMore: true });
      expect(newArrivals.products).toHaveLength(6);
      for (const card of newArrivals.products) {
        const product = await catalogueProduct(card._id);
        expect([card.name, card.price, card.originalPrice, card.category]).toEqual([
          product.name,
          product.price,
          product.originalPrice,
          "Men's T-Shirts",
        ]);
      }
      const created = await Promise.all(
        newArrivals.products.map(async (c) => (await catalogueProduct(c._id)).createdAt),
      );
      expect(created).toEqual([...created].sort().reverse());
    });
  });

  describe('New Arrivals: View More adds the next six', () => {
    it('pages through a tab newest first, each page the next six, none twice, to the last', async () => {
      const seen: HomeCard[] = [];
      let page = 1;
      let answer: NewArrivalsPage;
      do {
        answer = await arrivals(`tab=fashion&page=${page}`);
        expect(answer.products.length).toBeLessThanOrEqual(6);
        seen.push(...answer.products);
        page += 1;
      } while (answer.hasMore);
      expect(seen).toHaveLength(answer.total);
      expect(new Set(seen.map((c) => c._id)).size).toBe(seen.length);
      // Men's Fashion is every men's garment: its sub-categories', none of the accessories'.
      expect(new Set(seen.map((c) => c.category))).toEqual(
        new Set(["Men's T-Shirts", "Men's Shirts", "Men's Trousers & Jeans", "Men's Jackets & Hoodies"]),
      );
      expect((await arrivals(`tab=fashion&page=${page}`)).products).toEqual([]);
    });

    it('Discount Deals shows only products sold below their original price', async () => {
      const { products, total } = await arrivals('tab=deals');
      expect(total).toBeGreaterThan(0);
      expect(products.every((c) => c.originalPrice !== null && c.originalPrice > c.price)).toBe(true);
    });

    it('the home page opens on the tab asked for, and refuses one it does not have', async () => {
      const res = await shop.app.inject({ method: 'GET', url: '/api/home?tab=shirts' });
      expect(res.json().data.newArrivals).toMatchObject({ tab: 'shirts', page: 1 });
      expect((await shop.app.inject({ method: 'GET', url: '/api/home?tab=hats' })).statusCode).toBe(400);
    });

    it.each(['tab=hats', 'page=0', 'page=x'])('refuses %s with a clear 400', async (query) => {
      const res = await shop.app.inject({ method: 'GET', url: `/api/home/new-arrivals?${query}` });
      expect(res.statusCode, res.body).toBe(400);
    });
  });

  describe('"Almost Sold Out" on a card', () => {
    it('shows only when even the best-stocked size is at or below the low-stock threshold', async () => {
      const scarce = await newProduct(4);
      const plenty = await newProduct(40);
      const cards = (await arrivals('tab=t-shirts')).products;
      const card = (id: string) => cards.find((c) => c._id === id)!;
      expect(card(scarce._id).almostSoldOut).toBe(true);
      expect(card(plenty._id).almostSoldOut).toBe(false);
      expect(card(plenty._id).price).toBe(649);

      // The owner's threshold moves it, as it moves "Only N item(s) left".
      const settings = {
        freeShippingThreshold: null,
        codMaxOrderValue: 50_000,
        codMaxOpenOrders: 3,
        codConfirmHours: null,
      };
      const lowered = await staff('PUT', '/api/admin/settings', { ...settings, lowStockThreshold: 3 });
      expect(lowered.statusCode, lowered.body).toBe(200);
      try {
        expect((await arrivals('tab=t-shirts')).products.find((c) => c._id === scarce._id)!.almostSoldOut).toBe(false);
      } finally {
        await staff('PUT', '/api/admin/settings', { ...settings, lowStockThreshold: 10 });
      }
    });
  });

  describe('deals staff run', () => {
    it('the countdown runs to the earliest end among the running deals, not one still to come', async () => {
      const soon = await addDeal(deal({ endsAt: new Date(Date.now() + DAY / 2).toISOString() }));
      const later = await addDeal(
        deal({
          startsAt: new Date(Date.now() + DAY / 4).toISOString(),
          endsAt: new Date(Date.now() + DAY / 3).toISOString(),
        }),
      );
      try {
        const page = await home();
        expect(page.dealsEndAt).toBe(soon.endsAt);
        expect(page.deals[0]).toEqual(soon);
        expect(page.deals.map((d) => d._id)).not.toContain(later._id);
        expect(page.heroOffer).toEqual({ percent: 20, endsAt: soon.endsAt });
      } finally {
        await staff('DELETE', `/api/admin/deals/${soon._id}`);
        await staff('DELETE', `/api/admin/deals/${later._id}`);
      }
      expect((await home()).dealsEndAt).toBe(new Date(Date.parse(await seededAt()) + 3 * DAY).toISOString());
    });

    it('a deal that has ended drops out, and the countdown runs on to the next end among those running', async () => {
      const now = Date.now();
      const first = await addDeal(deal({ endsAt: new Date(now + 60_000).toISOString() }));
      const next = await addDeal(deal({ title: 'Next', endsAt: new Date(now + DAY / 2).toISOString() }));
      try {
        const opened = await homePage(shop.handle.db, { renewSampleDeals: false }, 't-shirts', now);
        expect(opened.dealsEndAt).toBe(first.endsAt);
        // Each deal carries its own window: a page left open drops it when it ends.
        expect(opened.deals.slice(0, 2).map((d) => [d._id, d.startsAt, d.endsAt])).toEqual([
          [first._id, first.startsAt, first.endsAt],
          [next._id, next.startsAt, next.endsAt],
        ]);
        const later = await homePage(shop.handle.db, { renewSampleDeals: false }, 't-shirts', now + 61_000);
        expect(later.deals.map((d) => d._id)).not.toContain(first._id);
        expect(later.deals[0]?._id).toBe(next._id);
        expect(later.dealsEndAt).toBe(next.endsAt);
      } finally {
        await staff('DELETE', `/api/admin/deals/${first._id}`);
        await staff('DELETE', `/api/admin/deals/${next._id}`);
      }
    });

    it('staff list, change and remove deals; a changed sample deal is staff’s own', async () => {
      const added = await addDeal(deal({ image: '/uploads/monsoon.jpg' }));
      const list = (await staff('GET', '/api/admin/deals')).json().data.deals as Deal[];
      expect(list.map((d) => d._id)).toContain(added._id);

      const changed = await staff('PUT', `/api/admin/deals/${added._id}`, deal({ title: 'Monsoon Fortnight' }));
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().data).toMatchObject({ title: 'Monsoon Fortnight', image: null, sample: false });

      const removed = await staff('DELETE', `/api/admin/deals/${added._id}`);
      expect(removed.statusCode, removed.body).toBe(200);
      expect((await staff('DELETE', `/api/admin/deals/${added._id}`)).statusCode).toBe(404);
      expect((await staff('PUT', `/api/admin/deals/${added._id}`, deal())).statusCode).toBe(404);
    });

    it.each([
      [{ endsAt: new Date(Date.now() - 2 * DAY).toISOString() }, 'The end must come after the start.'],
      [{ link: '//evil.example/sale' }, 'Link must be a page of this shop'],
      [{ link: 'https://evil.example' }, 'Link must be a page of this shop'],
      [{ title: '  ' }, 'Title is required.'],
      [{ startsAt: 'tomorrow' }, 'Start must be a date and time'],
      [{ image: 'https://evil.example/x.png' }, 'must be an uploaded image'],
    ])('refuses %j with a clear 400', async (overrides, message) => {
      const res = await staff('POST', '/api/admin/deals', deal(overrides));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(message);
    });

    it('in demo mode an ended sample deal is renewed for another three days; otherwise it ends', async () => {
      const end = Date.parse(await seededAt()) + 3 * DAY;
      const later = end + DAY;
      const renewed = await homePage(shop.handle.db, { renewSampleDeals: true }, 't-shirts', later);
      expect(renewed.deals.map((d) => d.title)).toEqual(['Spring Sale', 'Summer Breeze', 'Holiday Special']);
      expect(renewed.dealsEndAt).toBe(new Date(end + 3 * DAY).toISOString());
      expect(renewed.heroOffer?.percent).toBe(30);

      const ended = await homePage(shop.handle.db, { renewSampleDeals: false }, 't-shirts', later);
      expect(ended.deals).toEqual([]);
      expect(ended.dealsEndAt).toBeNull();
      expect(ended.heroOffer).toBeNull();
    });
  });

  describe('testimonials staff enter', () => {
    it('are added, changed and removed; a real customer’s is not a sample', async () => {
      const res = await staff('POST', '/api/admin/testimonials', {
        name: 'Neha Rao',
        role: 'Teacher, Pune',
        text: 'Soft cotton and a fair price.',
        rating: 4,
      });
      expect(res.statusCode, res.body).toBe(201);
      const added = res.json().data as Testimonial;
      expect(added).toMatchObject({ name: 'Neha Rao', rating: 4, photo: null, sample: false });
      expect((await home()).testimonials.at(-1)).toEqual(added);

      const saved = await staff('PUT', `/api/admin/testimonials/${added._id}`, {
        name: 'Neha Rao',
        text: 'Soft cotton and a fair price.',
        rating: 5,
      });
      expect(saved.json().data).toMatchObject({ rating: 5, role: '' });
      expect((await staff('DELETE', `/api/admin/testimonials/${added._id}`)).statusCode).toBe(200);
      expect((await staff('DELETE', `/api/admin/testimonials/${added._id}`)).statusCode).toBe(404);
    });

    it.each([
      [{ rating: 6 }, 'Rating must be a whole number from 1 to 5.'],
      [{ rating: 4.5 }, 'Rating must be a whole number from 1 to 5.'],
      [{ text: '' }, 'Text is required.'],
      [{ photo: '//evil.example/p.png' }, 'must be an uploaded image'],
    ])('refuses %j with a clear 400', async (overrides, message) => {
      const res = await staff('POST', '/api/admin/testimonials', { name: 'A', text: 'B', rating: 5, ...overrides });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(message);
    });
  });

  describe('the featured product', () => {
    it('is the one staff choose, a product on sale, or none', async () => {
      const before = (await staff('GET', '/api/admin/home-feature')).json().data.productId as string;
      const product = await newProduct(12);
      const chosen = await staff('PUT', '/api/admin/home-feature', { productId: product._id });
      expect(chosen.statusCode, chosen.body).toBe(200);
      expect((await home()).featured).toMatchObject({
        _id: product._id,
        price: 649,
        sizes: [
          { size: 'M', inStock: true },
          { size: 'L', inStock: true },
        ],
      });

      expect((await staff('PUT', '/api/admin/home-feature', { productId: 'no-such-product' })).statusCode).toBe(404);
      expect((await staff('PUT', '/api/admin/home-feature', { productId: null })).statusCode).toBe(200);
      expect((await home()).featured).toBeNull();
      await staff('PUT', '/api/admin/home-feature', { productId: before });
    });
  });

  describe('with nothing to show', () => {
    it('no running deal: no deals, no countdown, no hero badge; no testimonial: none', async () => {
      for (const d of (await staff('GET', '/api/admin/deals')).json().data.deals as Deal[]) {
        expect((await staff('DELETE', `/api/admin/deals/${d._id}`)).statusCode).toBe(200);
      }
      for (const t of (await staff('GET', '/api/admin/testimonials')).json().data.testimonials as Testimonial[]) {
        expect((await staff('DELETE', `/api/admin/testimonials/${t._id}`)).statusCode).toBe(200);
      }
      await addDeal(deal({ endsAt: new Date(Date.now() - DAY / 2).toISOString() })); // ended
      const page = await home();
      expect(page.deals).toEqual([]);
      expect(page.dealsEndAt).toBeNull();
      expect(page.heroOffer).toBeNull();
      expect(page.testimonials).toEqual([]);
    });
  });
});

describe.each(testDialects)('the home page’s reused answers, on %s', (dialect) => {
  let shop: TestShop;
  let admin: { auth: { authorization: string } };

  beforeAll(async () => {
    // Answers reused for a minute: only staff's changes here may show sooner.
    shop = await createTestShop(dialect, { catalogCacheMs: 60_000 });
    admin = await signedInAdmin(shop);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('lets no browser show its copy without asking again: no-cache, answered 304 while nothing changed', async () => {
    for (const url of ['/api/home', '/api/home/new-arrivals?tab=deals']) {
      const first = await shop.app.inject({ method: 'GET', url });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.headers['cache-control']).toBe('public, no-cache');
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/"/);
      const again = await shop.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.headers['cache-control']).toBe('public, no-cache');
    }
  });

  it('a deal staff add or remove shows on the next read, though answers are reused', async () => {
    const read = async () => (await shop.app.inject({ method: 'GET', url: '/api/home' })).json().data as HomePage;
    const before = await read();
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/admin/deals',
      headers: admin.auth,
      payload: {
        title: 'Flash Friday',
        discountText: '15% OFF',
        link: '/products',
        startsAt: new Date(Date.now() - DAY).toISOString(),
        endsAt: new Date(Date.now() + DAY).toISOString(),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const after = await read();
    expect(after.deals.map((d) => d.title)).toEqual(['Flash Friday', ...before.deals.map((d) => d.title)]);
    expect(after.dealsEndAt).toBe(res.json().data.endsAt);

    await shop.app.inject({ method: 'DELETE', url: `/api/admin/deals/${res.json().data._id}`, headers: admin.auth });
    expect((await read()).deals).toEqual(before.deals);
  });
});
