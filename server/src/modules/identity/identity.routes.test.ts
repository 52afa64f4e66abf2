import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrPromoteAdmin } from '../auth/auth.service.ts';
import { signedInAdmin, signedInShopper } from '../../test/accounts.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { authorizeAtProvider, clientSecret, flowAt, redirectUri, startProvider } from '../../test/identity-provider.ts';
import { linkTokenFor } from '../../test/messages.ts';
import { freshSize } from '../../test/stock.ts';
import { DEVELOPMENT_CLIENT_ID } from './development-provider.ts';
import { createOidcIdentityProvider } from './oidc-identity-provider.ts';

describe.each(testDialects)('Google sign-in on %s (authorization code flow against oidc-provider)', (dialect) => {
  let shop: TestShop;
  let idp: Awaited<ReturnType<typeof startProvider>>;

  beforeAll(async () => {
    idp = await startProvider();
    shop = await createTestShop(dialect, {
      identity: {
        provider: createOidcIdentityProvider({
          providerName: 'google',
          issuer: idp.issuer,
          clientId: DEVELOPMENT_CLIENT_ID,
          clientSecret,
          redirectUri,
        }),
      },
    });
  });
  afterAll(async () => {
    await shop?.close();
    idp?.server.closeAllConnections();
    await new Promise((resolve) => idp?.server.close(resolve));
  });

  const start = () => flowAt(shop.app, idp.issuer).start();
  const finish = (code: string, state: string, cookie?: string, iss = idp.issuer) =>
    flowAt(shop.app, iss).finish(code, state, cookie);
  const signIn = (login: string) => flowAt(shop.app, idp.issuer).signIn(login);

  it('redirects to the provider with code flow, the three scopes, state, nonce and PKCE', async () => {
    const { location } = await start();
    expect(location.origin).toBe(idp.issuer);
    const params = location.searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('redirect_uri')).toBe(redirectUri);
    expect(params.get('client_id')).toBe(DEVELOPMENT_CLIENT_ID);
    expect(params.get('code_challenge_method')).toBe('S256');
    for (const name of ['state', 'nonce', 'code_challenge']) expect(params.get(name)?.length).toBeGreaterThan(20);
  });

  it('signs a new shopper in, and the same one again next time', async () => {
    const login = `meera.iyer+${Date.now()}@example.com`;
    const first = await signIn(login);
    expect(first.res.statusCode, first.res.body).toBe(200);
    const { accessToken, user } = first.res.json().data;
    expect(user).toMatchObject({ email: login, firstName: 'Meera', lastName: 'Iyer', role: 'customer' });
    const me = await shop.app.inject({ url: '/api/auth/profile', headers: { authorization: `Bearer ${accessToken}` } });
    expect(me.json().data._id).toBe(user._id);

    const second = await signIn(login);
    expect(second.res.json().data.user._id).toBe(user._id);
  });

  it('links to the existing account with the same verified email', async () => {
    const shopper = await signedInShopper(shop.app);
    const { res } = await signIn(shopper.email);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user._id).toBe(shopper.user._id);
  });

  it("ends a squatter's hold on an unverified account before linking the owner's Google identity", async () => {
    // Someone signs up with the owner's email and a password of their own, and keeps a session.
    const squatter = await signedInShopper(shop.app, {
      firstName: 'Kiran',
      email: `owner.${Date.now()}@example.com`,
    });
    await shop.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: squatter.auth,
      payload: {
        shippingAddress: {
          addressLine1: '1 Squatter Lane',
          city: 'Pune',
          state: 'Maharashtra',
          pinCode: '411001',
        },
      },
    });
    const { res } = await signIn(squatter.email);
    expect(res.statusCode, res.body).toBe(200);
    const { accessToken, user } = res.json().data;
    expect(user).toMatchObject({ _id: squatter.user._id, emailVerified: true, addresses: [], phone: null });
    // The squatter's session and password are over; the owner is signed in.
    const me = (token: string) =>
      shop.app.inject({ url: '/api/auth/profile', headers: { authorization: `Bearer ${token}` } });
    expect((await me(squatter.token)).statusCode).toBe(401);
    const login = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: squatter.email, password: squatter.password },
    });
    expect(login.statusCode).toBe(401);
    expect((await me(accessToken)).json().data).toMatchObject({ email: squatter.email, emailVerified: true });
  });

  /** A squatter's account with the owner's email: a password, a session, an address and a cart line. */
  let squatters = 0;
  async function squatter() {
    squatters += 1;
    const email = `asha.menon+${Date.now()}.${squatters}@example.com`;
    const held = await signedInShopper(shop.app, { firstName: 'Kiran', lastName: 'Rao', email });
    const plant = await shop.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: held.auth,
      payload: {
        shippingAddress: { addressLine1: '1 Squatter Lane', city: 'Pune', state: 'Maharashtra', pinCode: '411001' },
      },
    });
    expect(plant.statusCode, plant.body).toBe(200);
    const size = await freshSize(shop.handle.db, 100);
    const add = await shop.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: held.auth,
      payload: { product: size.productId, color: size.color, size: size.size, quantity: 1 },
    });
    expect(add.statusCode, add.body).toBe(200);
    return held;
  }
  const profileOf = (token: string) =>
    shop.app.inject({ url: '/api/auth/profile', headers: { authorization: `Bearer ${token}` } });
  const passwordSignIn = (email: string, password: string) =>
    shop.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const confirm = async (email: string) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: await linkTokenFor(shop.handle.db, email, 'verify-email') },
    });

  it('names the account as Google knows its owner (the cart, no one’s details, stays)', async () => {
    const held = await squatter();
    const linked = await signIn(held.email);
    expect(linked.res.statusCode, linked.res.body).toBe(200);
    const { accessToken, user } = linked.res.json().data;
    // The provider knows asha.menon+…@ as Asha Menon; the squatter called the account Kiran Rao.
    expect(user).toMatchObject({
      firstName: 'Asha',
      lastName: 'Menon',
      emailVerified: true,
      addresses: [],
      phone: null,
    });
    const cart = await shop.app.inject({
      url: '/api/cart/details',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(cart.json().data.items).toHaveLength(1);
  });

  it('a confirmation used before the owner’s Google sign-in (the owner’s, or a mail scanner’s) ends the hold just the same', async () => {
    const held = await squatter();
    const confirmed = await confirm(held.email);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { res } = await signIn(held.email);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user).toMatchObject({ _id: held.user._id, emailVerified: true, addresses: [], phone: null });
    // The squatter no longer gets in, by their session or their password.
    expect((await profileOf(held.token)).statusCode).toBe(401);
    expect((await passwordSignIn(held.email, held.password)).statusCode).toBe(401);
    expect((await profileOf(res.json().data.accessToken)).statusCode).toBe(200);
  });

  it('links a proved account as it is: the password its owner chose after confirming, their session and address stay', async () => {
    const held = await squatter();
    const confirmed = await confirm(held.email);
    const ownPassword = 'Owners-Own-Indigo-Phrase-7';
    const chosen = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: confirmed.json().data.setPasswordToken, password: ownPassword },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const owner = { authorization: `Bearer ${chosen.json().data.accessToken}` };
    await shop.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: owner,
      payload: {
        shippingAddress: { addressLine1: '4 Owner Street', city: 'Pune', state: 'Maharashtra', pinCode: '411001' },
      },
    });
    const { res } = await signIn(held.email);
    expect(res.json().data.user._id).toBe(held.user._id);
    const me = await shop.app.inject({ url: '/api/auth/profile', headers: owner });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.shippingAddress).toMatchObject({ addressLine1: '4 Owner Street' });
    expect((await passwordSignIn(held.email, ownPassword)).statusCode).toBe(200);
    expect((await passwordSignIn(held.email, held.password)).statusCode).toBe(401);
  });

  it('refuses a state that is not the one this browser started with', async () => {
    const { location, cookie } = await start();
    const back = await authorizeAtProvider(location.href, `x${Date.now()}@example.com`);
    const res = await finish(back.searchParams.get('code')!, 'someone-elses-state', cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'STATE_MISMATCH' });
  });

  it('refuses a response without the flow cookie, or with a forged one', async () => {
    const { location } = await start();
    const back = await authorizeAtProvider(location.href, `y${Date.now()}@example.com`);
    const [code, state] = [back.searchParams.get('code')!, back.searchParams.get('state')!];
    const forged = `shop_google_flow=${Buffer.from(JSON.stringify({ state, nonce: 'n', codeVerifier: 'v' })).toString('base64url')}.fakesignature`;
    for (const cookie of [undefined, forged]) {
      const res = await finish(code, state, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'SIGN_IN_EXPIRED' });
    }
  });

  it("refuses an ID token whose nonce is not this flow's", async () => {
    const { location, cookie } = await start();
    const back = await authorizeAtProvider(location.href, `z${Date.now()}@example.com`);
    const value = shop.app.unsignCookie(decodeURIComponent(cookie.split('=').slice(1).join('='))).value!;
    const checks = JSON.parse(Buffer.from(value, 'base64url').toString());
    const tampered = shop.app.signCookie(
      Buffer.from(JSON.stringify({ ...checks, nonce: 'another-nonce' })).toString('base64url'),
    );
    const res = await finish(
      back.searchParams.get('code')!,
      back.searchParams.get('state')!,
      `shop_google_flow=${tampered}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'GOOGLE_SIGN_IN_FAILED', message: 'Google sign-in failed' });
  });

  it('refuses a response that names another issuer (mix-up)', async () => {
    const { location, cookie } = await start();
    const back = await authorizeAtProvider(location.href, `mix${Date.now()}@example.com`);
    const res = await finish(
      back.searchParams.get('code')!,
      back.searchParams.get('state')!,
      cookie,
      'https://evil.example',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'GOOGLE_SIGN_IN_FAILED' });
  });

  it('refuses a code used twice', async () => {
    const { back, cookie, res } = await signIn(`twice.${Date.now()}@example.com`);
    expect(res.statusCode).toBe(200);
    const replay = await finish(back.searchParams.get('code')!, back.searchParams.get('state')!, cookie);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'GOOGLE_SIGN_IN_FAILED' });
  });

  it('answers a provider refusal (wrong client secret) with "Google sign-in failed"', async () => {
    const misconfigured = await createTestShop('sqlite', {
      identity: {
        provider: createOidcIdentityProvider({
          providerName: 'google',
          issuer: idp.issuer,
          clientId: DEVELOPMENT_CLIENT_ID,
          clientSecret: 'not-the-secret',
          redirectUri,
        }),
      },
    });
    try {
      const started = await misconfigured.app.inject('/api/auth/google/start');
      const cookie = String(started.headers['set-cookie']).split(';')[0]!;
      const back = await authorizeAtProvider(started.headers.location as string, `w${Date.now()}@example.com`);
      const res = await misconfigured.app.inject({
        method: 'POST',
        url: '/api/auth/google',
        payload: Object.fromEntries(back.searchParams),
        headers: { cookie },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'GOOGLE_SIGN_IN_FAILED' });
    } finally {
      await misconfigured.close();
    }
  });

  it('says so when Google sign-in is not configured', async () => {
    const plain = await createTestShop('sqlite');
    try {
      expect((await plain.app.inject('/api/auth/google/start')).statusCode).toBe(404);
      expect((await plain.app.inject('/api/auth/providers')).json().data).toEqual({
        google: { enabled: false, development: false },
      });
    } finally {
      await plain.close();
    }
  });
});

/** A shop whose "Sign in with Google" is the development one, at `idp`. */
function developmentShop(
  dialect: (typeof testDialects)[number],
  idp: Awaited<ReturnType<typeof startProvider>>,
  otherRedirectUris: string[] = [],
) {
  return createTestShop(dialect, {
    identity: {
      provider: createOidcIdentityProvider({
        providerName: 'google-development',
        issuer: idp.issuer,
        clientId: DEVELOPMENT_CLIENT_ID,
        clientSecret,
        redirectUri,
        otherRedirectUris,
      }),
      development: { prefix: '/dev-oidc', provider: idp.provider },
    },
  });
}

/**
 * The local development provider signs in whatever email is typed into it: it must never reach
 * an account it did not create (a shopper's password account, staff), however it is asked.
 */
describe.each(testDialects)('the development sign-in on %s', (dialect) => {
  let shop: TestShop;
  let idp: Awaited<ReturnType<typeof startProvider>>;
  let flow: ReturnType<typeof flowAt>;

  beforeAll(async () => {
    idp = await startProvider();
    shop = await developmentShop(dialect, idp);
    flow = flowAt(shop.app, idp.issuer);
  });
  afterAll(async () => {
    await shop?.close();
    idp?.server.closeAllConnections();
    await new Promise((resolve) => idp?.server.close(resolve));
  });

  const linksOf = (userId: string) =>
    shop.handle.db.selectFrom('identities').select('provider').where('user_id', '=', userId).execute();

  it('creates an account for a new email, and signs the same one in again', async () => {
    const login = `dev.shopper.${Date.now()}@example.com`;
    const first = await flow.signIn(login);
    expect(first.res.statusCode, first.res.body).toBe(200);
    const again = await flow.signIn(login);
    expect(again.res.json().data.user._id).toBe(first.res.json().data.user._id);
  });

  it('signs in an email typed with capital letters as the same, lower-case, account', async () => {
    const stamp = Date.now();
    const first = await flow.signIn(`Dev.Capitals.${stamp}@Example.COM`);
    expect(first.res.statusCode, first.res.body).toBe(200);
    expect(first.res.json().data.user.email).toBe(`dev.capitals.${stamp}@example.com`);
    const again = await flow.signIn(`dev.capitals.${stamp}@example.com`);
    expect(again.res.statusCode, again.res.body).toBe(200);
    expect(again.res.json().data.user._id).toBe(first.res.json().data.user._id);
  });

  it("never signs into a shopper's password account with the same email, nor links it", async () => {
    const shopper = await signedInShopper(shop.app);
    for (let attempt = 0; attempt < 2; attempt++) {
      const { res } = await flow.signIn(shopper.email);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ success: false, code: 'ACCOUNT_EXISTS' });
      expect(res.json().data).toBeUndefined();
    }
    expect(await linksOf(shopper.user._id)).toEqual([]);
  });

  it('never signs into a staff account', async () => {
    const staff = await signedInAdmin(shop);
    const { res } = await flow.signIn(staff.email);
    expect(res.statusCode).toBe(409);
    expect(await linksOf(staff.user._id)).toEqual([]);
  });

  it('refuses an account it created once that account has been made staff', async () => {
    const login = `dev.promoted.${Date.now()}@example.com`;
    expect((await flow.signIn(login)).res.statusCode).toBe(200);
    await createOrPromoteAdmin(shop.handle.db, {
      email: login,
      password: 'Monsoon-Kurta-2026!',
      allowUnverified: true,
    });
    const { res } = await flow.signIn(login);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'STAFF_SIGN_IN_REFUSED' });
  });

  it('refuses a link an older version made to an existing account by email', async () => {
    const shopper = await signedInShopper(shop.app);
    await shop.handle.db
      .insertInto('identities')
      .values({
        provider: 'google-development',
        subject: shopper.email,
        user_id: shopper.user._id,
        email: shopper.email,
        created_at: new Date(Date.now() + 1000).toISOString(),
      })
      .execute();
    const { res } = await flow.signIn(shopper.email);
    expect(res.statusCode).toBe(409);
    expect(res.json().data).toBeUndefined();
  });
});

/**
 * A shop opened at another of its own origins (http://127.0.0.1:3000 beside
 * http://localhost:3000) is returned to that origin, where its flow cookie lives; a request
 * naming any other host is returned to the public URL.
 */
describe.each(testDialects)('the sign-in returns to the shop’s origin the shopper used, on %s', (dialect) => {
  const loopbackCallback = 'http://127.0.0.1:3000/auth/google/callback';
  let shop: TestShop;
  let idp: Awaited<ReturnType<typeof startProvider>>;

  beforeAll(async () => {
    idp = await startProvider([loopbackCallback]);
    shop = await developmentShop(dialect, idp, [loopbackCallback]);
  });
  afterAll(async () => {
    await shop?.close();
    idp?.server.closeAllConnections();
    await new Promise((resolve) => idp?.server.close(resolve));
  });

  it('comes back to 127.0.0.1 when started there, and signs in', async () => {
    const flow = flowAt(shop.app, idp.issuer);
    const { location, cookie } = await flow.start({ host: '127.0.0.1:3000' });
    expect(location.searchParams.get('redirect_uri')).toBe(loopbackCallback);
    const back = await authorizeAtProvider(location.href, `loopback.${Date.now()}@example.com`, loopbackCallback);
    expect(back.origin).toBe('http://127.0.0.1:3000');
    const res = await flow.finish(back.searchParams.get('code')!, back.searchParams.get('state')!, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.accessToken).toEqual(expect.any(String));
  });

  it('comes back to the public URL when started under a host that is not the shop’s', async () => {
    const { location } = await flowAt(shop.app, idp.issuer).start({ host: 'evil.example' });
    expect(location.searchParams.get('redirect_uri')).toBe(redirectUri);
  });
});
