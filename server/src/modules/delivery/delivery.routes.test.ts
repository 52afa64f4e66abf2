import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../../test/accounts.ts';
import { orderAddress } from '../../test/addresses.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { apiShopper, type ApiShopper } from '../../test/shoppers.ts';
import { freshSize, stockOf, type SizeRef } from '../../test/stock.ts';
import { createSandboxGateway } from '../payments/payment-gateway.ts';

const ROUNDS = 30;
const DEMO_CSV = 'from,to,cod\n100000,743999,yes\n190000,194999,no\n745000,899999,yes\n';
const DEFAULT_SETTINGS = {
  freeShippingThreshold: null,
  codMaxOrderValue: 50_000,
  codMaxOpenOrders: 3,
  lowStockThreshold: 10,
  codConfirmHours: null,
  returnWindowDays: 3,
  allowSizeExchanges: false,
  pricesIncludeGst: false,
};

/** Addresses the demo ranges refuse: no delivery at all, and no cash on delivery. */
const andaman = { ...orderAddress, city: 'Port Blair', state: 'Andaman and Nicobar Islands', pinCode: '744101' };
const srinagar = { ...orderAddress, city: 'Srinagar', state: 'Jammu and Kashmir', pinCode: '190001' };

describe.each(testDialects)('where the shop delivers, on %s', (dialect) => {
  let shop: TestShop;
  let admin: { auth: { authorization: string } };

  beforeAll(async () => {
    shop = await createTestShop(dialect, {
      payments: createSandboxGateway('delivery-key', 'delivery-webhook'),
      codLimits: 'shop',
    });
    admin = await signedInAdmin(shop);
  });
  afterAll(async () => {
    await shop?.close();
  });
  // Settings and ranges are the shop's own: every test leaves them as the migration made them.
  afterEach(async () => {
    await staff('PUT', '/api/admin/settings', DEFAULT_SETTINGS);
    await staff('PUT', '/api/admin/delivery.csv', { csv: DEMO_CSV });
  });

  const staff = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    shop.app.inject({ method, url, headers: admin.auth, ...(payload && { payload }) });
  const get = (url: string) => shop.app.inject({ method: 'GET', url });
  const delivery = async (pin: string) => (await get(`/api/delivery/${pin}`)).json().data;
  const ordersIn = (userId: string) =>
    shop.handle.db
      .selectFrom('orders')
      .select(['id', 'status', 'payment_method'])
      .where('user_id', '=', userId)
      .execute();

  describe('what the storefront is told', () => {
    it('GET /api/store: the flat ₹10, 18% GST and the COD limits by default', async () => {
      const res = await get('/api/store');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({
        shippingFee: 10,
        freeShippingThreshold: null,
        gstPercent: 18,
        codMaxOrderValue: 50_000,
        codMaxOpenOrders: 3,
        lowStockThreshold: 10,
        returnWindowDays: 3,
        allowSizeExchanges: false,
        pricesIncludeGst: false,
        // The seller details' contact: consumer care, as each listing declares it.
        consumerCare: { name: 'Kapas Apparel Private Limited', email: expect.any(String), phone: expect.any(String) },
        texts: {
          shippingPromise: 'Flat ₹10 shipping',
          shippingPolicy: 'Every order pays a flat ₹10 for shipping.',
          taxNote: '+ 18% GST, added at checkout',
          taxPolicy:
            'Prices are in Indian rupees before GST: 18% GST is added at checkout, on the items after discounts plus shipping.',
          gstLabel: 'GST (18%)',
          codPromise: 'Cash on delivery in most PIN codes',
          returnPolicy:
            'Returns are accepted within 3 days of delivery, only for damaged, defective or incorrect items. We do not offer exchanges.',
        },
      });
    });

    it.each([
      ['560001', { serviceable: true, cod: true, message: 'Delivers to 560001 · Cash on delivery available' }],
      ['744101', { serviceable: false, cod: false, message: "We don't deliver to 744101 yet" }],
      [
        '190001',
        { serviceable: true, cod: false, message: "Delivers to 190001 · Cash on delivery isn't available for 190001" },
      ],
      [
        '194101',
        { serviceable: true, cod: false, message: "Delivers to 194101 · Cash on delivery isn't available for 194101" },
      ],
    ])('GET /api/delivery/%s', async (pin, expected) => {
      const res = await get(`/api/delivery/${pin}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ pinCode: pin, ...expected });
    });

    it.each(['999999', '056001'])(
      'GET /api/delivery/%s, six digits India Post does not use, is not found',
      async (pin) => {
        const res = await get(`/api/delivery/${pin}`);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data).toEqual({
          pinCode: pin,
          serviceable: false,
          cod: false,
          message: `We couldn't find PIN code ${pin}`,
        });
      },
    );

    it.each(['56001', 'abcdef', '9000011'])('GET /api/delivery/%s is a 400 with a clear message', async (pin) => {
      const res = await get(`/api/delivery/${pin}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain('PIN code must be a 6-digit PIN code.');
    });
  });

  describe('staff settings', () => {
    it('a free-shipping threshold changes the texts, the cart and the order alike; null turns it off', async () => {
      const saved = await staff('PUT', '/api/admin/settings', { ...DEFAULT_SETTINGS, freeShippingThreshold: 500 });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data).toEqual({ ...DEFAULT_SETTINGS, freeShippingThreshold: 500, lowStockThreshold: 10 });
      expect((await staff('GET', '/api/admin/settings')).json().data.freeShippingThreshold).toBe(500);
      const history = (await staff('GET', '/api/admin/delivery')).json().data.audit;
      expect(history[0]).toMatchObject({ action: 'settings.updated', summary: 'Free shipping from: none → ₹500' });
      const texts = (await get('/api/store')).json().data.texts;
      expect(texts.shippingPromise).toBe('Free shipping when your items come to ₹500');

      const me = await apiShopper(shop.app);
      const s = await freshSize(shop.handle.db, 10, 250_00);
      await me.add(s, 1);
      expect((await me.cart()).totals).toEqual({
        subtotal: 250,
        discountAmount: 0,
        shipping: 10,
        gst: 47,
        total: 307,
        gstIncluded: false,
      });
      await me.add(s, 1);
      const free = { subtotal: 500, discountAmount: 0, shipping: 0, gst: 90, total: 590, gstIncluded: false };
      expect((await me.cart()).totals).toEqual(free);
      const placed = await me.order('cod', { expectedTotal: 590 });
      expect(placed.statusCode, placed.body).toBe(201);
      expect(placed.json().data.totals).toEqual(free);

      await staff('PUT', '/api/admin/settings', DEFAULT_SETTINGS);
      expect((await get('/api/store')).json().data.texts.shippingPromise).toBe('Flat ₹10 shipping');
    });

    it.each([
      ['a negative threshold', { ...DEFAULT_SETTINGS, freeShippingThreshold: -1 }],
      ['a fractional order limit', { ...DEFAULT_SETTINGS, codMaxOpenOrders: 1.5 }],
      ['a missing COD cap', { freeShippingThreshold: null, codMaxOpenOrders: 3 }],
      ['paise in the cap', { ...DEFAULT_SETTINGS, codMaxOrderValue: 10.001 }],
      ['a low-stock threshold past 1000', { ...DEFAULT_SETTINGS, lowStockThreshold: 1001 }],
    ])('refuses %s (400) and keeps the settings', async (_case, body) => {
      const res = await staff('PUT', '/api/admin/settings', body);
      expect(res.statusCode, res.body).toBe(400);
      expect((await staff('GET', '/api/admin/settings')).json().data).toEqual({
        ...DEFAULT_SETTINGS,
        lowStockThreshold: 10,
      });
    });
  });

  describe('staff PIN ranges', () => {
    it('a single code overrides its range: added, COD toggled, deleted', async () => {
      const added = await staff('POST', '/api/admin/delivery', { from: '190001', cod: true });
      expect(added.statusCode, added.body).toBe(201);
      const range = added.json().data;
      expect(range).toMatchObject({ from: '190001', to: '190001', cod: true });
      expect((await delivery('190001')).cod).toBe(true);
      expect((await delivery('190002')).cod).toBe(false);

      const toggled = await staff('PATCH', `/api/admin/delivery/${range._id}`, { cod: false });
      expect(toggled.json().data.cod).toBe(false);
      expect((await delivery('190001')).cod).toBe(false);

      expect((await staff('DELETE', `/api/admin/delivery/${range._id}`)).statusCode).toBe(200);
      const after = (await staff('GET', '/api/admin/delivery')).json().data;
      expect(after.ranges).toHaveLength(3);
      // Each change is in the history, newest first, with who made it.
      expect(after.audit.slice(0, 3).map((e: { summary: string }) => e.summary)).toEqual([
        'No longer delivers to 190001',
        'Cash on delivery off for 190001',
        'Delivers to 190001, with cash on delivery',
      ]);
      expect(after.audit[0].actor).not.toBeNull();
      expect((await staff('DELETE', `/api/admin/delivery/${range._id}`)).statusCode).toBe(404);
    });

    it('a range opens a gap: the Andamans once added are delivered to', async () => {
      const added = await staff('POST', '/api/admin/delivery', { from: '744000', to: '744999', cod: false });
      expect(added.statusCode, added.body).toBe(201);
      expect(await delivery('744101')).toMatchObject({ serviceable: true, cod: false });
    });

    it.each([
      ['a range listed already', { from: '190000', to: '194999', cod: true }, 409, '190000–194999 is already listed.'],
      [
        'an end before the start',
        { from: '560010', to: '560001' },
        400,
        'The last PIN code must not come before the first.',
      ],
      ['a bad PIN', { from: '5600' }, 400, 'The first PIN code must be a 6-digit PIN code.'],
    ])('refuses %s', async (_case, body, status, message) => {
      const res = await staff('POST', '/api/admin/delivery', body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toContain(message);
      expect((await staff('GET', '/api/admin/delivery')).json().data.ranges).toHaveLength(3);
    });

    it('exports the ranges as CSV and imports them back (text/csv or JSON)', async () => {
      const exported = await staff('GET', '/api/admin/delivery.csv');
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-type']).toMatch(/^text\/csv/);
      expect(exported.headers['content-disposition']).toContain('attachment');
      expect(exported.body).toBe(DEMO_CSV);

      const csv = 'from,to,cod\n110001,110099,yes\n560001,,no\n';
      const imported = await shop.app.inject({
        method: 'PUT',
        url: '/api/admin/delivery.csv',
        headers: { ...admin.auth, 'content-type': 'text/csv' },
        payload: csv,
      });
      expect(imported.statusCode, imported.body).toBe(200);
      expect(imported.json().data).toEqual({ imported: 2 });
      expect((await staff('GET', '/api/admin/delivery.csv')).body).toBe(
        'from,to,cod\n110001,110099,yes\n560001,560001,no\n',
      );
      expect(await delivery('400001')).toMatchObject({ serviceable: false });
      expect(await delivery('560001')).toMatchObject({ serviceable: true, cod: false });
    });

    it('a file with bad lines imports nothing and names every bad line (400)', async () => {
      const csv = 'from,to,cod\n110001,110099,yes\n11000,110099,yes\n560001,560009,maybe\n';
      const res = await staff('PUT', '/api/admin/delivery.csv', { csv });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'INVALID_CSV',
        issues: [
          { path: 'line 3', message: '"11000" is not a PIN code (6 digits, the first 1 to 8).' },
          { path: 'line 4', message: 'cod must be yes or no, not "maybe".' },
        ],
      });
      expect(res.json().message).toContain('Line 3:');
      expect((await staff('GET', '/api/admin/delivery.csv')).body).toBe(DEMO_CSV);
      const empty = await staff('PUT', '/api/admin/delivery.csv', { csv: 'from,to,cod\n' });
      expect(empty.statusCode).toBe(400);
      expect((await staff('GET', '/api/admin/delivery.csv')).body).toBe(DEMO_CSV);
    });
  });

  describe('addresses belong to their state', () => {
    const profileAddress = { addressLine1: '1, Residency Road', city: 'Bengaluru', pinCode: '560025', isDefault: true };

    it('keeps a state typed in any letter case under its own name', async () => {
      const me = await apiShopper(shop.app);
      const res = await me.call('PATCH', '/api/auth/profile', {
        addresses: [{ ...profileAddress, state: 'karnataka' }],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.addresses[0].state).toBe('Karnataka');
    });

    it.each([
      [
        'a PIN of another state',
        { state: 'Karnataka', pinCode: '400001' },
        'pinCode',
        'PIN code 400001 is not in Karnataka.',
      ],
      ['a state that is not one', { state: 'Atlantis' }, 'state', 'Please choose a state or union territory of India.'],
    ])('refuses %s in the profile and in an order', async (_case, change, field, message) => {
      const me = await apiShopper(shop.app);
      const res = await me.call('PATCH', '/api/auth/profile', { addresses: [{ ...profileAddress, ...change }] });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().issues).toContainEqual({ path: `addresses.0.${field}`, message });
      expect(res.json().message).toContain(message);

      await me.add(await freshSize(shop.handle.db, 5));
      const order = await me.order('cod', { shippingAddress: { ...orderAddress, ...change } });
      expect(order.statusCode, order.body).toBe(400);
      expect(order.json().message).toContain(message);
      expect(await ordersIn(me.user._id)).toHaveLength(0);
    });
  });

  describe('orders', () => {
    async function withCart(): Promise<{ me: ApiShopper; s: SizeRef }> {
      const me = await apiShopper(shop.app);
      const s = await freshSize(shop.handle.db, 5, 100_00);
      expect((await me.add(s, 2)).statusCode).toBe(200);
      return { me, s };
    }

    it.each(['cod', 'razorpay'] as const)(
      'refuses a %s order to a PIN the shop does not deliver to, writing nothing',
      async (method) => {
        const { me, s } = await withCart();
        const res = await me.order(method, { shippingAddress: andaman });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ code: 'NOT_SERVICEABLE', message: "We don't deliver to 744101 yet" });
        expect(await stockOf(shop.handle.db, s)).toBe(5);
        expect((await me.cart()).itemCount).toBe(2);
        expect(await ordersIn(me.user._id)).toHaveLength(0);
      },
    );

    it('refuses cash on delivery where it is not taken; online payment goes through', async () => {
      const { me, s } = await withCart();
      const cod = await me.order('cod', { shippingAddress: srinagar });
      expect(cod.statusCode, cod.body).toBe(400);
      expect(cod.json()).toMatchObject({
        code: 'COD_NOT_AVAILABLE',
        message: "Cash on delivery isn't available for 190001",
      });
      expect(await stockOf(shop.handle.db, s)).toBe(5);
      const online = await me.order('razorpay', { shippingAddress: srinagar });
      expect(online.statusCode, online.body).toBe(201);
      expect(online.json().data.shippingAddress.state).toBe('Jammu and Kashmir');
    });

    it('refuses cash on delivery over the cap; at the cap, or online, it goes through', async () => {
      // Two pieces at ₹100: ₹200 + ₹10 + 18% GST = ₹248.
      await staff('PUT', '/api/admin/settings', { ...DEFAULT_SETTINGS, codMaxOrderValue: 247.99 });
      const { me } = await withCart();
      const over = await me.order('cod');
      expect(over.statusCode, over.body).toBe(400);
      expect(over.json()).toMatchObject({
        code: 'COD_OVER_LIMIT',
        message: 'Cash on delivery is available for orders up to ₹247.99. Please pay online for this order.',
      });
      await staff('PUT', '/api/admin/settings', { ...DEFAULT_SETTINGS, codMaxOrderValue: 248 });
      expect((await me.order('cod')).statusCode).toBe(201);
    });

    it('a 4th open cash-on-delivery order is refused; a cancelled or delivered one frees a place', async () => {
      const me = await apiShopper(shop.app);
      const s = await freshSize(shop.handle.db, 50, 100_00);
      const placeCod = async () => {
        await me.add(s, 1);
        return me.order('cod');
      };
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await placeCod();
        expect(res.statusCode, res.body).toBe(201);
        ids.push(res.json().data._id);
      }
      const fourth = await placeCod();
      expect(fourth.statusCode, fourth.body).toBe(409);
      expect(fourth.json()).toMatchObject({
        code: 'COD_TOO_MANY_OPEN',
        message:
          'You already have 3 cash-on-delivery orders on the way. Please pay online, or order again once one is delivered.',
      });
      // Online still works with three open.
      expect((await me.order('razorpay')).statusCode).toBe(201);

      expect((await me.call('POST', `/api/order/${ids[0]}/cancel`)).statusCode).toBe(200);
      expect((await placeCod()).statusCode).toBe(201);
      expect((await placeCod()).statusCode).toBe(409);

      for (const status of ['confirmed', 'shipped', 'delivered']) {
        const moved = await staff('PATCH', `/api/order/${ids[1]}/status`, { status });
        expect(moved.statusCode, moved.body).toBe(200);
      }
      expect((await placeCod()).statusCode).toBe(201);
      expect((await placeCod()).statusCode).toBe(409);
    });

    it(`30 cash-on-delivery orders from 10 tabs of one shopper at once never make more than the limit open (${ROUNDS} rounds)`, async () => {
      const me = await apiShopper(shop.app);
      const s = await freshSize(shop.handle.db, 10_000, 10_00);
      let reachedLimit = 0;
      for (let round = 0; round < ROUNDS; round++) {
        // One open already: two more places are left.
        await me.add(s, 1);
        expect((await me.order('cod')).statusCode).toBe(201);
        // A shopper has one cart: ten tabs each fill it and order, three times over, so orders
        // and refills interleave and many orders find lines to take.
        const answers = (
          await Promise.all(
            Array.from({ length: 10 }, async () => {
              const mine = [];
              for (let i = 0; i < 3; i++) {
                await me.add(s, 1);
                mine.push(await me.order('cod'));
              }
              return mine;
            }),
          )
        ).flat();
        const open = (await ordersIn(me.user._id)).filter(
          (o) => o.payment_method === 'cod' && ['pending', 'confirmed', 'shipped'].includes(o.status),
        );
        const where = `round ${round}: ${answers.map((a) => `${a.statusCode} ${a.json().code ?? ''}`).join(', ')}`;
        expect(open.length, where).toBeLessThanOrEqual(3);
        expect(answers.filter((a) => a.statusCode === 201).length, where).toBe(open.length - 1);
        for (const a of answers) {
          if (a.statusCode !== 201) expect(['COD_TOO_MANY_OPEN', 'EMPTY_CART'], where).toContain(a.json().code);
        }
        if (open.length === 3) reachedLimit += 1;
        for (const order of open) expect((await me.call('POST', `/api/order/${order.id}/cancel`)).statusCode).toBe(200);
        await me.call('DELETE', '/api/cart/clear');
      }
      // The race was real: most rounds filled every place.
      expect(reachedLimit).toBeGreaterThan(ROUNDS / 2);
    }, 120_000);
  });
});
