import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connect.ts';
import { newId } from '../../lib/ids.ts';
import { signedInAdmin } from '../../test/accounts.ts';
import { declared } from '../../test/catalogue.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { apiShopper } from '../../test/shoppers.ts';
import { endDueSales } from './sale-ends.ts';

/** A product's sale end, a second or an hour from the real clock. */
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

describe.each(testDialects)("a product's sale end ends its sale, on %s", (dialect) => {
  let shop: TestShop;
  let admin: { auth: { authorization: string } };

  beforeAll(async () => {
    shop = await createTestShop(dialect);
    admin = await signedInAdmin(shop);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const db = () => shop.handle.db;
  const staff = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
    shop.app.inject({ method, url, headers: admin.auth, ...(payload && { payload }) });
  const get = async (url: string) => {
    const res = await shop.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  /** Staff create a product of the test's own (found by its tag), marked down from 999 to 799 unless `extra` says otherwise. */
  const create = (tag: string, extra: object = {}) =>
    staff('POST', '/api/product/create', {
      name: `Sale Shirt ${tag}`,
      ...declared,
      categoryId: 'mens-shirts',
      price: 799,
      originalPrice: 999,
      tags: [tag],
      sizes: [
        { size: 'M', stock: 20 },
        { size: 'L', stock: 20 },
      ],
      ...extra,
    });
  async function newProduct(tag: string, extra: object = {}) {
    const res = await create(tag, extra);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data._id as string;
  }
  const freshTag = () =>
    `sale${newId()
      .slice(0, 8)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, 'x')}`;

  /** The sale end as the clock moving past it leaves it: due, the job not yet run. */
  const endPassed = (id: string) =>
    db()
      .updateTable('products')
      .set({ sale_ends_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
  /** Gives size L of the product a price of its own, marked down from 1,299 to 1,099. */
  const ownMarkdown = (id: string) =>
    db()
      .updateTable('product_variants')
      .set({ price: 1_099_00, original_price: 1_299_00 })
      .where('product_id', '=', id)
      .where('size', '=', 'L')
      .execute();

  describe('staff set it only where it means something', () => {
    it.each([
      ['no original price', { originalPrice: undefined }],
      ['an original price at the price', { originalPrice: 799 }],
      ['an original price below the price', { originalPrice: 700 }],
    ])('refuses a sale end on a new product with %s (400), and creates nothing', async (_case, prices) => {
      const tag = freshTag();
      const res = await create(tag, { ...prices, saleEndsAt: fromNow(3_600_000) });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'SALE_WITHOUT_MARKDOWN',
        message:
          'A sale end needs something on sale: give an original price above the price (the product’s or a variant’s), or clear the sale end.',
        issues: [{ path: 'saleEndsAt', message: 'needs an original price above the price' }],
      });
      expect(await db().selectFrom('products').select('id').where('name', '=', `Sale Shirt ${tag}`).execute()).toEqual(
        [],
      );
    });

    it('refuses an end already passed (400), on a new product and on a change', async () => {
      const tag = freshTag();
      const res = await create(tag, { saleEndsAt: fromNow(-60_000) });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'SALE_END_PASSED',
        message: 'The sale end has already passed: choose a later date and time, or clear the sale end.',
        issues: [{ path: 'saleEndsAt', message: 'must be later than now' }],
      });

      const id = await newProduct(tag);
      const change = await staff('PATCH', `/api/product/update/${id}`, { saleEndsAt: fromNow(-1000) });
      expect(change.statusCode, change.body).toBe(400);
      expect(change.json().code).toBe('SALE_END_PASSED');
      expect((await get(`/api/product/${id}`)).saleEndsAt).toBeNull();
    });

    it('refuses a change that leaves a sale end with nothing marked down, and writes nothing', async () => {
      const id = await newProduct(freshTag(), { saleEndsAt: fromNow(3_600_000) });
      const dropped = await staff('PATCH', `/api/product/update/${id}`, { originalPrice: null });
      expect(dropped.statusCode, dropped.body).toBe(400);
      expect(dropped.json().code).toBe('SALE_WITHOUT_MARKDOWN');
      const raised = await staff('PATCH', `/api/product/update/${id}`, { price: 999 });
      expect(raised.statusCode, raised.body).toBe(400);
      expect(await get(`/api/product/${id}`)).toMatchObject({ price: 799, originalPrice: 999 });

      // Dropping both at once is a sale ended by hand.
      const ended = await staff('PATCH', `/api/product/update/${id}`, { originalPrice: null, saleEndsAt: null });
      expect(ended.statusCode, ended.body).toBe(200);
      expect(ended.json().data).toMatchObject({ price: 799, originalPrice: null, saleEndsAt: null });
    });

    it('takes a sale end on a product marked down only in a variant of its own price', async () => {
      const id = await newProduct(freshTag(), { originalPrice: null });
      const refused = await staff('PATCH', `/api/product/update/${id}`, { saleEndsAt: fromNow(3_600_000) });
      expect(refused.json().code).toBe('SALE_WITHOUT_MARKDOWN');
      await ownMarkdown(id);
      const end = fromNow(3_600_000);
      const res = await staff('PATCH', `/api/product/update/${id}`, { saleEndsAt: end });
      expect(res.statusCode, res.body).toBe(200);
      expect((await get(`/api/product/${id}`)).saleEndsAt).toBe(end);
    });
  });

  describe('once the end has come', () => {
    it('lists, shows, carts and charges the original price, before and after the job writes it', async () => {
      const tag = freshTag();
      const id = await newProduct(tag, { saleEndsAt: fromNow(3_600_000) });
      await ownMarkdown(id);
      // Another product of the tag at 900: between the sale price and the original one.
      const other = await newProduct(tag, { price: 900, originalPrice: null });
      const shopper = await apiShopper(shop.app);
      expect((await shopper.add({ productId: id, color: '', size: 'M' }, 2)).statusCode).toBe(200);
      expect((await shopper.add({ productId: id, color: '', size: 'L' }, 1)).statusCode).toBe(200);
      const before = await shopper.cart();
      expect(before.items.map((i) => i.product.price)).toEqual([799, 1099]);
      expect(before.totals.subtotal).toBe(2 * 799 + 1099);
      const listed = async (query: string) =>
        ((await get(`/api/product?tag=${tag}&limit=10${query}`)).products as { _id: string; price: number }[]).map(
          (p) => [p._id, p.price],
        );
      expect(await listed('&sort=price')).toEqual([
        [id, 799],
        [other, 900],
      ]);

      await endPassed(id);

      // Before the job has run: the product's page, the cart and the order already say the original price.
      expect(await get(`/api/product/${id}`)).toMatchObject({ price: 999, originalPrice: null, saleEndsAt: null });
      const variants = (await get(`/api/product/${id}`)).variants as { size: string; price: number | null }[];
      expect(variants.map((v) => [v.size, v.price])).toEqual([
        ['M', null],
        ['L', 1299],
      ]);
      const after = await shopper.cart();
      expect(after.items.map((i) => [i.product.price, i.lineTotal])).toEqual([
        [999, 1998],
        [1299, 1299],
      ]);
      expect(after.totals.subtotal).toBe(2 * 999 + 1299);
      // Nor is it one of the home page's Discount Deals.
      const deals = (await get('/api/home/new-arrivals?tab=deals')).products as { _id: string }[];
      expect(deals.map((p) => p._id)).not.toContain(id);

      // The total the shopper was shown at the sale price is not charged: they are shown the new one.
      const stale = await shopper.order('cod', { expectedTotal: before.totals.total });
      expect(stale.statusCode, stale.body).toBe(409);
      expect(stale.json()).toMatchObject({ code: 'CART_CHANGED' });
      const placed = await shopper.order('cod', { expectedTotal: after.totals.total });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = placed.json().data;
      expect(order.items.map((i: { price: number }) => i.price)).toEqual([999, 1299]);
      expect(order.total).toBe(after.totals.total);

      // The job writes the end once: prices, no markdown, no sale end, a line in the history.
      expect(await endDueSales(db())).toBe(1);
      expect(await endDueSales(db())).toBe(0);
      const row = await db()
        .selectFrom('products')
        .select(['price', 'original_price', 'sale_ends_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ price: 999_00, original_price: null, sale_ends_at: null });
      const ownPrices = await db()
        .selectFrom('product_variants')
        .select(['size', 'price', 'original_price'])
        .where('product_id', '=', id)
        .orderBy('size_position')
        .execute();
      expect(ownPrices).toEqual([
        { size: 'M', price: null, original_price: null },
        { size: 'L', price: 1_299_00, original_price: null },
      ]);
      const history = (await staff('GET', `/api/admin/products/${id}`)).json().data.audit as { summary: string }[];
      expect(history.map((h) => h.summary)).toContain(
        'Sale ended: price ₹799.00 → ₹999.00, and the own price of 1 variant',
      );

      // The lists follow: the price sort and the price bands read the original price.
      await expect
        .poll(() => listed('&sort=price'), { timeout: 5000 })
        .toEqual([
          [other, 900],
          [id, 999],
        ]);
      expect(await listed('&maxPrice=950')).toEqual([[other, 900]]);
      expect(await listed('&minPrice=950&maxPrice=1000')).toEqual([[id, 999]]);
      expect((await get(`/api/product?tag=${tag}&limit=10`)).products[1]).toMatchObject({ originalPrice: null });
    });

    it('ends only what is due at the clock it is given', async () => {
      const id = await newProduct(freshTag(), { saleEndsAt: fromNow(60_000) });
      expect(await endDueSales(db(), new Date(Date.now() + 30_000))).toBe(0);
      expect((await get(`/api/product/${id}`)).price).toBe(799);
      expect(await endDueSales(db(), new Date(Date.now() + 61_000))).toBe(1);
      expect(await get(`/api/product/${id}`)).toMatchObject({ price: 999, originalPrice: null, saleEndsAt: null });
    });

    it("keeps a staff change made after the end: the body's prices apply to the sale as ended", async () => {
      const id = await newProduct(freshTag(), { saleEndsAt: fromNow(3_600_000) });
      await endPassed(id);
      // A new markdown, from the price the product now sells at.
      const res = await staff('PATCH', `/api/product/update/${id}`, { price: 899, originalPrice: 999 });
      expect(res.statusCode, res.body).toBe(200);
      expect(await endDueSales(db())).toBe(0);
      expect(await get(`/api/product/${id}`)).toMatchObject({ price: 899, originalPrice: 999, saleEndsAt: null });
    });

    it('is ended once however many processes end sales at the same moment (many rounds)', async () => {
      // A second handle on the same database: another process's pool.
      const other = openDatabase(shop.config);
      try {
        for (let round = 0; round < 8; round++) {
          const tag = freshTag();
          const ids = await Promise.all([0, 1, 2].map(() => newProduct(tag, { saleEndsAt: fromNow(3_600_000) })));
          for (const id of ids) await endPassed(id);
          const ended = await Promise.all([endDueSales(db()), endDueSales(other.db), endDueSales(db())]);
          expect(
            ended.reduce((a, b) => a + b, 0),
            `round ${round}`,
          ).toBe(3);
          for (const id of ids) {
            expect((await get(`/api/product/${id}`)).price, `round ${round}`).toBe(999);
            const lines = await db()
              .selectFrom('audit_events')
              .select('id')
              .where('entity_id', '=', id)
              .where('action', '=', 'product.sale-ended')
              .execute();
            expect(lines, `round ${round}`).toHaveLength(1);
          }
        }
      } finally {
        await other.close();
      }
      // Each round creates three products through the staff API: minutes on a loaded machine.
    }, 120_000);
  });
});
