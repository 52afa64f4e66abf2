/**
 * A real OpenID provider for the sign-in suites (oidc-provider, as the development sign-in
 * uses), the browser's part at its pages, and the shop's side of a flow.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import { expect } from 'vitest';
import { createDevelopmentProvider } from '../modules/identity/development-provider.ts';

export const redirectUri = 'http://shop.test/auth/google/callback';
export const clientSecret = 'client-secret-for-the-test-provider';

/** A real OpenID provider on 127.0.0.1 (oidc-provider), standing in for Google. */
export async function startProvider(
  otherRedirectUris: readonly string[] = [],
): Promise<{ issuer: string; server: http.Server; provider: Provider }> {
  let handle: http.RequestListener = (_req, res) => res.end();
  const server = http.createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = createDevelopmentProvider({
    issuer,
    clientSecret,
    redirectUri,
    otherRedirectUris,
    cookieKey: 'provider-cookie-key',
  });
  handle = provider.callback() as http.RequestListener;
  return { issuer, server, provider };
}

/**
 * Plays the browser at the provider: follows redirects, keeps its cookies, signs in on its
 * login form as `login` and confirms consent, until the provider sends the browser back to
 * the shop's callback page. Answers that URL (with code and state).
 */
export async function authorizeAtProvider(
  authorizationUrl: string,
  login: string,
  callback = redirectUri,
): Promise<URL> {
  const jar = new Map<string, string>();
  let request: { url: string; form?: URLSearchParams } = { url: authorizationUrl };
  for (let step = 0; step < 12; step++) {
    const res = await fetch(request.url, {
      method: request.form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(request.form && { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      ...(request.form && { body: request.form }),
    });
    for (const setCookie of res.headers.getSetCookie()) {
      const [pair = ''] = setCookie.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, request.url);
      if (next.href.startsWith(callback)) return next;
      request = { url: next.href };
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`unexpected provider page: ${html.slice(0, 300)}`);
    const fields: Record<string, string> = prompt === 'login' ? { prompt, login, password: 'any' } : { prompt };
    request = { url: new URL(action, request.url).href, form: new URLSearchParams(fields) };
  }
  throw new Error('the provider never returned to the shop');
}

/** The shop's side of a sign-in flow, with the browser played by `authorizeAtProvider`. */
export function flowAt(app: FastifyInstance, issuer: string) {
  /** Starts a flow at the shop: the provider URL it redirects to, and the flow cookie. */
  async function start(headers: Record<string, string> = {}) {
    const res = await app.inject({ url: '/api/auth/google/start', headers });
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    return { location, cookie: setCookie.split(';')[0]! };
  }

  function finish(code: string, state: string, cookie?: string) {
    return app.inject({
      method: 'POST',
      url: '/api/auth/google',
      payload: { code, state, iss: issuer },
      headers: cookie ? { cookie } : {},
    });
  }

  async function signIn(login: string) {
    const { location, cookie } = await start();
    const back = await authorizeAtProvider(location.href, login);
    expect(back.searchParams.get('iss')).toBe(issuer);
    return { back, cookie, res: await finish(back.searchParams.get('code')!, back.searchParams.get('state')!, cookie) };
  }
  return { start, finish, signIn };
}
