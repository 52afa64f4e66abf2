// `npm run bench:cart`: add to cart and the cash-on-delivery order under load. Builds nothing
// (run `npm run build` first). For SQLite, and PostgreSQL on a fresh schema of
// TEST_DATABASE_URL when it answers: starts the built server once to migrate and seed the demo
// catalogue, raises every variant's stock and the cash-on-delivery limits, starts it again, signs
// up many shoppers, then loads it with autocannon: (a) add to cart, each request from the next
// shopper, whose cart holds a few distinct variants (product, colour and size); (b) the add-then-order loop, each
// connection adding one item for a shopper and placing a cash-on-delivery order of it. A bare
// Fastify hello-world is measured in the same run as the yardstick.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  benchAddress as address,
  benchSetup,
  behindProxy,
  callJson,
  deliverOrders,
  freshDatabase,
  shopperAddress,
  signUpShopper,
  serverScript,
  startProcess,
  verifyEveryEmail,
  waitFor,
} from './lib.mjs';

const argValue = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmupSeconds = 3;
// autocannon's default: ten shoppers' requests in flight at any time.
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const shoppers = Number(process.env.BENCH_SHOPPERS ?? 200);
/** Distinct variants in each cart of the add-to-cart run (each up to the 10 a line may hold). */
const linesPerCart = 5;
/** Add-to-cart runs last this long at most, the carts emptied before each; order runs likewise, the orders delivered before each. */
const addRunSeconds = 2;
const only = argValue('only', 'sqlite,postgres').split(',');
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// BENCH_PORT moves the three ports (default 3750–3752).
const port0 = Number(process.env.BENCH_PORT ?? 3750);
const ports = { sqlite: port0, postgres: port0 + 1, hello: port0 + 2 };
// BENCH_CPU_PROF=dir writes a V8 CPU profile of each server process there (node --cpu-prof).
const cpuProfDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : null;
const common = {
  HOST: '127.0.0.1',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'error',
  WEB_DIST: '/nonexistent',
  JWT_SECRET: randomBytes(32).toString('base64url'),
  // Sign-ups from one address: the limits are raised for the run (each still hashes its password).
  AUTH_MAX_ATTEMPTS: '100000',
  ...behindProxy,
  // A declared proxy turns the demo features off (others could reach the shop); the bench keeps
  // the development mailbox, where the outbox delivers its emails as it always has here.
  DEMO_FEATURES: 'on',
};
// Carts emptied between runs (the add-to-cart run fills them to the limits).
const emptyCarts = ['delete from cart_items', 'update carts set coupon_id = null'];

async function stop(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/** Runs statements straight on the database, beside the server; answers the last one's rows. */
function sqlRunner(dialect, database) {
  if (dialect === 'sqlite') {
    return async (statements) => {
      const { default: Database } = await import('better-sqlite3');
      const file = new Database(database.file, { timeout: 10_000 });
      let rows = [];
      for (const statement of statements) {
        const prepared = file.prepare(statement);
        rows = prepared.reader ? prepared.all() : (prepared.run(), []);
      }
      file.close();
      return rows;
    };
  }
  return async (statements) => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    let rows = [];
    for (const statement of statements) rows = (await client.query(statement)).rows;
    await client.end();
    return rows;
  };
}

/**
 * Waits until the outbox has sent every message (sign-ups' and orders' emails are written and
 * sent by the server process itself): a run starts on a server with no work left over.
 */
