// `npm run bench:catalogue [-- --products 100000]`: the catalogue at scale. Seeds N products
// (copies of the demo catalogue's 69, with their tags and images, under varied names, prices and
// dates, each in 4 colours × 5 sizes: 20 variants, some sold out) straight into SQLite and
// PostgreSQL, then measures the built server
// with its micro-cache off: p50/p99 of each kind of catalogue request, one at a time over a
// kept-alive connection, and the requests/s of a mixed browse of about 2,000 distinct URLs of
// the demo catalogue beside a bare Fastify hello-world measured in the same run.
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freshDatabase as freshDatabaseOf, serverScript, startProcess, waitFor } from './lib.mjs';

const argValue = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const productCount = Number(argValue('products', process.env.BENCH_PRODUCTS ?? 100_000));
const samples = Number(argValue('samples', process.env.BENCH_SAMPLES ?? 200));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const only = argValue('only', 'sqlite,postgres').split(',');
// --browse-only skips the catalogue at scale and measures the mixed browse and hello-world alone.
const browseOnly = process.argv.includes('--browse-only');
const seedOnly = process.argv.includes('--seed-only');
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// BENCH_PORT moves the six ports (default 3641–3646) so runs on one machine do not collide.
const port0 = Number(process.env.BENCH_PORT ?? 3641);
const ports = {
  sqlite: port0,
  postgres: port0 + 1,
  hello: port0 + 2,
  demoSqlite: port0 + 3,
  demoPostgres: port0 + 4,
  second: port0 + 5,
};
// How many variants the stock-change run sells out and restocks (each twice a change).
const stockChanges = Number(process.env.BENCH_STOCK_CHANGES ?? 30);
// The load comes from one address: the search budget per address (and every other) is raised.
const common = { LOG_LEVEL: 'error', WEB_DIST: '/nonexistent', HOST: '127.0.0.1', AUTH_MAX_ATTEMPTS: '1000000' };

const styles = ['Classic', 'Urban', 'Heritage', 'Coastal', 'Studio', 'Weekend', 'Monsoon', 'Festive', 'Travel'];
const finishes = ['Indigo', 'Charcoal', 'Sand', 'Ivory', 'Slate', 'Olive', 'Rose', 'Ash', 'Ochre', 'Teal', 'Plum'];

/** The N products to add, built from the demo rows read back from the database. */
function* copiesOf(demo, count, now) {
  for (let i = 0; i < count; i++) {
    const base = demo[i % demo.length];
    const round = Math.floor(i / demo.length);
    const name = `${styles[round % styles.length]} ${base.name} ${finishes[(round * 7 + i) % finishes.length]}`;
    // Prices spread over the bands and above, in whole paise; dates over two years.
    const price = Math.max(100, Math.round(base.price * (0.6 + ((i * 37) % 100) / 100)));
    const created = new Date(now - ((i * 7919) % (730 * 86_400)) * 1000).toISOString();
    yield {
      id: `bench${String(i).padStart(8, '0')}`,
      index: i,
      base,
      name,
      price,
      created,
      slug: `${base.slug}-b${i}`,
    };
  }
}

async function readDemo(query) {
  const products = await query(
    'select id, slug, name, description, category_id, price, original_price from products where is_active = 1',
  );
  const lists = {};
  for (const [table, cols] of [
    ['product_tags', 'product_id, tag'],
    ['product_images', 'product_id, position, url'],
  ]) {
    lists[table] = await query(`select ${cols} from ${table} order by product_id, ${cols.split(', ')[1]}`);
  }
  return products.map((p) => ({
    ...p,
    price: Number(p.price),
    tags: lists.product_tags.filter((r) => r.product_id === p.id),
    // The first two pictures, shared by every colour of the copy.
    images: lists.product_images.filter((r) => r.product_id === p.id).slice(0, 2),
  }));
}

/** The colours and sizes every copy is sold in: 4 × 5 = 20 variants. */
const palette = ['white', 'black', 'navy', 'grey', 'beige', 'olive', 'rust'];
const benchSizes = ['S', 'M', 'L', 'XL', 'XXL'];
/** Copy i's colours: 4 of the palette, in an order of its own. */
const colorsOf = (i) => [0, 1, 2, 3].map((k) => palette[(i + k * 2) % palette.length]);
/** Stock of copy i's colour c, size s: about one variant in six sold out, some colours wholly. */
const stockOf = (i, c, s) => ((i * 7 + c * 5 + s * 3) % 6 === 0 || (c === 3 && i % 5 === 0) ? 0 : 1 + ((i + s) % 40));

