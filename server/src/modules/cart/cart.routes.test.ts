import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartTotals, toPaise, toRupees, type Cart, type CouponTerms } from '@shop/core';
import { newId } from '../../lib/ids.ts';
import { signedInAdmin, signedInShopper, verifiedShopper } from '../../test/accounts.ts';
import { orderAddress } from '../../test/addresses.ts';
import { addTestCoupon } from '../../test/coupons.ts';
import { declared, untilCatalogueRead } from '../../test/catalogue.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { freshSize } from '../../test/stock.ts';

interface StockedSize {
  productId: string;
  categoryId: string;
  price: number;
  color: string;
  size: string;
  stock: number;
}

describe.each(testDialects)('cart and coupons API on %s', (dialect) => {
  let shop: TestShop;
  let sizes: StockedSize[];

  beforeAll(async () => {
    shop = await createTestShop(dialect);
    sizes = (
      await shop.handle.db
        .selectFrom('product_variants as s')
        .innerJoin('products as p', 'p.id', 's.product_id')
        .select(['p.id as productId', 'p.category_id as categoryId', 'p.price', 's.color', 's.size', 's.stock'])
        .orderBy('p.price')
        .orderBy('p.id')
        .orderBy('s.color')
        .orderBy('s.size')
        .execute()
    ).map((r) => ({ ...r, price: toRupees(r.price) }));
  });
  afterAll(async () => {
    await shop?.close();
  });

  /** A size with at least `min` in stock, in a category if given, other than those listed. */
  function stocked(min: number, category?: string, not: StockedSize[] = []): StockedSize {
    const found = sizes.find(
      (s) =>
        s.stock >= min &&
        (!category || s.categoryId === category) &&
        !not.some((n) => n.productId === s.productId && n.color === s.color && n.size === s.size),
    );
    if (!found) throw new Error(`no size with ${min} in stock${category ? ` in ${category}` : ''}`);
    return found;
  }

  /** A size of the test's own holding exactly `stock` pieces. */
  async function plenty(stock = 100): Promise<StockedSize> {
    const ref = await freshSize(shop.handle.db, stock);
    const row = sizes.find((s) => s.productId === ref.productId)!;
    return { ...row, color: ref.color, size: ref.size, stock };
  }

  async function shopper() {
    // Verified: some cases go on to order their cart.
    const { auth } = await verifiedShopper(shop.app);
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      shop.app.inject({ method, url, headers: auth, ...(payload && { payload }) });
    const add = (s: StockedSize, quantity = 1) =>
      call('POST', '/api/cart', { product: s.productId, color: s.color, size: s.size.toLowerCase(), quantity });
    const cart = async (): Promise<Cart> => (await call('GET', '/api/cart/details')).json().data;
    return { auth, call, add, cart };
  }

  const addCoupon = (code: string, changes: Partial<CouponTerms> = {}) => addTestCoupon(shop.handle.db, code, changes);

  it('needs a signed-in shopper for every call', async () => {
    for (const [method, url] of [
      ['GET', '/api/cart/details'],
      ['POST', '/api/cart'],
      ['PUT', '/api/cart/abc'],
      ['DELETE', '/api/cart/abc'],
      ['DELETE', '/api/cart/clear'],
      ['POST', '/api/cart/apply-discount'],
      ['DELETE', '/api/cart/coupon'],
    ] as const) {
      expect((await shop.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('starts empty and costs nothing', async () => {
    const { cart } = await shopper();
    expect(await cart()).toEqual({
      items: [],
      itemCount: 0,
      totals: { subtotal: 0, discountAmount: 0, shipping: 0, gst: 0, total: 0, gstIncluded: false },
      coupon: null,
      notice: null,
    });
  });

  it('adds lines by product and size, merges repeats, and prices them as core does to the paisa', async () => {
    const { add, cart } = await shopper();
    const first = stocked(3);
    const second = stocked(2, undefined, [first]);
    expect((await add(first, 1)).json().message).toBe('Item added to cart');
    await add(first, 2);
    const res = await add(second, 1);
    expect(res.statusCode).toBe(200);
    const data: Cart = res.json().data;
    expect(data.items.map((i) => [i.productId, i.size, i.quantity])).toEqual([
      [first.productId, first.size, 3],
      [second.productId, second.size, 1],
    ]);
    expect(data.itemCount).toBe(4);
    expect(data.items[0]).toMatchObject({
      product: { _id: first.productId, price: first.price },
      lineTotal: toRupees(toPaise(first.price) * 3),
    });
    expect(data.items[0]!.product.image).toMatch(/^\/images\/products\//);
    const expected = cartTotals([
      { productId: first.productId, categoryId: first.categoryId, price: toPaise(first.price), quantity: 3 },
      { productId: second.productId, categoryId: second.categoryId, price: toPaise(second.price), quantity: 1 },
    ]);
    expect(data.totals).toEqual({
      subtotal: toRupees(expected.subtotal),
      discountAmount: 0,
      shipping: 10,
      gst: toRupees(expected.gst),
      total: toRupees(expected.total),
      gstIncluded: false,
    });
    expect(await cart()).toEqual(data);
  });

  it('refuses more than the stock of a size (409 "Only N left in size X"), sold-out sizes and unknown sizes', async () => {
    const { add } = await shopper();
    const few = await plenty(3);
    const tooMany = await add(few, few.stock + 1);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({
      success: false,
      code: 'OUT_OF_STOCK',
      message: `Only ${few.stock} left in size ${few.size}`,
    });

    const soldOut = sizes.find((s) => s.stock === 0)!;
    const none = await add(soldOut, 1);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(`Size ${soldOut.size} is sold out.`);

    const wrongSize = await add({ ...few, size: 'XXXXL' }, 1);
    expect(wrongSize.statusCode).toBe(400);
    expect(wrongSize.json()).toMatchObject({ code: 'SIZE_NOT_AVAILABLE' });

    const unknown = await add({ ...few, productId: 'noSuchProduct' }, 1);
    expect(unknown.statusCode).toBe(404);
  });

  it('needs a colour for a product of several colours, and keeps each colour of a size its own line and stock', async () => {
    const { call, cart } = await shopper();
    const product = await shop.handle.db
      .selectFrom('products as p')
      .innerJoin('product_colors as c', 'c.product_id', 'p.id')
      .select(['p.id', 'p.name'])
      .groupBy(['p.id', 'p.name'])
      .having((eb) => eb.fn.countAll(), '>=', 2)
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    const [first, second] = await shop.handle.db
      .selectFrom('product_colors')
      .select('color')
      .where('product_id', '=', product.id)
      .orderBy('position')
      .execute();
    const size = `V${newId().slice(0, 6).toUpperCase()}`;
    await shop.handle.db
      .insertInto('product_variants')
      .values([
        { product_id: product.id, color: first!.color, size, size_position: 98, sku: `TEST-A-${size}`, stock: 1 },
        { product_id: product.id, color: second!.color, size, size_position: 98, sku: `TEST-B-${size}`, stock: 5 },
      ])
      .execute();

    for (const color of [undefined, '', 'chartreuse']) {
      const res = await call('POST', '/api/cart', { product: product.id, size, quantity: 1, color });
      expect(res.statusCode, `colour ${color}`).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'COLOR_REQUIRED',
        message: 'Please select a colour before adding to cart.',
      });
    }
    expect((await cart()).items).toEqual([]);

    // The first colour has one piece; the second colour's stock is its own.
    expect(
      (await call('POST', '/api/cart', { product: product.id, color: first!.color, size, quantity: 2 })).statusCode,
    ).toBe(409);
    const added = await call('POST', '/api/cart', {
      product: product.id,
      color: second!.color.toUpperCase(),
      size,
      quantity: 2,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(
      (await call('POST', '/api/cart', { product: product.id, color: first!.color, size, quantity: 1 })).statusCode,
    ).toBe(200);
    // Lines come in the order they were added, to the millisecond: these two may share one, so
    // they are compared by SKU.
    const lines = (await cart()).items.toSorted((a, b) => (a.sku < b.sku ? -1 : 1));
    expect(lines.map((l) => [l.color, l.size, l.sku, l.quantity, l.stock])).toEqual([
      [first!.color, size, `TEST-A-${size}`, 1, 1],
      [second!.color, size, `TEST-B-${size}`, 2, 5],
    ]);
    // Each line shows its colour's picture.
    expect(lines[0]!.product.image).toContain(`--${first!.color.replace(' ', '-')}--`);
    expect(lines[1]!.product.image).toContain(`--${second!.color.replace(' ', '-')}--`);
  });

  /** A new product of size M (4 in stock) in the colours given, created by staff: its id. */
  async function productIn(name: string, colors?: string[]): Promise<string> {
    const admin = await signedInAdmin(shop);
    const created = await shop.app.inject({
      method: 'POST',
      url: '/api/product/create',
      headers: admin.auth,
      payload: {
        name,
        ...declared,
        categoryId: 'mens-t-shirts',
        price: 10,
        colors,
        sizes: [{ size: 'M', stock: 4 }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().data._id;
  }

  it('takes a product of one colour without the colour', async () => {
    const { call, cart } = await shopper();
    const id = await productIn('One Colour Tee', ['olive']);
    const res = await call('POST', '/api/cart', { product: id, size: 'M', quantity: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await cart()).items.map((l) => [l.color, l.size, l.sku])).toEqual([['olive', 'M', 'KP-ONE-OLI-M']]);
  });

  it('adds a product without named colours when a stale page names a colour', async () => {
    const { call, cart } = await shopper();
    const id = await productIn('Plain Belt');
    const res = await call('POST', '/api/cart', { product: id, color: 'navy', size: 'M', quantity: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await cart()).items.map((l) => [l.color, l.size, l.quantity])).toEqual([['', 'M', 1]]);
    const missing = await call('POST', '/api/cart', { product: id, color: 'navy', size: 'XXL', quantity: 1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'SIZE_NOT_AVAILABLE' });
  });

  it.each([
    ['quantity 0', { quantity: 0 }],
    ['a negative quantity', { quantity: -1 }],
    ['a fractional quantity', { quantity: 1.5 }],
    ['a quantity as text', { quantity: '2' }],
    ['no size', { size: undefined }],
    ['no product', { product: undefined }],
  ])('refuses %s with a 400 and adds nothing', async (_case, change) => {
    const { call, cart } = await shopper();
    const s = stocked(2);
    const res = await call('POST', '/api/cart', {
      product: s.productId,
      color: s.color,
      size: s.size,
      quantity: 1,
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect((await cart()).items).toEqual([]);
  });

  it('changes a quantity within stock, and removes lines', async () => {
    const { add, call } = await shopper();
    const s = await plenty(3);
    const itemId = (await add(s, 1)).json().data.items[0]._id;
    const updated = await call('PUT', `/api/cart/${itemId}`, { quantity: 3 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.items[0].quantity).toBe(3);
    expect((await call('PUT', `/api/cart/${itemId}`, { quantity: s.stock + 1 })).statusCode).toBe(409);
    expect((await call('PUT', `/api/cart/${itemId}`, { quantity: 0 })).statusCode).toBe(400);

    const removed = await call('DELETE', `/api/cart/${itemId}`);
    expect(removed.json().data.items).toEqual([]);
    expect((await call('DELETE', `/api/cart/${itemId}`)).statusCode).toBe(404);
  });

  it("never shows or changes another shopper's cart (another's item id is a 404)", async () => {
    const a = await shopper();
    const b = await shopper();
    const s = stocked(2);
    const itemId = (await a.add(s, 1)).json().data.items[0]._id;
    expect((await b.cart()).items).toEqual([]);
    expect((await b.call('PUT', `/api/cart/${itemId}`, { quantity: 2 })).statusCode).toBe(404);
    expect((await b.call('DELETE', `/api/cart/${itemId}`)).statusCode).toBe(404);
    expect((await a.cart()).items[0]!.quantity).toBe(1);
  });

  describe('limits (one shopper cannot hold the catalogue)', () => {
    it('holds at most 10 of a line: more is refused with a clear message, lowering is always allowed', async () => {
      const { add, call, cart } = await shopper();
      const s = await plenty();
      const eleven = await add(s, 11);
      expect(eleven.statusCode).toBe(400);
      expect(eleven.json().message).toBe('Invalid body: quantity: quantity must be 10 or less.');
      const itemId = (await add(s, 6)).json().data.items[0]._id;
      const over = await add(s, 5);
      expect(over.statusCode).toBe(400);
      expect(over.json()).toEqual({
        success: false,
        code: 'QUANTITY_LIMIT',
        message: 'You can have at most 10 of one item in your cart.',
      });
      expect((await add(s, 4)).statusCode).toBe(200);
      expect((await call('PUT', `/api/cart/${itemId}`, { quantity: 11 })).statusCode).toBe(400);
      // A line over the limit (kept from before it) may always be lowered.
      await shop.handle.db.updateTable('cart_items').set({ quantity: 30 }).where('id', '=', itemId).execute();
      expect((await call('PUT', `/api/cart/${itemId}`, { quantity: 10 })).statusCode).toBe(200);
      expect((await cart()).items[0]!.quantity).toBe(10);
    });

    it('holds at most 20 lines: a 21st is refused, the lines held can still change', async () => {
      const { add, cart } = await shopper();
      const lines = await Promise.all(Array.from({ length: 21 }, () => plenty()));
      for (const line of lines.slice(0, 20)) expect((await add(line)).statusCode).toBe(200);
      const extra = await add(lines[20]!);
      expect(extra.statusCode).toBe(400);
      expect(extra.json()).toMatchObject({
        code: 'CART_LINES_LIMIT',
        message: 'Your cart can hold at most 20 different items.',
      });
      expect((await add(lines[0]!, 2)).statusCode).toBe(200);
      expect((await cart()).items).toHaveLength(20);
    });

    it(`keeps both limits when adds arrive at once (30 rounds)`, async () => {
      for (let round = 0; round < 30; round++) {
        const { add, cart, call } = await shopper();
        const s = await plenty();
        const fillers = await Promise.all(Array.from({ length: 19 }, () => plenty()));
        for (const filler of fillers) await add(filler);
        const others = await Promise.all(Array.from({ length: 3 }, () => plenty()));
        const answers = await Promise.all([add(s, 4), add(s, 4), add(s, 4), ...others.map((o) => add(o))]);
        const where = `round ${round}: ${answers.map((a) => `${a.statusCode} ${a.json().code ?? ''}`).join(', ')}`;
        const now = await cart();
        expect(now.items.length, where).toBeLessThanOrEqual(20);
        for (const line of now.items) expect(line.quantity, where).toBeLessThanOrEqual(10);
        for (const answer of answers) expect([200, 400], where).toContain(answer.statusCode);
        await call('DELETE', '/api/cart/clear');
      }
    });
  });

  it('adds to a cart in the same few statements whatever the cart holds', async () => {
    const { add } = await shopper();
    const count = async (s: StockedSize) => {
      // Only the add's own statements: not the catalogue's read of the new size's stock.
      await untilCatalogueRead(shop);
      shop.queries.length = 0;
      expect((await add(s)).statusCode).toBe(200);
      return shop.queries.length;
    };
    await add(await plenty());
    const second = await count(await plenty());
    for (let i = 0; i < 4; i++) await add(await plenty());
    expect(await count(await plenty())).toBe(second);
    // The shopper's token; in one transaction the cart's lock, the add's facts, the add, then
    // the cart as answered: its lines, their images and taxes, the shipping settings.
    expect(second).toBeLessThanOrEqual(10);
  });

  it('merges two simultaneous adds of the same line without an error', async () => {
    const { add, cart } = await shopper();
    const s = stocked(4);
    const results = await Promise.all([add(s, 1), add(s, 1)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await cart()).items).toEqual([expect.objectContaining({ quantity: 2 })]);
  });

  describe('coupons', () => {
    it('SAVE10 needs ₹100 of goods, then takes 10% off, in any letter case', async () => {
      const { add, call } = await shopper();
      const s = stocked(1);
      await add(s, 1);
      const below = await call('POST', '/api/cart/apply-discount', { code: 'save10' });
      expect(below.statusCode).toBe(400);
      expect(below.json()).toMatchObject({ code: 'COUPON_BELOW_MIN_PURCHASE' });
      expect(below.json().message).toMatch(
        /^Add ₹[\d,]+\.\d\d more to use coupon SAVE10 \(minimum purchase ₹100\.00\)\.$/,
      );

      const pricey = sizes.find((x) => x.price >= 100 && x.stock >= 1)!;
      await add(pricey, 1);
      const applied = await call('POST', '/api/cart/apply-discount', { code: ' save10 ' });
      expect(applied.statusCode).toBe(200);
      expect(applied.json().message).toBe('Coupon SAVE10 applied!');
      const data: Cart = applied.json().data;
      expect(data.coupon).toMatchObject({ code: 'SAVE10', discountType: 'percentage', value: 10, label: '10% OFF' });
      const subtotal = toPaise(s.price) + toPaise(pricey.price);
      expect(data.totals.discountAmount).toBe(toRupees(Math.round(subtotal / 10)));
      expect(data.totals.total).toBe(
        toRupees(
          cartTotals([{ productId: 'a', categoryId: 'x', price: subtotal, quantity: 1 }], Math.round(subtotal / 10))
            .total,
        ),
      );
    });

    it('TEES3 gives one T-shirt free for every three, priced as the first T-shirt', async () => {
      const { add, call } = await shopper();
      const tee = stocked(3, 'mens-t-shirts');
      await add(tee, 3);
      const data: Cart = (await call('POST', '/api/cart/apply-discount', { code: 'TEES3' })).json().data;
      expect(data.coupon?.label).toBe('Buy 2 Get 1 FREE');
      expect(data.totals.discountAmount).toBe(tee.price);
    });

    it('TEES3 gives away the cheapest T-shirts, however dear the first one added (and the order agrees)', async () => {
      const staff = await signedInAdmin(shop);
      const tee = async (name: string, price: number) => {
        const body = {
          name,
          ...declared,
          categoryId: 'mens-t-shirts',
          price,
          description: 'A tee of the coupon test.',
          sizes: [{ size: 'M', stock: 50 }],
        };
        const res = await shop.app.inject({
          method: 'POST',
          url: '/api/product/create',
          headers: staff.auth,
          payload: body,
        });
        expect(res.statusCode, res.body).toBe(201);
        return { productId: res.json().data._id as string, size: 'M' };
      };
      const dear = await tee(`Heavy tee ${newId()}`, 129);
      const cheap = await tee(`Light tee ${newId()}`, 19.99);
      const { call } = await shopper();
      for (const [line, quantity] of [
        [dear, 1],
        [cheap, 5],
      ] as const) {
        const res = await call('POST', '/api/cart', { product: line.productId, size: 'm', quantity });
        expect(res.statusCode, res.body).toBe(200);
      }
      const data: Cart = (await call('POST', '/api/cart/apply-discount', { code: 'TEES3' })).json().data;
      // Six tees, buy 2 get 1: two free, the two cheapest (2 × ₹19.99), not two at ₹129.
      expect(data.totals).toMatchObject({ subtotal: 228.95, discountAmount: 39.98 });
      const placed = await call('POST', '/api/order', { shippingAddress: orderAddress, paymentMethod: 'cod' });
      expect(placed.statusCode, placed.body).toBe(201);
      expect(placed.json().data.totals).toEqual(data.totals);
    });

    it('says what is wrong with an unknown, expired, not-yet-started or used-up coupon', async () => {
      const { add, call, auth } = await shopper();
      await add(stocked(1), 1);
      const user = (await shop.app.inject({ url: '/api/auth/profile', headers: auth })).json().data;
      const stamp = Date.now().toString(36).toUpperCase();
      await addCoupon(`OLD${stamp}`, { endsAt: '2020-01-01T00:00:00Z' });
      await addCoupon(`SOON${stamp}`, { startsAt: '2999-01-01T00:00:00Z' });
      await addCoupon(`OFF${stamp}`, { isActive: false });
      const usedUp = await addCoupon(`ONCE${stamp}`, { usageLimit: 1 });
      const mine = await addCoupon(`MINE${stamp}`, { perCustomerLimit: 1 });
      const redeem = (couponId: string, userId: string) =>
        shop.handle.db
          .insertInto('coupon_redemptions')
          .values({
            id: newId(),
            coupon_id: couponId,
            user_id: userId,
            order_id: null,
            created_at: new Date().toISOString(),
          })
          .execute();
      const other = await signedInShopper(shop.app);
      await redeem(usedUp, other.user._id);
      await redeem(mine, user._id);

      for (const [code, status, message] of [
        ['NOPE', 404, 'Coupon NOPE does not exist.'],
        [`OLD${stamp}`, 400, `Coupon OLD${stamp} has expired.`],
        [`SOON${stamp}`, 400, `Coupon SOON${stamp} is not active yet.`],
        [`OFF${stamp}`, 400, `Coupon OFF${stamp} is no longer available.`],
        [`ONCE${stamp}`, 409, `Coupon ONCE${stamp} has been fully redeemed.`],
        [`MINE${stamp}`, 409, `You have already used coupon MINE${stamp}.`],
      ] as const) {
        const res = await call('POST', '/api/cart/apply-discount', { code });
        expect(res.statusCode, code).toBe(status);
        expect(res.json().message).toBe(message);
      }
      expect((await call('POST', '/api/cart/apply-discount', { code: '' })).statusCode).toBe(400);
    });

    it('re-checks the applied coupon on every change and removes it, saying why', async () => {
      const { add, call, cart } = await shopper();
      const pricey = sizes.find((x) => x.price >= 100 && x.stock >= 2)!;
      const itemId = (await add(pricey, 2)).json().data.items[0]._id;
      const code = `MIN${Date.now().toString(36).toUpperCase()}`;
      await addCoupon(code, { minPurchase: toPaise(pricey.price * 2) });
      expect((await call('POST', '/api/cart/apply-discount', { code })).statusCode).toBe(200);

      const changed: Cart = (await call('PUT', `/api/cart/${itemId}`, { quantity: 1 })).json().data;
      expect(changed.coupon).toBeNull();
      expect(changed.totals.discountAmount).toBe(0);
      expect(changed.notice).toMatch(new RegExp(`^Coupon ${code} was removed\\. Add ₹`));
      expect((await cart()).notice).toBeNull();

      await call('PUT', `/api/cart/${itemId}`, { quantity: 2 });
      await call('POST', '/api/cart/apply-discount', { code });
      const emptied: Cart = (await call('DELETE', `/api/cart/${itemId}`)).json().data;
      expect(emptied.coupon).toBeNull();
      expect(emptied.notice).toBe(`Coupon ${code} was removed. Your cart is empty.`);
    });

    it('removes an applied coupon on request, and clearing the cart drops it too', async () => {
      const { add, call } = await shopper();
      await add(stocked(3, 'mens-t-shirts'), 3);
      await call('POST', '/api/cart/apply-discount', { code: 'TEES3' });
      const removed: Cart = (await call('DELETE', '/api/cart/coupon')).json().data;
      expect(removed.coupon).toBeNull();
      await call('POST', '/api/cart/apply-discount', { code: 'TEES3' });
      const cleared: Cart = (await call('DELETE', '/api/cart/clear')).json().data;
      expect(cleared).toMatchObject({ items: [], coupon: null, itemCount: 0 });
    });

    it('lets two carts hold the same single-use coupon at once (only an order redeems it)', async () => {
      const a = await shopper();
      const b = await shopper();
      const code = `SOLO${Date.now().toString(36).toUpperCase()}`;
      await addCoupon(code, { usageLimit: 1 });
      await a.add(stocked(1), 1);
      await b.add(stocked(1), 1);
      const results = await Promise.all([
        a.call('POST', '/api/cart/apply-discount', { code }),
        b.call('POST', '/api/cart/apply-discount', { code }),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    });

    it("shows an active coupon's offer at /discount/code/{code}, and 404 otherwise", async () => {
      const res = await shop.app.inject('/api/discount/code/save10');
      expect(res.json()).toEqual({
        success: true,
        data: {
          code: 'SAVE10',
          discountType: 'percentage',
          value: 10,
          minPurchase: 100,
          buyX: 0,
          getY: 0,
          applicableCategories: [],
          label: '10% OFF',
        },
      });
      expect((await shop.app.inject('/api/discount/code/TEES3')).json().data.applicableCategories).toEqual([
        'mens-t-shirts',
      ]);
      expect((await shop.app.inject('/api/discount/code/NOPE')).statusCode).toBe(404);
    });
  });
});