async function outboxDrained(run, timeoutMs = 600_000) {
  const started = performance.now();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [{ n }] = await run(["select count(*) as n from messages where status in ('queued', 'sending')"]);
    if (Number(n) === 0) return Math.round(performance.now() - started);
    if (Date.now() > deadline) throw new Error(`the outbox still holds ${n} messages`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The `data` of a JSON answer; a refusal throws (the setup must not fail). */
async function json(base, method, url, body, token) {
  const res = await callJson(base, method, url, body, token);
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.data)}`);
  return res.data.data;
}

/** Every variant on sale with stock (product, colour and size): what shoppers put in their carts. */
async function cartLines(base) {
  const { products } = await json(base, 'GET', '/api/product?limit=100&sort=name');
  const lines = [];
  for (const product of products) {
    for (const { color, size, stock } of (await json(base, 'GET', `/api/product/${product._id}`)).variants) {
      if (stock > 0) lines.push({ product: product._id, ...(color !== '' && { color }), size });
    }
  }
  return lines;
}

/** Signs `count` shoppers up and in, a few at a time (each sign-up and sign-in hashes a password). */
async function signUp(base, count) {
  const tokens = new Array(count);
  const stamp = Date.now();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      tokens[i] = await signUpShopper(base, `cart.${stamp}.${i}@example.com`);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return tokens;
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

/** CPU time (ms) a process has used so far: its main thread's, and all its threads' (Linux; 0 elsewhere). */
function cpuMs(pid) {
  const ticks = (file) => {
    try {
      const stat = fs.readFileSync(file, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime, in clock ticks of 10 ms.
      return (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      return 0;
    }
  };
  return { main: ticks(`/proc/${pid}/task/${pid}/stat`), all: ticks(`/proc/${pid}/stat`) };
}

/**
 * One autocannon run: its requests/s, the p50/p99 of every response (ms, from autocannon's own
 * timing of each) and of each request of the sequence apart, and its errors.
 */
async function load(base, requests, duration, pid) {
  const startedUs = process.hrtime.bigint() / 1000n;
  const cpuBefore = cpuMs(pid);
  let firstError = null;
  const instance = autocannon({
    url: base,
    connections,
    duration,
    requests: requests.map((r) => ({
      ...r,
      onResponse: (status, body) => {
        if (status >= 300 && !firstError) firstError = `${status} ${String(body).slice(0, 300)}`;
      },
    })),
  });
  const times = requests.map(() => []);
  // One request in flight per connection: the sequence's current request is the one answered.
  instance.on('response', (client, _status, _bytes, ms) => times[client.requestIterator.currentRequestIndex].push(ms));
  const r = await instance;
  if (firstError) console.error(`first refusal: ${firstError}`);
  // With a profile, when each run was (the profile's clock): to read the runs apart.
  if (cpuProfDir)
    console.error(`run ${requests.map((q) => q.path).join(',')} ${startedUs}-${process.hrtime.bigint() / 1000n} µs`);
  const cpuAfter = cpuMs(pid);
  return {
    total: r.requests.total,
    seconds: r.duration,
    errors: r.errors + r.timeouts + r.non2xx,
    times,
    cpu: { main: cpuAfter.main - cpuBefore.main, all: cpuAfter.all - cpuBefore.all },
  };
}

/** Figures of runs taken together: requests/s over their time, p50/p99 of the responses of `index` (all: every one). */
function figures(runs, index = null) {
  const total = runs.reduce((n, r) => n + r.total, 0);
  const seconds = runs.reduce((n, r) => n + r.seconds, 0);
  const times = runs.flatMap((r) => (index === null ? r.times.flat() : r.times[index])).sort((a, b) => a - b);
  return {
    rps: Math.round(total / seconds),
    perSecond: Math.round(times.length / seconds),
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    // CPU the server spent per request: its main thread (what caps its requests/s), all its threads.
    cpuMain: runs.reduce((n, r) => n + r.cpu.main, 0) / total,
    cpuAll: runs.reduce((n, r) => n + r.cpu.all, 0) / total,
  };
}

/** Shopper `i`'s requests: their session, from their own address through the proxy. */
const headersOf = (tokens, i) => ({
  'content-type': 'application/json',
  authorization: `Bearer ${tokens[i]}`,
  'x-forwarded-for': shopperAddress(i),
});

/** Add to cart: each request from the next shopper in turn, so no two are in flight for one cart. */
function addToCartRequests(tokens, lines) {
  let i = 0;
  return [
    {
      method: 'POST',
      path: '/api/cart',
      setupRequest: (req) => {
        const shopper = i % tokens.length;
        const round = Math.floor(i / tokens.length);
        i += 1;
        const line = lines[(shopper * linesPerCart + (round % linesPerCart)) % lines.length];
        return { ...req, headers: headersOf(tokens, shopper), body: JSON.stringify({ ...line, quantity: 1 }) };
      },
    },
  ];
}

/** The add-then-order loop: a connection adds one item for a shopper, then orders it cash on delivery. */
function addThenOrderRequests(tokens, lines) {
  let i = 0;
  return [
    {
      method: 'POST',
      path: '/api/cart',
      setupRequest: (req, context) => {
        context.shopper = i % tokens.length;
        i += 1;
        const line = lines[context.shopper % lines.length];
        return {
          ...req,
          headers: headersOf(tokens, context.shopper),
          body: JSON.stringify({ ...line, quantity: 1 }),
        };
      },
    },
    {
      method: 'POST',
      path: '/api/order',
      setupRequest: (req, context) => ({
        ...req,
        headers: headersOf(tokens, context.shopper),
        body: JSON.stringify({ shippingAddress: address, paymentMethod: 'cod' }),
      }),
    },
  ];
}

async function measureShop(dialect) {
  const database = await freshDatabase(dialect, postgresUrl, 'cart');
  if (!database) return null;
  const port = ports[dialect];
  const base = `http://127.0.0.1:${port}`;
  const run = sqlRunner(dialect, database);
  try {
    const seeding = await startProcess(serverScript, { ...common, ...database.env, PORT: String(port) });
    try {
      await waitFor(`${base}/api/health/ready`, 120_000);
    } finally {
      await stop(seeding);
    }
    await run(benchSetup);
    const nodeArgs = cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : [];
    const child = await startProcess(serverScript, { ...common, ...database.env, PORT: String(port) }, nodeArgs);
    try {
      await waitFor(`${base}/api/health/ready`, 120_000);
      const lines = await cartLines(base);
      const started = performance.now();
      const tokens = await signUp(base, shoppers);
      await run([verifyEveryEmail]);
      console.error(`${dialect}: ${shoppers} shoppers signed up in ${Math.round(performance.now() - started)} ms`);
      console.error(`${dialect}: their emails sent ${await outboxDrained(run)} ms later`);

      await load(base, addToCartRequests(tokens, lines), warmupSeconds);
      // In runs of a few seconds, the carts emptied before each: a cart holds 50 pieces at most.
      const adds = [];
      for (let left = seconds; left > 0; left -= addRunSeconds) {
        await run(emptyCarts);
        adds.push(await load(base, addToCartRequests(tokens, lines), Math.min(addRunSeconds, left), child.pid));
        if (adds.at(-1).total > shoppers * linesPerCart * 10) {
          console.error(`${dialect}: more adds than ${shoppers} carts hold; raise BENCH_SHOPPERS`);
        }
      }

      await run(emptyCarts);
      await load(base, addThenOrderRequests(tokens, lines), warmupSeconds);
      await outboxDrained(run);
      const loops = [];
      for (let left = seconds; left > 0; left -= addRunSeconds) {
        await run(deliverOrders);
        loops.push(await load(base, addThenOrderRequests(tokens, lines), Math.min(addRunSeconds, left), child.pid));
      }
      // The orders' emails, written and sent after the runs (queued meanwhile).
      const emailsMs = await outboxDrained(run);
      return { add: figures(adds), loop: figures(loops), order: { ...figures(loops, 1), emailsMs } };
    } finally {
      await stop(child);
    }
  } finally {
    await database.drop();
  }
}

