import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../../test/accounts.ts';
import { declared } from '../../test/catalogue.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';

const SETTINGS = { freeShippingThreshold: null, codMaxOrderValue: 50_000, codMaxOpenOrders: 3, codConfirmHours: null };

describe.each(testDialects)('urgency the storefront states only when true, on %s', (dialect) => {
  let shop: TestShop;
  let admin: { auth: { authorization: string } };

  beforeAll(async () => {
    shop = await createTestShop(dialect);
    admin = await signedInAdmin(shop);
  });
  afterAll(async () => {
    await shop?.close();
  });
  afterEach(async () => {
    await staff('PUT', '/api/admin/settings', { ...SETTINGS, lowStockThreshold: 10 });
  });

  const staff = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    shop.app.inject({ method, url, headers: admin.auth, ...(payload && { payload }) });
  const store = async () => (await shop.app.inject({ method: 'GET', url: '/api/store' })).json().data;

  describe('the "only N left" threshold', () => {
    it('is 10 by default, for the storefront and for staff', async () => {
      expect((await store()).lowStockThreshold).toBe(10);
      expect((await staff('GET', '/api/admin/settings')).json().data.lowStockThreshold).toBe(10);
    });

    it("is the owner's to change; left out, it stays", async () => {
      const saved = await staff('PUT', '/api/admin/settings', { ...SETTINGS, lowStockThreshold: 5 });
      expect(saved.statusCode, saved.body).toBe(200);
      // The return settings were left out, and keep the shop's defaults.
      expect(saved.json().data).toEqual({
        ...SETTINGS,
        lowStockThreshold: 5,
        returnWindowDays: 3,
        allowSizeExchanges: false,
        pricesIncludeGst: false,
      });
      expect((await store()).lowStockThreshold).toBe(5);

      const again = await staff('PUT', '/api/admin/settings', { ...SETTINGS, codMaxOpenOrders: 4 });
      expect(again.json().data.lowStockThreshold).toBe(5);
    });

    it.each([
      [-1, 'The low-stock threshold must not be negative.'],
      [1001, 'The low-stock threshold must be 1000 or less.'],
      [2.5, 'The low-stock threshold must be a whole number.'],
    ])('refuses %s with a clear 400', async (lowStockThreshold, message) => {
      const res = await staff('PUT', '/api/admin/settings', { ...SETTINGS, lowStockThreshold });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(message);
      expect((await store()).lowStockThreshold).toBe(10);
    });
  });

  describe("a product's sale end", () => {
    async function newProduct(extra: object = {}) {
      const category = await shop.handle.db.selectFrom('categories').select('id').executeTakeFirstOrThrow();
      const res = await staff('POST', '/api/product/create', {
        name: `Sale Shirt ${Math.random().toString(36).slice(2, 8)}`,
        ...declared,
        categoryId: category.id,
        price: 799,
        originalPrice: 999,
        sizes: [{ size: 'M', stock: 4 }],
        ...extra,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { _id: string; saleEndsAt: string | null };
    }
    const product = async (id: string) =>
      (await shop.app.inject({ method: 'GET', url: `/api/product/${id}` })).json().data;

    it('is none unless staff set one: no countdown', async () => {
      const created = await newProduct();
      expect(created.saleEndsAt).toBeNull();
      expect((await product(created._id)).saleEndsAt).toBeNull();
    });

    it('is the moment staff set, the same for every visitor, until staff clear it', async () => {
      // Three days from now, to the second, written in India's time as staff type it.
      const end = new Date(Math.floor(Date.now() / 1000) * 1000 + 3 * 86_400_000);
      const inIndia = new Date(end.getTime() + 330 * 60_000).toISOString().slice(0, 19);
      const created = await newProduct({ saleEndsAt: `${inIndia}+05:30` });
      expect((await product(created._id)).saleEndsAt).toBe(end.toISOString());
      expect((await product(created._id)).saleEndsAt).toBe(end.toISOString());

      const cleared = await staff('PATCH', `/api/product/update/${created._id}`, { saleEndsAt: null });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect((await product(created._id)).saleEndsAt).toBeNull();
    });

    it('refuses what is not a date and time with a clear 400', async () => {
      const created = await newProduct();
      const res = await staff('PATCH', `/api/product/update/${created._id}`, { saleEndsAt: 'next week' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain('must be a date and time');
    });
  });
});
