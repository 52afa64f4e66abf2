import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCoupon, CouponCreateBody } from '@shop/core';
import { newId } from '../../lib/ids.ts';
import { signedInAdmin, signedInShopper, verifiedShopper } from '../../test/accounts.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { orderAddress } from '../../test/addresses.ts';
import { freshCode } from '../../test/coupons.ts';

describe.each(testDialects)('staff coupons API on %s', (dialect) => {
  let shop: TestShop;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;

  beforeAll(async () => {
    shop = await createTestShop(dialect);
    admin = await signedInAdmin(shop);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const asAdmin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    shop.app.inject({ method, url, headers: admin.auth, ...(payload && { payload }) });
  const create = (body: Partial<CouponCreateBody> & Record<string, unknown>) =>
    asAdmin('POST', '/api/admin/coupons', { code: freshCode(), discountType: 'percentage', value: 10, ...body });
  async function created(body: Partial<CouponCreateBody> & Record<string, unknown> = {}): Promise<AdminCoupon> {
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  }
  const update = (id: string, body: object) => asAdmin('PATCH', `/api/admin/coupons/${id}`, body);
  const storedCoupon = (id: string) =>
    shop.handle.db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
  const storedCategories = async (id: string) =>
    (
      await shop.handle.db
        .selectFrom('coupon_categories')
        .select('category_id')
        .where('coupon_id', '=', id)
        .orderBy('category_id')
        .execute()
    ).map((r) => r.category_id);
  // Events written within the same millisecond have no order between them (the create and an
  // update just after it, say): a test finds an event by what it says rather than by its place.
  const auditRows = (id: string) =>
    shop.handle.db
      .selectFrom('audit_events')
      .select(['action', 'summary', 'actor_id'])
      .where('entity_type', '=', 'coupon')
      .where('entity_id', '=', id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  const categoryOf = async () =>
    await shop.handle.db
      .selectFrom('products')
      .select(['id', 'category_id'])
      .where('is_active', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();

  /** A shopper with one piece of a product in the cart. */
  async function shopperWithCart() {
    const me = await verifiedShopper(shop.app);
    const product = await categoryOf();
    // A size of its own, so other tests' orders never sell it out.
    const size = `C${newId().slice(0, 6).toUpperCase()}`;
    await shop.handle.db
      .insertInto('product_variants')
      .values({ product_id: product.id, color: 'test', size, size_position: 99, sku: `TEST-${size}`, stock: 10 })
      .execute();
    const call = (method: 'POST' | 'GET', url: string, payload?: object) =>
      shop.app.inject({ method, url, headers: me.auth, ...(payload && { payload }) });
    const added = await call('POST', '/api/cart', { product: product.id, color: 'test', size, quantity: 1 });
    expect(added.statusCode, added.body).toBe(200);
    return { ...me, call, product };
  }

  describe('who may call', () => {
    it.each([
      ['GET', '/api/admin/coupons'],
      ['GET', '/api/admin/coupons/some-coupon'],
      ['POST', '/api/admin/coupons'],
      ['PATCH', '/api/admin/coupons/some-coupon'],
    ] as const)('%s %s: anonymous 401, shopper 403', async (method, url) => {
      const me = await signedInShopper(shop.app);
      const payload = { code: freshCode(), discountType: 'percentage', value: 5 };
      expect((await shop.app.inject({ method, url, payload })).statusCode).toBe(401);
      const refused = await shop.app.inject({ method, url, headers: me.auth, payload });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('FORBIDDEN');
    });
  });

  describe('GET /api/admin/coupons', () => {
    it('lists every coupon, inactive ones too, with its label, limits and use count', async () => {
      const off = await created({ isActive: false, usageLimit: 50, perCustomerLimit: 2 });
      const res = await asAdmin('GET', '/api/admin/coupons');
      expect(res.statusCode).toBe(200);
      const coupons: AdminCoupon[] = res.json().data;
      expect(coupons.find((c) => c.code === 'SAVE10')).toMatchObject({
        discountType: 'percentage',
        value: 10,
        minPurchase: 100,
        label: '10% OFF',
        isActive: true,
        timesRedeemed: 0,
        usageLimit: null,
      });
      expect(coupons.find((c) => c.code === 'TEES3')).toMatchObject({
        label: 'Buy 2 Get 1 FREE',
        applicableCategories: ['mens-t-shirts'],
      });
      expect(coupons.find((c) => c._id === off._id)).toMatchObject({
        isActive: false,
        usageLimit: 50,
        perCustomerLimit: 2,
      });
      // Newest first.
      expect(coupons[0]!._id).toBe(off._id);
    });

    it('counts orders placed with a coupon, and gives a use back when the order is cancelled', async () => {
      const coupon = await created({ value: 5 });
      const me = await shopperWithCart();
      expect((await me.call('POST', '/api/cart/apply-discount', { code: coupon.code })).statusCode).toBe(200);
      const placed = await me.call('POST', '/api/order', { shippingAddress: orderAddress, paymentMethod: 'cod' });
      expect(placed.statusCode, placed.body).toBe(201);
      const timesRedeemed = async () =>
        ((await asAdmin('GET', `/api/admin/coupons/${coupon._id}`)).json().data.coupon as AdminCoupon).timesRedeemed;
      expect(await timesRedeemed()).toBe(1);
      await me.call('POST', `/api/order/${placed.json().data._id}/cancel`);
      expect(await timesRedeemed()).toBe(0);
    });
  });

  describe('POST /api/admin/coupons', () => {
    it('creates a coupon (rupees in, paise stored), audited, that a shopper can apply at once', async () => {
      const product = await categoryOf();
      const code = freshCode('NEW');
      const res = await create({
        code: ` ${code.toLowerCase()} `,
        value: 25,
        minPurchase: 10.5,
        applicableCategories: [product.category_id, product.category_id],
        perCustomerLimit: 1,
        endsAt: '2099-01-01T00:00:00+05:30',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toBe('Coupon created');
      const coupon: AdminCoupon = res.json().data;
      expect(coupon).toMatchObject({
        code,
        discountType: 'percentage',
        value: 25,
        minPurchase: 10.5,
        buyX: 0,
        getY: 0,
        applicableCategories: [product.category_id],
        startsAt: null,
        endsAt: '2098-12-31T18:30:00.000Z',
        usageLimit: null,
        perCustomerLimit: 1,
        isActive: true,
        timesRedeemed: 0,
        label: '25% OFF',
      });
      expect(await storedCoupon(coupon._id)).toMatchObject({ code, min_purchase: 1050, is_active: 1 });
      expect(await storedCategories(coupon._id)).toEqual([product.category_id]);
      expect(await auditRows(coupon._id)).toEqual([
        { action: 'coupon.created', summary: `Created ${code}: 25% OFF`, actor_id: admin.user._id },
      ]);

      const me = await shopperWithCart();
      const applied = await me.call('POST', '/api/cart/apply-discount', { code: code.toLowerCase() });
      expect(applied.statusCode, applied.body).toBe(200);
      const cart = applied.json().data;
      expect(cart.coupon).toMatchObject({ code, label: '25% OFF' });
      // 25% of the subtotal, to the nearest paisa.
      const subtotalPaise = Math.round(cart.totals.subtotal * 100);
      expect(cart.totals.discountAmount).toBe(Math.round(subtotalPaise * 0.25) / 100);
    });

    it('creates a buy X get Y coupon', async () => {
      const coupon = await created({ discountType: 'buyXgetY', value: 0, buyX: 3, getY: 1, usageLimit: 10 });
      expect(coupon).toMatchObject({ label: 'Buy 3 Get 1 FREE', buyX: 3, getY: 1, usageLimit: 10 });
    });

    it('refuses a code that is taken, in any case, and writes nothing', async () => {
      const res = await create({ code: 'save10' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'COUPON_CODE_TAKEN',
        message: 'A coupon with this code already exists.',
      });
      const twins = await shop.handle.db.selectFrom('coupons').select('id').where('code', '=', 'SAVE10').execute();
      expect(twins).toHaveLength(1);
    });

    it('gives one of two racing creations of a code the code, the other a 409', async () => {
      const code = freshCode();
      const results = await Promise.all([create({ code }), create({ code })]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    });

    it('refuses unknown categories with a 400 and writes nothing', async () => {
      const code = freshCode();
      const res = await create({ code, applicableCategories: ['mens-t-shirts', 'no-such-category'] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'UNKNOWN_CATEGORY', message: 'No such category: no-such-category.' });
      expect(await shop.handle.db.selectFrom('coupons').select('id').where('code', '=', code).execute()).toEqual([]);
    });

    it.each<[string, Record<string, unknown>]>([
      ['no code', { code: undefined }],
      ['a two-letter code', { code: 'AB' }],
      ['a code with spaces inside', { code: 'BIG SALE' }],
      ['an unknown type', { discountType: 'flat' }],
      ['a percentage of 0', { value: 0 }],
      ['a percentage over 100', { value: 101 }],
      ['buy X get Y without X', { discountType: 'buyXgetY', value: 0, buyX: 0, getY: 1 }],
      ['a negative minimum purchase', { minPurchase: -1 }],
      ['a minimum purchase with three decimals', { minPurchase: 10.005 }],
      ['an end before the start', { startsAt: '2026-12-31T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' }],
      ['a date that is not one', { startsAt: 'tomorrow' }],
      ['a start in the year 10000', { startsAt: '10000-01-01T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' }],
      ['a start in the year 10000, written as JavaScript does', { startsAt: '+010000-01-01T00:00:00.000Z' }],
      ['the 30th of February', { startsAt: '2026-02-30T00:00:00Z' }],
      ['a day without a time', { startsAt: '2026-12-01' }],
      ['a time without an offset', { startsAt: '2026-12-01T10:00:00' }],
      ['a date in words', { endsAt: 'December 1, 2026' }],
      [
        'an end at the same instant as the start',
        { startsAt: '2026-12-01T05:30:00+05:30', endsAt: '2026-12-01T00:00:00Z' },
      ],
      ['a usage limit of 0', { usageLimit: 0 }],
      ['a malformed category id', { applicableCategories: ['bad id!'] }],
      ['a field the API does not know', { timesRedeemed: 5 }],
    ])('refuses %s with a 400 and writes nothing', async (_case, change) => {
      const code = freshCode();
      const res = await create({ code, ...change });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
      expect(await shop.handle.db.selectFrom('coupons').select('id').where('code', '=', code).execute()).toEqual([]);
    });
  });

  describe('GET /api/admin/coupons/:id', () => {
    it('shows a coupon with its audit trail, newest first, naming who changed it', async () => {
      const coupon = await created();
      expect((await update(coupon._id, { value: 20 })).statusCode).toBe(200);
      const res = await asAdmin('GET', `/api/admin/coupons/${coupon._id}`);
      expect(res.statusCode).toBe(200);
      const { coupon: shown, audit } = res.json().data;
      expect(shown).toMatchObject({ _id: coupon._id, value: 20, label: '20% OFF' });
      expect(audit.map((a: { action: string }) => a.action)).toEqual(['coupon.updated', 'coupon.created']);
      expect(audit[0]).toMatchObject({
        actor: { _id: admin.user._id, name: 'Staff Kumar', email: admin.email },
        entityType: 'coupon',
        entityId: coupon._id,
        summary: 'Changed value',
      });
    });

    it('answers 404 for an unknown coupon and 400 for a malformed id', async () => {
      const missing = await asAdmin('GET', '/api/admin/coupons/no-such-coupon');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'COUPON_NOT_FOUND', message: 'Coupon not found' });
      expect((await asAdmin('GET', '/api/admin/coupons/bad%20id!')).statusCode).toBe(400);
    });
  });

  describe('PATCH /api/admin/coupons/:id', () => {
    it('changes only the fields sent, audits them by name, and converts rupees', async () => {
      const product = await categoryOf();
      const coupon = await created({ usageLimit: 5 });
      const res = await update(coupon._id, { minPurchase: 1999.99, applicableCategories: [product.category_id] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        value: 10,
        usageLimit: 5,
        minPurchase: 1999.99,
        applicableCategories: [product.category_id],
      });
      expect(res.json().data.updatedAt >= coupon.updatedAt).toBe(true);
      expect(await storedCoupon(coupon._id)).toMatchObject({ min_purchase: 199999, usage_limit: 5, value: 10 });
      expect(await auditRows(coupon._id)).toContainEqual({
        action: 'coupon.updated',
        summary: 'Changed minimum purchase, categories',
        actor_id: admin.user._id,
      });
      // Lifting the limit and the categories again.
      const lifted = await update(coupon._id, { usageLimit: null, applicableCategories: [] });
      expect(lifted.json().data).toMatchObject({ usageLimit: null, applicableCategories: [] });
      expect(await storedCategories(coupon._id)).toEqual([]);
    });

    it('checks the type rules on the coupon as it would be after the change', async () => {
      const coupon = await created({ value: 15 });
      const halfway = await update(coupon._id, { discountType: 'buyXgetY' });
      expect(halfway.statusCode).toBe(400);
      expect(halfway.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: expect.stringContaining('A buy X get Y coupon needs X and Y of at least 1.'),
        issues: [{ path: 'buyX', message: 'A buy X get Y coupon needs X and Y of at least 1.' }],
      });
      const endBeforeStart = await update(coupon._id, { startsAt: '2030-01-02T00:00:00Z' });
      expect(endBeforeStart.statusCode).toBe(200);
      expect((await update(coupon._id, { endsAt: '2030-01-01T00:00:00Z' })).statusCode).toBe(400);
      expect(await storedCoupon(coupon._id)).toMatchObject({ discount_type: 'percentage', value: 15, ends_at: null });

      const whole = await update(coupon._id, { discountType: 'buyXgetY', value: 0, buyX: 2, getY: 1 });
      expect(whole.statusCode, whole.body).toBe(200);
      expect(whole.json().data).toMatchObject({ label: 'Buy 2 Get 1 FREE' });
      expect((await auditRows(coupon._id)).map((row) => row.summary)).toContain('Changed type, value, buy X, get Y');
    });

    it('deactivates: audited as such, and shoppers can no longer apply it', async () => {
      const coupon = await created({ value: 30 });
      const res = await update(coupon._id, { isActive: false });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.isActive).toBe(false);
      expect(await auditRows(coupon._id)).toContainEqual({
        action: 'coupon.deactivated',
        summary: 'Deactivated',
        actor_id: admin.user._id,
      });
      const me = await shopperWithCart();
      const refused = await me.call('POST', '/api/cart/apply-discount', { code: coupon.code });
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode).toBeLessThan(500);
      expect(refused.json().message).toBe(`Coupon ${coupon.code} is no longer available.`);

      expect((await update(coupon._id, { isActive: true })).statusCode).toBe(200);
      expect((await auditRows(coupon._id)).map((row) => row.summary)).toContain('Reactivated');
      expect((await me.call('POST', '/api/cart/apply-discount', { code: coupon.code })).statusCode).toBe(200);
    });

    it('writes and records nothing when nothing changes', async () => {
      const coupon = await created({ value: 12 });
      for (const body of [{}, { value: 12, code: coupon.code.toLowerCase(), isActive: true }]) {
        const res = await update(coupon._id, body);
        expect(res.statusCode).toBe(200);
        expect(res.json().data.updatedAt).toBe(coupon.updatedAt);
      }
      expect(await auditRows(coupon._id)).toHaveLength(1);
    });

    it('refuses a code another coupon has (409), an unknown category (400), and an unknown coupon (404)', async () => {
      const coupon = await created();
      const taken = await update(coupon._id, { code: 'tees3' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().code).toBe('COUPON_CODE_TAKEN');
      const unknown = await update(coupon._id, { applicableCategories: ['no-such-category'] });
      expect(unknown.statusCode).toBe(400);
      expect(await storedCoupon(coupon._id)).toMatchObject({ code: coupon.code });
      expect(await storedCategories(coupon._id)).toEqual([]);
      const missing = await update('no-such-coupon', { value: 5 });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe('COUPON_NOT_FOUND');
    });

    it.each<[string, Record<string, unknown>]>([
      ['a value over 100', { value: 500 }],
      ['a limit that is not whole', { usageLimit: 1.5 }],
      ['isActive as text', { isActive: 'no' }],
      ['a field the API does not know', { timesRedeemed: 0 }],
    ])('refuses %s with a 400', async (_case, body) => {
      const coupon = await created();
      const res = await update(coupon._id, body);
      expect(res.statusCode).toBe(400);
      expect(await auditRows(coupon._id)).toHaveLength(1);
    });
  });
});
