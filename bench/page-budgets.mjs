// `node bench/page-budgets.mjs`: page budgets of the built storefront in Chromium, as a phone sees
// it: 375 × 800 viewport, CPU slowed down 4× (CDP Emulation.setCPUThrottlingRate), cold cache.
// Builds nothing: run `npm run build` first. Starts the built server on its own port and a
// throwaway database, loads /, /products and /product/{id} BENCH_RUNS times each (median kept),
// and prints a table and whether the targets hold (issue "Home page, collaboration page, and the
// storefront's finish", then issue 14's server-rendered pages):
//   - initial JavaScript of the home route ≤ 120 KB gzip,
//   - CLS 0 and LCP < 1.0 s on every route.
// A script, not a test: it prints, and exits 0 whether or not the targets hold.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { startProcess, waitFor } from './lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const webDist = path.join(root, 'web/dist');
const runs = Number(process.env.BENCH_RUNS ?? 5);
const port = Number(process.env.BENCH_PORT ?? 3311);
const origin = `http://127.0.0.1:${port}`;
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const cpuSlowdown = 4;
const viewport = { width: 375, height: 800 };
const targets = { homeJsGzipKb: 120, cls: 0, lcpMs: 1000 };

const kb = (bytes) => bytes / 1024;
const gzipSize = (buffer) => zlib.gzipSync(buffer, { level: 9 }).length;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

if (!fs.existsSync(path.join(webDist, 'index.html')) || !fs.existsSync(path.join(root, 'server/dist/main.js'))) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}

// Collects LCP, layout shifts (without recent input), long tasks and FCP from the page itself.
function installObservers() {
  const perf = { lcp: 0, shifts: [], longTasks: [], fcp: 0 };
  globalThis.__budgets = perf;
  const observe = (type, onEntry) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true });
    } catch {
      // An entry type this browser does not know: that figure stays empty.
    }
  };
  observe('largest-contentful-paint', (e) => (perf.lcp = e.startTime));
  observe('layout-shift', (e) => !e.hadRecentInput && perf.shifts.push({ value: e.value, time: e.startTime }));
  observe('longtask', (e) => perf.longTasks.push({ start: e.startTime, duration: e.duration }));
  observe('paint', (e) => e.name === 'first-contentful-paint' && (perf.fcp = e.startTime));
}

/** CLS as Chromium reports it: the largest session window (gaps < 1 s, windows ≤ 5 s). */
function cumulativeLayoutShift(shifts) {
  let worst = 0;
  let current = 0;
  let windowStart = -Infinity;
  let last = -Infinity;
  for (const shift of shifts) {
    if (shift.time - last > 1000 || shift.time - windowStart > 5000) {
      current = 0;
      windowStart = shift.time;
    }
    current += shift.value;
    last = shift.time;
    worst = Math.max(worst, current);
  }
  return worst;
}

/** One cold load of `route`; the scripts it fetched and the figures the page observed. */
async function measure(browser, route) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  await page.addInitScript(installObservers);

  const scripts = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      response.body().then(
        (body) => ({
          url: response.url(),
          transferred: Number(response.headers()['content-length'] ?? body.length),
          encoding: response.headers()['content-encoding'] ?? 'none',
          raw: body.length,
          gzip: gzipSize(body),
        }),
        () => null,
      ),
    );
  });
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));

  await page.goto(origin + route, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  // Let late paints and shifts land (lazy images, fonts), then read the figures.
  await page.waitForTimeout(2500);
  const perf = await page.evaluate(() => globalThis.__budgets);
  const loaded = (await Promise.all(scripts)).filter(Boolean);
  await context.close();

  // Total blocking time: the part over 50 ms of every long task after the first paint.
  const tbt = perf.longTasks
    .filter((task) => task.start + task.duration > perf.fcp)
    .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
  return {
    lcp: perf.lcp,
    fcp: perf.fcp,
    cls: cumulativeLayoutShift(perf.shifts),
    tbt,
    scripts: loaded,
    errors,
  };
}