async function measureHello() {
  const hello = await startProcess(path.join(import.meta.dirname, 'hello-server.mjs'), { PORT: String(ports.hello) });
  try {
    const base = `http://127.0.0.1:${ports.hello}`;
    await waitFor(`${base}/hello`);
    await load(base, [{ method: 'GET', path: '/hello' }], warmupSeconds);
    return figures([await load(base, [{ method: 'GET', path: '/hello' }], seconds, hello.pid)]);
  } finally {
    await stop(hello);
  }
}

const results = { hello: await measureHello() };
for (const dialect of only) results[dialect] = await measureShop(dialect);

const share = (rps) => `${Math.round((rps / results.hello.rps) * 100)}%`;
const ms = (v) => v.toFixed(1);
console.log(
  `\n${os.cpus().length} cores, ${os.cpus()[0]?.model}, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; ${connections} connections, ${seconds} s after ${warmupSeconds} s of warm-up; ${shoppers} shoppers\n`,
);
console.log(
  '| what | requests/s | p50 ms | p99 ms | errors | share of hello-world | server CPU per request, main thread / all ms |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|');
const cpu = (f) => `${f.cpuMain.toFixed(3)} / ${f.cpuAll.toFixed(3)}`;
const row = (what, f, rps = f.rps) =>
  console.log(
    `| ${what} | ${rps} | ${ms(f.p50)} | ${ms(f.p99)} | ${f.errors} | ${rps === '' ? '' : share(rps)} | ${rps === '' ? '' : cpu(f)} |`,
  );
row('bare Fastify hello-world', results.hello);
const names = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
for (const dialect of only) {
  const r = results[dialect];
  if (!r) continue;
  row(`${names[dialect]}: add to cart`, r.add);
  row(`${names[dialect]}: add-then-order loop, all calls`, r.loop);
  const emails = `their emails sent ${(r.order.emailsMs / 1000).toFixed(1)} s after the run`;
  row(`${names[dialect]}: of which the order call (${r.order.perSecond} orders/s; ${emails})`, r.order, '');
}
if (only.some((d) => results[d] && results[d].add.errors + results[d].loop.errors > 0)) process.exitCode = 1;
