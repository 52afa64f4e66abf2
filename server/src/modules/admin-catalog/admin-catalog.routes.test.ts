import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  imageVariantFormats,
  imageVariantWidths,
  UPLOAD_MAX_BYTES,
  type AdminProductDetail,
  type AdminProductRow,
} from '@shop/core';
import { buildApp } from '../../app.ts';
import { signedInAdmin, signedInShopper } from '../../test/accounts.ts';
import { declared } from '../../test/catalogue.ts';
import { pngBomb } from '../../test/images.ts';
import { apiShopper } from '../../test/shoppers.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';

type Method = 'GET' | 'POST' | 'PATCH';

// The smallest valid PNG: a 1×1 transparent pixel.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A multipart body with one file in `field`. */
function imageForm(bytes: Buffer, { field = 'image', name = 'photo.png', type = 'image/png' } = {}) {
  const form = new FormData();
  form.append(field, new Blob([bytes], { type }), name);
  return form;
}

describe.each(testDialects)('staff products API on %s', (dialect) => {
  let shop: TestShop;
  let uploadsDir: string;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  let shopper: Awaited<ReturnType<typeof signedInShopper>>;
  let counter = 0;

  beforeAll(async () => {
    uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-uploads-'));
    shop = await createTestShop(dialect, { uploadsDir });
    admin = await signedInAdmin(shop);
    shopper = await signedInShopper(shop.app);
  });
  afterAll(async () => {
    await shop?.close();
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  });

  const call = (who: { authorization: string } | null, method: Method, url: string, payload?: object | FormData) =>
    shop.app.inject({ method, url, headers: who ?? {}, ...(payload && { payload }) });
  const asAdmin = (method: Method, url: string, payload?: object | FormData) => call(admin.auth, method, url, payload);

  /** A product of one test's own, created through the API. */
  async function newProduct(
    sizes = [
      { size: 'S', stock: 5 },
      { size: 'M', stock: 4 },
      { size: 'L', stock: 0 },
    ],
    extra: object = {},
  ): Promise<{ id: string; name: string }> {
    counter += 1;
    const name = `Staffcheck Kurta ${dialect} ${counter}`;
    const res = await asAdmin('POST', '/api/product/create', {
      name,
      ...declared,
      categoryId: 'mens-shirts',
      price: 999.5,
      sizes,
      images: ['/images/products/shirt--white--front.svg'],
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().data._id, name };
  }

  const detail = async (id: string): Promise<AdminProductDetail> => {
    const res = await asAdmin('GET', `/api/admin/products/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const stockOf = async (productId: string, size: string) =>
    (
      await shop.handle.db
        .selectFrom('product_variants')
        .select('stock')
        .where('product_id', '=', productId)
        .where('color', '=', '')
        .where('size', '=', size)
        .executeTakeFirstOrThrow()
    ).stock;
  const auditCount = async (productId: string) =>
    Number(
      (
        await shop.handle.db
          .selectFrom('audit_events')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('entity_id', '=', productId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const uploadedFiles = () => fs.readdirSync(uploadsDir);

  describe('who may call', () => {
    const endpoints: [Method, string, object | undefined][] = [
      ['GET', '/api/admin/products', undefined],
      ['GET', '/api/admin/products/some-id', undefined],
      ['PATCH', '/api/admin/products/some-id/visibility', { isActive: false }],
      ['PATCH', '/api/admin/products/stock', { changes: [{ productId: 'some-id', size: 'M', stock: 1 }] }],
      ['GET', '/api/admin/low-stock', undefined],
      ['POST', '/api/admin/uploads', undefined],
    ];

    it.each(endpoints)('%s %s: anonymous 401, shopper 403', async (method, url, payload) => {
      const anonymous = await call(null, method, url, payload);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
      const customer = await call(shopper.auth, method, url, payload);
      expect(customer.statusCode).toBe(403);
      expect(customer.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    });

    it('refuses an upload by a shopper without keeping the file', async () => {
      const before = uploadedFiles();
      const res = await call(shopper.auth, 'POST', '/api/admin/uploads', imageForm(PNG));
      expect(res.statusCode).toBe(403);
      expect(uploadedFiles()).toEqual(before);
    });
  });

  describe('product list', () => {
    it('lists hidden products too, filters by status and name, most recently changed first', async () => {
      const shown = await newProduct();
      const hidden = await newProduct([{ size: 'M', stock: 2 }]);
      await asAdmin('PATCH', `/api/admin/products/${hidden.id}/visibility`, { isActive: false });

      const all = await asAdmin('GET', `/api/admin/products?q=${encodeURIComponent('STAFFCHECK kurta')}&limit=100`);
      expect(all.statusCode, all.body).toBe(200);
      const rows: AdminProductRow[] = all.json().data.products;
      // The hidden one changed last, so it leads.
      expect(rows[0]).toMatchObject({ _id: hidden.id, isActive: false, totalStock: 2 });
      expect(rows.find((r) => r._id === shown.id)).toEqual({
        _id: shown.id,
        name: shown.name,
        image: '/images/products/shirt--white--front.svg',
        category: "Men's Shirts",
        price: 999.5,
        originalPrice: null,
        isActive: true,
        sizes: [
          { size: 'S', stock: 5 },
          { size: 'M', stock: 4 },
          { size: 'L', stock: 0 },
        ],
        totalStock: 9,
        colorsWithoutStock: [],
        missingDeclarations: [],
        updatedAt: expect.any(String),
      });
      const times = rows.map((r) => r.updatedAt);
      expect(times).toEqual([...times].sort().reverse());

      const onlyHidden = (await asAdmin('GET', '/api/admin/products?status=hidden&limit=100')).json().data;
      expect(onlyHidden.products.map((r: AdminProductRow) => r._id)).toContain(hidden.id);
      expect(onlyHidden.products.every((r: AdminProductRow) => !r.isActive)).toBe(true);
      const active = (
        await asAdmin('GET', `/api/admin/products?status=active&q=${encodeURIComponent(shown.name)}`)
      ).json().data;
      expect(active).toMatchObject({ total: 1, page: 1, totalPages: 1, products: [{ _id: shown.id }] });
      const literal = (await asAdmin('GET', '/api/admin/products?q=%25')).json().data;
      expect(literal.total).toBe(0);
    });

    it('pages through every product, hidden ones included, once', async () => {
      const total = Number(
        (
          await shop.handle.db
            .selectFrom('products')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      const seen: string[] = [];
      const first = (await asAdmin('GET', '/api/admin/products?limit=25')).json().data;
      expect(first).toMatchObject({ total, limit: 25, totalPages: Math.ceil(total / 25) });
      for (let page = 1; page <= first.totalPages; page++) {
        const data = (await asAdmin('GET', `/api/admin/products?limit=25&page=${page}`)).json().data;
        seen.push(...data.products.map((r: AdminProductRow) => r._id));
      }
      expect(seen).toHaveLength(total);
      expect(new Set(seen).size).toBe(total);
    });

    it('runs the same number of SQL statements for 1 product as for 50', async () => {
      shop.queries.length = 0;
      await asAdmin('GET', '/api/admin/products?limit=1');
      const forOne = shop.queries.length;
      shop.queries.length = 0;
      await asAdmin('GET', '/api/admin/products?limit=50');
      expect(shop.queries.length).toBe(forOne);
    });

    it.each([
      ['an unknown status', 'status=deleted', 'status must be one of all, active, hidden'],
      ['a page of 0', 'page=0', 'page'],
      ['a limit over 100', 'limit=101', 'limit'],
    ])('refuses %s (400)', async (_case, query, message) => {
      const res = await asAdmin('GET', `/api/admin/products?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(res.json().message).toContain(message);
    });
  });

  describe('product detail, create and update history', () => {
    it('answers a product with isActive, updatedAt and its history, the staff member named', async () => {
      const { id, name } = await newProduct();
      const updated = await asAdmin('PATCH', `/api/product/update/${id}`, {
        price: 1200,
        description: 'Hand-loomed.',
        // Sent but unchanged: not named in the history.
        sizes: [
          { size: 'S', stock: 5 },
          { size: 'M', stock: 4 },
          { size: 'L', stock: 0 },
        ],
      });
      expect(updated.statusCode, updated.body).toBe(200);

      const { product, audit } = await detail(id);
      expect(product).toMatchObject({ _id: id, name, price: 1200, description: 'Hand-loomed.', isActive: true });
      expect(Date.parse(product.updatedAt)).not.toBeNaN();
      const actor = { _id: admin.user._id, name: 'Staff Kumar', email: admin.email };
      expect(audit).toEqual([
        expect.objectContaining({
          action: 'product.updated',
          summary: 'Changed description, price',
          actor,
          entityType: 'product',
          entityId: id,
        }),
        expect.objectContaining({ action: 'product.created', summary: `Created “${name}”`, actor }),
      ]);
    });

    it('records nothing for an update that changes nothing', async () => {
      const { id } = await newProduct();
      const res = await asAdmin('PATCH', `/api/product/update/${id}`, { price: 999.5, colors: [] });
      expect(res.statusCode, res.body).toBe(200);
      expect((await detail(id)).audit.map((a) => a.action)).toEqual(['product.created']);
    });

    it('lets staff open and edit a hidden product', async () => {
      const { id } = await newProduct();
      await asAdmin('PATCH', `/api/admin/products/${id}/visibility`, { isActive: false });
      expect((await detail(id)).product.isActive).toBe(false);
      const res = await asAdmin('PATCH', `/api/product/update/${id}`, { price: 850 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.price).toBe(850);
      expect((await call(null, 'GET', `/api/product/${id}`)).statusCode).toBe(404);
    });

    it('answers 404 for an unknown product and 400 for a malformed id', async () => {
      const unknown = await asAdmin('GET', '/api/admin/products/no-such-product');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ success: false, code: 'PRODUCT_NOT_FOUND', message: 'Product not found' });
      const malformed = await asAdmin('GET', '/api/admin/products/not.an.id');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().code).toBe('VALIDATION_FAILED');
    });
  });

  describe('hiding and showing', () => {
    it('hides a product from the whole storefront and carts, and shows it again, with history', async () => {
      const { id, name } = await newProduct();
      const publicIds = async () =>
        (await call(null, 'GET', `/api/product?q=${encodeURIComponent(name)}`))
          .json()
          .data.products.map((p: { _id: string }) => p._id);
      expect(await publicIds()).toEqual([id]);

      const hide = await asAdmin('PATCH', `/api/admin/products/${id}/visibility`, { isActive: false });
      expect(hide.statusCode, hide.body).toBe(200);
      expect(hide.json()).toMatchObject({
        success: true,
        message: 'Product hidden from the shop',
        data: { product: { _id: id, isActive: false } },
      });
      expect(
        (await shop.handle.db.selectFrom('products').select('is_active').where('id', '=', id).executeTakeFirst())
          ?.is_active,
      ).toBe(0);
      expect(await publicIds()).toEqual([]);
      expect((await call(null, 'GET', `/api/product/search?q=${encodeURIComponent(name)}`)).json().data.total).toBe(0);
      expect((await call(null, 'GET', `/api/product/${id}`)).statusCode).toBe(404);
      const add = await call(shopper.auth, 'POST', '/api/cart', { product: id, size: 'S', quantity: 1 });
      expect(add.statusCode).toBe(404);
      expect(add.json().code).toBe('PRODUCT_NOT_FOUND');

      // Hiding what is hidden changes nothing and records nothing.
      const again = await asAdmin('PATCH', `/api/admin/products/${id}/visibility`, { isActive: false });
      expect(again.statusCode).toBe(200);

      const show = await asAdmin('PATCH', `/api/admin/products/${id}/visibility`, { isActive: true });
      expect(show.statusCode).toBe(200);
      expect(show.json().data.product.isActive).toBe(true);
      expect(await publicIds()).toEqual([id]);
      expect((await call(shopper.auth, 'POST', '/api/cart', { product: id, size: 'S', quantity: 1 })).statusCode).toBe(
        200,
      );

      const audit = show.json().data.audit as AdminProductDetail['audit'];
      expect(audit.map((a) => [a.action, a.summary, a.actor?.email])).toEqual([
        ['product.shown', 'Shown in the shop', admin.email],
        ['product.hidden', 'Hidden from the shop', admin.email],
        ['product.created', `Created “${name}”`, admin.email],
      ]);
    });

    it.each([
      ['no body', undefined],
      ['a string for isActive', { isActive: 'no' }],
      ['an empty object', {}],
    ])('refuses %s (400)', async (_case, payload) => {
      const { id } = await newProduct();
      const res = await asAdmin('PATCH', `/api/admin/products/${id}/visibility`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect((await detail(id)).product.isActive).toBe(true);
    });

    it('answers 404 for an unknown product', async () => {
      const res = await asAdmin('PATCH', '/api/admin/products/no-such-product/visibility', { isActive: false });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('PRODUCT_NOT_FOUND');
    });
  });

  describe('bulk stock edit', () => {
    it('sets many sizes of several products at once, with one history line per product', async () => {
      const a = await newProduct();
      const b = await newProduct([{ size: 'XL', stock: 7 }]);
      const res = await asAdmin('PATCH', '/api/admin/products/stock', {
        changes: [
          { productId: a.id, size: 'm', stock: 10 },
          { productId: a.id, size: 'L', stock: 3 },
          { productId: a.id, size: 'S', stock: 5 },
          { productId: b.id, size: 'XL', stock: 0 },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ success: true, data: { updated: 3 } });
      expect([await stockOf(a.id, 'S'), await stockOf(a.id, 'M'), await stockOf(a.id, 'L')]).toEqual([5, 10, 3]);
      expect(await stockOf(b.id, 'XL')).toBe(0);

      const [latestA] = (await detail(a.id)).audit;
      expect(latestA).toMatchObject({
        action: 'stock.changed',
        summary: 'Stock M: 4 → 10, L: 0 → 3',
        actor: { email: admin.email },
      });
      expect((await detail(b.id)).audit[0]).toMatchObject({ action: 'stock.changed', summary: 'Stock XL: 7 → 0' });
    });

    // 30 rounds of two new products and a new shopper each: 15 s or more on PostgreSQL under load.
    it('never deadlocks with another bulk edit or an order taking the same sizes in another order (30 rounds)', async () => {
      for (let round = 0; round < 30; round += 1) {
        const [a, b, buyer] = [await newProduct(), await newProduct(), await apiShopper(shop.app)];
        const edit = (first: { id: string }, second: { id: string }, stock: number) =>
          asAdmin('PATCH', '/api/admin/products/stock', {
            changes: [
              { productId: first.id, size: 'M', stock },
              { productId: first.id, size: 'S', stock },
              { productId: second.id, size: 'S', stock },
              { productId: second.id, size: 'M', stock },
            ],
          });
        await buyer.add({ productId: b.id, color: '', size: 'S' });
        await buyer.add({ productId: a.id, color: '', size: 'M' });
        const results = await Promise.all([edit(a, b, 20), edit(b, a, 30), buyer.order('cod')]);
        expect(
          results.map((r) => r.statusCode),
          `round ${round}: ${results.map((r) => r.body).join(' | ')}`,
        ).toEqual([200, 200, 201]);
      }
    }, 120_000);

    it('refuses the whole request when one size is unknown, writing nothing', async () => {
      const a = await newProduct();
      const b = await newProduct();
      const auditBefore = await auditCount(a.id);
      const res = await asAdmin('PATCH', '/api/admin/products/stock', {
        changes: [
          { productId: a.id, size: 'M', stock: 40 },
          { productId: b.id, size: 'S', stock: 41 },
          { productId: b.id, size: 'XXXL', stock: 1 },
        ],
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'SIZE_NOT_FOUND',
        message: `${b.name} has no size XXXL.`,
      });
      expect(await stockOf(a.id, 'M')).toBe(4);
      expect(await stockOf(b.id, 'S')).toBe(5);
      expect(await auditCount(a.id)).toBe(auditBefore);
    });

    it('refuses the whole request when one product is unknown', async () => {
      const a = await newProduct();
      const res = await asAdmin('PATCH', '/api/admin/products/stock', {
        changes: [
          { productId: a.id, size: 'M', stock: 40 },
          { productId: 'no-such-product', size: 'M', stock: 1 },
        ],
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND', message: 'Product not found: no-such-product' });
      expect(await stockOf(a.id, 'M')).toBe(4);
    });

    it('refuses a size listed twice (400), writing nothing', async () => {
      const a = await newProduct();
      const res = await asAdmin('PATCH', '/api/admin/products/stock', {
        changes: [
          { productId: a.id, size: 'M', stock: 40 },
          { productId: a.id, size: 'm', stock: 41 },
        ],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('DUPLICATE_SIZE');
      expect(await stockOf(a.id, 'M')).toBe(4);
    });

    it.each([
      ['no changes', { changes: [] }, 'changes must list at least one size.'],
      ['negative stock', { changes: [{ productId: 'p1', size: 'M', stock: -1 }] }, 'stock must not be negative.'],
      ['fractional stock', { changes: [{ productId: 'p1', size: 'M', stock: 1.5 }] }, 'stock must be a whole number.'],
      ['a blank size', { changes: [{ productId: 'p1', size: ' ', stock: 1 }] }, 'size is required.'],
      ['a malformed id', { changes: [{ productId: '../x', size: 'M', stock: 1 }] }, 'is not a valid id'],
      ['no body', undefined, 'body'],
    ])('refuses %s (400)', async (_case, payload, message) => {
      const res = await asAdmin('PATCH', '/api/admin/products/stock', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(res.json().message).toContain(message);
    });
  });

  describe('low stock', () => {
    it("lists active products' variants at or below the threshold asked for, or the shop's, emptiest first", async () => {
      // Stock everything well, so only this test's sizes are low, in a shop that calls 5 low.
      await shop.handle.db.updateTable('product_variants').set({ stock: 50 }).execute();
      await shop.handle.db.updateTable('shop_settings').set({ low_stock_threshold: 5 }).execute();
      const a = await newProduct([
        { size: 'S', stock: 6 },
        { size: 'M', stock: 0 },
        { size: 'L', stock: 3 },
      ]);
      const b = await newProduct([{ size: 'XL', stock: 5 }]);
      const hidden = await newProduct([{ size: 'M', stock: 1 }]);
      await asAdmin('PATCH', `/api/admin/products/${hidden.id}/visibility`, { isActive: false });

      const res = await asAdmin('GET', '/api/admin/low-stock');
      expect(res.statusCode, res.body).toBe(200);
      // The shop's threshold (5) for products without their own.
      expect(res.json().data).toEqual([
        {
          productId: a.id,
          name: a.name,
          color: '',
          size: 'M',
          sku: expect.stringMatching(/^KP-STA-M/),
          stock: 0,
          threshold: 5,
        },
        {
          productId: a.id,
          name: a.name,
          color: '',
          size: 'L',
          sku: expect.stringMatching(/^KP-STA-L/),
          stock: 3,
          threshold: 5,
        },
        {
          productId: b.id,
          name: b.name,
          color: '',
          size: 'XL',
          sku: expect.stringMatching(/^KP-STA-XL/),
          stock: 5,
          threshold: 5,
        },
      ]);
      const tighter = (await asAdmin('GET', '/api/admin/low-stock?threshold=0')).json().data;
      expect(tighter).toEqual([
        {
          productId: a.id,
          name: a.name,
          color: '',
          size: 'M',
          sku: expect.stringMatching(/^KP-STA-M/),
          stock: 0,
          threshold: 5,
        },
      ]);
      expect((await asAdmin('GET', '/api/admin/low-stock?limit=2')).json().data).toHaveLength(2);
    });

    it.each([['threshold=-1'], ['threshold=lots'], ['limit=0']])('refuses %s (400)', async (query) => {
      const res = await asAdmin('GET', `/api/admin/low-stock?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    });
  });

  describe('image uploads', () => {
    it('keeps a PNG, serves it back byte for byte with a year-long cache, and a product can show it', async () => {
      const res = await asAdmin(
        'POST',
        '/api/admin/uploads',
        imageForm(PNG, { name: 'anything.gif', type: 'text/plain' }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const { url } = res.json().data;
      expect(url).toMatch(/^\/uploads\/[A-Za-z0-9_-]{16,64}\.png$/);
      expect(uploadedFiles()).toContain(url.slice('/uploads/'.length));
      expect(uploadedFiles().filter((f) => f.startsWith('.'))).toEqual([]);

      const served = await call(null, 'GET', url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.rawPayload.equals(PNG)).toBe(true);
      // Its responsive variants, as the pages ask for them.
      for (const [format, type] of [
        ['avif', 'image/avif'],
        ['webp', 'image/webp'],
        ['jpg', 'image/jpeg'],
      ]) {
        const variant = await call(null, 'GET', url.replace(/\.png$/, `.w640.${format}`));
        expect(variant.statusCode, format).toBe(200);
        expect(variant.headers['content-type']).toBe(type);
        expect(variant.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
      expect((await call(null, 'GET', url.replace(/\.png$/, '.w500.webp'))).statusCode).toBe(404);

      const { id } = await newProduct(undefined, { images: [url] });
      expect((await call(null, 'GET', `/api/product/${id}`)).json().data).toMatchObject({ image: url, images: [url] });
    });

    it('tells JPEG and WebP by their bytes', async () => {
      const pixel = sharp(PNG);
      const jpeg = await pixel.clone().jpeg().toBuffer();
      const webp = await pixel.clone().webp().toBuffer();
      const asJpeg = await asAdmin('POST', '/api/admin/uploads', imageForm(jpeg, { name: 'x.png' }));
      expect(asJpeg.statusCode, asJpeg.body).toBe(201);
      expect(asJpeg.json().data.url).toMatch(/\.jpg$/);
      const asWebp = await asAdmin('POST', '/api/admin/uploads', imageForm(webp));
      expect(asWebp.json().data.url).toMatch(/\.webp$/);
      const served = await call(null, 'GET', asWebp.json().data.url);
      expect(served.headers['content-type']).toBe('image/webp');
    });

    it('refuses a text file named .png (400), keeping nothing', async () => {
      const before = uploadedFiles();
      const res = await asAdmin(
        'POST',
        '/api/admin/uploads',
        imageForm(Buffer.from('just some text, honestly\n'), { name: 'notes.png', type: 'image/png' }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'UNSUPPORTED_IMAGE',
        message: 'The file is not an image the shop accepts: use JPEG, PNG or WebP.',
      });
      expect(uploadedFiles()).toEqual(before);
    });

    it('refuses a 1 MB PNG declaring 16,000 × 16,000 pixels (400) before decoding it, three at once, keeping nothing', async () => {
      const before = uploadedFiles();
      const bomb = pngBomb(16_000, 16_000);
      const cpu = process.cpuUsage();
      const answers = await Promise.all([1, 2, 3].map(() => asAdmin('POST', '/api/admin/uploads', imageForm(bomb))));
      const used = process.cpuUsage(cpu);
      for (const res of answers) {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({
          success: false,
          code: 'IMAGE_TOO_MANY_PIXELS',
          message:
            'The image is 16000 × 16000 pixels (256 megapixels): the shop takes photos of at most 40 megapixels, such as 8000 × 5000.',
        });
      }
      // Decoding one took half a minute of CPU; reading three headers takes milliseconds.
      expect((used.user + used.system) / 1000).toBeLessThan(500);
      expect(uploadedFiles()).toEqual(before);
      // And the shop goes on answering.
      expect((await call(null, 'GET', '/api/health/live')).statusCode).toBe(200);
    });

    it('refuses an image over 2 MB (413), keeping nothing', async () => {
      const before = uploadedFiles();
      const big = Buffer.concat([PNG, Buffer.alloc(UPLOAD_MAX_BYTES)]);
      const res = await asAdmin('POST', '/api/admin/uploads', imageForm(big));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'IMAGE_TOO_LARGE',
        message: 'The image is too large: the limit is 2 MB.',
      });
      expect(uploadedFiles()).toEqual(before);
    });

    it('refuses a request without a file in "image" (400) and one that is not multipart (415)', async () => {
      const wrongField = await asAdmin('POST', '/api/admin/uploads', imageForm(PNG, { field: 'photo' }));
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json().code).toBe('IMAGE_REQUIRED');
      const noFile = new FormData();
      noFile.append('caption', 'hello');
      expect((await asAdmin('POST', '/api/admin/uploads', noFile)).json().code).toBe('IMAGE_REQUIRED');
      const json = await asAdmin('POST', '/api/admin/uploads', { image: 'data' });
      expect(json.statusCode).toBe(415);
      expect(json.json()).toMatchObject({ code: 'NOT_MULTIPART' });
    });

    it.each([
      ['no boundary', 'multipart/form-data', 'garbage'],
      ['no parts', 'multipart/form-data; boundary=XX', 'garbage'],
      [
        'a part cut off before its end',
        'multipart/form-data; boundary=XX',
        '--XX\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n\x89PNG',
      ],
      [
        'a field named __proto__',
        'multipart/form-data; boundary=XX',
        '--XX\r\nContent-Disposition: form-data; name="__proto__"; filename="a.png"\r\n\r\nabc\r\n--XX--\r\n',
      ],
    ])('refuses a malformed multipart body: %s (400), keeping nothing', async (_case, type, payload) => {
      const before = uploadedFiles();
      const res = await shop.app.inject({
        method: 'POST',
        url: '/api/admin/uploads',
        headers: { ...admin.auth, 'content-type': type },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'MALFORMED_UPLOAD',
        message: 'The upload could not be read: send one image as multipart/form-data in the field "image".',
      });
      expect(uploadedFiles()).toEqual(before);
    });

    it.each([
      ['an unknown name', '/uploads/AAAAAAAAAAAAAAAAAAAAAA.png'],
      ['a path outside the folder', '/uploads/..%2F..%2Fetc%2Fpasswd'],
      ['a name the shop never makes', '/uploads/.hidden.png.part'],
      ['another extension', '/uploads/AAAAAAAAAAAAAAAAAAAAAA.svg'],
    ])('answers 404 for %s', async (_case, url) => {
      const res = await call(null, 'GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'IMAGE_NOT_FOUND' });
    });

    it('answers 503 busy at once, its body unread, when every upload place is taken; the places come back', async () => {
      const type = 'multipart/form-data; boundary=XX';
      const stalledUpload = () => {
        const body = new PassThrough();
        body.write('--XX\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n');
        const answer = shop.app.inject({
          method: 'POST',
          url: '/api/admin/uploads',
          headers: { ...admin.auth, 'content-type': type },
          payload: body,
        });
        return { body, answer };
      };
      const within = <T>(ms: number, promise: Promise<T>) =>
        Promise.race([promise, new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), ms))]);
      for (let round = 0; round < 2; round += 1) {
        const before = uploadedFiles();
        // One at work and sixteen waiting: every place taken by a body that has not ended.
        const stalled = Array.from({ length: 17 }, stalledUpload);
        let refused: Awaited<ReturnType<typeof shop.app.inject>> | 'waiting' = 'waiting';
        // A request signed in before the others could take a place they were meant to; one more then.
        for (let probe = 0; probe < 3 && refused === 'waiting'; probe += 1) {
          const extra = stalledUpload();
          refused = await within(3000, extra.answer);
          if (refused === 'waiting') stalled.push(extra);
        }
        expect(refused).not.toBe('waiting');
        if (refused === 'waiting') return;
        expect(refused.statusCode).toBe(503);
        expect(refused.json()).toMatchObject({ success: false, code: 'SERVICE_BUSY' });
        // The stalled bodies end (cut off): each that had a place is a 400, none a 500, and gives
        // its place back; one overtaken by a later request was answered busy at once.
        for (const { body } of stalled) body.end('\x89PNG');
        const answers = await Promise.all(stalled.map(({ answer }) => answer));
        for (const res of answers) expect([400, 503]).toContain(res.statusCode);
        expect(answers.filter((res) => res.statusCode === 400)).toHaveLength(17);
        expect(uploadedFiles()).toEqual(before);
        const after = await asAdmin('POST', '/api/admin/uploads', imageForm(PNG));
        expect(after.statusCode, after.body).toBe(201);
      }
    });

    it('never lets anonymous requests for missing variants take staff upload places', async () => {
      const jpeg = await sharp({
        create: { width: 2400, height: 1600, channels: 3, background: { r: 120, g: 90, b: 60 } },
      })
        .jpeg()
        .toBuffer();
      for (let round = 0; round < 2; round += 1) {
        const names = [1, 2, 3].map((i) => `OldOriginal${dialect}${round}x${i}`.padEnd(22, '0'));
        for (const name of names) fs.writeFileSync(path.join(uploadsDir, `${name}.jpg`), jpeg);
        const variantUrls = names.flatMap((name) =>
          imageVariantWidths.flatMap((width) => imageVariantFormats.map((f) => `/uploads/${name}.w${width}.${f}`)),
        );
        let firstBusy!: () => void;
        const someoneBusy = new Promise<void>((resolve) => (firstBusy = resolve));
        const anonymous = variantUrls.map((url) =>
          call(null, 'GET', url).then((res) => {
            if (res.statusCode === 503) firstBusy();
            return res;
          }),
        );
        // Strangers' queue is full now; a staff upload still has its place.
        await someoneBusy;
        const upload = await asAdmin('POST', '/api/admin/uploads', imageForm(PNG));
        expect(upload.statusCode, upload.body).toBe(201);
        const answers = await Promise.all(anonymous);
        for (const res of answers) {
          expect([200, 503]).toContain(res.statusCode);
          if (res.statusCode === 503) expect(res.json()).toMatchObject({ success: false, code: 'SERVICE_BUSY' });
        }
        expect(answers.filter((res) => res.statusCode === 200).length).toBeGreaterThan(0);
      }
    });

    it('answers 503 when the server keeps no uploads folder', async () => {
      const app = await buildApp({ database: shop.handle, catalogCacheMs: 0 });
      try {
        const staff = await signedInAdmin(shop, app);
        const res = await app.inject({
          method: 'POST',
          url: '/api/admin/uploads',
          headers: staff.auth,
          payload: imageForm(PNG),
        });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({
          code: 'UPLOADS_DISABLED',
          message: 'Image uploads are not set up on this server.',
        });
        expect((await app.inject({ method: 'GET', url: '/uploads/AAAAAAAAAAAAAAAAAAAAAA.png' })).statusCode).toBe(404);
      } finally {
        await app.close();
      }
    });
  });
});
