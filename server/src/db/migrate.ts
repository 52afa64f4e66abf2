import { Migrator, sql } from 'kysely';
import type { DatabaseHandle } from './connect.ts';
import { migrations } from './migrations/index.ts';

/**
 * The migrator, keeping its bookkeeping tables in the connection's own schema. Without a
 * schema named, Kysely takes a `kysely_migration` table in ANY schema of the database as its
 * own, so a second shop (or test run) in another schema would skip creating them.
 */
export async function createMigrator(handle: DatabaseHandle): Promise<Migrator> {
  const provider = { getMigrations: async () => migrations };
  if (handle.dialect !== 'postgres') return new Migrator({ db: handle.db, provider });
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db);
  return new Migrator({ db: handle.db, provider, migrationTableSchema: rows[0]?.schema ?? 'public' });
}

/** Brings the schema to the newest migration; throws (naming the migration) if one fails. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const { error, results } = await (await createMigrator(handle)).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${String(error)}`, { cause: error });
  }
  return (results ?? []).map((r) => r.migrationName);
}

/** True when every known migration has run: what readiness checks ask. */
export async function isSchemaCurrent(handle: DatabaseHandle): Promise<boolean> {
  const all = await (await createMigrator(handle)).getMigrations();
  return all.every((m) => m.executedAt !== undefined);
}
