import path from 'node:path';
import { STORE_NAME } from '@shop/core';
import { z } from 'zod';
import { DEFAULT_SQLITE_LOCK_WAIT_MS } from './db/connect.ts';

/** An http(s) address that names an origin (scheme, host, port), as a browser's Origin header does. */
function isWebOrigin(value: string): boolean {
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
}

/**
 * The whole configuration of a server process, read once from the environment.
 * With nothing set, the shop runs embedded: SQLite under ./data, seeded, on port 3000.
 */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // Loopback by default: the embedded demo is for this machine (see demoFeaturesFor).
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('data'),
  UPLOADS_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  SQLITE_LOCK_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(DEFAULT_SQLITE_LOCK_WAIT_MS),
  SEED: z.enum(['true', 'false']).optional(),
  WEB_DIST: z.string().optional(),
  WEB_SSR_ENTRY: z.string().optional(),
  // Origins, not patterns: the sign-in's return pages are made from them (identity/shop-origins.ts).
  CORS_ORIGINS: z
    .string()
    .refine(
      (value) => value.split(',').every((entry) => entry.trim() === '' || isWebOrigin(entry.trim())),
      'must be http:// or https:// origins, comma-separated (e.g. https://www.kapas.in)',
    )
    .default(''),
  PUBLIC_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//i, 'must be an http:// or https:// address')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(30 * 86400)
    .default(86400),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  REDIS_PREFIX: z.string().max(100).default('shop:'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  RAZORPAY_KEY_ID: z.string().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  RAZORPAY_BASE_URL: z.string().url().default('https://api.razorpay.com'),
  UNPAID_ORDER_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(30),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  TRUST_PROXY: z.string().optional(),
  AUTH_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(1_000_000).optional(),
  HOLDING_LIMITS: z.enum(['on', 'per-account']).default('on'),
  CATALOG_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  DEMO_FEATURES: z.enum(['auto', 'on', 'off']).default('auto'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]/, 'must be an smtp:// or smtps:// URL')
    .refine((value) => URL.canParse(value), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().trim().min(3).max(200).optional(),
  STAFF_ORDER_EMAIL: z.string().trim().toLowerCase().pipe(z.email('must be an email address')).optional(),
  // The couriers' webhook secret: at least 16 characters, so it cannot be guessed.
  SHIPMENT_WEBHOOK_SECRET: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  API_DOCS: z.enum(['on', 'off']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type DatabaseConfig =
  | { dialect: 'sqlite'; file: string; lockWaitMs?: number }
  | { dialect: 'postgres'; url: string; poolSize: number; schema?: string };

/** Where "Sign in with Google" goes: Google itself, or the local development provider. */
export type IdentityProviderConfig =
  | { kind: 'google'; issuer: string; clientId: string; clientSecret: string }
  | { kind: 'development' }
  | { kind: 'none' };

/** Online payment: Razorpay, the local sandbox (development), or none (production without keys). */
export type PaymentConfig =
  | { kind: 'razorpay'; keyId: string; keySecret: string; webhookSecret: string; baseUrl: string }
  | { kind: 'sandbox' }
  | { kind: 'none' };

/**
 * Where the shop's messages go: a mail server (SMTP_URL, in any mode), the development mailbox
 * (a demo feature: /dev/mailbox shows them, nothing leaves the machine), or nowhere yet
 * (production without SMTP_URL: they stay queued until it is set).
 */
export type MailerConfig =
  { kind: 'smtp'; url: string; from: string } | { kind: 'mailbox'; from: string } | { kind: 'none' };

/**
 * Demo mode (anything but NODE_ENV=production) may run the demo features: the sandbox payment
 * window, the development Google sign-in and the development mailbox. They take no
 * money and check no identity, so they run only where no other machine can reach the shop,
 * unless DEMO_FEATURES=on asks for them. Production never runs them.
 */
export interface ModeConfig {
  mode: 'demo' | 'production';
  /** The demo features are on. */
  demoFeatures: boolean;
  /** On because DEMO_FEATURES=on asked for them (then they answer requests from anywhere). */
  demoFeaturesExplicit: boolean;
  /** Why the shop counts as reachable from other machines, or null when it is local only. */
  reachableBecause: string | null;
}

export interface Config extends ModeConfig {
  /** Product viewers on this machine's own address are told apart by their tabs' ids (see viewers.routes.ts). */
  viewerTabsOnLoopback: boolean;
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** Where staff-uploaded product images are kept (default: `<dataDir>/uploads`). */
  uploadsDir: string;
  database: DatabaseConfig;
  /** Seed the demo catalogue when the database has none (default: on for SQLite only). */
  seed: boolean;
  /** Folder of the built SPA; null serves the API alone. */
  webDist: string | null;
  /** The storefront's server renderer (Vite's SSR build); absent file: pages are the SPA's shell. */
  webSsrEntry: string;
  /** PUBLIC_URL when set: canonical links, sitemaps and previews name it; else each request's own origin. */
  publicOrigin: string | null;
  corsOrigins: string[];
  /** The origin shoppers reach the shop at; identity-provider redirects come back here. */
  publicUrl: string;
  /** Signing secret for access tokens; null: generated once and kept under dataDir. */
  jwtSecret: string | null;
  jwtTtlSeconds: number;
  redisUrl: string | null;
  /** Prefix of every key the shop writes to Redis (several shops or test runs may share one). */
  redisPrefix: string;
  identityProvider: IdentityProviderConfig;
  payments: PaymentConfig;
  mailer: MailerConfig;
  /** Where staff get an email for every new order (a cash-on-delivery order placed, an online one paid); null: nowhere. */
  staffOrderEmail: string | null;
  /** The shared secret signing the couriers' webhook (POST /api/shipments/events); null: the webhook is off. */
  shipmentWebhookSecret: string | null;
  /** Worker processes sharing the port (node:cluster); 1 runs the server in this process. */
  webConcurrency: number;
  /** Fastify's trustProxy: false, true, or the proxies' addresses/CIDRs, comma-separated. */
  trustProxy: boolean | string;
  /** Serve the OpenAPI description at /api/docs (default: outside production only). */
  apiDocs: boolean;
  /**
   * Raises every attempt limit (sign-in, sign-up, coupons) to at least this many, for load tests
   * and browser journeys that sign many shoppers up from one address; null keeps the defaults.
   */
  authMaxAttempts: number | null;
  /** `per-account`: what orders hold is bounded per account only, not per address or network (journeys, load tests). */
  holdingLimits: 'on' | 'per-account';
  /** An online order not paid within this time is cancelled and restocked. */
  unpaidOrderMinutes: number;
  /** How long each process reuses a catalogue answer; 0 turns the micro-cache off. */
  catalogCacheMs: number;
  logLevel: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, root: string = process.cwd()): Config {
  // A variable set to nothing is not set: Docker Compose passes `${RAZORPAY_KEY_ID}` as an
  // empty string when the operator has none, and the shop must then start without it.
  const given = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = environmentSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const missing = missingForProduction(e);
  if (missing.length) throw new Error(`Invalid configuration:\n  ${missing.join('\n  ')}`);
  const dataDir = path.resolve(root, e.DATA_DIR);
  const mode = modeFor(e);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const database: DatabaseConfig = e.DATABASE_URL
    ? { dialect: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
    : { dialect: 'sqlite', file: path.join(dataDir, 'shop.db'), lockWaitMs: e.SQLITE_LOCK_WAIT_MS };
  return {
    env: e.NODE_ENV,
    ...mode,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    uploadsDir: e.UPLOADS_DIR ? path.resolve(root, e.UPLOADS_DIR) : path.join(dataDir, 'uploads'),
    database,
    seed: e.SEED ? e.SEED === 'true' : database.dialect === 'sqlite',
    webDist: path.resolve(root, e.WEB_DIST ?? 'web/dist'),
    webSsrEntry: path.resolve(root, e.WEB_SSR_ENTRY ?? 'web/dist-ssr/entry-server.js'),
    publicOrigin: e.PUBLIC_URL ? publicUrl : null,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    publicUrl,
    jwtSecret: e.JWT_SECRET ?? null,
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    redisUrl: e.REDIS_URL ?? null,
    redisPrefix: e.REDIS_PREFIX,
    identityProvider: identityProviderFor(e, mode.demoFeatures),
    payments: paymentsFor(e, mode.demoFeatures),
    mailer: mailerFor(e, mode.demoFeatures, publicUrl),
    staffOrderEmail: e.STAFF_ORDER_EMAIL ?? null,
    shipmentWebhookSecret: e.SHIPMENT_WEBHOOK_SECRET ?? null,
    authMaxAttempts: e.AUTH_MAX_ATTEMPTS ?? null,
    holdingLimits: e.HOLDING_LIMITS,
    webConcurrency: e.WEB_CONCURRENCY,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    unpaidOrderMinutes: e.UNPAID_ORDER_MINUTES,
    catalogCacheMs: e.CATALOG_CACHE_MS,
    apiDocs: e.API_DOCS ? e.API_DOCS === 'on' : mode.mode === 'demo',
    // Behind a proxy nobody declared every shopper comes from this machine: tabs' ids are trusted
    // only where nothing else can reach the shop, the demo on this machine.
    viewerTabsOnLoopback: mode.mode === 'demo' && mode.reachableBecause === null,
    logLevel: e.LOG_LEVEL,
  };
}

type Environment = z.infer<typeof environmentSchema>;

/**
 * What production cannot run without, each with what it is for. Emails link to PUBLIC_URL and
 * come from MAIL_FROM: guessed, they would point shoppers at http://localhost and come from
 * no-reply@localhost (or from a host the mail server may not send for).
 */
function missingForProduction(e: Environment): string[] {
  if (e.NODE_ENV !== 'production') return [];
  const missing: string[] = [];
  if (!e.PUBLIC_URL) {
    missing.push(
      'PUBLIC_URL must be set with NODE_ENV=production: the https address shoppers reach the shop at ' +
        '(e.g. https://shop.example.in), which links in emails point to',
    );
  }
  if (e.SMTP_URL && !e.MAIL_FROM) {
    missing.push(
      "MAIL_FROM must be set with NODE_ENV=production and SMTP_URL: the sender of the shop's emails, an " +
        `address your mail server may send from (e.g. ${STORE_NAME} <orders@shop.example.in>)`,
    );
  }
  return missing;
}

const isLoopback = (host: string) => /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i.test(host);

/** Why other machines can reach a shop so configured, or null when only this machine can. */
function reachableBecause(e: Environment): string | null {
  if (!isLoopback(e.HOST)) return `it listens on ${e.HOST} (HOST)`;
  // A proxy on this machine passes other machines' requests on to the loopback address.
  if (e.TRUST_PROXY && e.TRUST_PROXY !== 'false') return 'it trusts a proxy in front of it (TRUST_PROXY)';
  if (e.PUBLIC_URL && !isLoopback(new URL(e.PUBLIC_URL).hostname)) return `shoppers reach it at ${e.PUBLIC_URL}`;
  return null;
}

function modeFor(e: Environment): ModeConfig {
  const mode = e.NODE_ENV === 'production' ? 'production' : 'demo';
  const reachable = reachableBecause(e);
  if (mode === 'production') {
    if (e.DEMO_FEATURES === 'on') {
      throw new Error('Invalid configuration:\n  DEMO_FEATURES=on cannot be used with NODE_ENV=production');
    }
    return { mode, demoFeatures: false, demoFeaturesExplicit: false, reachableBecause: reachable };
  }
  const demoFeatures = e.DEMO_FEATURES === 'on' || (e.DEMO_FEATURES === 'auto' && reachable === null);
  return { mode, demoFeatures, demoFeaturesExplicit: e.DEMO_FEATURES === 'on', reachableBecause: reachable };
}

function identityProviderFor(e: Environment, demoFeatures: boolean): IdentityProviderConfig {
  if (e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET) {
    return {
      kind: 'google',
      issuer: e.GOOGLE_ISSUER,
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
    };
  }
  if (e.GOOGLE_CLIENT_ID || e.GOOGLE_CLIENT_SECRET) {
    throw new Error('Invalid configuration:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  // The development provider signs anyone in: a demo feature.
  return demoFeatures ? { kind: 'development' } : { kind: 'none' };
}

function paymentsFor(e: Environment, demoFeatures: boolean): PaymentConfig {
  const { RAZORPAY_KEY_ID: keyId, RAZORPAY_KEY_SECRET: keySecret, RAZORPAY_WEBHOOK_SECRET: webhookSecret } = e;
  if (keyId && keySecret && webhookSecret) {
    return { kind: 'razorpay', keyId, keySecret, webhookSecret, baseUrl: e.RAZORPAY_BASE_URL };
  }
  if (keyId || keySecret || webhookSecret) {
    throw new Error(
      'Invalid configuration:\n  RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET must be set together',
    );
  }
  // The sandbox takes no money: a demo feature.
  return demoFeatures ? { kind: 'sandbox' } : { kind: 'none' };
}

function mailerFor(e: Environment, demoFeatures: boolean, publicUrl: string): MailerConfig {
  const from = e.MAIL_FROM ?? `${STORE_NAME} <no-reply@${new URL(publicUrl).hostname}>`;
  if (e.SMTP_URL) return { kind: 'smtp', url: e.SMTP_URL, from };
  // The development mailbox shows every message, reset links included: a demo feature.
  return demoFeatures ? { kind: 'mailbox', from } : { kind: 'none' };
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === '' || value === 'false') return false;
  return value === 'true' ? true : value;
}

const paymentsLine: Record<PaymentConfig['kind'], string> = {
  razorpay: 'online payment through Razorpay',
  sandbox: 'sandbox payments (no money is taken)',
  none: 'online payment refused (no Razorpay keys)',
};
const identityLine: Record<IdentityProviderConfig['kind'], string> = {
  google: 'Google sign-in',
  development: 'the development Google sign-in (anyone may sign in as any new account)',
  none: 'no Google sign-in',
};

function mailerLine(mailer: MailerConfig): string {
  if (mailer.kind === 'smtp') return `email through SMTP (${new URL(mailer.url).host})`;
  if (mailer.kind === 'mailbox') return 'the development mailbox at /dev/mailbox (no email leaves this machine)';
  return 'no email (messages stay queued until SMTP_URL is set)';
}

/** The one start-up line saying which mode the shop is in and what that mode enables. */
export function modeSummary(config: Config): string {
  const enabled = `${paymentsLine[config.payments.kind]}, ${identityLine[config.identityProvider.kind]}, ${mailerLine(config.mailer)}`;
  if (config.mode === 'production') return `Production mode: ${enabled}; demo features off.`;
  if (config.demoFeaturesExplicit && config.reachableBecause) {
    return `Demo mode with DEMO_FEATURES=on although other machines can reach the shop (${config.reachableBecause}): ${enabled}.`;
  }
  if (config.demoFeatures) {
    return `Demo mode, this machine only (HOST=${config.host}): ${enabled}.`;
  }
  const why = config.reachableBecause ? ` because other machines can reach the shop (${config.reachableBecause})` : '';
  return `Demo mode with demo features off${why}: ${enabled}. DEMO_FEATURES=on turns them on.`;
}

/**
 * Settings that run, but not as an operator would want: each is logged as a warning at start.
 */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.webConcurrency > 1 && !config.redisUrl) {
    warnings.push(
      `WEB_CONCURRENCY=${config.webConcurrency} without REDIS_URL: each process counts sign-in, sign-up and coupon ` +
        `attempts on its own, so every limit is ${config.webConcurrency} times as large. Set REDIS_URL.`,
    );
  }
  if (config.holdingLimits === 'per-account') {
    warnings.push(
      'HOLDING_LIMITS=per-account: many accounts from one address or network may together hold the stock of any ' +
        'item in unpaid and unshipped orders. It is meant for browser journeys and load tests, not for a shop.',
    );
  }
  return warnings;
}
