import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newShopper, signedInShopper } from '../../test/accounts.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { createTokenService } from './tokens.ts';

const secret = new TextEncoder().encode('a-test-secret-that-is-long-enough-for-hs256');
const address = {
  name: 'Home',
  addressLine1: '12B, MG Road',
  addressLine2: 'Near the park',
  city: 'Bengaluru',
  state: 'Karnataka',
  pinCode: '560001',
  isDefault: true,
};

describe.each(testDialects)('accounts API on %s', (dialect) => {
  let shop: TestShop;
  let ipCounter = 0;
  /** A new client address for each call that should not share rate-limit counts. */
  const freshIp = () => `10.20.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  beforeAll(async () => {
    shop = await createTestShop(dialect, { tokens: createTokenService(secret, 3600) });
  });
  afterAll(async () => {
    await shop?.close();
  });

  const post = (url: string, payload: unknown, remoteAddress = freshIp()) =>
    shop.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });
  const profile = (headers: Record<string, string>) =>
    shop.app.inject({ method: 'GET', url: '/api/auth/profile', headers });

  describe('sign-up', () => {
    it('creates a customer and never shows the password', async () => {
      const body = newShopper({ email: 'Mixed.Case@Example.COM ' });
      const res = await post('/api/auth/signup', body);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        success: true,
        message: 'Signup Successful',
        data: {
          firstName: 'Ravi',
          lastName: 'Kumar',
          fullName: 'Ravi Kumar',
          email: 'mixed.case@example.com',
          phone: '9876543210',
          role: 'customer',
          addresses: [],
          shippingAddress: null,
        },
      });
      expect(res.body).not.toContain(body.password);
      expect(res.body).not.toMatch(/argon2|password/i);
    });

    it('refuses an email already registered, in any letter case (409)', async () => {
      const body = newShopper();
      expect((await post('/api/auth/signup', body)).statusCode).toBe(201);
      const again = await post('/api/auth/signup', { ...body, email: body.email.toUpperCase() });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ success: false, code: 'EMAIL_TAKEN', message: 'Email already registered' });
    });

    it('lets only one of two simultaneous sign-ups with one email through', async () => {
      const body = newShopper();
      const results = await Promise.all([post('/api/auth/signup', body), post('/api/auth/signup', body)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    });

    it.each([
      ['a missing field', { lastName: undefined }, 'lastName'],
      ['a blank first name', { firstName: '   ' }, 'First name is required.'],
      ['a number for a name', { firstName: 42 }, 'firstName'],
      ['a bad email', { email: 'not-an-email' }, 'Please enter a valid email address.'],
      ['a short phone', { phone: '12345' }, 'Please enter a valid phone number.'],
      ['a short password', { password: 'short1!' }, 'Password must be at least 8 characters.'],
      ['a 129-character password', { password: 'x'.repeat(129) }, 'Password must be 128 characters or fewer.'],
      ['a 60-character name', { firstName: 'R'.repeat(60) }, 'First name must be 50 characters or fewer.'],
    ])('refuses %s with a 400 that says what is wrong', async (_case, change, message) => {
      const res = await post('/api/auth/signup', newShopper(change));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    });

    it('refuses a common password, and accepts a long passphrase', async () => {
      const common = await post('/api/auth/signup', newShopper({ password: 'password123' }));
      expect(common.statusCode).toBe(400);
      expect(common.json()).toMatchObject({ code: 'COMMON_PASSWORD' });
      const passphrase = 'the monsoon came early to the hills of kodagu and the coffee flowered white';
      expect(passphrase.length).toBeGreaterThan(64);
      expect((await post('/api/auth/signup', newShopper({ password: passphrase }))).statusCode).toBe(201);
    });

    // Among the most common passwords of breach lists, long enough for the length rule, and
    // neither one character repeated nor the shop's or the shopper's name.
    it.each(['987654321', '12341234', 'abcdefgh', '1qaz1qaz', 'Poiuytrewq', 'QWERQWER', 'cowboyup', 'MaxPayne'])(
      'refuses the breached password %s (400 COMMON_PASSWORD, nothing stored)',
      async (password) => {
        const body = newShopper({ password });
        const res = await post('/api/auth/signup', body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          success: false,
          code: 'COMMON_PASSWORD',
          message: 'This password is too common. Please choose one that is harder to guess.',
        });
        expect((await post('/api/auth/signup', { ...body, password: 'Monsoon-Kurta-2026!' })).statusCode).toBe(201);
      },
    );

    it.each([
      ['one letter repeated', 'aaaaaaaa', 'Password cannot be one character repeated.'],
      ['eight spaces', '        ', 'Password cannot be only spaces.'],
      ['eight NUL characters', '\u0000'.repeat(8), 'Password cannot contain control characters'],
      ['zero-width spaces', '\u200b\u200c'.repeat(4), 'Password cannot contain invisible characters'],
      ['a tab inside', 'Monsoon\tKurta-2026', 'Password cannot contain control characters'],
      ["the shop's name with digits", 'kapas123', "Password cannot be made of the shop's name."],
      ["the shop's name in capitals with symbols", '#KAPAS-2026!', "Password cannot be made of the shop's name."],
      ['the first name with digits', 'Ravi@1990', 'Password cannot be made of your name or email address.'],
      ['first and last name', 'ravikumar!!', 'Password cannot be made of your name or email address.'],
      ["the email's name", 'ravi.sharma.88', 'Password cannot be made of your name or email address.'],
    ])('refuses a password that is %s (400, nothing stored)', async (_case, password, message) => {
      const body = newShopper({ password, email: `ravi.sharma.88.${Date.now()}@example.com` });
      const res = await post('/api/auth/signup', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'WEAK_PASSWORD',
        message: expect.stringContaining(message),
      });
      // Nothing was stored: the same email signs up with a good password.
      expect((await post('/api/auth/signup', { ...body, password: 'Monsoon-Kurta-2026!' })).statusCode).toBe(201);
    });

    it('refuses a 1 MB string and malformed JSON without a 500', async () => {
      const huge = await post('/api/auth/signup', newShopper({ firstName: 'x'.repeat(1024 * 1024) }));
      expect(huge.statusCode).toBe(413);
      const broken = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": ',
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json().success).toBe(false);
      const polluted = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { 'content-type': 'application/json' },
        payload: '{"__proto__": {"role": "admin"}}',
      });
      expect(polluted.statusCode).toBe(400);
    });
  });

  describe('sign-in and tokens', () => {
    it('signs in with the password, and the token opens the profile', async () => {
      const { token, user, email } = await signedInShopper(shop.app);
      expect(user.email).toBe(email);
      const res = await profile({ authorization: `Bearer ${token}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual(user);
    });

    it('answers a wrong password and an unknown email alike', async () => {
      const { email } = await signedInShopper(shop.app);
      const wrong = await post('/api/auth/login', { email, password: 'not-the-password' });
      const unknown = await post('/api/auth/login', {
        email: `nobody.${Date.now()}@example.com`,
        password: 'whatever-it-is',
      });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json()).toEqual({
        success: false,
        code: 'INVALID_CREDENTIALS',
        message: 'Invalid email or password.',
      });
    });

    it.each([
      ['no token', {}],
      ['a malformed header', { authorization: 'Token abc' }],
      ['garbage', { authorization: 'Bearer not.a.jwt' }],
    ])('refuses %s with a 401', async (_case, headers) => {
      const res = await profile(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    });

    it('refuses tampered, foreign, algorithm-less and expired tokens', async () => {
      const { token, user } = await signedInShopper(shop.app);
      const [header, payload, signature] = token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
      const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      const sign = (key: Uint8Array, exp: string | number) =>
        new SignJWT({ tv: 0 })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(user._id)
          .setIssuer('kapas-shop')
          .setAudience('kapas-shop-web')
          .setExpirationTime(exp)
          .sign(key);
      const tokens = [
        `${header}.${forged}.${signature}`,
        `${none}.${payload}.`,
        await sign(new TextEncoder().encode('some-other-secret-of-enough-length-123'), '1h'),
        await sign(secret, Math.floor(Date.now() / 1000) - 10),
      ];
      for (const bad of tokens) {
        expect((await profile({ authorization: `Bearer ${bad}` })).statusCode).toBe(401);
      }
      // The same claims, rightly signed and in date, do work: the refusals above are the checks.
      expect((await profile({ authorization: `Bearer ${await sign(secret, '1h')}` })).statusCode).toBe(200);
    });

    it('logs out on the server: the old token stops working, a new sign-in works', async () => {
      const { token, email, password } = await signedInShopper(shop.app);
      const auth = { authorization: `Bearer ${token}` };
      const out = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { ...auth, 'content-type': 'application/json' },
      });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toMatchObject({ success: true, message: 'Logged out' });
      expect((await profile(auth)).statusCode).toBe(401);
      const again = await post('/api/auth/login', { email, password });
      expect((await profile({ authorization: `Bearer ${again.json().data.accessToken}` })).statusCode).toBe(200);
    });
  });

  describe('profile: addresses and phone', () => {
    const patch = (headers: Record<string, string>, payload: unknown) =>
      shop.app.inject({ method: 'PATCH', url: '/api/auth/profile', headers, payload: payload as object });

    it('saves addresses and phone, and derives the shipping address', async () => {
      const { auth } = await signedInShopper(shop.app);
      const office = { ...address, name: 'Office', addressLine1: '4, Residency Road', isDefault: false };
      const res = await patch(auth, { addresses: [office, address], phone: '+91 91234 56789' });
      expect(res.statusCode).toBe(200);
      const user = res.json().data;
      expect(user.phone).toBe('+919123456789');
      expect(user.addresses).toEqual([
        { ...office, _id: expect.any(String) },
        { ...address, _id: expect.any(String) },
      ]);
      expect(user.shippingAddress).toEqual(user.addresses[1]);
      expect((await profile(auth)).json().data).toEqual(user);
    });

    it("saves the spec's shippingAddress field as the default address, keeping the others", async () => {
      const { auth } = await signedInShopper(shop.app);
      const office = { ...address, name: 'Office', isDefault: false };
      await patch(auth, { addresses: [office, address] });
      const moved = { ...address, addressLine1: '7, Brigade Road', isDefault: false };
      const user = (await patch(auth, { shippingAddress: moved })).json().data;
      expect(
        user.addresses.map((a: { addressLine1: string; isDefault: boolean }) => [a.addressLine1, a.isDefault]),
      ).toEqual([
        ['12B, MG Road', false],
        ['7, Brigade Road', true],
      ]);
      expect(user.shippingAddress.addressLine1).toBe('7, Brigade Road');
    });

    it.each([
      ['a 5-digit PIN code', { addresses: [{ ...address, pinCode: '56001' }] }, 'PIN code must be 6 digits.'],
      ['a blank city', { addresses: [{ ...address, city: ' ' }] }, 'City is required.'],
      ['two default addresses', { addresses: [address, address] }, 'Only one address can be the default.'],
      ['eleven addresses', { addresses: Array(11).fill({ ...address, isDefault: false }) }, 'At most 10 addresses'],
      ['a short phone', { phone: '98765' }, 'Please enter a valid phone number.'],
      ['nothing', {}, 'Nothing to update'],
    ])('refuses %s with a 400 and changes nothing', async (_case, body, message) => {
      const { auth, user } = await signedInShopper(shop.app);
      const res = await patch(auth, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
      expect((await profile(auth)).json().data).toEqual(user);
    });

    it("changes only the caller's own account", async () => {
      const a = await signedInShopper(shop.app);
      const b = await signedInShopper(shop.app);
      await patch(a.auth, { addresses: [address], phone: '9000000001', _id: b.user._id, email: b.email });
      expect((await profile(b.auth)).json().data).toEqual(b.user);
      expect((await profile(a.auth)).json().data.email).toBe(a.email);
    });

    it('needs a signed-in user', async () => {
      expect((await patch({}, { phone: '9876543210' })).statusCode).toBe(401);
    });
  });

  describe('rate limits (the default numbers)', () => {
    it('refuses sign-in to an account from one address after 10 failures there, even with the right password', async () => {
      const { email, password } = await signedInShopper(shop.app);
      const ip = freshIp();
      for (let i = 0; i < 10; i++) {
        expect((await post('/api/auth/login', { email, password: `wrong-${i}-password` }, ip)).statusCode).toBe(401);
      }
      const blocked = await post('/api/auth/login', { email, password }, ip);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({
        success: false,
        code: 'RATE_LIMITED',
        message: 'Too many attempts. Please wait 15 minutes and try again.',
      });
    });

    it('refuses sign-in from an address after 100 failures there, whatever the accounts', async () => {
      const ip = freshIp();
      for (let i = 0; i < 100; i++) {
        const res = await post('/api/auth/login', { email: `guess${i}@example.com`, password: 'guessing-away' }, ip);
        expect(res.statusCode).toBe(401);
      }
      const sprayed = await post('/api/auth/login', { email: 'another@example.com', password: 'guessing-away' }, ip);
      expect(sprayed.statusCode).toBe(429);
      // Another address is not affected.
      expect(
        (await post('/api/auth/login', { email: 'another@example.com', password: 'guessing-away' })).statusCode,
      ).toBe(401);
    });

    it('refuses the 301st sign-up from one address in an hour, refused ones included', async () => {
      const ip = freshIp();
      const taken = newShopper();
      expect((await post('/api/auth/signup', taken, ip)).statusCode).toBe(201);
      // Trying emails to see which are registered counts too.
      for (let i = 1; i < 300; i++) expect((await post('/api/auth/signup', taken, ip)).statusCode).toBe(409);
      const refused = await post('/api/auth/signup', newShopper(), ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        success: false,
        code: 'RATE_LIMITED',
        message: 'Too many attempts. Please wait an hour and try again.',
      });
      expect((await post('/api/auth/signup', newShopper())).statusCode).toBe(201);
    });
  });
});
