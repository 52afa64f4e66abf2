import { createQueryId, type Compilable, type CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import type { Database } from './schema.ts';

/** What a template's query is built with in place of each value it will run with. */
class Slot {
  constructor(readonly name: string) {}
}

type Db = Kysely<Database>;

/**
 * A query built and compiled once per database, then run with new values. Kysely builds a
 * query's tree and compiles it to SQL on every call, which on the shop's busiest statements
 * (a request's token, adding to a cart) cost more than SQLite took to run them. `build` gets
 * one stand-in per name of `slots`, typed to fit any column, where each value goes; the SQL
 * and the place of each value among the parameters are kept per database (its dialect and
 * plugins), for that database and its transactions. Values must be single values: a list (an
 * `in`) changes the SQL, and a build that leaves a slot out of the parameters is refused.
 */
export function queryTemplate<S extends string, R>(
  slots: readonly S[],
  build: (db: Db, slot: Record<S, never>) => Compilable<R>,
): (db: Db, values: Record<S, unknown>) => Promise<QueryResult<R>> {
  const compiled = new WeakMap<object, { plugins: readonly unknown[]; query: CompiledQuery<R> }>();

  const compile = (db: Db): CompiledQuery<R> => {
    const stand = Object.fromEntries(slots.map((name) => [name, new Slot(name)])) as unknown as Record<S, never>;
    const query = build(db, stand).compile();
    const used = new Set(query.parameters.filter((p): p is Slot => p instanceof Slot).map((p) => p.name));
    const missing = slots.filter((name) => !used.has(name));
    if (missing.length > 0) throw new Error(`query template leaves out ${missing.join(', ')}: ${query.sql}`);
    return query;
  };

  return async (db, values) => {
    const executor = db.getExecutor();
    let kept = compiled.get(executor.adapter);
    // Another handle on the same adapter with other plugins (withPlugin) gets its own compile.
    const samePlugins =
      kept?.plugins.length === executor.plugins.length && kept.plugins.every((p, i) => p === executor.plugins[i]);
    if (!kept || !samePlugins) {
      kept = { plugins: executor.plugins, query: compile(db) };
      compiled.set(executor.adapter, kept);
    }
    const template = kept.query;
    return db.executeQuery<R>({
      query: template.query,
      sql: template.sql,
      queryId: createQueryId(),
      parameters: template.parameters.map((p) => (p instanceof Slot ? values[p.name as S] : p)),
    });
  };
}

/**
 * `columns`, checked to name every column of `Row`: a template inserting such rows then
 * leaves none to its default, and a column added to the table later fails the build of the
 * template's module instead of being left out silently.
 */
export function everyColumnOf<Row>() {
  return <const C extends readonly (keyof Row & string)[]>(
    columns: C &
      ([Exclude<keyof Row, C[number]>] extends [never] ? unknown : { missing: Exclude<keyof Row, C[number]> }),
  ): C => columns;
}

/**
 * A query template for a query whose SQL depends on how long a list of values is (an `in`, or
 * one condition per item): one template per length, built on first use, as queryTemplate
 * builds one. `build` gets the stand-ins of `slots` and one stand-in per value of the list;
 * a list longer than `longest` is built and compiled on the call (the shop's lists are short:
 * a cart's lines). A list is never empty (an empty `in` is an error on PostgreSQL): callers
 * answer an empty list themselves.
 */
export function listQueryTemplate<S extends string, R>(
  slots: readonly S[],
  build: (db: Db, slot: Record<S, never>, list: readonly never[]) => Compilable<R>,
  longest = 24,
): (db: Db, values: Record<S, unknown>, list: readonly unknown[]) => Promise<QueryResult<R>> {
  const byLength = new Map<number, ReturnType<typeof queryTemplate<string, R>>>();
  const itemSlot = (i: number) => `item${i}`;
  const templateOf = (length: number) => {
    let template = byLength.get(length);
    if (!template) {
      const items = Array.from({ length }, (_, i) => itemSlot(i));
      template = queryTemplate<string, R>([...slots, ...items], (db, slot) =>
        build(
          db,
          slot as Record<S, never>,
          items.map((name) => slot[name]!),
        ),
      );
      byLength.set(length, template);
    }
    return template;
  };
  return async (db, values, list) => {
    if (list.length === 0) throw new Error('a list query needs at least one value in its list');
    if (list.length > longest) return db.executeQuery(build(db, values as Record<S, never>, list as never[]).compile());
    const all: Record<string, unknown> = { ...values };
    list.forEach((value, i) => (all[itemSlot(i)] = value));
    return templateOf(list.length)(db, all);
  };
}

/**
 * A query template for a statement writing several rows of `columns` at once (an insert's
 * `values`): one template per number of rows, as listQueryTemplate builds one per length (each
 * row's values are `columns.length` of its list). `build` gets the rows of stand-ins to write;
 * more than `longest` rows are built and compiled on the call. Every row gives every column: a
 * value left undefined is written as null, not as the column's default (Kysely, building on the
 * call, would leave such a column out). No rows is refused, as an empty list is: callers answer
 * it themselves. The rows are checked against the table where the caller types them.
 */
export function rowsQueryTemplate<C extends string, R>(
  columns: readonly C[],
  build: (db: Db, rows: Record<C, never>[]) => Compilable<R>,
  longest = 24,
): (db: Db, rows: readonly Record<C, unknown>[]) => Promise<QueryResult<R>> {
  const rowsOf = (values: readonly never[]) =>
    Array.from(
      { length: values.length / columns.length },
      (_, row) =>
        Object.fromEntries(columns.map((column, i) => [column, values[row * columns.length + i]])) as Record<C, never>,
    );
  const template = listQueryTemplate<never, R>(
    [],
    (db, _slot, values) => build(db, rowsOf(values)),
    longest * columns.length,
  );
  return (db, rows) =>
    template(
      db,
      {},
      rows.flatMap((row) => columns.map((column) => row[column])),
    );
}
