import { sql, type Kysely } from 'kysely';

// Frozen: a migration never changes once it has shipped, and imports nothing from the app.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // The owner's settings: one row (id 1), written here with the defaults (no free shipping,
  // cash on delivery up to ₹50,000 and 3 open cash-on-delivery orders per shopper).
  await db.schema
    .createTable('shop_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('free_shipping_threshold', 'integer')
    .addColumn('cod_max_order_value', 'integer', (c) => c.notNull())
    .addColumn('cod_max_open_orders', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  const now = new Date().toISOString();
  await db
    .insertInto('shop_settings')
    .values({
      id: 1,
      free_shipping_threshold: null,
      cod_max_order_value: 5_000_000,
      cod_max_open_orders: 3,
      updated_at: now,
    })
    .execute();

  // Where the shop delivers: inclusive ranges of PIN codes (six digits, as integers so ranges
  // compare as numbers), a single code being a range of one. The narrowest range holding a PIN
  // decides, so one range may not be listed twice.
  await db.schema
    .createTable('serviceable_pins')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('pin_from', 'integer', (c) => c.notNull())
    .addColumn('pin_to', 'integer', (c) => c.notNull())
    .addColumn('cod_allowed', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('serviceable_pins_order', sql`pin_from <= pin_to`)
    .execute();
  await db.schema
    .createIndex('serviceable_pins_range_idx')
    .on('serviceable_pins')
    .columns(['pin_from', 'pin_to'])
    .unique()
    .execute();

  // The shop has so far delivered everywhere with cash on delivery; it goes on doing so, but
  // not to the Andaman and Nicobar Islands (744) and without cash on delivery in Jammu and
  // Kashmir and Ladakh (190–194). Staff change these from the Delivery page.
  const ranges: [string, number, number, number][] = [
    ['pins-india-north-east', 100000, 743999, 1],
    ['pins-india-east-south', 745000, 899999, 1],
    ['pins-jk-ladakh-no-cod', 190000, 194999, 0],
  ];
  await db
    .insertInto('serviceable_pins')
    .values(
      ranges.map(([id, from, to, cod]) => ({ id, pin_from: from, pin_to: to, cod_allowed: cod, created_at: now })),
    )
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('serviceable_pins').execute();
  await db.schema.dropTable('shop_settings').execute();
}
