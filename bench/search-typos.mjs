// `npm run bench:typos`: search with typos at a vocabulary of 20,000 distinct words.
//
// 1. In this process, core's rules as the source has them (bundled here with esbuild): the time
//    of one unique typo query by a scan of the vocabulary (`nearestWords`, the rule's
//    definition and what search did before) and by the typo index, the index's build time and
//    memory, and the time to make it from the one before when a few words change.
// 2. The built server (`BENCH_SERVER` measures another build) on a SQLite catalogue whose
//    products' names hold 20,000 distinct words, beside a bare Fastify hello-world: the main
//    thread's CPU time per unique typo query sent one at a time, then four connections sending
//    unique typo queries while one more reads the first page of the list (its latency, against
//    the same reader on the quiet server), and the server's peak memory. The search budget per
//    address is raised (AUTH_MAX_ATTEMPTS) so that every query is worked out; a last run with
//    the shop's own budget shows how the flood fares then.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import { freshDatabase, serverScript, startProcess, waitFor } from './lib.mjs';

const WORDS = Number(process.env.BENCH_WORDS ?? 20_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 500);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
// BENCH_PORT moves the two ports (default 3770–3771).
const port0 = Number(process.env.BENCH_PORT ?? 3770);
const ports = { shop: port0, hello: port0 + 1 };
const common = { LOG_LEVEL: 'error', WEB_DIST: '/nonexistent', HOST: '127.0.0.1' };
const root = path.resolve(import.meta.dirname, '..');

/** `count` distinct made-up words of 5–10 letters, consonant then vowel ("bokarise"), the same every run. */
function madeUpWords(count, seed = 1) {
  const consonants = 'bcdfghjklmnprstvz';
  const vowels = 'aeiou';
  const words = new Set();
  let state = seed;
  const pick = (letters) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return letters[(state >>> 16) % letters.length];
  };
  while (words.size < count) {
    const length = 5 + (words.size % 6);
    let word = '';
    for (let i = 0; i < length; i++) word += pick(i % 2 === 0 ? consonants : vowels);
    words.add(word);
  }
  return [...words];
}

/**
 * Unique typo queries: a word with two neighbouring letters swapped (a vowel before a
 * consonant, so never a catalogue word nor the start of one), each position of each word once.
 */
