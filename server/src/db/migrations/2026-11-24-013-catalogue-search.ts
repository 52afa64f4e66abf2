import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen: a migration never changes once it has shipped, and imports nothing from the app.

/** The tables whose rows make up what lists, filters and search show. Stock is not one of them. */
const catalogueTables = ['categories', 'products', 'product_colors', 'product_tags', 'product_images'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // One row whose version moves on with every change to the catalogue, in the transaction of
  // the change, whoever writes it (staff, seed, command line). Each process keeps its search and
  // facet index of the catalogue while the version it read is still the current one.
  await db.schema
    .createTable('catalog_state')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.insertInto('catalog_state').values({ id: 1, version: 1 }).execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create function catalog_version_bump() returns trigger language plpgsql as $$
      begin
        update catalog_state set version = version + 1 where id = 1;
        return null;
      end $$`.execute(db);
    for (const table of catalogueTables) {
      await sql`
        create trigger ${sql.raw(`${table}_catalog_version`)}
        after insert or update or delete on ${sql.table(table)}
        for each statement execute function catalog_version_bump()`.execute(db);
    }
    return;
  }
  for (const table of catalogueTables) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`
        create trigger ${sql.raw(`${table}_${event}_catalog_version`)}
        after ${sql.raw(event)} on ${sql.table(table)}
        begin
          update catalog_state set version = version + 1 where id = 1;
        end`.execute(db);
    }
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of catalogueTables) {
      await sql`drop trigger if exists ${sql.raw(`${table}_catalog_version`)} on ${sql.table(table)}`.execute(db);
    }
    await sql`drop function if exists catalog_version_bump()`.execute(db);
  } else {
    for (const table of catalogueTables) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql`drop trigger if exists ${sql.raw(`${table}_${event}_catalog_version`)}`.execute(db);
      }
    }
  }
  await db.schema.dropTable('catalog_state').execute();
}
