import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/databases.ts';
import { prepareDatabase } from '../startup.ts';
import { listQueryTemplate, queryTemplate, rowsQueryTemplate } from './query-template.ts';

const categoryNamed = queryTemplate(['id'], (db, slot) =>
  db.selectFrom('categories').select(['id', 'name']).where('id', '=', slot.id).forUpdate(),
);
const categoriesNamed = listQueryTemplate(
  ['name'],
  (db, slot, ids) =>
    db.selectFrom('categories').select('id').where('id', 'in', ids).where('name', '<>', slot.name).orderBy('id'),
  3,
);
const insertCategories = rowsQueryTemplate(
  ['id', 'name', 'parent_id', 'position'],
  (db, rows) => db.insertInto('categories').values(rows),
  2,
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

  it('runs a list query with one compiled query per length of its list, and a longer list built on the call', async () => {
    const { db } = database.handle;
    const ofIds = async (list: string[]) =>
      (await categoriesNamed(db, { name: 'no such name' }, list)).rows.map((r) => r.id);
    database.queries.length = 0;
    for (const length of [1, 2, 3, 2, 1]) expect(await ofIds(ids.slice(0, length))).toEqual(ids.slice(0, length));
    // Three lengths, three statements; each run again with the same SQL.
    expect(new Set(database.queries).size).toBe(3);
    expect(database.queries).toHaveLength(5);
    // Past the longest kept, the list is still answered whole.
    expect(ids.length).toBeGreaterThan(4);
    expect(await ofIds(ids.slice(0, 5))).toEqual(ids.slice(0, 5));
    expect(await ofIds([ids[1]!, 'no-such-category'])).toEqual([ids[1]]);
    // The list's values and the other values each go where they belong.
    const [first] = await db.selectFrom('categories').select('name').where('id', '=', ids[0]!).execute();
    const named = await categoriesNamed(db, { name: first!.name }, ids.slice(0, 2));
    expect(named.rows.map((r) => r.id)).toEqual([ids[1]]);
    // An empty list has no SQL (an empty `in` is an error on PostgreSQL): its callers answer it.
    await expect(categoriesNamed(db, { name: 'x' }, [])).rejects.toThrow(/at least one value/);
  });

  it('writes rows with one statement per number of rows, each value in its row and column', async () => {
    const { db } = database.handle;
    const row = (n: number) => ({
      id: `rows-${dialect}-${n}`,
      name: `Rows ${n}`,
      parent_id: n === 1 ? null : ids[0]!,
      position: 90 + n,
    });
    database.queries.length = 0;
    await insertCategories(db, [row(1)]);
    await insertCategories(db, [row(2), row(3)]);
    await insertCategories(db, [row(4), row(5)]);
    // Past the longest kept, the rows are still written, built on the call.
    await insertCategories(db, [row(6), row(7), row(8)]);
    const inserts = database.queries.filter((q) => q.startsWith('insert into "categories"'));
    expect(inserts).toHaveLength(4);
    expect(new Set(inserts).size).toBe(3);
    const written = await db
      .selectFrom('categories')
      .select(['id', 'name', 'parent_id', 'position'])
      .where('id', 'like', `rows-${dialect}-%`)
      .orderBy('position')
      .execute();
    expect(written).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map(row));
  });

  it('refuses a build that leaves a value out of the parameters', async () => {
    const constant = queryTemplate(['id'], (db) => db.selectFrom('categories').select('id').where('id', '=', 'x'));
    await expect(constant(database.handle.db, { id: 'y' })).rejects.toThrow(/leaves out id/);
  });
});
