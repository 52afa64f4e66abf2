// `npm run bench:wrk`: the shop measured from outside, as a shopper's traffic arrives, with wrk
// (https://github.com/wg/wrk; `apt-get install wrk`). Builds nothing (run `npm run build` first).
// It starts the built server in production mode (NODE_ENV=production, its default log level,
// e-mails sent to an SMTP server of the bench's own) on a fresh SQLite shop of the demo
// catalogue, and a bare Fastify hello-world, then loads each with wrk, 10 connections:
// (a) a mixed browse of about 2,000 distinct list URLs (every sort × colour, size, price band,
// tag, collection and a few searches × 28 pages, many past the last page), beside the hello-world;
// (b) add to cart, each connection a shopper adding 5 lines, then clearing the cart through the
// API; (c) a loop of "add one line, place a cash-on-delivery order", the order's invoice and
// e-mails written and sent as in production, each connection taking its 20 shoppers in turn
// (`BENCH_SHOPPERS_PER_CONNECTION`). Unlike `bench:cart`, nothing is done to the database behind
// the server's back while it is measured: carts are cleared by the shoppers. Between runs the
// warm-up's orders are delivered, as staff and couriers would in the days after. Each row gives
// the CPU time the measured process's main thread took per request (Linux); the last row loads
// a server that only keeps its thread busy that long per add and per order (busy-server.mjs)
// with the loop of (c): the latency queueing alone gives at the shop's speed on this machine.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import {
  benchAddress,
  behindProxy,
  benchSetup,
  callJson,
  deliverOrders,
  freshDatabase,
  serverScript,
  shopperAddress,
  signUpShopper,
  startProcess,
  verifyEveryEmail,
  waitFor,
} from './lib.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const shoppersPerConnection = Number(process.env.BENCH_SHOPPERS_PER_CONNECTION ?? 20);
const connections = 10;
const pagesPerList = 28;
const port0 = Number(process.env.BENCH_PORT ?? 3760);
const ports = { shop: port0, hello: port0 + 1, smtp: port0 + 2, busy: port0 + 3 };
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-wrk-'));

if (spawnSync('wrk', ['--version']).error) {
  console.error('wrk is not installed: apt-get install wrk (or build it from https://github.com/wg/wrk).');
  process.exit(1);
}

/** An SMTP server that takes every message, as a mail relay would: the outbox really sends. */
async function startMailSink() {
  let received = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'shop' }),
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(ports.smtp, '127.0.0.1', resolve));
  return { received: () => received, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Clock ticks a second of /proc's CPU times. */
const ticksPerSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** CPU time (ms) the main thread of process `pid` has used so far; null where /proc does not tell. */
function mainThreadCpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis; utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return null;
  }
}

/** `run()`'s wrk result, with the CPU time of `child`'s main thread per request meanwhile (`cpuMs`). */
async function withCpu(child, run) {
  const before = mainThreadCpuMs(child.pid);
  const result = await run();
  const after = mainThreadCpuMs(child.pid);
  const { requests } = result;
  return { ...result, cpuMs: before === null || after === null || !requests ? null : (after - before) / requests };
}

/**
 * The disk's speed now, in the bench's folder (on the database's file system): the median ms an fdatasync takes
 * after one page is written in place, and after 500 pages scattered over 12 MB. The order
 * loop's tail moves with it (its checkpoints wait for the disk): on this machine the one-page
 * figure was 0.17 ms in one hour and 0.50 ms in the next.
 */
function diskSyncMs() {
  const file = path.join(work, 'disk-probe');
  const fd = fs.openSync(file, 'w+');
  const page = Buffer.alloc(4096, 7);
  const median = (rounds, write) => {
    const times = [];
    for (let round = 0; round < rounds; round++) {
      write(round);
      const started = performance.now();
      fs.fdatasyncSync(fd);
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b)[Math.floor(rounds / 2)];
  };
  try {
    for (let i = 0; i < 3000; i++) fs.writeSync(fd, page, 0, page.length, i * page.length);
    fs.fdatasyncSync(fd);
    const onePage = median(41, (round) => fs.writeSync(fd, page, 0, 32, (round % 100) * page.length));
    const manyPages = median(11, (round) => {
      for (let i = 0; i < 500; i++)
        fs.writeSync(fd, page, 0, page.length, ((round * 500 + i * 7) % 3000) * page.length);
    });
    return { onePage, manyPages };
  } finally {
    fs.closeSync(fd);
    fs.rmSync(file);
  }
}

