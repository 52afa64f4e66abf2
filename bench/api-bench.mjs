// `npm run bench`: catalogue read throughput and latency of the built server on the seeded
// SQLite database, beside a bare Fastify hello-world measured in the same run. With
// BENCH_COMPARE_NODE (and BENCH_COMPARE_SERVER) a second Node and build are measured after the
// first, each with its own hello-world, and the two printed side by side (lib.mjs, benchRuntimes).
// Targets (issue "Foundation"): list ≥ 40% of hello-world requests/s, p99 < 25 ms at 50 connections.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchRuntimes, measure, startProcess, waitFor } from './lib.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function run(runtime, script, env, readyUrl, urls) {
  const child = await startProcess(script, env, [], runtime.node);
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

/** Every figure of the table for one runtime (a Node and the build it runs), on a database of its own. */
async function measureRuntime(runtime) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const shopEnv = {
    PORT: String(shopPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
  };
  // Start once to seed, and read a product id to load its page.
  const seeding = await startProcess(runtime.server, shopEnv, [], runtime.node);
  const first = await (await waitFor(`${shop}/api/product?limit=1`)).json();
  const productId = first.data.products[0]._id;
  seeding.kill('SIGTERM');
  await new Promise((resolve) => seeding.once('exit', resolve));

  const [hello] = await run(
    runtime,
    path.join(import.meta.dirname, 'hello-server.mjs'),
    { PORT: '3302' },
    'http://127.0.0.1:3302/hello',
    ['http://127.0.0.1:3302/hello'],
  );
  const [list, single] = await run(runtime, runtime.server, shopEnv, `${shop}/api/product?limit=1`, [
    `${shop}/api/product?page=1&limit=10`,
    `${shop}/api/product/${productId}`,
  ]);
  // The same list with the micro-cache off: what every request would cost from the database.
  const [listUncached] = await run(
    runtime,
    runtime.server,
    { ...shopEnv, CATALOG_CACHE_MS: '0' },
    `${shop}/api/product?limit=1`,
    [`${shop}/api/product?page=1&limit=10`],
  );
  fs.rmSync(dataDir, { recursive: true, force: true });
  return [
    ['bare Fastify hello-world', hello],
    ['GET /api/product?page=1&limit=10', list],
    ['GET /api/product/{id}', single],
    ['GET /api/product?page=1&limit=10, micro-cache off', listUncached],
  ];
}

const runtimes = benchRuntimes();
const measured = [];
for (const runtime of runtimes) measured.push({ runtime, rows: await measureRuntime(runtime) });

console.log(
  `\n${os.cpus().length} cores, ${os.cpus()[0]?.model}, load average ${os.loadavg()[0].toFixed(1)} at the end; ${seconds} s at ${connections} connections after a 3 s warm-up`,
);
const verdict = (ok) => (ok ? 'met' : 'NOT met');
for (const { runtime, rows } of measured) {
  const hello = rows[0][1];
  const list = rows[1][1];
  console.log(`\nNode ${runtime.version} (${runtime.node}), ${path.relative(process.cwd(), runtime.server)}\n`);
  console.log('| route | requests/s | p50 ms | p99 ms | errors | share of hello-world |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [name, r] of rows) {
    const share = `${Math.round((r.requestsPerSecond / hello.requestsPerSecond) * 100)}%`;
    console.log(`| ${name} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.errors} | ${share} |`);
  }
  const listShare = list.requestsPerSecond / hello.requestsPerSecond;
  console.log(`\nTarget: list ≥ 40% of hello-world: ${Math.round(listShare * 100)}% (${verdict(listShare >= 0.4)})`);
  console.log(`Target: list p99 < 25 ms: ${list.p99Ms} ms (${verdict(list.p99Ms < 25)})`);
}
if (measured.length > 1) {
  const [a, b] = measured;
  console.log(`\nSide by side: Node ${a.runtime.version} against Node ${b.runtime.version}\n`);
  console.log(
    `| route | requests/s ${a.runtime.version} | requests/s ${b.runtime.version} | change | p99 ms ${a.runtime.version} | p99 ms ${b.runtime.version} |`,
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  a.rows.forEach(([name, r], i) => {
    const other = b.rows[i][1];
    const change = `${Math.round((r.requestsPerSecond / other.requestsPerSecond - 1) * 100)}%`;
    console.log(
      `| ${name} | ${r.requestsPerSecond} | ${other.requestsPerSecond} | ${change} | ${r.p99Ms} | ${other.p99Ms} |`,
    );
  });
}
