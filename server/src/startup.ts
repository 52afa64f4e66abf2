import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/connect.ts';
import { isSchemaCurrent, migrateToLatest } from './db/migrate.ts';
import { seedCatalog } from './db/seed/seed.ts';
import { seedHome } from './db/seed/home.ts';
import { seedCoupons } from './modules/coupons/seed-coupons.ts';
import { withStartupLock } from './db/startup-lock.ts';

/**
 * Brings a database up to date before the server answers: migrations, then the demo
 * catalogue when configured. Serialised across processes, and a no-op the second time.
 *
 * A SQLite database that cannot be written now (`unwritable`, its shared-memory file turned
 * read-only) is served as it is, for reading, when its schema is current: the answer names
 * why (`readOnly`), and nothing is seeded. With migrations pending it cannot serve at all.
 */
export async function prepareDatabase(
  handle: DatabaseHandle,
  config: Pick<Config, 'database' | 'seed'>,
): Promise<{ migrated: string[]; seededProducts: number; seededCoupons: number; readOnly?: string }> {
  const readOnly = handle.unwritable?.() ?? null;
  if (readOnly) {
    if (!(await isSchemaCurrent(handle))) {
      throw new Error(`The database cannot be written (${readOnly}) and has migrations to run: make it writable.`);
    }
    return { migrated: [], seededProducts: 0, seededCoupons: 0, readOnly };
  }
  const sqliteFile = config.database.dialect === 'sqlite' ? config.database.file : null;
  return withStartupLock(handle, sqliteFile, async () => {
    const migrated = await migrateToLatest(handle);
    const seededProducts = config.seed ? await seedCatalog(handle.db) : 0;
    const seededCoupons = config.seed ? await seedCoupons(handle.db) : 0;
    if (config.seed) await seedHome(handle.db, { withSamples: seededProducts > 0 });
    return { migrated, seededProducts, seededCoupons };
  });
}
