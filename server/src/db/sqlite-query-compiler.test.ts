import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/databases.ts';
import { prepareDatabase } from '../startup.ts';

/**
 * The shop's SQLite statements bind each value through a unary plus (`+?`): the answers are
 * those of bare placeholders, in every place a value is bound, and SQLite keeps its plans.
 */
describe("the shop's SQLite statements", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    await prepareDatabase(database.handle, { database: database.config, seed: true });
  });
  afterAll(async () => {
    await database?.drop();
  });

  const bareQuestionMarks = (text: string) => text.replaceAll('+?', '').match(/\?/g)?.length ?? 0;

  it('bind every value as `+?`, never a bare `?`', () => {
    const { db } = database.handle;
    const compiled = db
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select(['p.id', 'c.name'])
      .where('p.is_active', '=', 1)
      .where('p.id', 'in', ['a', 'b'])
      .orderBy('p.id')
      .limit(5)
      .offset(1)
      .compile();
    expect(compiled.sql).toContain('"p"."is_active" = +?');
    expect(compiled.sql).toContain('in (+?, +?)');
    expect(compiled.sql).toMatch(/limit \+\? offset \+\?$/);
    expect(bareQuestionMarks(compiled.sql)).toBe(0);
    expect(compiled.parameters).toEqual([1, 'a', 'b', 5, 1]);
  });

  it('answer as bare placeholders and literal values do: joins, lists, limits, text and numbers', async () => {
    const { db } = database.handle;
    const products = await db
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select(['p.id', 'p.price', 'c.name'])
      .where('p.is_active', '=', 1)
      .where('p.price', '>=', 0)
      .orderBy('p.id')
      .limit(3)
      .offset(1)
      .execute();
    const literal = await sql<{ id: string; price: number; name: string }>`
      select p.id, p.price, c.name from products p join categories c on c.id = p.category_id
      where p.is_active = 1 and p.price >= 0 order by p.id limit 3 offset 1`.execute(db);
    expect(products).toHaveLength(3);
    expect(products).toEqual(literal.rows);

    const ids = products.map((p) => p.id);
    const listed = await db.selectFrom('products').select('id').where('id', 'in', ids).orderBy('id').execute();
    expect(listed.map((p) => p.id)).toEqual(ids);
    // Each value keeps the type better-sqlite3 binds it with: a text that looks like a number stays
    // text, a number is a real (a whole one too), bytes a blob; a text is not equal to a number.
    const types = await sql<{ text: string; whole: string; fraction: string; bytes: string; same: number }>`
      select typeof(${'1'}) as text, typeof(${1}) as whole, typeof(${1.5}) as fraction,
        typeof(${Buffer.from('ab')}) as bytes, ${'10'} = 10 as same`.execute(db);
    expect(types.rows).toEqual([{ text: 'text', whole: 'real', fraction: 'real', bytes: 'blob', same: 0 }]);
    const priced = products[0]!;
    // An integer column against a text of its digits: SQLite gives the column's affinity to the value.
    const byPriceText = await db
      .selectFrom('products')
      .select('id')
      .where('price', '=', String(priced.price) as never)
      .execute();
    expect(byPriceText.map((p) => p.id)).toContain(priced.id);
    // A written row reads back as written.
    const now = new Date().toISOString();
    await db.insertInto('app_meta').values({ key: 'compiler-test', value: 'a ? in a value' }).execute();
    const meta = await db.selectFrom('app_meta').select('value').where('key', '=', 'compiler-test').executeTakeFirst();
    expect(meta?.value).toBe('a ? in a value');
    const { rows } = await sql<{ later: string; half: number }>`select ${now} as later, ${0.5} * 2 as half`.execute(db);
    expect(rows).toEqual([{ later: now, half: 1 }]);
  });

  it('leave a question mark in the text of a statement alone', async () => {
    const { db } = database.handle;
    const compiled = sql<{ asked: string }>`select 'why?' as asked, ${'value'} as bound`.compile(db);
    expect(compiled.sql).toBe("select 'why?' as asked, +? as bound");
    const { rows } = await sql<{ asked: string; bound: string }>`select 'why?' as asked, ${'value'} as bound`.execute(
      db,
    );
    expect(rows).toEqual([{ asked: 'why?', bound: 'value' }]);
  });
});
