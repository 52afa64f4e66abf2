import { loadConfig } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedCatalog } from './db/seed/seed.ts';
import { withStartupLock } from './db/startup-lock.ts';

/** Operator commands: `migrate` and `seed`, on the configured database. */
async function run(command: string | undefined) {
  const config = loadConfig();
  const database = openDatabase(config.database);
  const sqliteFile = config.database.dialect === 'sqlite' ? config.database.file : null;
  try {
    await withStartupLock(database, sqliteFile, async () => {
      if (command === 'migrate') {
        const done = await migrateToLatest(database);
        console.log(done.length ? `Applied: ${done.join(', ')}` : 'Schema already current.');
      } else if (command === 'seed') {
        await migrateToLatest(database);
        const count = await seedCatalog(database.db);
        console.log(count ? `Seeded ${count} products.` : 'Catalogue already seeded; nothing to do.');
      } else {
        throw new Error('Usage: cli.js migrate | seed');
      }
    });
  } finally {
    await database.close();
  }
}

run(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