/** Rows for each table of one batch of copies. */
function rowsOf(batch) {
  const rows = { products: [], product_colors: [], product_tags: [], product_images: [], product_variants: [] };
  for (const c of batch) {
    const b = c.base;
    rows.products.push([
      c.id,
      c.slug,
      c.name,
      c.name.toLowerCase(),
      b.description,
      b.category_id,
      c.price,
      b.original_price === null ? null : Math.max(c.price + 100, Number(b.original_price)),
      1,
      c.created,
      c.created,
    ]);
    const i = c.index;
    colorsOf(i).forEach((color, k) => {
      rows.product_colors.push([c.id, color, k]);
      benchSizes.forEach((size, s) =>
        rows.product_variants.push([c.id, color, size, s, `B${i}-${k}-${size}`, stockOf(i, k, s)]),
      );
    });
    for (const r of b.tags) rows.product_tags.push([c.id, r.tag]);
    b.images.forEach((r, k) => rows.product_images.push([c.id, k, r.url]));
  }
  return rows;
}
const columns = {
  products:
    'id, slug, name, search_text, description, category_id, price, original_price, is_active, created_at, updated_at',
  product_colors: 'product_id, color, position',
  product_tags: 'product_id, tag',
  product_images: 'product_id, position, url',
  product_variants: 'product_id, color, size, size_position, sku, stock',
};

async function seedSqlite(file, count) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(file);
  const demo = await readDemo(async (q) => db.prepare(q).all());
  const statements = Object.fromEntries(
    Object.entries(columns).map(([table, cols]) => [
      table,
      db.prepare(`insert into ${table} (${cols}) values (${cols.split(',').map(() => '?')})`),
    ]),
  );
  const insertAll = db.transaction((batch) => {
    const rows = rowsOf(batch);
    for (const [table, list] of Object.entries(rows)) for (const r of list) statements[table].run(r);
  });
  let batch = [];
  for (const copy of copiesOf(demo, count, Date.now())) {
    batch.push(copy);
    if (batch.length === 5000) insertAll(batch.splice(0));
  }
  if (batch.length) insertAll(batch);
  db.exec('analyze');
  db.close();
}

async function seedPostgres(url, count) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const demo = await readDemo(async (q) => (await client.query(q)).rows);
  const insert = async (table, list) => {
    const width = columns[table].split(',').length;
    // At most 60,000 parameters a statement (PostgreSQL's limit is 65,535).
    const per = Math.floor(60_000 / width);
    for (let i = 0; i < list.length; i += per) {
      const chunk = list.slice(i, i + per);
      const values = chunk.map((_, r) => `(${Array.from({ length: width }, (_, k) => `$${r * width + k + 1}`)})`);
      await client.query(`insert into ${table} (${columns[table]}) values ${values}`, chunk.flat());
    }
  };
  let batch = [];
  const flush = async () => {
    const rows = rowsOf(batch.splice(0));
    await client.query('begin');
    for (const table of Object.keys(columns)) await insert(table, rows[table]);
    await client.query('commit');
  };
  for (const copy of copiesOf(demo, count, Date.now())) {
    batch.push(copy);
    if (batch.length === 5000) await flush();
  }
  if (batch.length) await flush();
  await client.query('analyze');
  await client.end();
}

async function stop(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/** Starts the server once on `env` so it migrates (and seeds the demo catalogue), then stops it. */
async function prepare(env, port) {
  const child = await startProcess(serverScript, { ...common, ...env, PORT: String(port) });
  try {
    await waitFor(`http://127.0.0.1:${port}/api/health/ready`, 120_000);
  } finally {
    await stop(child);
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function get(base, url) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(base + url, { agent }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode, body: Buffer.concat(chunks), ms: performance.now() - started }),
        );
      })
      .on('error', reject);
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** p50/p99 of `samples` requests to `url`, one at a time, after a few to warm up. */
async function latency(base, url) {
  for (let i = 0; i < 10; i++) await get(base, url);
  const times = [];
  let errors = 0;
  for (let i = 0; i < samples; i++) {
    const res = await get(base, url);
    if (res.status !== 200) errors += 1;
    times.push(res.ms);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), errors };
}