/** The scripts index.html loads at once (entry and modulepreloads), gzipped from web/dist. */
function entryScriptsOnDisk() {
  const html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const refs = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((m) => m[1]);
  return refs.map((ref) => {
    const file = path.join(webDist, ref.replace(/^\//, ''));
    const body = fs.readFileSync(file);
    return { file: ref, raw: body.length, gzip: gzipSize(body) };
  });
}

// --- Where the bytes of a bundle come from, read from its source map. ---

const base64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const base64Value = new Map([...base64].map((c, i) => [c, i]));

function decodeVlq(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = base64Value.get(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** "../../node_modules/react-dom/cjs/x.js" → "react-dom"; "../src/features/home/x.tsx" → "web/src/features/home". */
function groupOf(source) {
  const normal = source.replace(/\\/g, '/');
  const nm = normal.lastIndexOf('node_modules/');
  if (nm !== -1) {
    const parts = normal.slice(nm + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const inPackages = /packages\/([^/]+)\//.exec(normal);
  if (inPackages) return `packages/${inPackages[1]}`;
  const src = normal.indexOf('src/');
  if (src === -1) return normal;
  const parts = normal.slice(src).split('/');
  const depth = parts[1] === 'features' ? 3 : 2;
  return `web/${parts.slice(0, Math.min(depth, parts.length - 1)).join('/')}`;
}

/** Bytes of the generated file per source group, from the mappings of its `.map`. */
function bytesBySource(jsFile) {
  const mapFile = `${jsFile}.map`;
  if (!fs.existsSync(mapFile)) return null;
  const code = fs.readFileSync(jsFile, 'utf8');
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
  const lines = code.split('\n');
  const slices = new Map();
  const add = (group, text) => {
    if (!text) return;
    const list = slices.get(group) ?? [];
    list.push(text);
    slices.set(group, list);
  };
  let sourceIndex = 0;
  map.mappings.split(';').forEach((lineMappings, lineNo) => {
    const line = lines[lineNo] ?? '';
    let column = 0;
    let previous = null;
    for (const segment of lineMappings.split(',')) {
      if (!segment) continue;
      const fields = decodeVlq(segment);
      column += fields[0];
      if (previous) add(previous.group, line.slice(previous.column, column));
      if (fields.length >= 4) sourceIndex += fields[1];
      previous = { column, group: fields.length >= 4 ? groupOf(map.sources[sourceIndex]) : '(unmapped)' };
    }
    if (previous) add(previous.group, line.slice(previous.column));
  });
  return [...slices.entries()]
    .map(([group, parts]) => {
      const text = parts.join('');
      return { group, raw: Buffer.byteLength(text), gzip: gzipSize(Buffer.from(text)) };
    })
    .sort((a, b) => b.raw - a.raw);
}

function table(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  return [line(headers), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.map(line)].join('\n');
}

// --- Run ---

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-page-budgets-'));
const server = await startProcess(path.join(root, 'server/dist/main.js'), {
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  WEB_DIST: webDist,
  PUBLIC_URL: origin,
});
let browser;
try {
  const first = await (await waitFor(`${origin}/api/product?limit=1`)).json();
  const productId = first.data.products[0]._id;
  browser = await chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });

  const routes = ['/', '/products', `/product/${productId}`];
  const results = [];
  for (const route of routes) {
    const samples = [];
    for (let i = 0; i < runs; i += 1) samples.push(await measure(browser, route));
    results.push({ route, samples });
  }

  const home = results[0].samples[0];
  const homeScripts = home.scripts;
  const homeJs = {
    transferred: homeScripts.reduce((s, x) => s + x.transferred, 0),
    raw: homeScripts.reduce((s, x) => s + x.raw, 0),
    gzip: homeScripts.reduce((s, x) => s + x.gzip, 0),
  };
  const onDisk = entryScriptsOnDisk();

  console.log(
    `\nPage budgets: Chromium ${browser.version()}, ${viewport.width}×${viewport.height}, CPU ${cpuSlowdown}× slower, ` +
      `cold cache, network not throttled, median of ${runs} run(s); ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), Node ${process.version}\n`,
  );
  console.log(
    table(
      ['route', 'LCP ms', 'FCP ms', 'CLS', 'TBT ms', 'scripts', 'JS served KB', 'JS gzip KB'],
      results.map(({ route, samples }) => {
        const s = samples[0].scripts;
        return [
          route.startsWith('/product/') ? '/product/{id}' : route,
          Math.round(median(samples.map((x) => x.lcp))),
          Math.round(median(samples.map((x) => x.fcp))),
          median(samples.map((x) => x.cls)).toFixed(3),
          Math.round(median(samples.map((x) => x.tbt))),
          s.length,
          kb(s.reduce((a, x) => a + x.transferred, 0)).toFixed(1),
          kb(s.reduce((a, x) => a + x.gzip, 0)).toFixed(1),
        ];
      }),
    ),
  );

  console.log('\nScripts of the home route:');
  console.log(
    table(
      ['script', 'served as', 'served KB', 'gzip KB'],
      homeScripts.map((s) => [
        new URL(s.url).pathname,
        s.encoding,
        kb(s.transferred).toFixed(1),
        kb(s.gzip).toFixed(1),
      ]),
    ),
  );
  console.log(
    `index.html's own scripts on disk: ${onDisk.map((f) => `${f.file} ${kb(f.gzip).toFixed(1)} KB gzip`).join(', ')}`,
  );

  const errors = results.flatMap(({ route, samples }) => samples.flatMap((s) => s.errors.map((e) => `${route}: ${e}`)));
  if (errors.length) console.log(`\nConsole errors:\n  ${[...new Set(errors)].join('\n  ')}`);

  const verdict = (ok) => (ok ? 'holds' : 'FAILS');
  const jsOk = kb(homeJs.gzip) <= targets.homeJsGzipKb;
  console.log('\nTargets:');
  console.log(
    `  home initial JS ≤ ${targets.homeJsGzipKb} KB gzip: ${kb(homeJs.gzip).toFixed(1)} KB → ${verdict(jsOk)}`,
  );
  for (const { route, samples } of results) {
    const name = route.startsWith('/product/') ? '/product/{id}' : route;
    const cls = median(samples.map((x) => x.cls));
    const lcp = median(samples.map((x) => x.lcp));
    console.log(
      `  ${name}: CLS ${cls.toFixed(3)} ≤ ${targets.cls} → ${verdict(cls <= targets.cls)}; ` +
        `LCP ${Math.round(lcp)} ms < ${targets.lcpMs} ms → ${verdict(lcp < targets.lcpMs)}`,
    );
  }

  if (!jsOk) {
    // Where the bytes come from: the largest script's source map, grouped by package or folder.
    const biggest = [...homeScripts].sort((a, b) => b.raw - a.raw)[0];
    const file = path.join(webDist, new URL(biggest.url).pathname.replace(/^\//, ''));
    const groups = bytesBySource(file);
    if (groups) {
      const total = groups.reduce((s, g) => s + g.raw, 0);
      console.log(`\nWhat ${path.basename(file)} is made of (minified bytes by source; gzip of each part alone):`);
      console.log(
        table(
          ['source', 'KB', 'share', 'gzip KB alone'],
          groups
            .slice(0, 20)
            .map((g) => [
              g.group,
              kb(g.raw).toFixed(1),
              `${((g.raw / total) * 100).toFixed(1)}%`,
              kb(g.gzip).toFixed(1),
            ]),
        ),
      );
    }
  }
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
