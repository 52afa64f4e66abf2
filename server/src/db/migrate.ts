import { Migrator } from 'kysely';
import type { DatabaseHandle } from './connect.ts';
import { migrations } from './migrations/index.ts';

export function createMigrator(handle: DatabaseHandle): Migrator {
  return new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
}

/** Brings the schema to the newest migration; throws (naming the migration) if one fails. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const { error, results } = await createMigrator(handle).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${String(error)}`, { cause: error });
  }
  return (results ?? []).map((r) => r.migrationName);
}

/** True when every known migration has run: what readiness checks ask. */
export async function isSchemaCurrent(handle: DatabaseHandle): Promise<boolean> {
  const all = await createMigrator(handle).getMigrations();
  return all.every((m) => m.executedAt !== undefined);
}
