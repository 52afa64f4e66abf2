import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen: a migration never changes once it has shipped, and imports nothing from the app.

/** How many changes the log keeps: a process further behind than that reads every product's stock again. */
const KEPT = 1000;

/**
 * Each process holds which colours and sizes of each product are in stock (the catalogue
 * index). On PostgreSQL a variant's stock crossing zero is notified (migrations 014 and 016); on
 * SQLite, which has no notifications, the same crossing is written to a short log in the
 * transaction of the change, whoever makes it. Each list reads the log's last number with the
 * catalogue's version, in the statement it already makes, and reads again only the products
 * named since: no process rebuilds its index for a sale.
 *
 * The table exists on PostgreSQL too (one schema for both), where nothing writes it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('catalogue_stock_changes')
    .addColumn('seq', postgres ? 'serial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('product_id', 'text', (c) => c.notNull())
    .execute();
  if (postgres) return;
  const log = (product: string) => `
    insert into catalogue_stock_changes (product_id) values (${product});
    delete from catalogue_stock_changes where seq <= (select max(seq) from catalogue_stock_changes) - ${KEPT};`;
  const trigger = (name: string, event: string, when: string, body: string) => sql`
    create trigger ${sql.raw(name)} after ${sql.raw(event)} on product_variants for each row
    when (${sql.raw(when)}) begin ${sql.raw(body)} end`;
  await trigger('product_variants_stock_insert_log', 'insert', 'new.stock > 0', log('new.product_id')).execute(db);
  await trigger('product_variants_stock_delete_log', 'delete', 'old.stock > 0', log('old.product_id')).execute(db);
  await trigger(
    'product_variants_stock_update_log',
    'update',
    '(old.stock > 0) <> (new.stock > 0) or old.product_id <> new.product_id or old.color <> new.color or old.size <> new.size',
    `${log('new.product_id')} ${log('old.product_id')}`,
  ).execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    for (const event of ['insert', 'delete', 'update']) {
      await sql`drop trigger if exists ${sql.raw(`product_variants_stock_${event}_log`)}`.execute(db);
    }
  }
  await db.schema.dropTable('catalogue_stock_changes').execute();
}
