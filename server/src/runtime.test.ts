import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtCli, builtServer } from './test/processes.ts';

// The Node.js release line the shop is developed, tested and deployed with. Every process the
// tests start must run on it: a silent fall-back to the machine's own (older) Node fails here.
const root = path.resolve(import.meta.dirname, '../..');
const nodeVersionFile = fs.readFileSync(path.join(root, '.node-version'), 'utf8').trim();
const line = `v${nodeVersionFile.split('.')[0]}.`;

describe('every process of the tests runs on the Node.js of .node-version', () => {
  it('the test worker itself', () => {
    expect(nodeVersionFile).toMatch(/^\d+\.\d+\.\d+$/);
    expect(process.version.startsWith(line), `vitest runs on ${process.version} (${process.execPath})`).toBe(true);
  });

  it('a `node` started by name, as tools and scripts start it', () => {
    const result = spawnSync('node', ['-p', 'process.version'], { encoding: 'utf8' });
    expect(result.stdout.trim().startsWith(line), `node on the PATH is ${result.stdout.trim()}`).toBe(true);
  });

  it('a server process, which says so in its ready line', async () => {
    expect(fs.existsSync(builtServer), 'run `npm run build` first: this test starts the built server').toBe(true);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-runtime-'));
    const { HOST: _host, ...inherited } = process.env;
    const child = spawn(process.execPath, [builtServer], {
      env: { ...inherited, PORT: '3521', DATA_DIR: dataDir, WEB_DIST: '/nonexistent', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += String(chunk)));
    child.stderr.on('data', (chunk) => (out += String(chunk)));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const deadline = Date.now() + 30_000;
      while (!out.includes('Shop ready') && Date.now() < deadline && child.exitCode === null) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const ready = out
        .split('\n')
        .filter((text) => text.startsWith('{'))
        .map((text) => (JSON.parse(text) as { msg: string }).msg)
        .find((msg) => msg.startsWith('Shop ready'));
      expect(ready, out).toMatch(new RegExp(`Node\\.js ${line.replace('.', '\\.')}\\d+\\.\\d+\\)$`));
      // No dependency warns that it does not support this runtime.
      expect(out).not.toMatch(/unsupported runtime|EBADENGINE/i);
    } finally {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// The machine's own Node (Debian's, at /usr/bin/node) is the older one these tests guard against.
const systemNode = '/usr/bin/node';
const systemVersion = fs.existsSync(systemNode)
  ? spawnSync(systemNode, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim()
  : '';
const olderSystemNode = Boolean(systemVersion) && Number(systemVersion.split('.')[0]) < Number(line.slice(1, -1));

describe.skipIf(!olderSystemNode)(`started on an older Node.js (${systemNode}, ${systemVersion})`, () => {
  const refusal = /The shop needs Node\.js 24\.11\.0 or newer[\s\S]*npm install/;

  it.each([
    ['npm start (scripts/start.mjs)', [path.join(root, 'scripts/start.mjs')]],
    ['the server (dist/main.js)', [builtServer]],
    ['the command line (dist/cli.js migrate)', [builtCli, 'migrate']],
    ['the install check (scripts/check-runtime.mjs)', [path.join(root, 'scripts/check-runtime.mjs')]],
  ])('%s says which Node it needs and how to get it, and exits 1 without crashing', (_name, args) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-old-node-'));
    try {
      const result = spawnSync(systemNode, args, {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, PORT: '3522', DATA_DIR: dataDir, LOG_LEVEL: 'error' },
        timeout: 30_000,
      });
      expect(result.signal, result.stderr).toBeNull();
      expect(result.status, result.stdout + result.stderr).toBe(1);
      // The message comes first: no dependency has loaded (and warned) before it.
      expect(result.stderr.trimStart()).toMatch(new RegExp(`^${refusal.source}`));
      expect(result.stderr).toContain(`this is Node.js v${systemVersion}`);
      // Nothing was written: no database was opened.
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the install check (the root postinstall)', () => {
  it('finds every native module loading and working in this Node', () => {
    const result = spawnSync(process.execPath, [path.join(root, 'scripts/check-runtime.mjs')], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain(`Node.js ${process.version}; better-sqlite3 `);
    expect(result.stdout).toMatch(/sharp [\d.]+, @node-rs\/argon2 [\d.]+ load and work/);
  });
});
