// `npm run bench:sign-in-flood`: what a flood of failed sign-ins (50 connections, every one a
// real password check) does to the storefront's first page (index.html) and to a catalogue read,
// with a bare Fastify hello-world measured in the same run as the yardstick.
// BENCH_SERVER points at another build of the server (to measure a version before a change).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { measure, startProcess, waitFor } from './lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const server = path.resolve(process.env.BENCH_SERVER ?? path.join(root, 'server/dist/main.js'));
const webDist = path.join(root, 'web/dist');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const floodConnections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const shopPort = Number(process.env.BENCH_PORT ?? 3410);
const helloPort = shopPort + 1;
const shop = `http://127.0.0.1:${shopPort}`;

if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error('run `npm run build` first (web/dist)');

async function stopped(child) {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A reader of one page: two connections, one request after another, as browsers load it. */
async function probe(url, headers = {}) {
  const result = await autocannon({ url, headers, connections: 2, duration: seconds });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const page = () => probe(`${shop}/`, { 'accept-encoding': 'br, gzip' });
const catalogue = () => probe(`${shop}/api/product?page=1&limit=10`);

// The yardstick first, alone on the machine.
const helloChild = await startProcess(path.join(import.meta.dirname, 'hello-server.mjs'), { PORT: String(helloPort) });
await waitFor(`http://127.0.0.1:${helloPort}/hello`);
const hello = await measure(`http://127.0.0.1:${helloPort}/hello`, { seconds, connections: 50 });
await stopped(helloChild);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-flood-bench-'));
const shopChild = await startProcess(server, {
  PORT: String(shopPort),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  WEB_DIST: webDist,
  // Every sign-in of the flood reaches its password check: the limits would otherwise answer
  // 429 without hashing, which is what they are for, but not what this measures.
  AUTH_MAX_ATTEMPTS: '100000',
});
try {
  await waitFor(`${shop}/api/product?limit=1`);
  const email = `flood.${Date.now()}@example.com`;
  const signup = await fetch(`${shop}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: 'Flood',
      email,
      phone: '9876543210',
      password: 'Monsoon-Kurta-2026!',
    }),
  });
  if (signup.status !== 201) throw new Error(`sign-up failed: ${await signup.text()}`);

  // Warm both readers up, then measure them on a quiet server.
  await autocannon({ url: `${shop}/`, connections: 2, duration: 2 });
  await autocannon({ url: `${shop}/api/product?page=1&limit=10`, connections: 2, duration: 2 });
  const quiet = { page: await page(), catalogue: await catalogue() };

  // The flood: wrong passwords for a real account, from the start to the end of both readings.
  const flood = autocannon({
    url: `${shop}/api/auth/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'not-the-password' }),
    connections: floodConnections,
    duration: 2 * seconds + 4,
  });
  await pause(2000);
  const flooded = { page: await page(), catalogue: await catalogue() };
  const floodResult = await flood;
  const statuses = Object.entries(floodResult.statusCodeStats ?? {})
    .map(([status, { count }]) => `${status}×${count}`)
    .join(', ');

  const row = (name, r) =>
    `| ${name} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.maxMs ?? '–'} | ${r.errors} |`;
  console.log(
    `\n${os.cpus().length} cores, ${os.cpus()[0]?.model}, Node ${process.version}; server ${path.relative(root, server)}\n`,
  );
  console.log('| what | requests/s | p50 ms | p99 ms | max ms | errors |');
  console.log('|---|---:|---:|---:|---:|---:|');
  console.log(row('bare Fastify hello-world, 50 connections (yardstick)', { ...hello, maxMs: undefined }));
  console.log(row('GET / (index.html, br), quiet', quiet.page));
  console.log(row('GET /api/product?page=1&limit=10, quiet', quiet.catalogue));
  console.log(row(`GET / (index.html, br), during the flood`, flooded.page));
  console.log(row(`GET /api/product?page=1&limit=10, during the flood`, flooded.catalogue));
  console.log(
    row(`POST /api/auth/login, ${floodConnections} connections, wrong password (the flood)`, {
      requestsPerSecond: Math.round(floodResult.requests.average),
      p50Ms: floodResult.latency.p50,
      p99Ms: floodResult.latency.p99,
      maxMs: floodResult.latency.max,
      errors: floodResult.errors + floodResult.timeouts,
    }),
  );
  console.log(`\nFlood answers: ${statuses}`);
} finally {
  await stopped(shopChild);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
