// Shared pieces of the benchmark scripts: start a server process, wait for it, load it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { serverEnv, serverNodeFlags } from '../scripts/node-runtime.mjs';

/** The built server to measure: BENCH_SERVER runs another build (a copy of the previous one, for a before/after). */
export const serverScript = path.resolve(
  process.env.BENCH_SERVER ?? path.join(import.meta.dirname, '..', 'server/dist/main.js'),
);

/**
 * The Node that runs the servers measured: this one (the Node of .node-version, through the npm
 * scripts), or BENCH_NODE, the path of another binary, say the machine's older one for a before/after.
 */
export const serverNode = process.env.BENCH_NODE ? path.resolve(process.env.BENCH_NODE) : process.execPath;

/** `v24.21.0`: the version of the Node binary at `node`. */
export function nodeVersionOf(node) {
  return spawnSync(node, ['-p', 'process.version'], { encoding: 'utf8' }).stdout.trim();
}

/**
 * The runtimes a bench that compares them measures in one run, one after the other: the build
 * (BENCH_SERVER) on the Node above, then, with BENCH_COMPARE_NODE, the build BENCH_COMPARE_SERVER
 * (default: the same one) on that Node. An older Node needs a build that runs on it: the shop's
 * own entry refuses a Node older than the supported one, so compare with an earlier checkout's.
 */
export function benchRuntimes() {
  const runtimes = [{ node: serverNode, server: serverScript }];
  if (process.env.BENCH_COMPARE_NODE) {
    runtimes.push({
      node: path.resolve(process.env.BENCH_COMPARE_NODE),
      server: path.resolve(process.env.BENCH_COMPARE_SERVER ?? serverScript),
    });
  }
  return runtimes.map((runtime) => ({ ...runtime, version: nodeVersionOf(runtime.node) }));
}

/**
 * Starts `node [nodeArgs] script` (on `node`, default serverNode) with `env` added to this
 * process's environment. The shop's server (a `main.js`) is started with the flags it runs with
 * in production (`serverNodeFlags`, `serverEnv`).
 */
export async function startProcess(script, env, nodeArgs = [], node = serverNode) {
  const shop = path.basename(script) === 'main.js';
  const flags = shop ? serverNodeFlags : [];
  const child = spawn(node, [...flags, ...nodeArgs, script], {
    env: { ...(shop && serverEnv), ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.on('exit', (code) => {
    if (code) console.error(`${script} exited with ${code}`);
  });
  return child;
}

export async function waitFor(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return res;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Warms up, then loads `url` for `seconds` with `connections`; returns the figures that matter. */
export async function measure(url, { seconds = 10, connections = 50, warmupSeconds = 3 } = {}) {
  await autocannon({ url, connections, duration: warmupSeconds });
  const result = await autocannon({ url, connections, duration: seconds });
  return {
    url,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** A new schema on the PostgreSQL server at `postgresUrl` (null when it does not answer), and how to drop it. */
export async function postgresSchema(postgresUrl, prefix = 'bench') {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
  } catch {
    return null;
  }
  const schema = `${prefix}_${process.pid}_${Date.now()}`;
  await client.query(`create schema ${schema}`);
  await client.end();
  const url = new URL(postgresUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.href,
    drop: async () => {
      const c = new pg.Client({ connectionString: postgresUrl });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

/**
 * A new, empty database of `dialect` as a server's environment: a SQLite file in a folder of its
 * own, or a fresh schema on the PostgreSQL server at `postgresUrl` (null when it does not answer).
 * `drop` removes it.
 */
export async function freshDatabase(dialect, postgresUrl, prefix) {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-${prefix}-`));
    const drop = async () => fs.rmSync(dir, { recursive: true, force: true });
    return { env: { DATA_DIR: dir }, file: path.join(dir, 'shop.db'), drop };
  }
  const schema = await postgresSchema(postgresUrl, `bench_${prefix}`);
  if (!schema) console.error('PostgreSQL does not answer: its figures are skipped.');
  return schema && { env: { DATABASE_URL: schema.url, SEED: 'true' }, url: schema.url, drop: schema.drop };
}

/** A JSON call, with a bearer token if given: its status, its parsed answer and how long it took. */
export async function callJson(base, method, url, body, token) {
  const started = performance.now();
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(body && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    ...(body && { body: JSON.stringify(body) }),
  });
  const data = await res.json();
  return { ok: res.ok, status: res.status, data, ms: performance.now() - started };
}

/** Signs a shopper up and in through the API (each step hashes a password); answers the access token. */
export async function signUpShopper(base, email) {
  const password = 'Monsoon-Kurta-2026!';
  const account = { firstName: 'B', lastName: 'S', email, phone: '9822012345', password };
  for (const [url, body] of [
    ['/api/auth/signup', account],
    ['/api/auth/login', { email, password }],
  ]) {
    const res = await callJson(base, 'POST', url, body);
    if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${JSON.stringify(res.data)}`);
    if (url.endsWith('login')) return res.data.data.accessToken;
  }
}

/**
 * The statement that verifies every bench shopper's email, run beside the server once they have
 * signed up: the shop takes orders only from accounts whose email is verified.
 */
export const verifyEveryEmail = `update users set email_verified_at = '${new Date().toISOString()}' where email_verified_at is null`;

/** Where bench shoppers have their orders delivered (a PIN code the shop serves, with cash on delivery). */
export const benchAddress = {
  addressLine1: '1, Bench Street',
  city: 'Pune',
  state: 'Maharashtra',
  pinCode: '411001',
  phone: '9822012345',
};

/**
 * A generous stock, so a run measures the shop rather than sold-out answers; and no limit on
 * cash-on-delivery orders, as each bench shopper places one order after another.
 */
export const benchSetup = [
  'update product_variants set stock = 1000000',
  'update shop_settings set cod_max_open_orders = 1000000, cod_max_order_value = 2147483647',
];

/**
 * The shop behind a proxy on this machine, as `deploy/` runs it: requests name their shopper's
 * address in `X-Forwarded-For` (`shopperAddress`), so an order counts what its account, address
 * and network hold, as in production. From loopback without a proxy only the account is counted.
 */
export const behindProxy = { TRUST_PROXY: '127.0.0.1' };

/**
 * Shopper `i`'s address: one of 8 networks (/24s in the carriers' shared 100.64.0.0/10, as
 * mobile shoppers behind carrier-grade NAT arrive), each shared by an eighth of the shoppers.
 */
export const shopperAddress = (i) => `100.64.${i % 8}.${1 + (Math.floor(i / 8) % 250)}`;

/**
 * The bench's orders delivered, as staff ship them and couriers deliver them in the days after:
 * a shop's shopper has a few orders open at a time (three cash orders at most by its default),
 * where a bench's shopper places hundreds in a minute. Run between the runs of an order loop, so
 * that each order counts, as a shopper's would, the few orders the account has open.
 */
export const deliverOrders = [
  "update orders set status = 'delivered' where status in ('pending', 'confirmed', 'shipped')",
  // Shipped, they hold nothing any more (the shop drops an order's holds as it ships it).
  'delete from order_holds',
];