function* typoQueries(words) {
  for (let at = 1; ; at += 2) {
    for (const word of words) {
      if (at + 1 < word.length) yield `${word.slice(0, at)}${word[at + 1]}${word[at]}${word.slice(at + 2)}`;
    }
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const round = (n, digits = 2) => Number(n.toFixed(digits));

// ------------------------------------------------------------------------------------------
// 1. In this process.

async function loadCore() {
  const out = path.join(os.tmpdir(), `shop-bench-core-${process.pid}.mjs`);
  await build({
    entryPoints: [path.join(root, 'packages/core/src/index.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: out,
    logLevel: 'warning',
  });
  try {
    return await import(pathToFileURL(out).href);
  } finally {
    fs.rmSync(out, { force: true });
  }
}

/** Each query's time (wall clock: the machine's other work shows in it), and the CPU time they took. */
function timePerQuery(queries, find) {
  const times = [];
  let found = 0;
  const cpuBefore = process.cpuUsage();
  for (const q of queries) {
    const started = performance.now();
    found += find(q).length;
    times.push(performance.now() - started);
  }
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  return {
    cpuMs: (cpu.user + cpu.system) / 1000 / queries.length,
    meanMs: times.reduce((s, t) => s + t, 0) / times.length,
    p50Ms: percentile(times, 50),
    p99Ms: percentile(times, 99),
    found,
  };
}

async function inProcess() {
  const { TypoIndex, nearestWords } = await loadCore();
  const byText = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
  const words = madeUpWords(WORDS);
  const vocabulary = [...words].sort(byText);
  const queries = [];
  for (const q of typoQueries(words)) if (queries.push(q) >= QUERIES) break;

  const settled = async () => {
    for (let i = 0; i < 3; i++) {
      globalThis.gc?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    return process.memoryUsage();
  };
  const heapBefore = await settled();
  let started = performance.now();
  const index = TypoIndex.of(vocabulary);
  const buildMs = performance.now() - started;
  const heapAfter = await settled();

  // The two must agree before their times mean anything.
  for (const q of queries.slice(0, 200)) {
    if (JSON.stringify(index.nearest(q)) !== JSON.stringify(nearestWords(q, vocabulary))) {
      throw new Error(`the index and the scan disagree on ${q}`);
    }
  }
  const scan = timePerQuery(queries, (q) => nearestWords(q, vocabulary));
  const indexed = timePerQuery(queries, (q) => index.nearest(q));

  // Ten words go and ten come, as when a few products are renamed.
  const renamed = [...vocabulary.slice(10), ...madeUpWords(WORDS + 10, 2).slice(-10)].sort(byText);
  started = performance.now();
  const next = TypoIndex.of(renamed, index);
  const updateMs = performance.now() - started;
  started = performance.now();
  const same = TypoIndex.of([...vocabulary], index);
  const unchangedMs = performance.now() - started;
  if (same !== index) throw new Error('an unchanged vocabulary made a new index');

  return {
    words: WORDS,
    queries: queries.length,
    scan,
    indexed,
    buildMs,
    updateMs,
    unchangedMs,
    stats: index.stats(),
    nextStats: next.stats(),
    heapMb: {
      heap: (heapAfter.heapUsed - heapBefore.heapUsed) / 2 ** 20,
      arrayBuffers: (heapAfter.arrayBuffers - heapBefore.arrayBuffers) / 2 ** 20,
      measured: Boolean(globalThis.gc),
    },
  };
}

// ------------------------------------------------------------------------------------------
// 2. The built server.

/** Products whose names hold every word once (four words a name), straight into the database. */
async function seedWords(file, words) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(file);
  const insert = db.prepare(
    `insert into products (id, slug, name, search_text, description, category_id, price, original_price,
       is_active, created_at, updated_at) values (?, ?, ?, ?, '', 'mens-shirts', ?, null, 1, ?, ?)`,
  );
  // One variant each: no colour named, size M.
  const size = db.prepare(
    `insert into product_variants (product_id, color, size, size_position, sku, stock) values (?, '', 'M', 0, ?, 5)`,
  );
  const now = new Date().toISOString();
  db.transaction(() => {
    for (let i = 0; i * 4 < words.length; i++) {
      const name = words
        .slice(i * 4, i * 4 + 4)
        .map((w) => w[0].toUpperCase() + w.slice(1))
        .join(' ');
      const id = `typo${String(i).padStart(8, '0')}`;
      insert.run(id, `bench-typo-${i}`, name, name.toLowerCase(), 50_000 + (i % 500) * 100, now, now);
      size.run(id, `TYPO-${i}-M`);
    }
  })();
  db.close();
}

async function stop(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/** CPU time (ms) the process's main thread has used so far (Linux; 0 elsewhere). */
function mainThreadCpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

function peakMemoryMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** `paths` one at a time: p50/p99 and the main thread's CPU per request. */
async function oneAtATime(base, pid, paths) {
  const times = [];
  let errors = 0;
  const cpuBefore = mainThreadCpuMs(pid);
  for (const p of paths) {
    const started = performance.now();
    const res = await fetch(base + p);
    await res.arrayBuffer();
    times.push(performance.now() - started);
    if (res.status !== 200) errors += 1;
  }
  const cpu = mainThreadCpuMs(pid) - cpuBefore;
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), cpuPerRequestMs: cpu / paths.length, errors };
}

/** The reader (one connection, the list's first page) alone, or beside four connections of unique typo queries. */
async function reader(base, pid, flood) {
  const queries = flood ? typoQueries(madeUpWords(WORDS)) : null;
  const cpuBefore = mainThreadCpuMs(pid);
  const runs = [
    autocannon({ url: `${base}/api/product?page=1&limit=10`, connections: 1, duration: seconds }),
    ...(flood
      ? [
          autocannon({
            url: base,
            connections: 4,
            duration: seconds,
            requests: [
              { method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/product?q=${queries.next().value}` }) },
            ],
          }),
        ]
      : []),
  ];
  const [read, typo] = await Promise.all(runs);
  const cpu = mainThreadCpuMs(pid) - cpuBefore;
  const statusCounts = (r) => ({ ok: r['2xx'], refused: r.non2xx });
  return {
    reader: {
      rps: Math.round(read.requests.average),
      p50: read.latency.p50,
      p99: read.latency.p99,
      max: read.latency.max,
    },
    ...(typo && {
      flood: {
        rps: Math.round(typo.requests.average),
        p50: typo.latency.p50,
        p99: typo.latency.p99,
        ...statusCounts(typo),
      },
      cpuPerFloodRequestMs: cpu / Math.max(1, typo['2xx'] + typo.non2xx),
    }),
  };
}

async function onServer() {
  const database = await freshDatabase('sqlite', '', 'typos');
  const results = {};
  try {
    // Migrate and seed the demo catalogue, then add the words' products.
    let child = await startProcess(serverScript, { ...common, ...database.env, PORT: String(ports.shop) });
    await waitFor(`http://127.0.0.1:${ports.shop}/api/health/ready`, 120_000);
    await stop(child);
    await seedWords(database.file, madeUpWords(WORDS));

    const base = `http://127.0.0.1:${ports.shop}`;
    const queries = [];
    for (const q of typoQueries(madeUpWords(WORDS).slice(WORDS / 2))) if (queries.push(q) >= QUERIES) break;
    for (const [name, env] of [
      ['raised', { AUTH_MAX_ATTEMPTS: '1000000' }],
      ['shop', {}],
    ]) {
      child = await startProcess(serverScript, { ...common, ...database.env, ...env, PORT: String(ports.shop) });
      try {
        await waitFor(`${base}/api/health/ready`, 120_000);
        // The index is read at the first list; a few searches warm the code up.
        for (const q of queries.slice(0, 10)) await (await fetch(`${base}/api/product?q=${q}x`)).arrayBuffer();
        const run = {};
        if (name === 'raised') {
          run.sequential = await oneAtATime(
            base,
            child.pid,
            queries.map((q) => `/api/product?q=${q}`),
          );
          run.quiet = await reader(base, child.pid, false);
        }
        run.busy = await reader(base, child.pid, true);
        run.peakMemoryMb = peakMemoryMb(child.pid);
        results[name] = run;
      } finally {
        await stop(child);
      }
    }
  } finally {
    await database.drop();
  }

  const hello = await startProcess(path.join(import.meta.dirname, 'hello-server.mjs'), { PORT: String(ports.hello) });
  try {
    const helloBase = `http://127.0.0.1:${ports.hello}`;
    await waitFor(`${helloBase}/hello`);
    results.hello = await oneAtATime(
      helloBase,
      hello.pid,
      Array.from({ length: QUERIES }, () => '/hello'),
    );
  } finally {
    await stop(hello);
  }
  return results;
}

// ------------------------------------------------------------------------------------------

const local = await inProcess();
const server = await onServer();
const f = (n) => round(n, 3);

console.log(
  `\n${os.cpus().length} cores, ${os.cpus()[0]?.model}, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; server: ${path.relative(root, serverScript)}`,
);
console.log(`\nIn this process: ${local.words} words, ${local.queries} unique typo queries (ms per query)\n`);
console.log('| typo candidates        | CPU ms | mean ms | p50 ms | p99 ms | words found |');
console.log('| ---------------------- | -----: | ------: | -----: | -----: | ----------: |');
for (const [name, r] of [
  ['scan of the vocabulary', local.scan],
  ['typo index', local.indexed],
])
  console.log(`| ${name.padEnd(22)} | ${f(r.cpuMs)} | ${f(r.meanMs)} | ${f(r.p50Ms)} | ${f(r.p99Ms)} | ${r.found} |`);
console.log(
  `\nindex: ${local.stats.words} words, ${local.stats.entries} entries, ${round(local.stats.bytes / 2 ** 20, 1)} MB of typed arrays` +
    (local.heapMb.measured
      ? ` (heap +${round(local.heapMb.heap, 1)} MB, array buffers +${round(local.heapMb.arrayBuffers, 1)} MB)`
      : ' (run node --expose-gc for the heap figures)') +
    `; built in ${round(local.buildMs, 1)} ms; made from the one before in ${round(local.updateMs, 1)} ms when 10 words go and 10 come (${local.nextStats.gone} gone), ${round(local.unchangedMs, 2)} ms when none do`,
);

const { raised, shop, hello } = server;
console.log(`\nThe built server, ${WORDS} words in the catalogue's names\n`);
console.log(
  '| what                                                   | p50 ms | p99 ms | main-thread CPU per request ms |',
);
console.log(
  '| ------------------------------------------------------ | -----: | -----: | -----------------------------: |',
);
console.log(
  `| bare Fastify hello-world, one at a time                | ${f(hello.p50)} | ${f(hello.p99)} | ${f(hello.cpuPerRequestMs)} |`,
);
console.log(
  `| unique typo query (/api/product?q=…), one at a time    | ${f(raised.sequential.p50)} | ${f(raised.sequential.p99)} | ${f(raised.sequential.cpuPerRequestMs)} |`,
);
console.log(`\nThe list's first page, one connection, ${seconds} s:\n`);
console.log(
  '| while                                                   | reader req/s | p50 ms | p99 ms | max ms | flood req/s | flood answered / refused | CPU per flood request ms |',
);
console.log(
  '| ------------------------------------------------------- | -----------: | -----: | -----: | -----: | ----------: | -----------------------: | -----------------------: |',
);
const row = (label, r) =>
  console.log(
    `| ${label.padEnd(55)} | ${r.reader.rps} | ${r.reader.p50} | ${r.reader.p99} | ${r.reader.max} | ${r.flood?.rps ?? ''} | ${
      r.flood ? `${r.flood.ok} / ${r.flood.refused}` : ''
    } | ${r.cpuPerFloodRequestMs === undefined ? '' : f(r.cpuPerFloodRequestMs)} |`,
  );
row('quiet', raised.quiet);
row('4 connections of unique typo queries, budget raised', raised.busy);
row("4 connections of unique typo queries, the shop's budget", shop.busy);
console.log(
  `\npeak memory of the server process: ${raised.peakMemoryMb} MB (budget raised run), ${shop.peakMemoryMb} MB`,
);
if (raised.sequential.errors > 0) process.exitCode = 1;
