/**
 * Someone signs up with the owner's email (never proved), plants a delivery address and a
 * phone, fills a cart, and waits. The owner later recovers the account by email: proving the
 * email hands them the account without what the unproved holder set up, as a confirmation
 * and a Google sign-in do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { newShopper } from '../../test/accounts.ts';
import { linkTokenFor } from '../../test/messages.ts';
import { freshSize } from '../../test/stock.ts';

describe.each(testDialects)('account pre-hijacking through password recovery, on %s', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('a reset that proves the email clears what the unproved holder planted (address, phone) and their session', async () => {
    const victim = newShopper();
    // 1. The attacker signs up with the victim's email and plants an address and phone.
    const signup = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { ...victim, phone: '91234 56789' },
      remoteAddress: '10.66.0.1',
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const login = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: victim.email, password: victim.password },
      remoteAddress: '10.66.0.1',
    });
    const attacker = { authorization: `Bearer ${login.json().data.accessToken}` };
    const plant = await shop.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: attacker,
      payload: {
        addresses: [
          {
            name: 'Home',
            addressLine1: 'Drop box 13, Attacker Lane',
            city: 'Bengaluru',
            state: 'Karnataka',
            pinCode: '560002',
            isDefault: true,
          },
        ],
      },
    });
    expect(plant.statusCode, plant.body).toBe(200);
    const size = await freshSize(shop.handle.db, 100);
    const add = await shop.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: attacker,
      payload: { product: size.productId, color: size.color, size: size.size, quantity: 3 },
    });
    expect(add.statusCode, add.body).toBe(200);

    // 2. The victim recovers "their" account by email.
    const forgot = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: victim.email },
      remoteAddress: '10.66.0.2',
    });
    expect(forgot.statusCode).toBe(202);
    const token = await linkTokenFor(shop.app.db, victim.email, 'password-reset');
    const reset = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Victims-Own-Pass-2026!' },
      remoteAddress: '10.66.0.2',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const me = reset.json().data.user;
    expect(me.emailVerified).toBe(true);
    // The account is now "verified" and the victim's; what the unproved holder set up must be gone.
    expect({ addresses: me.addresses.map((a: { addressLine1: string }) => a.addressLine1), phone: me.phone }).toEqual({
      addresses: [],
      phone: null,
    });
    const cart = await shop.app.inject({
      url: '/api/cart/details',
      headers: { authorization: `Bearer ${reset.json().data.accessToken}` },
    });
    expect(cart.json().data.items).toMatchObject([{ quantity: 3 }]); // no one's details: it stays
    expect((await shop.app.inject({ url: '/api/auth/profile', headers: attacker })).statusCode).toBe(401);
  });
});
