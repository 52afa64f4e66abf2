import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen: a migration never changes once it has shipped, and imports nothing from the app.

/**
 * PostgreSQL tells every listening process, when the change commits, that the catalogue's
 * version moved on (migration 013's triggers) or that a product may have sold out or come back
 * (one of its sizes' stock crossed zero, or a size in stock came or went), in the transaction
 * of the change, whoever makes it. The payload names the schema, as one database may hold
 * several shops' schemas (and the tests'), and the product. SQLite needs none of this: each
 * list asks the database, in the process.
 */
const trigger = (name: string, event: string, when: string) => sql`
  create trigger ${sql.raw(name)} after ${sql.raw(event)} on product_sizes for each row
  when (${sql.raw(when)}) execute function product_stock_notify()`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`
    create function catalogue_version_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('shop_catalogue', json_build_object('schema', TG_TABLE_SCHEMA, 'catalogue', true)::text);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger catalog_state_notify after update on catalog_state for each row
    when (old.version is distinct from new.version) execute function catalogue_version_notify()`.execute(db);

  await sql`
    create function product_stock_notify() returns trigger language plpgsql as $$
    begin
      if TG_OP <> 'INSERT' then
        perform pg_notify('shop_catalogue', json_build_object('schema', TG_TABLE_SCHEMA, 'product', old.product_id)::text);
      end if;
      if TG_OP <> 'DELETE' then
        perform pg_notify('shop_catalogue', json_build_object('schema', TG_TABLE_SCHEMA, 'product', new.product_id)::text);
      end if;
      return null;
    end $$`.execute(db);
  // Only a crossing of zero can change whether a product has some size in stock: the far more
  // common sale that leaves pieces over notifies nobody.
  await trigger('product_sizes_stock_insert', 'insert', 'new.stock > 0').execute(db);
  await trigger('product_sizes_stock_delete', 'delete', 'old.stock > 0').execute(db);
  await trigger(
    'product_sizes_stock_update',
    'update',
    '(old.stock > 0) <> (new.stock > 0) or old.product_id <> new.product_id',
  ).execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const name of ['product_sizes_stock_insert', 'product_sizes_stock_delete', 'product_sizes_stock_update']) {
    await sql`drop trigger if exists ${sql.raw(name)} on product_sizes`.execute(db);
  }
  await sql`drop trigger if exists catalog_state_notify on catalog_state`.execute(db);
  await sql`drop function if exists product_stock_notify()`.execute(db);
  await sql`drop function if exists catalogue_version_notify()`.execute(db);
}
