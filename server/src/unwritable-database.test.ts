import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import type { DatabaseConfig } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/connect.ts';
import { prepareDatabase } from './startup.ts';
import { newShopper } from './test/accounts.ts';
import { postgresTestUrl, runOnPostgres, testDialects } from './test/databases.ts';

/** A database that takes reads but refuses writes, then takes them again, as `makeUnwritable` says. */
interface Scenario {
  config: DatabaseConfig;
  setUp(): Promise<void>;
  makeUnwritable(): Promise<void>;
  makeWritable(): Promise<void>;
  cleanUp(): Promise<void>;
}

/**
 * SQLite on a small disk of its own (a tmpfs), filled to the last byte by another file, as a
 * disk fills in production; emptied again to recover.
 */
function fullDiskScenario(): Scenario {
  const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-small-disk-'));
  const filler = path.join(mountPoint, 'filler');
  return {
    config: { dialect: 'sqlite', file: path.join(mountPoint, 'shop.db') },
    async setUp() {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', mountPoint]);
    },
    async makeUnwritable() {
      const fd = fs.openSync(filler, 'w');
      try {
        const block = Buffer.alloc(64 * 1024, 1);
        for (;;) fs.writeSync(fd, block);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      } finally {
        fs.closeSync(fd);
      }
    },
    async makeWritable() {
      fs.rmSync(filler);
    },
    async cleanUp() {
      execFileSync('umount', ['-l', mountPoint]);
      fs.rmSync(mountPoint, { recursive: true, force: true });
    },
  };
}

/**
 * PostgreSQL turned read-only under the shop, as after a fail-over to a replica or when a
 * managed server runs out of storage: a database of its own, made read-only for every new
 * session, with the shop's sessions ended so that they reconnect to it.
 */
function readOnlyDatabaseScenario(): Scenario {
  const name = `shop_read_only_${process.pid}_${Date.now()}`;
  const url = new URL(postgresTestUrl);
  url.pathname = `/${name}`;
  const endSessions = () =>
    runOnPostgres(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);
  return {
    config: { dialect: 'postgres', url: url.href, poolSize: 4 },
    setUp: () => runOnPostgres(`create database ${name}`),
    async makeUnwritable() {
      await runOnPostgres(`alter database ${name} set default_transaction_read_only = on`);
      await endSessions();
    },
    async makeWritable() {
      await runOnPostgres(`alter database ${name} set default_transaction_read_only = off`);
      await endSessions();
    },
    async cleanUp() {
      await endSessions();
      await runOnPostgres(`drop database if exists ${name}`);
    },
  };
}

const scenarios = [
  // Mounting a small disk needs root, as CI has; elsewhere the SQLite case is left out.
  ...(process.getuid?.() === 0 ? [['SQLite on a full disk', fullDiskScenario] as const] : []),
  ...(testDialects.includes('postgres') ? [['PostgreSQL turned read-only', readOnlyDatabaseScenario] as const] : []),
];

describe.each(scenarios)('%s', (_name, makeScenario) => {
  let scenario: Scenario;
  let handle: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    scenario = makeScenario();
    await scenario.setUp();
    handle = openDatabase(scenario.config, { onPoolError: () => {} });
    await prepareDatabase(handle, { database: scenario.config, seed: true });
    app = await buildApp({ database: handle, catalogCacheMs: 0 });
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await scenario?.cleanUp();
  });

  let counter = 0;
  const signUp = () =>
    app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: newShopper(),
      remoteAddress: `10.15.0.${++counter}`,
    });
  const ready = () => app.inject('/api/health/ready');

  /** Asks until the answer settles: a pooled session may need one failed query to be replaced. */
  async function settled(ask: () => Promise<LightMyRequestResponse>, done: (res: LightMyRequestResponse) => boolean) {
    let res = await ask();
    for (let i = 0; i < 10 && !done(res); i++) res = await ask();
    return res;
  }

  it('answers writes with 503 and says not ready while it refuses writes, and recovers by itself', async () => {
    expect((await ready()).statusCode).toBe(200);
    expect((await signUp()).statusCode).toBe(201);

    await scenario.makeUnwritable();
    const notReady = await settled(ready, (res) => res.json().code === 'DATABASE_NOT_WRITABLE');
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toMatchObject({ success: false, code: 'DATABASE_NOT_WRITABLE' });
    for (let i = 0; i < 5; i++) {
      const refused = await signUp();
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    }
    // Reads go on: shoppers can still browse.
    expect((await app.inject('/api/product?limit=6')).statusCode).toBe(200);

    await scenario.makeWritable();
    expect((await settled(ready, (res) => res.statusCode === 200)).statusCode).toBe(200);
    const again = await settled(signUp, (res) => res.statusCode === 201);
    expect(again.statusCode, again.body).toBe(201);
  });
});
