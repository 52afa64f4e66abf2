import { SqliteQueryCompiler } from 'kysely';

/**
 * SQLite's query compiler, each bound value written `+?` rather than `?`: the same value
 * (a unary plus changes no value, type or affinity), and the same plans, without a hidden
 * cost on every statement the shop runs again and again.
 *
 * The cost: when SQLite plans a join, an ORDER BY or GROUP BY, or a LIMIT, it looks at the
 * values bound to bare parameters, and marks the statement to be prepared again whenever
 * they change. better-sqlite3 clears the bindings after every run (sqlite3_clear_bindings),
 * which SQLite treats as such a change, so each such statement was parsed and planned afresh
 * on every run: the cart's lines took 61 µs instead of 10, a product's row 44 instead of 4.5
 * (`npm run bench:sqlite-statements`). SQLite reads no value through a unary plus while planning.
 */
export class StablePlanSqliteQueryCompiler extends SqliteQueryCompiler {
  protected override getCurrentParameterPlaceholder(): string {
    return '+?';
  }
}
