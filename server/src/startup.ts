import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedCatalog } from './db/seed/seed.ts';
import { seedCoupons } from './modules/coupons/seed-coupons.ts';
import { withStartupLock } from './db/startup-lock.ts';

/**
 * Brings a database up to date before the server answers: migrations, then the demo
 * catalogue when configured. Serialised across processes, and a no-op the second time.
 */
export async function prepareDatabase(
  handle: DatabaseHandle,
  config: Pick<Config, 'database' | 'seed'>,
): Promise<{ migrated: string[]; seededProducts: number; seededCoupons: number }> {
  const sqliteFile = config.database.dialect === 'sqlite' ? config.database.file : null;
  return withStartupLock(handle, sqliteFile, async () => {
    const migrated = await migrateToLatest(handle);
    const seededProducts = config.seed ? await seedCatalog(handle.db) : 0;
    const seededCoupons = config.seed ? await seedCoupons(handle.db) : 0;
    return { migrated, seededProducts, seededCoupons };
  });
}
