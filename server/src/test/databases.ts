import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { HoldingLimits } from '@shop/core';
import { buildApp, type AppDeps } from '../app.ts';
import { createPasswordHasher, defaultHashingBounds, type PasswordHashCost } from '../modules/auth/password.ts';
import type { DatabaseConfig } from '../config.ts';
import { openDatabase, type DatabaseHandle, type Dialect } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { prepareDatabase } from '../startup.ts';

/** The PostgreSQL server API suites run against (a fresh schema per test file). */
export const postgresTestUrl =
  process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresTestUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The dialects every API suite runs on: SQLite always, PostgreSQL when it answers.
 * With REQUIRE_POSTGRES=1 (as in CI) an unreachable PostgreSQL fails the run instead.
 */
export const testDialects: Dialect[] = await (async () => {
  if (await postgresReachable()) return ['sqlite', 'postgres'];
  if (process.env.REQUIRE_POSTGRES === '1') {
    throw new Error(`REQUIRE_POSTGRES=1 but PostgreSQL does not answer at ${postgresTestUrl}`);
  }
  return ['sqlite'];
})();

/** One statement on the test server, in a connection of its own. */
export async function runOnPostgres(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresTestUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  handle: DatabaseHandle;
  config: DatabaseConfig;
  /** Every SQL statement run since the last `queries.length = 0`. */
  queries: string[];
  drop(): Promise<void>;
}

/** A new, empty database: a temporary SQLite file, or a new PostgreSQL schema. */
export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  const queries: string[] = [];
  const onQuery = (sql: string) => queries.push(sql);
  /** The database `config` names, with `dropStore` to remove what holds it once closed. */
  const open = (config: DatabaseConfig, dropStore: () => unknown): TestDatabase => {
    const handle = openDatabase(config, { onQuery });
    return {
      handle,
      config,
      queries,
      drop: async () => {
        await handle.close();
        await dropStore();
      },
    };
  };
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
    return open({ dialect: 'sqlite', file: path.join(dir, 'shop.db') }, () =>
      fs.rmSync(dir, { recursive: true, force: true }),
    );
  }
  const schema = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await runOnPostgres(`create schema ${schema}`);
  return open({ dialect: 'postgres', url: postgresTestUrl, poolSize: 10, schema }, () =>
    runOnPostgres(`drop schema ${schema} cascade`),
  );
}

export interface TestShop extends TestDatabase {
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * The shop's settings as most suites run them: no free shipping, no cash-on-delivery limits,
 * GST added at checkout (the specification's arithmetic).
 */
export async function relaxedShopSettings(db: Kysely<Database>): Promise<void> {
  await db
    .updateTable('shop_settings')
    .set({
      free_shipping_threshold: null,
      cod_max_order_value: 2_147_483_647,
      cod_max_open_orders: 100,
      prices_include_gst: 0,
    })
    .execute();
}

/**
 * Holding limits that never refuse: a holder may hold all it can reach (what is on sale and
 * what it holds). The bound is still counted on every order, so its queries run in every suite.
 */
export const unboundedHoldingLimits: HoldingLimits = {
  account: { percent: 100, floor: 0 },
  address: { percent: 100, floor: 0 },
  network: { percent: 100, floor: 0 },
};

/**
 * argon2id at its smallest cost (0.5 ms a hash instead of 30): the suites sign thousands of
 * shoppers up and in, and what they test is who may sign in, not what a hash costs. The
 * suites about hashing under load ask for the shop's own cost (`shopPasswordHashCost`).
 */
export const quickPasswordHashCost: PasswordHashCost = { memoryCost: 256, timeCost: 1, parallelism: 1 };

/**
 * A migrated, seeded database and the app on it, as one test file's fixture. The catalogue
 * micro-cache is off unless asked for, so every read shows the database as it is.
 */
export async function createTestShop(
  dialect: Dialect,
  {
    codLimits = 'relaxed',
    holdingLimits = 'relaxed',
    passwordHashCost = quickPasswordHashCost,
    ...options
  }: Omit<Partial<AppDeps>, 'database' | 'holdingLimits'> & {
    codLimits?: 'relaxed' | 'shop';
    holdingLimits?: 'relaxed' | 'shop' | HoldingLimits;
    passwordHashCost?: PasswordHashCost;
  } = {},
): Promise<TestShop> {
  const database = await createTestDatabase(dialect);
  await prepareDatabase(database.handle, { database: database.config, seed: true });
  // Suites not about cash on delivery's limits place many large COD orders for one shopper:
  // they run without the limits; the delivery suite asks for the shop's own ('shop').
  if (codLimits === 'relaxed') await relaxedShopSettings(database.handle.db);
  const app = await buildApp({
    catalogCacheMs: 0,
    passwords: createPasswordHasher(defaultHashingBounds, passwordHashCost),
    ...options,
    // Likewise the holding limits: suites about other rules order many pieces from one address
    // (inject's 127.0.0.1); the holding suite asks for the shop's own ('shop').
    holdingLimits:
      holdingLimits === 'relaxed' ? unboundedHoldingLimits : holdingLimits === 'shop' ? undefined : holdingLimits,
    database: database.handle,
  });
  await app.ready();
  database.queries.length = 0;
  return {
    ...database,
    app,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
