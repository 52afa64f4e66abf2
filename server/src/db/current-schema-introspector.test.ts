import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  createTestDatabase,
  postgresTestUrl,
  runOnPostgres,
  testDialects,
  type TestDatabase,
} from '../test/databases.ts';
import { openDatabase } from './connect.ts';
import { migrateToLatest } from './migrate.ts';

describe.runIf(testDialects.includes('postgres'))('the migrator on a PostgreSQL server other shops share', () => {
  let ours: TestDatabase;
  let theirs: TestDatabase;
  beforeAll(async () => {
    [ours, theirs] = await Promise.all([createTestDatabase('postgres'), createTestDatabase('postgres')]);
    await sql`create table their_notes (id serial primary key, body text not null)`.execute(theirs.handle.db);
    await sql`create table our_notes (id serial primary key, body text)`.execute(ours.handle.db);
  });
  afterAll(async () => {
    await Promise.all([ours?.drop(), theirs?.drop()]);
  });

  it("lists the connection's own tables and columns, and nothing of another schema", async () => {
    const tables = await ours.handle.db.introspection.getTables();
    expect(tables).toEqual([
      {
        name: 'our_notes',
        isView: false,
        schema: ours.config.dialect === 'postgres' ? ours.config.schema : undefined,
        columns: [
          expect.objectContaining({ name: 'id', dataType: 'int4', isNullable: false, isAutoIncrementing: true }),
          expect.objectContaining({ name: 'body', dataType: 'text', isNullable: true, isAutoIncrementing: false }),
        ],
      },
    ]);
  });

  it('migrates a schema whose name keeps its capitals (a quoted name, or a role\'s own "$user")', async () => {
    const name = `Shop_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await runOnPostgres(`create schema "${name}"`);
    const handle = openDatabase({ dialect: 'postgres', url: postgresTestUrl, poolSize: 2, schema: `"${name}"` });
    try {
      expect((await migrateToLatest(handle)).length).toBeGreaterThan(20);
      expect((await handle.db.introspection.getTables()).map((t) => t.name)).toContain('orders');
    } finally {
      await handle.close();
      await runOnPostgres(`drop schema "${name}" cascade`);
    }
  });

  // Five whole migrations beside twelve schemas made and dropped: some 20 s on a quiet machine.
  it(
    'migrates while other schemas of the server are created and dropped (5 rounds)',
    { timeout: 120_000 },
    async () => {
      for (let round = 0; round < 5; round += 1) {
        const target = await createTestDatabase('postgres');
        // Other shops' schemas, each with tables, dropped while the migration looks for its own.
        const others = Array.from({ length: 6 }, (_, i) => `churn_${process.pid}_${round}_${i}`);
        await Promise.all(
          others.map((name) =>
            runOnPostgres(
              `create schema ${name}; ` +
                Array.from({ length: 10 }, (_, t) => `create table ${name}.t${t} (id serial, a text, b int);`).join(
                  ' ',
                ),
            ),
          ),
        );
        try {
          const dropping = Promise.all(others.map((name) => runOnPostgres(`drop schema ${name} cascade`)));
          const migrated = await migrateToLatest(target.handle);
          await dropping;
          expect(migrated.length, `round ${round}`).toBeGreaterThan(20);
        } finally {
          await target.drop();
          await Promise.all(others.map((name) => runOnPostgres(`drop schema if exists ${name} cascade`)));
        }
      }
    },
  );
});
