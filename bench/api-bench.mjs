// `npm run bench`: catalogue read throughput and latency of the built server on the seeded
// SQLite database, beside a bare Fastify hello-world measured in the same run.
// Targets (issue "Foundation"): list ≥ 40% of hello-world requests/s, p99 < 25 ms at 50 connections.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measure, startProcess, waitFor } from './lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));

async function run(script, env, readyUrl, urls) {
  const child = await startProcess(script, env);
  try {
    await waitFor(readyUrl);
    const results = [];
    for (const url of urls) results.push(await measure(url, { seconds, connections }));
    return results;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const shopPort = 3301;
const shop = `http://127.0.0.1:${shopPort}`;
const shopEnv = {
  PORT: String(shopPort),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  WEB_DIST: '/nonexistent',
};

// Start once to seed, and read a product id to load its page.
const seeding = await startProcess(path.join(root, 'server/dist/main.js'), shopEnv);
const first = await (await waitFor(`${shop}/api/product?limit=1`)).json();
const productId = first.data.products[0]._id;
seeding.kill('SIGTERM');
await new Promise((resolve) => seeding.once('exit', resolve));

const [hello] = await run(
  path.join(import.meta.dirname, 'hello-server.mjs'),
  { PORT: '3302' },
  'http://127.0.0.1:3302/hello',
  ['http://127.0.0.1:3302/hello'],
);
const [list, single] = await run(path.join(root, 'server/dist/main.js'), shopEnv, `${shop}/api/product?limit=1`, [
  `${shop}/api/product?page=1&limit=10`,
  `${shop}/api/product/${productId}`,
]);
// The same list with the micro-cache off: what every request would cost from the database.
const [listUncached] = await run(
  path.join(root, 'server/dist/main.js'),
  { ...shopEnv, CATALOG_CACHE_MS: '0' },
  `${shop}/api/product?limit=1`,
  [`${shop}/api/product?page=1&limit=10`],
);
fs.rmSync(dataDir, { recursive: true, force: true });

const rows = [
  ['bare Fastify hello-world', hello],
  ['GET /api/product?page=1&limit=10', list],
  ['GET /api/product/{id}', single],
  ['GET /api/product?page=1&limit=10, micro-cache off', listUncached],
];
console.log(
  `\n${os.cpus().length} cores, ${os.cpus()[0]?.model}, Node ${process.version}; ${seconds} s at ${connections} connections after a 3 s warm-up\n`,
);
console.log('| route | requests/s | p50 ms | p99 ms | errors | share of hello-world |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const [name, r] of rows) {
  const share = `${Math.round((r.requestsPerSecond / hello.requestsPerSecond) * 100)}%`;
  console.log(`| ${name} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.errors} | ${share} |`);
}
const listShare = list.requestsPerSecond / hello.requestsPerSecond;
const verdict = (ok) => (ok ? 'met' : 'NOT met');
console.log(`\nTarget: list ≥ 40% of hello-world: ${Math.round(listShare * 100)}% (${verdict(listShare >= 0.4)})`);
console.log(`Target: list p99 < 25 ms: ${list.p99Ms} ms (${verdict(list.p99Ms < 25)})`);
