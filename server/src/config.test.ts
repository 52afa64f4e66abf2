import { describe, expect, it } from 'vitest';
import { configWarnings, loadConfig, modeSummary } from './config.ts';
import { identityFromConfig } from './modules/identity/identity-setup.ts';

const razorpay = { RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 'secret', RAZORPAY_WEBHOOK_SECRET: 'hook' };
const google = { GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'secret' };
const smtp = { SMTP_URL: 'smtp://shop:s3cret@mail.example.in:587' };
/** What production needs besides NODE_ENV: the address shoppers reach the shop at. */
const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://kapas.in' } as const;
const sender = { MAIL_FROM: 'KAPAS <orders@kapas.in>' };

describe('modes and the demo features', () => {
  it.each([
    // environment, then: mode, demo features on, payments, Google sign-in, where messages go
    [{}, 'demo', true, 'sandbox', 'development', 'mailbox'],
    [{ HOST: '127.0.0.1' }, 'demo', true, 'sandbox', 'development', 'mailbox'],
    [{ HOST: '::1', PUBLIC_URL: 'http://[::1]:3000' }, 'demo', true, 'sandbox', 'development', 'mailbox'],
    [{ HOST: '0.0.0.0' }, 'demo', false, 'none', 'none', 'none'],
    [{ HOST: '::' }, 'demo', false, 'none', 'none', 'none'],
    [{ HOST: '192.168.1.20' }, 'demo', false, 'none', 'none', 'none'],
    [{ TRUST_PROXY: 'true' }, 'demo', false, 'none', 'none', 'none'],
    [{ TRUST_PROXY: '127.0.0.1' }, 'demo', false, 'none', 'none', 'none'],
    [{ PUBLIC_URL: 'https://shop.example.in' }, 'demo', false, 'none', 'none', 'none'],
    [{ HOST: '0.0.0.0', DEMO_FEATURES: 'on' }, 'demo', true, 'sandbox', 'development', 'mailbox'],
    [{ DEMO_FEATURES: 'off' }, 'demo', false, 'none', 'none', 'none'],
    [{ HOST: '0.0.0.0', ...razorpay, ...google }, 'demo', false, 'razorpay', 'google', 'none'],
    [{ ...razorpay, ...google }, 'demo', true, 'razorpay', 'google', 'mailbox'],
    [{ ...production }, 'production', false, 'none', 'none', 'none'],
    [{ ...production, HOST: '127.0.0.1' }, 'production', false, 'none', 'none', 'none'],
    [{ ...production, ...razorpay, ...google }, 'production', false, 'razorpay', 'google', 'none'],
    [{ ...smtp }, 'demo', true, 'sandbox', 'development', 'smtp'],
    [{ HOST: '0.0.0.0', ...smtp }, 'demo', false, 'none', 'none', 'smtp'],
    [{ ...production, ...smtp, ...sender }, 'production', false, 'none', 'none', 'smtp'],
  ] as const)(
    '%o → %s mode, demo features %s, payments %s, Google %s, mail %s',
    (env, mode, demo, payments, identity, mailer) => {
      const config = loadConfig(env, '/srv/shop');
      expect(config.mode).toBe(mode);
      expect(config.demoFeatures).toBe(demo);
      expect(config.payments.kind).toBe(payments);
      expect(config.identityProvider.kind).toBe(identity);
      expect(config.mailer.kind).toBe(mailer);
    },
  );

  it('sends from MAIL_FROM, or from no-reply at the public host', () => {
    expect(loadConfig({ ...smtp, MAIL_FROM: 'KAPAS <orders@kapas.in>' }).mailer).toEqual({
      kind: 'smtp',
      url: smtp.SMTP_URL,
      from: 'KAPAS <orders@kapas.in>',
    });
    expect(loadConfig({ PUBLIC_URL: 'https://kapas.in', ...smtp }).mailer).toMatchObject({
      from: 'KAPAS <no-reply@kapas.in>',
    });
    expect(loadConfig({}).mailer).toEqual({ kind: 'mailbox', from: 'KAPAS <no-reply@localhost>' });
  });

  it.each(['http://mail.example.in', 'mail.example.in:587', 'smtp://', 'smtp:///x'])('refuses SMTP_URL=%s', (url) => {
    expect(() => loadConfig({ SMTP_URL: url })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
  });

  // The sign-in's return pages are made from these origins at start-up (identity/shop-origins.ts):
  // an entry that is no address must be named here, not end start-up with "Invalid URL".
  it.each(['*', 'www.kapas.in', 'https://kapas.in, null', 'ftp://kapas.in'])('refuses CORS_ORIGINS=%s', (origins) => {
    expect(() => loadConfig({ CORS_ORIGINS: origins })).toThrow(
      /CORS_ORIGINS: must be http:\/\/ or https:\/\/ origins/,
    );
  });

  it('takes CORS_ORIGINS as a comma-separated list of origins, and the shop starts with them', () => {
    const config = loadConfig({ CORS_ORIGINS: ' https://www.kapas.in, http://localhost:5173 ,' });
    expect(config.corsOrigins).toEqual(['https://www.kapas.in', 'http://localhost:5173']);
    expect(identityFromConfig(config, new Uint8Array(32))?.provider).toBeDefined();
  });

  it.each([
    [{}, true],
    [{ API_DOCS: 'off' }, false],
    [{ ...production }, false],
    [{ ...production, API_DOCS: 'on' }, true],
  ] as const)('%o serves the API description: %s', (env, served) => {
    expect(loadConfig(env).apiDocs).toBe(served);
  });

  it.each([
    [{}, true],
    [{ HOST: '0.0.0.0' }, false],
    [{ TRUST_PROXY: '127.0.0.1' }, false],
    [{ PUBLIC_URL: 'https://kapas.in' }, false],
    [{ HOST: '0.0.0.0', DEMO_FEATURES: 'on' }, false],
    [{ ...production }, false],
  ] as const)('%o tells product viewers on this machine apart by their tabs: %s', (env, trusted) => {
    expect(loadConfig(env).viewerTabsOnLoopback).toBe(trusted);
  });

  it('listens on the loopback address unless told otherwise', () => {
    expect(loadConfig({}).host).toBe('localhost');
  });

  it('warns when several processes would each keep their own limits (no Redis)', () => {
    expect(configWarnings(loadConfig({ WEB_CONCURRENCY: '3' }))).toEqual([
      'WEB_CONCURRENCY=3 without REDIS_URL: each process counts sign-in, sign-up and coupon attempts on its own, so every limit is 3 times as large. Set REDIS_URL.',
    ]);
    expect(configWarnings(loadConfig({ WEB_CONCURRENCY: '3', REDIS_URL: 'redis://127.0.0.1:6379' }))).toEqual([]);
    expect(configWarnings(loadConfig({}))).toEqual([]);
  });

  it('bounds held stock per account, address and network unless told per account only (journeys, load tests)', () => {
    expect(loadConfig({}).holdingLimits).toBe('on');
    expect(loadConfig({ HOLDING_LIMITS: 'per-account' }).holdingLimits).toBe('per-account');
    expect(() => loadConfig({ HOLDING_LIMITS: 'off' })).toThrow(/HOLDING_LIMITS/);
    expect(configWarnings(loadConfig({ HOLDING_LIMITS: 'per-account' }))).toEqual([
      'HOLDING_LIMITS=per-account: many accounts from one address or network may together hold the stock of any ' +
        'item in unpaid and unshipped orders. It is meant for browser journeys and load tests, not for a shop.',
    ]);
  });

  it('takes a variable set to nothing as not set (Docker Compose passes unset variables as empty)', () => {
    const blank = {
      RAZORPAY_KEY_ID: '',
      RAZORPAY_KEY_SECRET: '',
      RAZORPAY_WEBHOOK_SECRET: '',
      GOOGLE_CLIENT_ID: '',
      GOOGLE_CLIENT_SECRET: ' ',
      SMTP_URL: '',
    };
    const config = loadConfig({ ...production, JWT_SECRET: 'x'.repeat(40), ...blank });
    expect(config.payments.kind).toBe('none');
    expect(config.identityProvider.kind).toBe('none');
  });

  it('refuses to run the demo features in production', () => {
    expect(() => loadConfig({ ...production, DEMO_FEATURES: 'on' })).toThrow(/DEMO_FEATURES=on/);
    expect(() => loadConfig({ DEMO_FEATURES: 'maybe' })).toThrow(/DEMO_FEATURES/);
  });

  it('says in one line which mode the shop is in and what it enables', () => {
    expect(modeSummary(loadConfig({}))).toBe(
      'Demo mode, this machine only (HOST=localhost): sandbox payments (no money is taken), the development Google sign-in (anyone may sign in as any new account), the development mailbox at /dev/mailbox (no email leaves this machine).',
    );
    expect(modeSummary(loadConfig({ HOST: '0.0.0.0' }))).toBe(
      'Demo mode with demo features off because other machines can reach the shop (it listens on 0.0.0.0 (HOST)): online payment refused (no Razorpay keys), no Google sign-in, no email (messages stay queued until SMTP_URL is set). DEMO_FEATURES=on turns them on.',
    );
    expect(modeSummary(loadConfig({ HOST: '0.0.0.0', DEMO_FEATURES: 'on' }))).toMatch(
      /^Demo mode with DEMO_FEATURES=on although other machines can reach the shop \(it listens on 0\.0\.0\.0 \(HOST\)\): sandbox payments/,
    );
    expect(modeSummary(loadConfig({ ...production, ...razorpay, ...google }))).toBe(
      'Production mode: online payment through Razorpay, Google sign-in, no email (messages stay queued until SMTP_URL is set); demo features off.',
    );
    // The mail server's host, never its password.
    expect(modeSummary(loadConfig({ ...production, ...razorpay, ...google, ...smtp, ...sender }))).toBe(
      'Production mode: online payment through Razorpay, Google sign-in, email through SMTP (mail.example.in:587); demo features off.',
    );
  });

  describe('production refuses to start without the settings its emails need', () => {
    it.each([
      [{ NODE_ENV: 'production' }, ['PUBLIC_URL']],
      [{ NODE_ENV: 'production', HOST: '0.0.0.0', ...razorpay, ...google }, ['PUBLIC_URL']],
      [{ NODE_ENV: 'production', ...smtp }, ['PUBLIC_URL', 'MAIL_FROM']],
      [{ ...production, ...smtp }, ['MAIL_FROM']],
      [{ NODE_ENV: 'production', PUBLIC_URL: ' ', ...smtp, MAIL_FROM: '' }, ['PUBLIC_URL', 'MAIL_FROM']],
    ] as const)('%o: missing %o', (env, missing) => {
      let message = '';
      try {
        loadConfig(env);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/^Invalid configuration:/);
      for (const name of ['PUBLIC_URL', 'MAIL_FROM']) {
        if ((missing as readonly string[]).includes(name)) expect(message).toContain(`${name} must be set`);
        else expect(message).not.toContain(name);
      }
    });

    it('says what each setting is for', () => {
      expect(() => loadConfig({ NODE_ENV: 'production', ...smtp })).toThrow(
        'Invalid configuration:\n' +
          '  PUBLIC_URL must be set with NODE_ENV=production: the https address shoppers reach the shop at ' +
          '(e.g. https://shop.example.in), which links in emails point to\n' +
          "  MAIL_FROM must be set with NODE_ENV=production and SMTP_URL: the sender of the shop's emails, an " +
          'address your mail server may send from (e.g. KAPAS <orders@shop.example.in>)',
      );
    });

    it.each([
      [{ ...production }, 'https://kapas.in', 'none'],
      [{ ...production, ...smtp, ...sender }, 'https://kapas.in', 'KAPAS <orders@kapas.in>'],
    ] as const)('%o starts: links to %s, mail from %s', (env, publicUrl, from) => {
      const config = loadConfig(env);
      expect(config.publicUrl).toBe(publicUrl);
      expect(config.mailer.kind === 'smtp' ? config.mailer.from : config.mailer.kind).toBe(from);
    });

    it('takes only an http or https address for PUBLIC_URL', () => {
      expect(() => loadConfig({ PUBLIC_URL: 'ftp://kapas.in' })).toThrow(
        /PUBLIC_URL: must be an http:\/\/ or https:\/\/ address/,
      );
    });

    it('keeps the demo running on this machine without either', () => {
      expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
      expect(loadConfig({ ...smtp }).mailer).toMatchObject({ kind: 'smtp', from: 'KAPAS <no-reply@localhost>' });
    });
  });
});