const luaString = (s) => JSON.stringify(s);
const luaList = (items) => `{\n${items.map((s) => `  ${luaString(s)},`).join('\n')}\n}`;

// Printed by every script when wrk ends: what the run measured, read back by this script.
const reportLua = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_RESULT {"requests":%d,"us":%d,"non2xx":%d,"socketErrors":%d,"p50":%d,"p90":%d,"p99":%d,"max":%d}\\n',
    summary.requests, summary.duration, e.status, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
end
local refused = false
response = function(status, headers, body)
  if advance then advance() end
  if status >= 300 and not refused then
    refused = true
    io.write("REFUSED " .. status .. " " .. string.sub(body, 1, 300) .. "\\n")
  end
end
`;

/** Runs wrk with `lua` for `duration` s against `base`, one thread per connection when `perConnection`. */
function wrk(base, lua, duration, perConnection = false) {
  const script = path.join(work, `script-${randomBytes(4).toString('hex')}.lua`);
  fs.writeFileSync(script, lua + reportLua);
  const threads = perConnection ? connections : 2;
  const args = [
    '-t',
    String(threads),
    '-c',
    String(connections),
    '-d',
    `${duration}s`,
    '--timeout',
    '5s',
    '-s',
    script,
    base,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => {
      const refused = out.match(/^REFUSED .*$/m);
      if (refused) console.error(refused[0]);
      const line = out.match(/^WRK_RESULT (.*)$/m);
      if (code !== 0 || !line) return reject(new Error(`wrk exited with ${code}: ${out}`));
      const r = JSON.parse(line[1]);
      resolve({
        requests: r.requests,
        rps: Math.round(r.requests / (r.us / 1e6)),
        p50: r.p50 / 1000,
        p90: r.p90 / 1000,
        p99: r.p99 / 1000,
        max: r.max / 1000,
        errors: r.non2xx + r.socketErrors,
      });
    });
    child.on('error', reject);
  });
}

/** A list of URLs, each thread starting at its own place in it. */
const urlsLua = (urls) => `
local urls = ${luaList(urls)}
local threads = 0
setup = function(thread)
  thread:set("offset", threads * 211)
  threads = threads + 1
