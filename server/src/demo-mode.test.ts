import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityFromConfig } from './modules/identity/identity-setup.ts';
import type { DemoRequestsFrom } from './plugins/demo-access.ts';
import { signedInShopper } from './test/accounts.ts';
import { createTestShop, type TestShop } from './test/databases.ts';
import { builtServer } from './test/processes.ts';

/** A shop with the demo features on: the sandbox gateway (the default) and the development provider. */
function demoShop(demoRequestsFrom: DemoRequestsFrom) {
  const identity = identityFromConfig(
    { publicUrl: 'http://localhost:3000', identityProvider: { kind: 'development' } },
    randomBytes(32),
  );
  return createTestShop('sqlite', { demoRequestsFrom, identity });
}

const farAway = '203.0.113.7';

describe('demo features answer only this machine unless DEMO_FEATURES=on', () => {
  let local: TestShop;
  let open: TestShop;
  beforeAll(async () => {
    [local, open] = await Promise.all([demoShop('this-machine'), demoShop('anywhere')]);
  });
  afterAll(async () => {
    await Promise.all([local?.close(), open?.close()]);
  });

  async function sandboxPay(shop: TestShop, remoteAddress: string, headers: Record<string, string> = {}) {
    const shopper = await signedInShopper(shop.app);
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/pay',
      payload: { razorpay_order_id: 'order_unknown' },
      headers: { ...shopper.auth, ...headers },
      remoteAddress,
    });
    // ORDER_NOT_FOUND: the sandbox looked for the order; NOT_FOUND: the route refused to exist.
    return res.json().code as string;
  }

  const wellKnown = (shop: TestShop, remoteAddress: string, headers: Record<string, string> = {}) =>
    shop.app
      .inject({ url: '/dev-oidc/.well-known/openid-configuration', remoteAddress, headers })
      .then((res) => res.statusCode);

  it('the sandbox Pay button and the development provider serve a request made on this machine', async () => {
    expect(await sandboxPay(local, '127.0.0.1')).toBe('ORDER_NOT_FOUND');
    expect(await sandboxPay(local, '::1')).toBe('ORDER_NOT_FOUND');
    expect(await wellKnown(local, '127.0.0.1')).toBe(200);
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'LOCALHOST']) {
      expect(await wellKnown(local, '127.0.0.1', { host })).toBe(200);
    }
  });

  it('are not there for another machine, nor for a request a proxy passed on', async () => {
    for (const [address, headers] of [
      [farAway, {}],
      ['127.0.0.1', { 'x-forwarded-for': farAway }],
      ['127.0.0.1', { forwarded: `for=${farAway}` }],
      ['127.0.0.1', { 'x-real-ip': farAway }],
      // A proxy that adds no address but passes on the public name, or says it passed it on.
      ['127.0.0.1', { host: 'shop.example.in' }],
      ['127.0.0.1', { via: '1.1 nginx' }],
      ['127.0.0.1', { 'x-forwarded-proto': 'https' }],
      ['::1', { host: 'attacker.example:3000' }],
    ] as const) {
      expect(await sandboxPay(local, address, headers)).toBe('NOT_FOUND');
      expect(await wellKnown(local, address, headers)).toBe(404);
    }
  });

  it('serve every address when DEMO_FEATURES=on asked for them', async () => {
    expect(await sandboxPay(open, farAway)).toBe('ORDER_NOT_FOUND');
    expect(await wellKnown(open, farAway, { 'x-forwarded-for': farAway })).toBe(200);
  });
});

