import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '@shop/core';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { freshSize as freshSizeIn, stockOf as stockIn } from '../../test/stock.ts';
import { apiShopper, type ApiShopper } from '../../test/shoppers.ts';

/** Two saved places in Karnataka: the first saved without the default tick, the second with it. */
const first = {
  name: 'Home',
  addressLine1: '1, First Street',
  addressLine2: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  pinCode: '560001',
  isDefault: false,
};
const second = { ...first, addressLine1: '2, Second Street', city: 'Mysuru', pinCode: '570001', isDefault: true };

describe.each(testDialects)('where orders ship to on %s', (dialect) => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop(dialect, { apiDocs: true });
  });
  afterAll(async () => {
    await shop?.close();
  });

  /** A verified shopper with one piece in their cart and `addresses` saved, as the profile saves them. */
  async function shopperWith(addresses: object[]) {
    const me = await apiShopper(shop.app);
    const saved = await me.call('PATCH', '/api/auth/profile', { addresses });
    expect(saved.statusCode, saved.body).toBe(200);
    const size = await freshSizeIn(shop.handle.db, 3);
    expect((await me.add(size)).statusCode).toBe(200);
    return { me, size, addresses: saved.json().data.addresses as Address[] };
  }

  /** The refusal left everything as it was: no order, the stock and the cart untouched. */
  async function nothingWritten(me: ApiShopper, size: Parameters<typeof stockIn>[1]) {
    expect(await me.orders()).toEqual([]);
    expect(await stockIn(shop.handle.db, size)).toBe(3);
    expect((await me.cart()).items).toHaveLength(1);
  }

  it('makes the first address a shopper saves their default, whatever the form sent', async () => {
    const me = await apiShopper(shop.app);
    const res = await me.call('PATCH', '/api/auth/profile', { addresses: [first] });
    expect(res.statusCode, res.body).toBe(200);
    const user = res.json().data;
    expect(user.addresses).toEqual([{ ...first, isDefault: true, _id: expect.any(String) }]);
    expect(user.shippingAddress).toEqual(user.addresses[0]);

    // A second saved as the default un-defaults the first, which stays saved.
    const both = (await me.call('PATCH', '/api/auth/profile', { addresses: [first, second] })).json().data;
    expect(both.addresses.map((a: Address) => [a.addressLine1, a.isDefault])).toEqual([
      ['1, First Street', false],
      ['2, Second Street', true],
    ]);
  });

  it('keeps exactly one default when profile saves arrive at once (10 rounds)', async () => {
    const me = await apiShopper(shop.app);
    for (let round = 0; round < 10; round++) {
      const place = (n: number) => ({ ...first, addressLine1: `${round}-${n}, Race Street` });
      const saves = await Promise.all(
        Array.from({ length: 12 }, (_, n) =>
          // Half replace the list (the default ticked on one), half save the prefill field,
          // which reads the list under the account's lock and replaces its default.
          n % 2 === 0
            ? me.call('PATCH', '/api/auth/profile', {
                addresses: [place(n), { ...place(n + 100), isDefault: true }],
              })
            : me.call('PATCH', '/api/auth/profile', { shippingAddress: place(n) }),
        ),
      );
      for (const save of saves) expect(save.statusCode, save.body).toBe(200);
      const { addresses } = (await me.call('GET', '/api/auth/profile')).json().data as { addresses: Address[] };
      expect(
        addresses.filter((a) => a.isDefault),
        `round ${round}`,
      ).toHaveLength(1);
      expect(new Set(addresses.map((a) => a.addressLine1)).size, `round ${round}`).toBe(addresses.length);
    }
  });

  it('ships an order sent without an address to the default address, not the first saved', async () => {
    const { me } = await shopperWith([first, second]);
    const res = await me.call('POST', '/api/order', { paymentMethod: 'cod' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.shippingAddress).toEqual({
      name: 'Home',
      addressLine1: '2, Second Street',
      addressLine2: '',
      city: 'Mysuru',
      state: 'Karnataka',
      pinCode: '570001',
      country: 'India',
      phone: '9876543210',
    });
    expect(res.json().data.billingAddress).toEqual(res.json().data.shippingAddress);
  });

  it.each([
    ['the default', 1, '2, Second Street'],
    ['the other saved address', 0, '1, First Street'],
  ])('ships to the saved address picked at checkout: %s', async (_case, picked, line) => {
    const { me, addresses } = await shopperWith([first, second]);
    const typed = { ...first, addressLine1: '9, Elsewhere', country: 'India', phone: '9123456780' };
    const res = await me.call('POST', '/api/order', {
      addressId: addresses[picked]!._id,
      // The saved address is where it goes; the typed lines are not, only their phone.
      shippingAddress: typed,
      paymentMethod: 'cod',
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data;
    expect(order.shippingAddress).toMatchObject({ addressLine1: line, phone: '9123456780' });
    expect((await me.orders())[0]?.shippingAddress.addressLine1).toBe(line);
  });

  it("refuses another shopper's saved address with a 404 and writes nothing", async () => {
    const stranger = await shopperWith([second]);
    const { me, size } = await shopperWith([first]);
    const res = await me.call('POST', '/api/order', { addressId: stranger.addresses[0]!._id, paymentMethod: 'cod' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'ADDRESS_NOT_FOUND',
      message: 'That address is not one of your saved addresses.',
    });
    await nothingWritten(me, size);
    expect(await stranger.me.orders()).toEqual([]);
  });

  it.each([
    ['a blank city', { city: '' }, 'Shipping address or pincode is incomplete.'],
    ['a blank PIN code', { pin_code: ' ' }, 'Shipping address or pincode is incomplete.'],
    ['a PIN code of another state', { pin_code: '110001' }, 'PIN code 110001 is not in Karnataka.'],
  ])(
    'refuses a saved address with %s (saved before the rules) with a 400 and writes nothing',
    async (_c, change, message) => {
      const { me, size, addresses } = await shopperWith([first]);
      await shop.handle.db.updateTable('addresses').set(change).where('id', '=', addresses[0]!._id).execute();
      for (const body of [{ addressId: addresses[0]!._id }, {}]) {
        const res = await me.call('POST', '/api/order', { ...body, paymentMethod: 'cod' });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ code: 'ADDRESS_INCOMPLETE', message });
      }
      await nothingWritten(me, size);
    },
  );

  it.each([
    ['the picked address saved again (new ids)', 'pick', [first, second]],
    ['the default address removed', 'default', []],
  ])('answers a retry of a placed order with that order after %s', async (_case, how, savedNext) => {
    const { me, addresses } = await shopperWith([first, second]);
    const body = { ...(how === 'pick' && { addressId: addresses[0]!._id }), paymentMethod: 'cod' };
    const key = { 'idempotency-key': `retry-${how}-${me.user._id}` };
    const placed = await me.call('POST', '/api/order', body, key);
    expect(placed.statusCode, placed.body).toBe(201);
    // The answer was lost; meanwhile the profile saves the list again.
    expect((await me.call('PATCH', '/api/auth/profile', { addresses: savedNext })).statusCode).toBe(200);
    const retry = await me.call('POST', '/api/order', body, key);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json().data._id).toBe(placed.json().data._id);
    expect(retry.json().data.shippingAddress).toEqual(placed.json().data.shippingAddress);
    expect(await me.orders()).toHaveLength(1);
  });

  it('refuses an order with no address sent and none saved', async () => {
    const { me, size } = await shopperWith([]);
    const res = await me.call('POST', '/api/order', { paymentMethod: 'cod' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'NO_SHIPPING_ADDRESS', message: 'Shipping address is incomplete.' });
    await nothingWritten(me, size);
  });

  it('documents the saved address pick in the OpenAPI description of POST /order', async () => {
    const docs = (await shop.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const body = docs.paths['/api/order'].post.requestBody.content['application/json'].schema;
    expect(body.properties.addressId.description).toContain('saved addresses');
    expect(body.required ?? []).not.toContain('shippingAddress');
    expect(Object.keys(docs.paths['/api/order'].post.responses)).toEqual(expect.arrayContaining(['201', '404']));
  });
});