end
local i = 0
init = function(args) i = offset or 0 end
request = function()
  i = i + 1
  return wrk.format("GET", urls[(i % #urls) + 1])
end
`;

/** Each connection a shopper (its own thread): their tokens and cart lines, and a request by step. */
const shopperLua = (tokens, lines, body) => `
local tokens = ${luaList(tokens)}
local addresses = ${luaList(tokens.map((_, i) => shopperAddress(i)))}
local lines = ${luaList(lines.map((l) => JSON.stringify({ ...l, quantity: 1 })))}
local threads = 0
setup = function(thread)
  thread:set("shopper", threads)
  threads = threads + 1
end
-- The step moves on with each response, not each request: wrk makes one request of its first
-- thread's script at the start to check it, and never sends it.
local step = 1
advance = function() step = step + 1 end
request = function()
  local auth = "Bearer " .. tokens[shopper + 1]
  local json = { ["Authorization"] = auth, ["Content-Type"] = "application/json", ["X-Forwarded-For"] = addresses[shopper + 1] }
${body}
end
`;

/** (b): five adds of distinct lines, then the cart cleared; and again. */
const addAndClearLua = (tokens, lines) =>
  shopperLua(
    tokens,
    lines,
    `  local k = (step - 1) % 6
  if k == 5 then return wrk.format("DELETE", "/api/cart/clear", { ["Authorization"] = auth, ["X-Forwarded-For"] = addresses[shopper + 1] }) end
  return wrk.format("POST", "/api/cart", json, lines[((shopper * 5 + k) % #lines) + 1])`,
  );

/**
 * (c): add one line, order the cart cash on delivery; and again, each time for the connection's
 * next shopper (`tokens` holds `shoppersPerConnection` per connection): a shop's shoppers order
 * a few times each, not hundreds of times a minute.
 */
const addThenOrderLua = (tokens, lines) =>
  shopperLua(
    tokens,
    lines,
    `  local who = shopper * ${shoppersPerConnection} + math.floor((step - 1) / 2) % ${shoppersPerConnection}
  json["Authorization"] = "Bearer " .. tokens[who + 1]
  json["X-Forwarded-For"] = addresses[who + 1]
  if step % 2 == 1 then
    return wrk.format("POST", "/api/cart", json, lines[((who * 7 + step) % #lines) + 1])
  end
  return wrk.format("POST", "/api/order", json, ${luaString(JSON.stringify({ shippingAddress: benchAddress, paymentMethod: 'cod' }))})`,
  );

async function json(base, url) {
  const res = await callJson(base, 'GET', url);
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return res.data.data;
}

/** About 2,000 list URLs: every sort × (no filter, colours, sizes, price bands, tags, collections, a few searches) × 28 pages. */
async function browseUrls(base) {
  const { facets } = await json(base, '/api/product?limit=1');
  const filters = [
    {},
    ...facets.colors.slice(0, 4).map((c) => ({ color: c.value })),
    ...facets.sizes.slice(0, 2).map((c) => ({ size: c.value })),
    ...facets.priceBands.map((b) => {
      const [minPrice, maxPrice] = b.value.split('-');
      return { minPrice, maxPrice };
    }),
    ...facets.tags.map((t) => ({ tag: t.value })),
    ...facets.collections.filter((c) => c.value !== 'all').map((c) => ({ category: c.value })),
    { q: 'shirt' },
    { q: 'cotton' },
  ];
  const urls = [];
  for (const sort of ['price', '-price', 'newest', 'name'])
    for (const filter of filters)
      for (let page = 1; page <= pagesPerList; page += 1)
        urls.push(`/api/product?${new URLSearchParams({ ...filter, sort, page: String(page) })}`);
  return urls;
}

/** Every variant with stock, product by product: what the shoppers put in their carts. */
async function cartLines(base) {
  const { products } = await json(base, '/api/product?limit=100&sort=name');
  const lines = [];
  for (const product of products) {
    for (const { color, size, stock } of (await json(base, `/api/product/${product._id}`)).variants) {
      if (stock > 0) lines.push({ product: product._id, color, size });
    }
  }
  return lines;
}

async function stop(child) {
  // A child ended by a signal has a null exitCode: its 'exit' is already past.
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

async function sqlite(file, statements) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(file, { timeout: 10_000 });
  for (const statement of statements) db.prepare(statement).run();
  db.close();
}

let diskBefore = null;
let diskAfter = null;
const mail = await startMailSink();
const results = {};
const hello = await startProcess(path.join(import.meta.dirname, 'hello-server.mjs'), { PORT: String(ports.hello) });
const database = await freshDatabase('sqlite', null, 'wrk');
const base = `http://127.0.0.1:${ports.shop}`;
const env = {
  ...database.env,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: String(ports.shop),
  PUBLIC_URL: 'https://shop.example.in',
  SEED: 'true',
  WEB_DIST: '/nonexistent',
  JWT_SECRET: randomBytes(32).toString('base64url'),
  SMTP_URL: `smtp://shop:secret@127.0.0.1:${ports.smtp}`,
  MAIL_FROM: 'Shop <orders@shop.example.in>',
  // The bench's shoppers all sign up from one address.
  AUTH_MAX_ATTEMPTS: '100000',
  // One process, whose main thread's CPU time the rows give (whatever the environment says).
  WEB_CONCURRENCY: '1',
  ...behindProxy,
  ...(process.env.BENCH_LOG_LEVEL && { LOG_LEVEL: process.env.BENCH_LOG_LEVEL }),
};
let shop;
let busy;
try {
  diskBefore = diskSyncMs();
  // Started once to migrate and seed, then again once the bench's stock is in.
  const seeding = await startProcess(serverScript, env);
  await waitFor(`${base}/api/health/ready`, 120_000).finally(() => stop(seeding));
  await sqlite(database.file, benchSetup);
  // The server's log goes where production's would (a pipe read by its supervisor), here to nothing.
  shop = await startProcess(serverScript, env);
  await waitFor(`${base}/api/health/ready`, 120_000);
  await waitFor(`http://127.0.0.1:${ports.hello}/hello`);

  const urls = await browseUrls(base);
  const lines = await cartLines(base);
  const tokens = [];
  for (let i = 0; i < connections * shoppersPerConnection; i += 1)
    tokens.push(await signUpShopper(base, `wrk.${Date.now()}.${i}@example.com`));
  await sqlite(database.file, [verifyEveryEmail]);

  const helloLua = `request = function() return wrk.format("GET", "/hello") end`;
  await wrk(`http://127.0.0.1:${ports.hello}`, helloLua, 3);
  results.hello = await withCpu(hello, () => wrk(`http://127.0.0.1:${ports.hello}`, helloLua, seconds));
  await wrk(base, urlsLua(urls), 3);
  results.browse = { ...(await withCpu(shop, () => wrk(base, urlsLua(urls), seconds))), urls: urls.length };
  await wrk(base, addAndClearLua(tokens, lines), 3, true);
  results.cart = await withCpu(shop, () => wrk(base, addAndClearLua(tokens, lines), seconds, true));
  await wrk(base, addThenOrderLua(tokens, lines), 3, true);
  await sqlite(database.file, deliverOrders);
  const sentBefore = mail.received();
  results.order = await withCpu(shop, () => wrk(base, addThenOrderLua(tokens, lines), seconds, true));
  results.order.mailsDuring = mail.received() - sentBefore;
  await stop(shop);
  shop = null;
  diskAfter = diskSyncMs();

  // The shop's thread per add (the cart run's mean: five adds to a clear) and per order (the
  // loop's pair less an add), less what the bare server's HTTP takes, as the hello-world's does.
  if (results.cart.cpuMs !== null && results.order.cpuMs !== null && results.hello.cpuMs !== null) {
    const addMs = Math.max(0, results.cart.cpuMs - results.hello.cpuMs);
    const orderMs = Math.max(0, 2 * results.order.cpuMs - results.cart.cpuMs - results.hello.cpuMs);
    busy = await startProcess(path.join(import.meta.dirname, 'busy-server.mjs'), {
      PORT: String(ports.busy),
      BUSY_ADD_MS: String(addMs),
      BUSY_ORDER_MS: String(orderMs),
    });
    const busyBase = `http://127.0.0.1:${ports.busy}`;
    await waitFor(`${busyBase}/ready`);
    await wrk(busyBase, addThenOrderLua(tokens, lines), 3, true);
    results.busy = {
      ...(await withCpu(busy, () => wrk(busyBase, addThenOrderLua(tokens, lines), seconds, true))),
      addMs,
      orderMs,
    };
  }
} finally {
  if (shop) await stop(shop);
  if (busy) await stop(busy);
  await stop(hello);
  await mail.close();
  await database.drop();
  fs.rmSync(work, { recursive: true, force: true });
}

const ms = (v) => v.toFixed(1);
const share = (rps) => `${(rps / results.hello.rps).toFixed(3)}×`;
console.log(
  `\n${os.cpus().length} cores, ${os.cpus()[0]?.model}, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; wrk, ${connections} connections, ${seconds} s after 3 s of warm-up; production mode, SQLite\n`,
);
const disk = (d) => `${d.onePage.toFixed(2)} ms after one page, ${d.manyPages.toFixed(1)} ms after 500`;
console.log(
  `The disk, an fdatasync's median before the runs: ${diskBefore ? disk(diskBefore) : 'n/a'}; after the order loop: ${diskAfter ? disk(diskAfter) : 'n/a'}\n`,
);
console.log(
  '| what | requests/s | p50 ms | p90 ms | p99 ms | max ms | errors | of hello-world | main thread, ms of CPU a request |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
const row = (what, r) =>
  console.log(
    `| ${what} | ${r.rps} | ${ms(r.p50)} | ${ms(r.p90)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.errors} | ${share(r.rps)} | ${r.cpuMs === null ? 'n/a' : r.cpuMs.toFixed(3)} |`,
  );
row('bare Fastify hello-world', results.hello);
row(`mixed browse, ${results.browse.urls} distinct list URLs`, results.browse);
row('add to cart: 5 adds, then clear the cart', results.cart);
row(`add one line, place a COD order (${results.order.mailsDuring} e-mails sent meanwhile)`, results.order);
if (results.busy) {
  const { addMs, orderMs } = results.busy;
  row(
    `the same loop against a bare server busy ${addMs.toFixed(2)} ms an add and ${orderMs.toFixed(2)} ms an order (queueing alone)`,
    results.busy,
  );
}
if (Object.values(results).some((r) => r.errors > 0)) process.exitCode = 1;
