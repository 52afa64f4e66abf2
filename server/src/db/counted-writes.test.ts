import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { prepareDatabase } from '../startup.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/databases.ts';
import { NOTIFYING_TABLES } from './connect.ts';

describe.runIf(testDialects.includes('postgres'))('writes counted on PostgreSQL', () => {
  let database: TestDatabase;
  const writes = () => database.handle.notifications!.writesCommitted();
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await prepareDatabase(database.handle, { database: database.config, seed: false });
    await sql`create table notes (id integer primary key, body text)`.execute(database.handle.db);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('counts a write once it is committed, a transaction once, and neither reads nor what was rolled back', async () => {
    const { db } = database.handle;
    const start = writes();
    await sql`select 1`.execute(db);
    expect(writes()).toBe(start);

    await sql`insert into notes values (1, 'a')`.execute(db);
    expect(writes()).toBe(start + 1);

    await db.transaction().execute(async (trx) => {
      await sql`insert into notes values (2, 'b')`.execute(trx);
      await sql`update notes set body = 'c' where id = 2`.execute(trx);
      // Not committed yet: nobody may wait for it.
      expect(writes()).toBe(start + 1);
    });
    expect(writes()).toBe(start + 2);

    await db.transaction().execute(async (trx) => {
      await sql`select * from notes`.execute(trx);
    });
    expect(writes()).toBe(start + 2);

    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into notes values (3, 'd')`.execute(trx);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(writes()).toBe(start + 2);
  });

  it('counts only writes that may change a table whose changes notify: a write elsewhere notifies nobody', async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db = database.handle.db as unknown as Kysely<any>;
    const start = writes();
    await db.insertInto('notes').values({ id: 10, body: 'a' }).execute();
    await db.updateTable('notes as n').set({ body: 'b' }).where('n.id', '=', 10).execute();
    await db.deleteFrom('notes').where('id', '=', 10).execute();
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ id: 11, body: 'c' }).execute();
    });
    expect(writes()).toBe(start);

    await db
      .updateTable('catalog_state')
      .set({ version: sql`version` })
      .where('id', '=', 1)
      .execute();
    expect(writes()).toBe(start + 1);
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ id: 12, body: 'd' }).execute();
      await trx
        .updateTable('catalog_state as s')
        .set({ version: sql`version` })
        .where('s.id', '=', 1)
        .execute();
    });
    expect(writes()).toBe(start + 2);

    // What cannot be told counts: a WITH clause (which may write), raw SQL.
    await db
      .with('changed', (qb) => qb.updateTable('notes').set({ body: 'e' }).where('id', '=', 11).returning('id'))
      .selectFrom('changed')
      .selectAll()
      .execute();
    expect(writes()).toBe(start + 3);
    await sql`delete from notes where id = 12`.execute(db);
    expect(writes()).toBe(start + 4);
  });

  it('knows every table with a trigger, so no write that notifies goes uncounted', async () => {
    const { rows } = await sql<{ table: string }>`
      select distinct c.relname as table from pg_trigger t
      join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and not t.tgisinternal`.execute(database.handle.db);
    const triggered = rows.map((r) => r.table);
    expect(triggered).toContain('product_variants');
    expect(triggered.filter((table) => !NOTIFYING_TABLES.includes(table))).toEqual([]);
  });
});
