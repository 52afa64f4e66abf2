// `npm run bench:shoppers`: a mixed shopper scenario against the built server: list products,
// open one, add it to the cart, view the cart, place a cash-on-delivery order. Runs on SQLite
// (one process), and on PostgreSQL with one and with two processes when it answers. Prints
// orders/s, p50/p99 per step, errors (must be 0) and peak memory per process.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  benchAddress as address,
  benchSetup,
  callJson,
  postgresSchema,
  signUpShopper,
  serverScript,
  startProcess,
  verifyEveryEmail,
  waitFor,
} from './lib.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const shoppers = Number(process.env.BENCH_SHOPPERS ?? 24);
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// BENCH_PORT moves the four ports the scenarios use (default 3381–3384).
const port0 = Number(process.env.BENCH_PORT ?? 3381);
const steps = ['list', 'product', 'add to cart', 'view cart', 'place order'];

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
}

function peakMemoryMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

const json = callJson;

async function scenario(name, env, ports) {
  const servers = [];
  for (const port of ports) {
    const child = await startProcess(serverScript, {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    });
    servers.push({ child, base: `http://127.0.0.1:${port}` });
  }
  try {
    for (const s of servers) await waitFor(`${s.base}/api/health/ready`);
    // Shoppers buy different products, as in a real shop (one hot item would measure its lock).
    const { data } = await json(servers[0].base, 'GET', '/api/product?limit=100&sort=name');
    const lines = [];
    for (const product of data.data.products.filter((p) => !p.soldOut)) {
      const sizes = (await json(servers[0].base, 'GET', `/api/product/${product._id}/sizes`)).data.data;
      lines.push({ product, size: sizes.find((s) => s.stock > 0).size });
    }

    // Accounts first (sign-up hashing is deliberately slow; it is not what is measured).
    const tokens = [];
    for (let i = 0; i < shoppers; i++) {
      const base = servers[i % servers.length].base;
      tokens.push(await signUpShopper(base, `bench.${Date.now()}.${i}@example.com`));
    }
    await verifyEmails(env);

    const timings = Object.fromEntries(steps.map((s) => [s, []]));
    let orders = 0;
    let errors = 0;
    const deadline = Date.now() + seconds * 1000;
    const run = async (token, i) => {
      const base = servers[i % servers.length].base;
      const { product, size } = lines[i % lines.length];
      while (Date.now() < deadline) {
        const calls = [
          ['list', 'GET', '/api/product?page=1&limit=6&sort=price'],
          ['product', 'GET', `/api/product/${product._id}`],
          ['add to cart', 'POST', '/api/cart', { product: product._id, size, quantity: 1 }],
          ['view cart', 'GET', '/api/cart/details'],
          ['place order', 'POST', '/api/order', { shippingAddress: address, paymentMethod: 'cod' }],
        ];
        for (const [step, method, url, body] of calls) {
          const res = await json(base, method, url, body, token);
          timings[step].push(res.ms);
          if (!res.ok) errors += 1;
          else if (step === 'place order') orders += 1;
        }
      }
    };
    const started = performance.now();
    await Promise.all(tokens.map(run));
    const elapsed = (performance.now() - started) / 1000;
    const memory = servers.map((s) => peakMemoryMb(s.child.pid));
    return { name, orders, ordersPerSecond: orders / elapsed, errors, timings, memory };
  } finally {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(
      servers.map(
        (s) => new Promise((resolve) => (s.child.exitCode !== null ? resolve() : s.child.once('exit', resolve))),
      ),
    );
  }
}

/** Verifies the shoppers' emails beside the running server (only verified accounts order). */
async function verifyEmails(env) {
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    await client.query(verifyEveryEmail);
    await client.end();
    return;
  }
  const { default: Database } = await import('better-sqlite3');
  const file = new Database(path.join(env.DATA_DIR, 'shop.db'), { timeout: 10_000 });
  file.exec(verifyEveryEmail);
  file.close();
}

async function restock(env) {
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    for (const statement of benchSetup) await client.query(statement);
    await client.end();
  }
}

const common = {
  LOG_LEVEL: 'error',
  WEB_DIST: '/nonexistent',
  JWT_SECRET: randomBytes(32).toString('base64url'),
  AUTH_MAX_ATTEMPTS: '100000',
};
const results = [];

const sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-shoppers-'));
{
  // Seed, then raise the stock through a first short start.
  const env = { ...common, DATA_DIR: sqliteDir };
  const seeding = await startProcess(serverScript, {
    ...env,
    PORT: String(port0),
    HOST: '127.0.0.1',
  });
  await waitFor(`http://127.0.0.1:${port0}/api/health/ready`);
  seeding.kill('SIGTERM');
  await new Promise((resolve) => seeding.once('exit', resolve));
  const { default: Database } = await import('better-sqlite3');
  const file = new Database(path.join(sqliteDir, 'shop.db'));
  for (const statement of benchSetup) file.exec(statement);
  file.close();
  results.push(await scenario('SQLite, 1 process', env, [port0]));
}
fs.rmSync(sqliteDir, { recursive: true, force: true });

const schema = await postgresSchema(postgresUrl);
if (schema) {
  const env = { ...common, DATABASE_URL: schema.url, SEED: 'true' };
  const seeding = await startProcess(serverScript, {
    ...env,
    PORT: String(port0 + 1),
    HOST: '127.0.0.1',
  });
  await waitFor(`http://127.0.0.1:${port0 + 1}/api/health/ready`);
  seeding.kill('SIGTERM');
  await new Promise((resolve) => seeding.once('exit', resolve));
  await restock(env);
  results.push(await scenario('PostgreSQL, 1 process', env, [port0 + 1]));
  results.push(await scenario('PostgreSQL, 2 processes', env, [port0 + 2, port0 + 3]));
  await schema.drop();
} else {
  console.log('PostgreSQL does not answer: its scenarios are skipped.');
}

console.log(
  `\n${os.cpus().length} cores, Node ${process.version}; ${shoppers} shoppers looping for ${seconds} s per scenario\n`,
);
console.log(
  `| scenario | orders/s | errors | peak memory per process (MB) | ${steps.map((s) => `${s} p50/p99 ms`).join(' | ')} |`,
);
console.log(`|---|---:|---:|---:|${steps.map(() => '---:').join('|')}|`);
for (const r of results) {
  const cells = steps.map((s) => {
    const sorted = [...r.timings[s]].sort((a, b) => a - b);
    return `${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 99).toFixed(1)}`;
  });
  console.log(
    `| ${r.name} | ${r.ordersPerSecond.toFixed(0)} | ${r.errors} | ${r.memory.join(', ')} | ${cells.join(' | ')} |`,
  );
}
if (results.some((r) => r.errors > 0)) process.exitCode = 1;
