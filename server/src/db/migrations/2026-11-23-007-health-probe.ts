import type { Kysely } from 'kysely';

// Frozen: a migration never changes once it has shipped, and imports nothing from the app.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // One row that readiness rewrites: a database that takes reads but no writes (a full disk,
  // a read-only file or replica) is not ready to serve a shop.
  await db.schema
    .createTable('health_probe')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('checked_at', 'text', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('health_probe').execute();
}
