import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { prepareDatabase } from './startup.ts';
import { newShopper } from './test/accounts.ts';
import { builtServer, call, startServerProcess, type ServerProcess } from './test/processes.ts';
import { immutableFilesWork } from './test/files.ts';

/**
 * SQLite keeps the WAL's index in `<db>-shm`, mapped into memory. A file turned read-only
 * under a running shop (here the immutable attribute, which stops root too; chmod does not)
 * made the kernel end the process with SIGBUS at its next write to that memory, and the shop
 * then refused to start with the file so. Expected, as for a full disk: reads go on, writes and
 * readiness answer 503, the process lives, and it takes writes again once the file does.
 */

const setImmutable = (file: string, on: boolean) => execFileSync('chattr', [on ? '+i' : '-i', file]);
/** Writes the file's pages in memory to disk, so the next write to the mapping asks the file system again. */
const flush = (file: string) => execFileSync('sync', [file]);

let port = 3781;
const jwtSecret = randomBytes(32).toString('base64url');

describe.runIf(immutableFilesWork())('SQLite whose shared-memory file cannot be written', () => {
  const immutable: string[] = [];
  const running: ServerProcess[] = [];
  const folders: string[] = [];
  afterEach(async () => {
    for (const file of immutable.splice(0)) setImmutable(file, false);
    for (const server of running.splice(0)) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
  });

  /** A seeded database in a folder of its own, closed again (so no -wal or -shm is left). */
  async function seededDataDir(): Promise<{ dataDir: string; file: string }> {
    expect(fs.existsSync(builtServer), 'run `npm run build` first: this test starts the built server').toBe(true);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-shm-'));
    folders.push(dataDir);
    // The uploads folder exists already: a read-only data folder could not hold a new one.
    fs.mkdirSync(path.join(dataDir, 'uploads'));
    const config: DatabaseConfig = { dialect: 'sqlite', file: path.join(dataDir, 'shop.db') };
    const handle = openDatabase(config);
    await prepareDatabase(handle, { database: config, seed: true });
    await handle.close();
    return { dataDir, file: config.file };
  }

  async function start(dataDir: string, until: 'ready' | 'live' = 'ready'): Promise<ServerProcess> {
    port += 1;
    const server = await startServerProcess(
      port,
      {
        DATA_DIR: dataDir,
        JWT_SECRET: jwtSecret,
        SEED: 'false',
        CATALOG_CACHE_MS: '0',
        AUTH_MAX_ATTEMPTS: '10000',
        LOG_LEVEL: 'warn',
      },
      { until },
    );
    running.push(server);
    return server;
  }

  const alive = (server: ServerProcess) => server.child.exitCode === null && server.child.signalCode === null;

  /** Reads answered, writes and readiness refused with 503, round after round, and the process alive. */
  /** Why a process that should live is gone: its signal or code, and the end of what it wrote. */
  const death = (server: ServerProcess) =>
    `the process died (${server.child.signalCode ?? server.child.exitCode}): ${server.output().slice(-2000)}`;

  async function expectReadOnlyShop(server: ServerProcess, shm: string | null) {
    for (let round = 0; round < 4; round++) {
      expect(alive(server), `before round ${round}: ${death(server)}`).toBe(true);
      if (shm && fs.existsSync(shm)) flush(shm);
      const list = await call(server.url, 'GET', '/api/product?limit=6');
      expect(list.status, `round ${round}: ${JSON.stringify(list.body)}`).toBe(200);
      const product = await call(server.url, 'GET', `/api/product/${list.body.data.products[0]._id}`);
      expect(product.status, `round ${round}`).toBe(200);
      const signUp = await call(server.url, 'POST', '/api/auth/signup', newShopper());
      expect(signUp.status, `round ${round}: ${JSON.stringify(signUp.body)}`).toBe(503);
      expect(signUp.body).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
      const ready = await call(server.url, 'GET', '/api/health/ready');
      expect(ready.status, `round ${round}`).toBe(503);
      expect(ready.body).toMatchObject({ success: false, code: 'DATABASE_NOT_WRITABLE' });
      expect(ready.body.message).toMatch(/-shm|cannot be written/);
      expect(alive(server), `round ${round}: ${death(server)}`).toBe(true);
    }
  }

  /** Once the file can be written again, the same process is ready and takes writes. */
  async function expectRecovered(server: ServerProcess) {
    expect(alive(server), death(server)).toBe(true);
    let ready = await call(server.url, 'GET', '/api/health/ready');
    for (let i = 0; i < 20 && ready.status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ready = await call(server.url, 'GET', '/api/health/ready');
    }
    expect(ready.status, JSON.stringify(ready.body)).toBe(200);
    const signUp = await call(server.url, 'POST', '/api/auth/signup', newShopper());
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(201);
    expect((await call(server.url, 'GET', '/api/product?limit=6')).status).toBe(200);
  }

  it('made read-only while two processes run: both live, read, answer writes with 503, stop cleanly, and recover', async () => {
    const { dataDir, file } = await seededDataDir();
    const [first, second] = [await start(dataDir), await start(dataDir)] as const;
    for (const server of [first, second]) {
      expect((await call(server.url, 'POST', '/api/auth/signup', newShopper())).status).toBe(201);
    }
    const shm = `${file}-shm`;
    expect(fs.existsSync(shm)).toBe(true);

    setImmutable(shm, true);
    immutable.push(shm);
    // A thread that found the file writable an instant before (a statement, a background
    // checkpoint) makes its write still; the page it writes is in memory, so it cannot fault
    // before the file's pages are written out (`flush`, each round). On a loaded machine such a
    // thread can be paused for tens of milliseconds between its check and its write: let it
    // finish first, as a real file's pages are written out some time after it changes.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expectReadOnlyShop(first, shm);
    await expectReadOnlyShop(second, shm);
    // Stopping closes the database: that too must leave the mapping alone.
    first.child.kill('SIGTERM');
    await first.exited;
    expect([first.child.exitCode, first.child.signalCode]).toEqual([0, null]);

    setImmutable(shm, false);
    immutable.splice(immutable.indexOf(shm), 1);
    await expectRecovered(second);
    expect(alive(second)).toBe(true);
  }, 90_000);

  it('read-only when the shop starts (left by a process that died): it starts, says why, serves reads', async () => {
    const { dataDir, file } = await seededDataDir();
    const first = await start(dataDir);
    expect((await call(first.url, 'POST', '/api/auth/signup', newShopper())).status).toBe(201);
    first.child.kill('SIGKILL');
    await first.exited;
    const shm = `${file}-shm`;
    expect(fs.existsSync(shm)).toBe(true);

    setImmutable(shm, true);
    immutable.push(shm);
    const server = await start(dataDir, 'live');
    await expectReadOnlyShop(server, shm);
    expect(server.output()).toMatch(/database cannot be written[^\n]*-shm/i);

    setImmutable(shm, false);
    immutable.splice(immutable.indexOf(shm), 1);
    await expectRecovered(server);
  }, 90_000);

  it('its folder read-only when the shop starts after a clean stop (no -shm can be made): reads go on', async () => {
    const { dataDir, file } = await seededDataDir();
    expect(fs.existsSync(`${file}-shm`)).toBe(false);

    setImmutable(dataDir, true);
    immutable.push(dataDir);
    const server = await start(dataDir, 'live');
    await expectReadOnlyShop(server, null);
    expect(server.output()).toMatch(/database cannot be written/i);

    setImmutable(dataDir, false);
    immutable.splice(immutable.indexOf(dataDir), 1);
    await expectRecovered(server);
  }, 90_000);
});
