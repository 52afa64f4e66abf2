import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseNotifications } from '../../db/connect.ts';
import { prepareDatabase } from '../../startup.ts';
import { createTestDatabase, runOnPostgres, testDialects, type TestDatabase } from '../../test/databases.ts';
import { catalogueSchema } from './catalog.repository.ts';
import { CatalogueFeed } from './catalogue-feed.ts';
import { HeldCatalogue } from './held-catalogue.ts';

describe.runIf(testDialects.includes('postgres'))('the catalogue feed on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await prepareDatabase(database.handle, { database: database.config, seed: true });
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('counts a listening connection that stops answering as lost: lists ask the database until it listens again', async () => {
    const real = database.handle.notifications!;
    let silent = false;
    // The connection stays open but nothing comes back, as when the network drops packets.
    const notifications: DatabaseNotifications = {
      writesCommitted: real.writesCommitted,
      listen: async (...args) => {
        const listener = await real.listen(...args);
        return {
          close: () => listener.close(),
          ping: (timeoutMs) =>
            silent
              ? new Promise((_, reject) => setTimeout(() => reject(new Error('no answer')), timeoutMs))
              : listener.ping(timeoutMs),
        };
      },
    };
    const warnings: string[] = [];
    const { db } = database.handle;
    const feed = new CatalogueFeed(
      new HeldCatalogue(db),
      db,
      notifications,
      { info: () => {}, warn: (_details, message) => warnings.push(message) },
      { heartbeatMs: 50, pingTimeoutMs: 100, retryMs: 50, maxRetryMs: 50 },
    );
    feed.start();
    try {
      await expect.poll(() => feed.live).toBe(true);
      expect(await feed.current()).not.toBeNull();
      silent = true;
      await expect.poll(() => feed.live).toBe(false);
      expect(await feed.current()).toBeNull();
      expect(warnings[0]).toMatch(/each list asks the database/);
      silent = false;
      await expect.poll(() => feed.live, { timeout: 5000 }).toBe(true);
      expect(await feed.current()).not.toBeNull();
    } finally {
      await feed.close();
    }
  });

  it("listens for the schema holding the shop's tables, even when an empty schema comes first on the search path", async () => {
    // As with PostgreSQL's default search path ("$user", public) when a schema named after the
    // role exists but the shop is in public: current_schema() names the empty one, and the
    // triggers name the tables' own.
    if (database.config.dialect !== 'postgres') throw new Error('PostgreSQL only');
    const empty = `${database.config.schema}_empty`;
    await runOnPostgres(`create schema ${empty}`);
    const handle = openDatabase({ ...database.config, schema: `${empty},${database.config.schema}` });
    try {
      expect(await catalogueSchema(handle.db)).toBe(database.config.schema);
    } finally {
      await handle.close();
      await runOnPostgres(`drop schema ${empty}`);
    }
  });
});
