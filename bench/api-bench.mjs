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

/** A database of its own for `runtime`, seeded by starting its server once; and a product id to load its page. */
async function prepare(runtime) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const env = {
    PORT: String(shopPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
  };
  const seeding = await startProcess(runtime.server, env, [], runtime.node);
  const first = await (await waitFor(`${shop}/api/product?limit=1`)).json();
  seeding.kill('SIGTERM');
  await new Promise((resolve) => seeding.once('exit', resolve));
  return { ...runtime, env, dataDir, productId: first.data.products[0]._id };
}

/** What is measured, one server at a time: each phase starts its server, loads its URLs, and stops it. */
const phases = [
  {
    names: ['bare Fastify hello-world'],
    run: (r) =>
      run(r, path.join(import.meta.dirname, 'hello-server.mjs'), { PORT: '3302' }, 'http://127.0.0.1:3302/hello', [
        'http://127.0.0.1:3302/hello',
      ]),
  },
  {
    names: ['GET /api/product?page=1&limit=10', 'GET /api/product/{id}'],
    run: (r) =>
      run(r, r.server, r.env, `${shop}/api/product?limit=1`, [
        `${shop}/api/product?page=1&limit=10`,
        `${shop}/api/product/${r.productId}`,
      ]),
  },
  {
    // The same list with the micro-cache off: what every request would cost from the database.
    names: ['GET /api/product?page=1&limit=10, micro-cache off'],
    run: (r) =>
      run(r, r.server, { ...r.env, CATALOG_CACHE_MS: '0' }, `${shop}/api/product?limit=1`, [
        `${shop}/api/product?page=1&limit=10`,
      ]),
  },
];

const runtimes = [];
for (const runtime of benchRuntimes()) runtimes.push(await prepare(runtime));
const measured = runtimes.map((runtime) => ({ runtime, rows: [] }));
// With two runtimes, each phase measures both back to back, the first one first in every other
// phase: the load of a shared machine drifts, and this keeps the drift from favouring either.
for (const [i, phase] of phases.entries()) {
  const order = i % 2 === 0 ? measured : [...measured].reverse();
  for (const entry of order) {
    const results = await phase.run(entry.runtime);
    entry.rows.push(...phase.names.map((name, j) => [name, results[j]]));
  }
}
for (const { runtime } of measured) fs.rmSync(runtime.dataDir, { recursive: true, force: true });

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
