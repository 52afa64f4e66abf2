/**
 * Account pre-hijacking through the email confirmation. Someone signs up with the owner's
 * email, sets a password, saves an address and fills a cart, and keeps a session. The shop
 * emails the owner "Confirm your email address": confirming proves only that the mailbox's
 * owner is there, so the squatter's password, sessions and what they saved must not survive it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newShopper } from '../../test/accounts.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { linkTokenFor, messagesTo } from '../../test/messages.ts';
import { freshSize, type SizeRef } from '../../test/stock.ts';

const OWNER_PASSWORD = 'Owners-Own-Indigo-Phrase-7';

let addressCounter = 0;
/** A client address of its own, so per-address limits never couple tests. */
const freshAddress = () => {
  addressCounter += 1;
  return `10.67.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
};

const plantedAddress = (line: string) => ({
  name: 'Home',
  addressLine1: line,
  city: 'Bengaluru',
  state: 'Karnataka',
  pinCode: '560002',
  isDefault: true,
});

describe.each(testDialects)('account pre-hijacking through the email confirmation, on %s', (dialect) => {
  let shop: TestShop;
  let size: SizeRef;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
    size = await freshSize(shop.handle.db, 1000);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    shop.app.inject({ method: 'POST', url, payload, headers, remoteAddress: freshAddress() });
  const signIn = (email: string, password: string) => post('/api/auth/login', { email, password });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const profile = (token: string) => shop.app.inject({ url: '/api/auth/profile', headers: bearer(token) });
  const cartOf = async (token: string) =>
    (await shop.app.inject({ url: '/api/cart/details', headers: bearer(token) })).json().data;

  /**
   * The squatter: signs up with the owner's email (and a phone), signs in, saves an address
   * and puts a line in the cart. Answers the email, password and session token.
   */
  async function squat(overrides: Record<string, unknown> = {}) {
    const body = newShopper({ firstName: 'Kiran', phone: '91234 56789', ...overrides });
    const signup = await post('/api/auth/signup', body);
    expect(signup.statusCode, signup.body).toBe(201);
    const login = await signIn(body.email, body.password);
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json().data.accessToken as string;
    const plant = await shop.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: bearer(token),
      payload: { addresses: [plantedAddress('Drop box 13, Squatter Lane')] },
    });
    expect(plant.statusCode, plant.body).toBe(200);
    const add = await shop.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: bearer(token),
      payload: { product: size.productId, color: size.color, size: size.size, quantity: 2 },
    });
    expect(add.statusCode, add.body).toBe(200);
    return { email: body.email, password: body.password, token };
  }

  it('confirming ends the squatter’s password and sessions, clears what they saved, and lets the owner choose a password', async () => {
    const squatter = await squat();
    const token = await linkTokenFor(shop.handle.db, squatter.email, 'verify-email');

    const confirm = await post('/api/auth/verify-email', { token });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json()).toMatchObject({ success: true, message: 'Your email address is verified.' });
    const { setPasswordToken } = confirm.json().data;
    expect(setPasswordToken).toEqual(expect.any(String));

    // The squatter's session and password are over.
    expect((await profile(squatter.token)).statusCode).toBe(401);
    const squatterLogin = await signIn(squatter.email, squatter.password);
    expect(squatterLogin.statusCode).toBe(401);
    expect(squatterLogin.json()).toMatchObject({ success: false, code: 'INVALID_CREDENTIALS' });

    // The owner chooses a password with the token the confirmation answered, and is signed in.
    const chosen = await post('/api/auth/reset-password', { token: setPasswordToken, password: OWNER_PASSWORD });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const { accessToken, user } = chosen.json().data;
    expect(user).toMatchObject({ email: squatter.email, emailVerified: true, addresses: [], phone: null });
    expect(user.shippingAddress).toBeNull();
    // The cart stays: it holds no one's details, and nearly every confirmation is a new shopper's own.
    expect((await cartOf(accessToken)).items).toMatchObject([{ quantity: 2 }]);
    expect((await signIn(squatter.email, OWNER_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(squatter.email, squatter.password)).statusCode).toBe(401);

    // Each token works once.
    expect(
      (await post('/api/auth/reset-password', { token: setPasswordToken, password: 'Another-Long-Phrase-8' })).json(),
    ).toMatchObject({ code: 'LINK_USED' });
    expect((await post('/api/auth/verify-email', { token })).json()).toMatchObject({ code: 'LINK_USED' });
  });

  it('a GET of the link verifies nothing: only the confirmation (a POST, the click) does', async () => {
    const squatter = await squat();
    const token = await linkTokenFor(shop.handle.db, squatter.email, 'verify-email');
    for (const url of [`/api/auth/verify-email?token=${token}`, `/api/auth/verify-email/${token}`]) {
      const res = await shop.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
    }
    const me = await profile(squatter.token);
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ emailVerified: false });
    // The link still works for the owner's click.
    expect((await post('/api/auth/verify-email', { token })).json().data.setPasswordToken).toEqual(expect.any(String));
  });

  it('an owner who leaves without choosing a password can ask for a reset link later', async () => {
    const squatter = await squat();
    await post('/api/auth/verify-email', { token: await linkTokenFor(shop.handle.db, squatter.email, 'verify-email') });
    expect((await post('/api/auth/forgot-password', { email: squatter.email })).statusCode).toBe(202);
    const reset = await post('/api/auth/reset-password', {
      token: await linkTokenFor(shop.handle.db, squatter.email, 'password-reset'),
      password: OWNER_PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await signIn(squatter.email, OWNER_PASSWORD)).statusCode).toBe(200);
  });

  it('the owner’s password, address and session, set after the confirmation, stay', async () => {
    const squatter = await squat();
    const confirm = await post('/api/auth/verify-email', {
      token: await linkTokenFor(shop.handle.db, squatter.email, 'verify-email'),
    });
    const chosen = await post('/api/auth/reset-password', {
      token: confirm.json().data.setPasswordToken,
      password: OWNER_PASSWORD,
    });
    const owner = chosen.json().data.accessToken as string;
    const saved = await shop.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: bearer(owner),
      payload: { addresses: [plantedAddress('4 Owner Street')] },
    });
    expect(saved.statusCode).toBe(200);
    // Nothing to confirm any more: no link is sent, and none of the earlier ones works.
    const again = await post('/api/auth/verification-email', {}, bearer(owner));
    expect(again.json()).toMatchObject({ code: 'ALREADY_VERIFIED' });
    const me = await profile(owner);
    expect(me.statusCode).toBe(200);
    expect(me.json().data.addresses.map((a: { addressLine1: string }) => a.addressLine1)).toEqual(['4 Owner Street']);
    expect((await signIn(squatter.email, OWNER_PASSWORD)).statusCode).toBe(200);
  });

  it('of two confirmation links used at once, one takes the account back and answers the password step, every round', async () => {
    for (let round = 0; round < 6; round++) {
      const squatter = await squat();
      // A second link (the "send it again" of the profile), so the two uses are different links.
      expect((await post('/api/auth/verification-email', {}, bearer(squatter.token))).statusCode).toBe(202);
      const links = (await messagesTo(shop.handle.db, squatter.email, 'verify-email')).map((m) =>
        new URL(String(m.data.link), 'http://shop.test').searchParams.get('token')!,
      );
      expect(links).toHaveLength(2);
      const answers = await Promise.all(links.map((token) => post('/api/auth/verify-email', { token })));
      const tokens = answers.filter((a) => a.statusCode === 200).map((a) => a.json().data.setPasswordToken);
      // The loser is refused (its link retired by the winner) or answered without a step: one step in all.
      expect(
        tokens.filter((t) => typeof t === 'string'),
        `round ${round}`,
      ).toHaveLength(1);
      for (const answer of answers) expect([200, 400], `round ${round}`).toContain(answer.statusCode);
      expect((await profile(squatter.token)).statusCode, `round ${round}`).toBe(401);
    }
  }, 120_000);

  it('a squatter saving an address while the owner confirms never keeps it, every round', async () => {
    for (let round = 0; round < 6; round++) {
      const squatter = await squat();
      const token = await linkTokenFor(shop.handle.db, squatter.email, 'verify-email');
      const saves = Array.from({ length: 12 }, (_, i) =>
        shop.app.inject({
          method: 'PATCH',
          url: '/api/auth/profile',
          headers: bearer(squatter.token),
          payload: { addresses: [plantedAddress(`Drop box ${round}-${i}`)], phone: '91234 56789' },
        }),
      );
      const [confirm, ...answers] = await Promise.all([post('/api/auth/verify-email', { token }), ...saves]);
      expect(confirm.statusCode, `round ${round}: ${confirm.body}`).toBe(200);
      for (const answer of answers) expect([200, 401], `round ${round}`).toContain(answer.statusCode);
      const chosen = await post('/api/auth/reset-password', {
        token: confirm.json().data.setPasswordToken,
        password: OWNER_PASSWORD,
      });
      expect(chosen.json().data.user, `round ${round}`).toMatchObject({ addresses: [], phone: null });
    }
  }, 120_000);
});