/** The kinds of request the issue names, for a catalogue of `count` products. */
async function requestsFor(base, count) {
  const first = JSON.parse((await get(base, '/api/product?limit=1')).body).data;
  const productId = first.products[0]._id;
  const deep = Math.max(1, Math.floor(count / 10 / 2));
  const rows = [];
  for (const sort of ['price', '-price', 'newest', 'name']) {
    rows.push([`list page 1, sort ${sort}`, `/api/product?sort=${sort}&limit=10`]);
    rows.push([`list page ${deep}, sort ${sort}`, `/api/product?sort=${sort}&limit=10&page=${deep}`]);
  }
  rows.push(
    ['filter colour (in stock)', '/api/product?color=navy&limit=10'],
    ['filter size (in stock)', '/api/product?size=M&limit=10'],
    ['filter colour and size', '/api/product?color=navy&size=XL&limit=10'],
    ['filter in stock only', '/api/product?inStock=true&limit=10'],
    ['filter in stock, deep page', `/api/product?inStock=true&limit=10&page=${deep}`],
    ['filter tag', '/api/product?tag=Shirt&limit=10'],
    ['filter collection', '/api/product?category=mens-clothing&limit=10'],
    ['filter price band', '/api/product?minPrice=50&maxPrice=100&limit=10'],
    [
      'filters combined',
      '/api/product?color=navy&size=L&inStock=true&tag=Shirt&category=mens-clothing&minPrice=0&maxPrice=150&limit=10',
    ],
    ['search that hits ("oxford shirt")', '/api/product?q=oxford%20shirt&limit=10'],
    ['search with a typo ("oxfrod shirt")', '/api/product?q=oxfrod%20shirt&limit=10'],
    ['search that misses', '/api/product?q=zzyzx%20qwv&limit=10'],
    ['/product/search?q=linen', '/api/product/search?q=linen&limit=10'],
    ['category page', '/api/product/category/mens-shirts?limit=10'],
    ['product detail', `/api/product/${productId}`],
    ['search suggestions ("oxf")', '/api/product/suggestions?q=oxf'],
  );
  return rows;
}

/** About 2,000 distinct browse URLs of the demo catalogue: pages, sorts, filters, searches, products. */
async function browseUrls(base) {
  const all = JSON.parse((await get(base, '/api/product?limit=100')).body).data.products;
  const urls = new Set();
  const words = [...new Set(all.flatMap((p) => p.name.toLowerCase().split(/\s+/)))].filter((w) => w.length > 3);
  for (const p of all) urls.add(`/api/product/${p._id}`);
  for (const sort of ['price', '-price', 'newest', 'name'])
    for (const category of ['', 'mens-clothing', 'womens-clothing', 'jewelery', 'mens-shirts'])
      for (const color of ['', 'white', 'black', 'navy'])
        for (const price of ['', '0-50', '50-100', '100-150'])
          for (const [page, tag] of [
            [1, ''],
            [2, ''],
            [1, 'Shirt'],
            [1, 'T-Shirt'],
          ]) {
            const q = new URLSearchParams({ sort, page: String(page), limit: '6' });
            if (category) q.set('category', category);
            if (color) q.set('color', color);
            if (tag) q.set('tag', tag);
            if (price) {
              const [min, max] = price.split('-');
              q.set('minPrice', min);
              q.set('maxPrice', max);
            }
            urls.add(`/api/product?${q}`);
          }
  for (const word of words) {
    urls.add(`/api/product?q=${encodeURIComponent(word)}&limit=6`);
    urls.add(`/api/product/search?q=${encodeURIComponent(word)}&limit=6`);
  }
  return [...urls].slice(0, 2000);
}

async function throughput(base, paths) {
  const requests = paths.map((p) => ({ method: 'GET', path: p }));
  const opts = { url: base, connections, requests };
  await autocannon({ ...opts, duration: 3 });
  const r = await autocannon({ ...opts, duration: seconds });
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
  };
}

const results = { latency: {}, browse: {}, memory: {}, stock: {} };

