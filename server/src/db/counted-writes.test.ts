import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/databases.ts';

describe.runIf(testDialects.includes('postgres'))('writes counted on PostgreSQL', () => {
  let database: TestDatabase;
  const writes = () => database.handle.notifications!.writesCommitted();
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
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
});
