import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/databases.ts';
import { prepareDatabase } from '../startup.ts';
import { queryTemplate } from './query-template.ts';

const categoryNamed = queryTemplate(['id'], (db, slot) =>
  db.selectFrom('categories').select(['id', 'name']).where('id', '=', slot.id).forUpdate(),
);
const renameCategory = queryTemplate(['id', 'name'], (db, slot) =>
  db.updateTable('categories').set({ name: slot.name }).where('id', '=', slot.id),
);

describe.each(testDialects)('queryTemplate on %s', (dialect) => {
  let database: TestDatabase;
  let ids: string[];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await prepareDatabase(database.handle, { database: database.config, seed: true });
    ids = (await database.handle.db.selectFrom('categories').select('id').orderBy('id').execute()).map((r) => r.id);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('runs one compiled query with each call’s values, in transactions too', async () => {
    const { db } = database.handle;
    const [first, second] = ids;
    expect((await categoryNamed(db, { id: first })).rows.map((r) => r.id)).toEqual([first]);
    expect((await categoryNamed(db, { id: second })).rows.map((r) => r.id)).toEqual([second]);
    await db.transaction().execute(async (trx) => {
      const renamed = await renameCategory(trx, { id: second, name: 'Renamed in a transaction' });
      expect(Number(renamed.numAffectedRows)).toBe(1);
      expect((await categoryNamed(trx, { id: second })).rows[0]?.name).toBe('Renamed in a transaction');
    });
    expect((await categoryNamed(db, { id: 'no-such-category' })).rows).toEqual([]);
    // The same SQL each time (one compile), as the database ran it.
    database.queries.length = 0;
    await categoryNamed(db, { id: first });
    await categoryNamed(db, { id: second });
    expect(new Set(database.queries).size).toBe(1);
    expect(database.queries[0]).toMatch(dialect === 'sqlite' ? /= \+\?$/ : /= \$1 for update$/);
  });

  it('refuses a build that leaves a value out of the parameters', async () => {
    const constant = queryTemplate(['id'], (db) => db.selectFrom('categories').select('id').where('id', '=', 'x'));
    await expect(constant(database.handle.db, { id: 'y' })).rejects.toThrow(/leaves out id/);
  });
});
