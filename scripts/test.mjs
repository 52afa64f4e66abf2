// `npm test`: every test of the shop. Checks lint and types first (both at once: each is one
// thread, and the machine has at least two), then builds (the browser journeys and the multi-process
// start-up test run the production build), runs the unit and API suites of every workspace
// (SQLite, and PostgreSQL when it answers), then the Playwright journeys in Chromium, and
// ends with one line counting all of them.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './build-state.mjs';
import { exitUnlessSupportedNode } from './node-runtime.mjs';

// Every process below runs on this Node (npm puts node_modules/.bin, where npm install put it, first on the PATH).
exitUnlessSupportedNode();
console.log(`Node.js ${process.version} (${process.execPath})`);

const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-reports-'));

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Runs each npm script at once, its output kept until it ends so the two do not interleave. */
function runTogether(scripts) {
  return Promise.all(
    scripts.map(
      (script) =>
        new Promise((resolve) => {
          const child = spawn('npm', ['run', '--silent', script], { cwd: root, env: process.env });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (code) => {
            console.log(`\n=== ${script} ===`);
            process.stdout.write(Buffer.concat(output));
            resolve(code === 0 ? null : script);
          });
        }),
    ),
  );
}

const unchecked = (await runTogether(['lint', 'typecheck'])).filter(Boolean);
if (unchecked.length > 0) {
  console.log(`\ntests: 0 passed, ${unchecked.length} failed (${unchecked.join(' and ')} failed)`);
  process.exit(1);
}

const built = run('build', 'npm', ['run', 'build']);
if (!built) {
  console.log('\ntests: 0 passed, 1 failed (the build failed)');
  process.exit(1);
}

const vitestReport = path.join(reports, 'vitest.json');
const unitOk = run('unit and API tests (vitest)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);

const playwrightReport = path.join(reports, 'playwright.json');
const e2eOk = run(
  'browser journeys (Playwright, Chromium)',
  'npx',
  ['playwright', 'test', '--config', 'e2e/playwright.config.ts'],
  {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  },
);

const vitest = readJson(vitestReport);
const playwright = readJson(playwrightReport);
// A missing report means that runner did not finish: count it as a failure.
const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0) + (playwright?.stats?.flaky ?? 0);
const failed = (vitest ? vitest.numFailedTests : 1) + (playwright ? playwright.stats.unexpected : 1);
const skipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (playwright?.stats?.skipped ?? 0);

/** The names of the tests that failed, so the last lines of a long run say which they were. */
function failedTests() {
  const names = [];
  for (const file of vitest?.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') names.push(`${path.relative(root, file.name)} › ${test.fullName}`);
    }
    // A file that failed to load has no test results, only its message.
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed')) {
      names.push(`${path.relative(root, file.name)} (${String(file.message ?? 'failed').split('\n')[0]})`);
    }
  }
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected')
          names.push(`${spec.file ?? suite.file} › ${[...titles, spec.title].join(' › ')}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of playwright?.suites ?? []) visit(suite, []);
  return names;
}

const failures = failedTests();
if (failures.length > 0) {
  console.log('\nfailed:');
  for (const name of failures) console.log(`  ✘ ${name}`);
}
fs.rmSync(reports, { recursive: true, force: true });
const allOk = unitOk && e2eOk && failed === 0;
console.log(`\ntests: ${passed} passed, ${allOk ? failed : Math.max(failed, 1)} failed, ${skipped} skipped`);
process.exit(allOk ? 0 : 1);
