// `npm run bench:pages`: the server renderer's cost. Starts the built shop (throwaway SQLite, demo
// catalogue) and a bare Fastify hello-world, then asks for every product page, and lists with
// distinct filters, one at a time (latency of one render, no queueing) and with 10 connections
// (throughput), each request a different address, as shoppers and crawlers ask. Prints p50/p99
// and requests/s beside the hello-world's. Target (issue 14): a product page p50 under 5 ms.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startProcess, waitFor } from './lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const shopPort = Number(process.env.BENCH_PORT ?? 3321);
const helloPort = shopPort + 1;
const shop = `http://127.0.0.1:${shopPort}`;
const hello = `http://127.0.0.1:${helloPort}`;
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

if (!fs.existsSync(path.join(root, 'web/dist-ssr/entry-server.js'))) {
  console.error('No server renderer found: run `npm run build` first.');
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pages-'));
const children = [
  await startProcess(path.join(root, 'server/dist/main.js'), {
    PORT: String(shopPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    PUBLIC_URL: shop,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
  }),
  await startProcess(path.join(import.meta.dirname, 'hello-server.mjs'), { PORT: String(helloPort) }),
];
const stop = () => children.forEach((c) => c.kill());
process.on('exit', stop);

try {
  await waitFor(`${shop}/api/health/ready`);
  await waitFor(`${hello}/hello`);

  const ids = [];
  for (let page = 1; ; page++) {
    const data = (await (await fetch(`${shop}/api/product?limit=100&page=${page}`)).json()).data;
    ids.push(...data.products.map((p) => p._id));
    if (page >= data.totalPages) break;
  }
  const colors = ['navy', 'white', 'black', 'olive', 'grey', 'blue'];
  const sorts = ['', 'page=2', 'page=3'];
  const lists = [];
  for (const color of ['', ...colors])
    for (const extra of sorts) lists.push(`/products?${[color && `color=${color}`, extra].filter(Boolean).join('&')}`);

  const kinds = {
    'product page': ids.map((id) => `/product/${id}`),
    'list page': lists,
    home: ['/'],
  };

  /** One request at a time, each address in turn, `rounds` times over; milliseconds per page. */
  async function oneAtATime(origin, urls) {
    const times = [];
    for (let round = 0; round < rounds + 1; round++) {
      for (const url of urls) {
        const started = performance.now();
        const res = await fetch(origin + url);
        await res.text();
        if (!res.ok) throw new Error(`${url}: ${res.status}`);
        // The first round warms up.
        if (round > 0) times.push(performance.now() - started);
      }
    }
    times.sort((a, b) => a - b);
    const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
    return { count: times.length, p50: at(0.5), p99: at(0.99) };
  }

  async function throughput(origin, urls) {
    let next = 0;
    const result = await autocannon({
      url: origin,
      connections: 10,
      duration: 8,
      requests: [{ setupRequest: (req) => ({ ...req, path: urls[next++ % urls.length] }) }],
    });
    return { rps: Math.round(result.requests.average), errors: result.errors + result.non2xx };
  }

  const rows = [];
  const helloLatency = await oneAtATime(
    hello,
    Array.from({ length: 100 }, () => '/hello'),
  );
  const helloRate = await throughput(hello, ['/hello']);
  rows.push(['hello-world (yardstick)', helloLatency.count, helloLatency.p50, helloLatency.p99, helloRate.rps, '100%']);
  for (const [kind, urls] of Object.entries(kinds)) {
    const latency = await oneAtATime(shop, kind === 'home' ? Array.from({ length: 50 }, () => '/') : urls);
    const rate = await throughput(shop, urls);
    if (rate.errors) console.warn(`${kind}: ${rate.errors} failed requests`);
    rows.push([
      `${kind} (${urls.length} addresses)`,
      latency.count,
      latency.p50,
      latency.p99,
      rate.rps,
      `${((100 * rate.rps) / helloRate.rps).toFixed(1)}%`,
    ]);
  }

  console.log(`\nServer-rendered pages, ${os.cpus().length} cores, ${new Date().toISOString()}`);
  console.log('| request | renders timed | p50 ms | p99 ms | req/s (10 connections) | of hello-world |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const [name, count, p50, p99, rps, share] of rows) {
    console.log(`| ${name} | ${count} | ${p50.toFixed(2)} | ${p99.toFixed(2)} | ${rps} | ${share} |`);
  }
  const product = rows.find((r) => r[0].startsWith('product page'));
  console.log(`\nproduct page render p50 < 5 ms: ${product[2].toFixed(2)} ms → ${product[2] < 5 ? 'holds' : 'MISSED'}`);
} finally {
  stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