/** The main thread's and every other thread's CPU time of a process so far, in ms (Linux). */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** One statement on the bench's own connection to the database: another process's write. */
async function writerOf(dialect, database) {
  if (dialect === 'sqlite') {
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(database.file);
    db.pragma('busy_timeout = 5000');
    return {
      run: async (statement, params) => db.prepare(statement).run(...params),
      all: async (statement, params) => db.prepare(statement).all(...params),
      close: async () => db.close(),
    };
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const numbered = (statement) => {
    let n = 0;
    return statement.replace(/\?/g, () => `$${++n}`);
  };
  return {
    run: async (statement, params) => client.query(numbered(statement), params),
    all: async (statement, params) => (await client.query(numbered(statement), params)).rows,
    close: () => client.end(),
  };
}

/**
 * A variant's stock set to 0, then back, by a statement of another process, `stockChanges` times:
 * how long until each of the two server processes shows it (the count of products with that
 * colour and size in stock moves by one), and what it cost each process's CPU beside the same
 * number of lists with no change.
 */
async function measureStockChanges(dialect, database, servers) {
  const writer = await writerOf(dialect, database);
  const url = '/api/product?color=navy&size=M&limit=1';
  const total = async (base) => JSON.parse((await get(base, url)).body).data.total;
  const seen = [];
  /** How long until `base` answers `expected`, and how many lists that took. */
  const until = async (base, expected, since) => {
    for (let polls = 1; ; polls++) {
      if ((await total(base)) === expected) return { ms: performance.now() - since, polls };
      if (performance.now() - since > 10_000) throw new Error(`${base} did not show a stock change in 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  };
  try {
    const products = await writer.all(
      "select product_id, stock from product_variants where color = 'navy' and size = 'M' and stock > 0 order by product_id limit ?",
      [stockChanges],
    );
    // The same lists without a change first: what a poll costs each process.
    const idleBefore = servers.map((s) => cpuMs(s.pid));
    for (let i = 0; i < 200; i++) for (const s of servers) await total(s.base);
    const perPoll = servers.map((s, k) => (cpuMs(s.pid) - idleBefore[k]) / 200);
    const before = servers.map((s) => cpuMs(s.pid));
    const pollsOf = servers.map(() => 0);
    for (const { product_id: id, stock } of products) {
      for (const value of [0, stock]) {
        const expected = await Promise.all(servers.map((s) => total(s.base)));
        await writer.run(
          "update product_variants set stock = ? where product_id = ? and color = 'navy' and size = 'M'",
          [value, id],
        );
        const committed = performance.now();
        await Promise.all(
          servers.map(async (s, k) => {
            const shown = await until(s.base, expected[k] + (value === 0 ? -1 : 1), committed);
            seen.push(shown.ms);
            pollsOf[k] += shown.polls;
          }),
        );
      }
    }
    const cost = servers.map(
      (s, k) => (cpuMs(s.pid) - before[k] - (pollsOf[k] + products.length * 2) * perPoll[k]) / (products.length * 2),
    );
    seen.sort((a, b) => a - b);
    results.stock[dialect] = {
      changes: products.length * 2,
      p50: percentile(seen, 50),
      p99: percentile(seen, 99),
      max: seen.at(-1),
      cpuPerChange: cost,
      perPoll,
    };
  } finally {
    await writer.close();
  }
}

/** A server process's memory: its peak (VmHWM) and what it holds now (VmRSS), in MB. */
function memoryMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
  return { peak: mb('VmHWM'), now: mb('VmRSS') };
}
/** A new, empty database of `dialect` as the server's environment, or null when PostgreSQL does not answer. */
const freshDatabase = (dialect) => freshDatabaseOf(dialect, postgresUrl, 'catalogue');

async function measureAtScale(dialect) {
  const port = ports[dialect];
  const database = await freshDatabase(dialect);
  if (!database) return;
  const { env, drop } = database;
  await prepare(env, port);
  const started = performance.now();
  if (dialect === 'sqlite') await seedSqlite(database.file, productCount);
  else await seedPostgres(database.url, productCount);
  console.error(`${dialect}: ${productCount} products seeded in ${Math.round(performance.now() - started)} ms`);
  // --seed-only: the database is left seeded, for a look at a server on it, and nothing measured.
  if (seedOnly) {
    console.log(JSON.stringify(env));
    return;
  }
  const child = await startProcess(serverScript, {
    ...common,
    ...env,
    PORT: String(port),
    CATALOG_CACHE_MS: '0',
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/api/health/ready`, 120_000);
    for (const [name, url] of await requestsFor(base, productCount + 69)) {
      results.latency[name] ??= {};
      results.latency[name][dialect] = await latency(base, url);
    }
    results.memory[dialect] = memoryMb(child.pid);
    // A second process on the same database, its index loaded, then the stock changes.
    const second = await startProcess(serverScript, {
      ...common,
      ...env,
      PORT: String(ports.second),
      CATALOG_CACHE_MS: '0',
    });
    try {
      const secondBase = `http://127.0.0.1:${ports.second}`;
      await waitFor(`${secondBase}/api/health/ready`, 120_000);
      await get(secondBase, '/api/product?limit=1');
      await measureStockChanges(dialect, database, [
        { base, pid: child.pid },
        { base: secondBase, pid: second.pid },
      ]);
    } finally {
      await stop(second);
    }
  } finally {
    await stop(child);
    await drop();
  }
}

async function measureBrowse(dialect) {
  const port = dialect === 'sqlite' ? ports.demoSqlite : ports.demoPostgres;
  const database = await freshDatabase(dialect);
  if (!database) return;
  const { env, drop } = database;
  const child = await startProcess(serverScript, { ...common, ...env, PORT: String(port) });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/api/health/ready`, 120_000);
    const urls = await browseUrls(base);
    results.browse[dialect] = { ...(await throughput(base, urls)), urls: urls.length };
  } finally {
    await stop(child);
    await drop();
  }
}

if (!browseOnly) for (const dialect of only) await measureAtScale(dialect);
if (seedOnly) process.exit(0);
const hello = await startProcess(path.join(import.meta.dirname, 'hello-server.mjs'), { PORT: String(ports.hello) });
try {
  await waitFor(`http://127.0.0.1:${ports.hello}/hello`);
  results.hello = await throughput(`http://127.0.0.1:${ports.hello}`, ['/hello']);
  results.helloLatency = await latency(`http://127.0.0.1:${ports.hello}`, '/hello');
} finally {
  await stop(hello);
}
for (const dialect of only) await measureBrowse(dialect);

const ms = (v) => (v === undefined ? '–' : v.toFixed(1));
console.log(
  `\n${os.cpus().length} cores, ${os.cpus()[0]?.model}, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(
      ' ',
    )}; ${productCount} products + the 69 of the demo; micro-cache off; ${samples} requests each, one at a time\n`,
);
console.log('| request | SQLite p50 ms | SQLite p99 ms | PostgreSQL p50 ms | PostgreSQL p99 ms | errors |');
console.log('|---|---:|---:|---:|---:|---:|');
console.log(
  `| bare Fastify hello-world (yardstick) | ${ms(results.helloLatency.p50)} | ${ms(results.helloLatency.p99)} | | | ${results.helloLatency.errors} |`,
);
for (const [name, byDialect] of Object.entries(results.latency)) {
  const s = byDialect.sqlite;
  const p = byDialect.postgres;
  console.log(
    `| ${name} | ${ms(s?.p50)} | ${ms(s?.p99)} | ${ms(p?.p50)} | ${ms(p?.p99)} | ${(s?.errors ?? 0) + (p?.errors ?? 0)} |`,
  );
}
console.log(
  `\nMemory of the server process, its catalogue loaded, after the requests above (peak / now): ${Object.entries(
    results.memory,
  )
    .map(([d, mb]) => `${d} ${mb.peak} / ${mb.now} MB`)
    .join(', ')}`,
);
for (const [dialect, r] of Object.entries(results.stock)) {
  console.log(
    `\nStock changes on ${dialect} (${r.changes}: a variant sold out, then restocked, by another process's statement): ` +
      `shown by both processes within p50 ${ms(r.p50)} ms, p99 ${ms(r.p99)} ms, at most ${ms(r.max)} ms; ` +
      `CPU per change beside the same lists unchanged: ${r.cpuPerChange.map((c) => `${ms(c)} ms`).join(' and ')} ` +
      `(a list: ${r.perPoll.map((c) => `${ms(c)} ms`).join(' and ')})`,
  );
}
console.log(`\nMixed browse of the demo catalogue (${connections} connections, ${seconds} s after a 3 s warm-up):\n`);
console.log('| server | distinct URLs | requests/s | p50 ms | p99 ms | errors | share of hello-world |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
console.log(
  `| bare Fastify hello-world | 1 | ${results.hello.rps} | ${results.hello.p50} | ${results.hello.p99} | ${results.hello.errors} | 100% |`,
);
for (const [dialect, r] of Object.entries(results.browse)) {
  const share = Math.round((r.rps / results.hello.rps) * 100);
  console.log(`| shop on ${dialect} | ${r.urls} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${share}% |`);
}