/** The built server started with `env` (no HOST unless given); its log lines once it answers. */
async function startAndRead(port: number, env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-mode-'));
  const { HOST: _host, ...inherited } = process.env;
  const child = spawn(process.execPath, [builtServer], {
    env: { ...inherited, PORT: String(port), DATA_DIR: dataDir, WEB_DIST: '/nonexistent', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => (out += String(chunk)));
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  while (!out.includes('Shop ready')) {
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error(`server did not start: ${out}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const messages = out
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { msg: string }).msg);
  return { messages, stop, url: `http://127.0.0.1:${port}` };
}

const otherInterfaces = Object.values(os.networkInterfaces())
  .flat()
  .filter((i) => i && i.family === 'IPv4' && !i.internal)
  .map((i) => i!.address);

describe('the embedded default as `npm start` runs it', () => {
  beforeAll(() => {
    expect(fs.existsSync(builtServer), 'run `npm run build` first: this test starts the built server').toBe(true);
  });

  it('listens on the loopback address only, and says it is in demo mode for this machine', async () => {
    const server = await startAndRead(3501, {});
    try {
      const listening = server.messages.filter((m) => m.startsWith('Server listening at'));
      expect(listening.length).toBeGreaterThan(0);
      for (const line of listening) expect(line).toMatch(/^Server listening at http:\/\/(127\.0\.0\.1|\[::1\]):3501$/);
      expect(server.messages).toContain(
        'Demo mode, this machine only (HOST=localhost): sandbox payments (no money is taken), the development Google sign-in (anyone may sign in as any new account), the development mailbox at /dev/mailbox (no email leaves this machine).',
      );
      expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);
      expect((await fetch(`${server.url}/dev/mailbox`)).status).toBe(200);
      for (const address of otherInterfaces) {
        await expect(fetch(`http://${address}:3501/api/health/live`)).rejects.toThrow();
      }
    } finally {
      await server.stop();
    }
  });

  it('opened to other machines (HOST=0.0.0.0), runs neither the sandbox, nor the development sign-in, nor the mailbox', async () => {
    const server = await startAndRead(3502, { HOST: '0.0.0.0' });
    try {
      expect(server.messages).toContain(
        'Demo mode with demo features off because other machines can reach the shop (it listens on 0.0.0.0 (HOST)): online payment refused (no Razorpay keys), no Google sign-in, no email (messages stay queued until SMTP_URL is set). DEMO_FEATURES=on turns them on.',
      );
      expect(server.messages).toContain('no SMTP_URL: messages stay queued until SMTP_URL is set');
      expect((await fetch(`${server.url}/dev/mailbox`)).status).toBe(404);
      const providers = (await (await fetch(`${server.url}/api/auth/providers`)).json()) as { data: unknown };
      expect(providers.data).toEqual({ google: { enabled: false, development: false } });
      expect((await fetch(`${server.url}/dev-oidc/.well-known/openid-configuration`)).status).toBe(404);
      const pay = await fetch(`${server.url}/api/payments/sandbox/pay`, { method: 'POST' });
      expect(pay.status).toBe(404);
    } finally {
      await server.stop();
    }
  });

  it('in production runs no demo feature and keeps the API description to itself', async () => {
    const server = await startAndRead(3503, {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://127.0.0.1:3503',
    });
    try {
      expect(server.messages).toContain(
        'Production mode: online payment refused (no Razorpay keys), no Google sign-in, no email (messages stay queued until SMTP_URL is set); demo features off.',
      );
      expect(server.messages).toContain('no SMTP_URL: messages stay queued until SMTP_URL is set');
      for (const url of ['/api/docs', '/api/docs/json', '/dev-oidc/.well-known/openid-configuration', '/dev/mailbox']) {
        expect((await fetch(server.url + url)).status, url).toBe(404);
      }
      expect((await fetch(`${server.url}/api/payments/sandbox/pay`, { method: 'POST' })).status).toBe(404);
    } finally {
      await server.stop();
    }
  });

  it.each([
    [{}, ['PUBLIC_URL must be set with NODE_ENV=production']],
    [
      { SMTP_URL: 'smtp://127.0.0.1:2525' },
      [
        'PUBLIC_URL must be set with NODE_ENV=production',
        'MAIL_FROM must be set with NODE_ENV=production and SMTP_URL',
      ],
    ],
  ])('in production with %o refuses to start, saying which setting is missing', async (env, lines) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-mode-'));
    const { PUBLIC_URL: _url, MAIL_FROM: _from, SMTP_URL: _smtp, ...inherited } = process.env;
    const child = spawn(process.execPath, [builtServer], {
      env: { ...inherited, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '3505', DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += String(chunk)));
    child.stderr.on('data', (chunk) => (out += String(chunk)));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(code).toBe(1);
    expect(out).toMatch(/^Invalid configuration:$/m);
    for (const line of lines) expect(out).toContain(line);
    expect(out).not.toContain('Server listening');
    // Nothing was made before the refusal: no database file.
    expect(fs.existsSync(path.join(dataDir, 'shop.db'))).toBe(false);
  });

  it('serves the API description in production when API_DOCS=on asks for it', async () => {
    const server = await startAndRead(3504, {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://127.0.0.1:3504',
      API_DOCS: 'on',
    });
    try {
      expect((await fetch(`${server.url}/api/docs/json`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
