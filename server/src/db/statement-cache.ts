import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** How many distinct statements a process keeps prepared (the shop runs a few hundred shapes). */
export const DEFAULT_STATEMENT_CACHE_SIZE = 500;

/**
 * The SQLite connection as Kysely sees it, with each statement prepared once and reused:
 * Kysely asks for `prepare(sql)` on every query, and preparing costs more than running a
 * simple statement. Statements are kept by their text; beyond `size` the oldest is dropped
 * (kept in the order first prepared: a lookup is one hash of the text, and the shop runs
 * fewer shapes than `size`). Reuse is safe here: the process's one connection runs one
 * statement at a time, and SQLite prepares a kept statement again by itself when a migration
 * changed the schema.
 */
export function withStatementCache(
  database: SqliteDatabase,
  size = DEFAULT_STATEMENT_CACHE_SIZE,
): SqliteDatabase & { readonly cached: number } {
  const statements = new Map<string, SqliteStatement>();
  return {
    get cached() {
      return statements.size;
    },
    prepare(sql: string) {
      const kept = statements.get(sql);
      if (kept) return kept;
      const statement = database.prepare(sql);
      if (statements.size >= size) statements.delete(statements.keys().next().value!);
      statements.set(sql, statement);
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
  };
}
