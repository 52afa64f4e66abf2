import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { newShopper } from '../test/accounts.ts';
import { createTestShop, testDialects, type TestShop } from '../test/databases.ts';

/**
 * The client's address drives every per-address limit, so who may name it matters. These tests
 * run the app with the TRUST_PROXY value of the example deployment (deploy/compose.yaml) and
 * send what its nginx (deploy/nginx.conf) forwards, and what a client could send itself.
 */
const deploy = path.resolve(import.meta.dirname, '../../../deploy');
const compose = fs.readFileSync(path.join(deploy, 'compose.yaml'), 'utf8');
const nginx = fs.readFileSync(path.join(deploy, 'nginx.conf'), 'utf8');
const documentedTrustProxy = /^\s*TRUST_PROXY:\s*'([^']*)'/m.exec(compose)?.[1];
const nginxAddress = /^\s*ipv4_address:\s*([\d.]+)/m.exec(compose)?.[1];
const dockerfile = fs.readFileSync(path.join(deploy, 'Dockerfile'), 'utf8');

describe('the example deployment', () => {
  it('listens on every interface of its container, where nginx reaches it (the default is this machine only)', () => {
    const env = Object.fromEntries(
      [...dockerfile.matchAll(/^ENV\s+(.+)$/gm)].flatMap((m) => m[1]!.split(/\s+/).map((pair) => pair.split('='))),
    );
    // The image runs in production, which needs PUBLIC_URL: compose asks the operator for it.
    expect(compose).toMatch(/^\s*PUBLIC_URL: \$\{PUBLIC_URL:\?/m);
    expect(() => loadConfig(env)).toThrow(/PUBLIC_URL must be set/);
    const config = loadConfig({ ...env, PUBLIC_URL: 'https://shop.example.in' });
    expect(config.host).toBe('0.0.0.0');
    expect(config.demoFeatures).toBe(false);
  });

  it("trusts only nginx's own address to name the client", () => {
    expect(nginxAddress).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(documentedTrustProxy).toBe(nginxAddress);
  });

  it('has nginx overwrite X-Forwarded-For with the address it saw, never pass on what the client sent', () => {
    const forwardedFor = [...nginx.matchAll(/^\s*proxy_set_header\s+X-Forwarded-For\s+(\S+);/gim)].map((m) => m[1]);
    expect(forwardedFor.length).toBeGreaterThan(0);
    expect(new Set(forwardedFor)).toEqual(new Set(['$remote_addr']));
    expect(nginx).not.toContain('$proxy_add_x_forwarded_for');
  });
});

describe.each(testDialects)('per-address limits behind the documented proxy setting, on %s', (dialect) => {
  let shop: TestShop;
  const proxy = nginxAddress ?? '172.30.0.10';
  let n = 0;
  /** A shopper's address on the internet, new for each test. */
  const internetAddress = () => `198.51.${100 + (++n >> 8)}.${n & 255}`;

  beforeAll(async () => {
    shop = await createTestShop(dialect, {
      trustProxy: loadConfig({ TRUST_PROXY: documentedTrustProxy }).trustProxy,
      // The numbers of this suite (the real ones are larger): spoofing must not escape them.
      limits: { signUp: { perAddress: 10 }, signIn: { perAddress: 10 } },
    });
  });
  afterAll(async () => {
    await shop?.close();
  });

  const signUp = (remoteAddress: string, forwardedFor?: string) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: newShopper(),
      remoteAddress,
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    });
  const failedSignIn = (i: number, remoteAddress: string, forwardedFor?: string) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `spray.${i}.${n}@example.com`, password: 'Summer-2026!' },
      remoteAddress,
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    });
  const spoofed = (i: number) => `203.0.113.${i % 250}`;

  it.each([
    ['an nginx that appends to what the client sent', (client: string, i: number) => `${spoofed(i)}, ${client}`],
    ['the example nginx, which overwrites it', (client: string) => client],
  ])('counts sign-ups by the real client through %s', async (_case, header) => {
    const client = internetAddress();
    for (let i = 0; i < 10; i++) expect((await signUp(proxy, header(client, i))).statusCode).toBe(201);
    expect((await signUp(proxy, header(client, 10))).statusCode).toBe(429);
    expect((await signUp(proxy, `${spoofed(99)}, ${spoofed(98)}, ${client}`)).statusCode).toBe(429);
    // Other shoppers behind the same proxy are told apart, and not limited.
    expect((await signUp(proxy, header(internetAddress(), 0))).statusCode).toBe(201);
  });

  it('counts failed sign-ins by the real client, whatever it writes in X-Forwarded-For', async () => {
    const client = internetAddress();
    for (let i = 0; i < 10; i++) {
      expect((await failedSignIn(i, proxy, `${spoofed(i)}, ${client}`)).statusCode).toBe(401);
    }
    expect((await failedSignIn(10, proxy, `${spoofed(10)}, ${client}`)).statusCode).toBe(429);
    expect((await failedSignIn(11, proxy, client)).statusCode).toBe(429);
  });

  it('ignores X-Forwarded-For from a client that reaches the shop directly, not through the proxy', async () => {
    const direct = internetAddress();
    for (let i = 0; i < 10; i++) expect((await signUp(direct, spoofed(i))).statusCode).toBe(201);
    expect((await signUp(direct, spoofed(10))).statusCode).toBe(429);
    expect((await signUp(direct, `${spoofed(11)}, ${proxy}`)).statusCode).toBe(429);
    for (let i = 0; i < 10; i++) expect((await failedSignIn(i, direct, spoofed(i))).statusCode).toBe(401);
    expect((await failedSignIn(10, direct, spoofed(10))).statusCode).toBe(429);
  });
});
