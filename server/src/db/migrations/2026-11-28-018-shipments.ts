import { sql, type Kysely } from 'kysely';

// Frozen: a migration never changes once it has shipped, and imports nothing from the app.

/**
 * Shipments: one per shipped order, with its courier and AWB number, and the parcel's events
 * (from staff, a CSV of AWB statuses, or the couriers' webhook), each known by a key so an
 * event sent twice is taken once. The couriers' tracking-link templates and the owner's
 * delivery-attempt and return-to-origin settings are the shipments module's own rows.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const now = new Date().toISOString();

  await db.schema
    .createTable('courier_settings')
    .addColumn('courier', 'text', (c) => c.primaryKey())
    .addColumn('tracking_url_template', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  const templates: [string, string][] = [
    ['delhivery', 'https://www.delhivery.com/track/package/{awb}'],
    ['bluedart', 'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo={awb}'],
    ['dtdc', 'https://www.dtdc.in/trace.asp?strCnno={awb}'],
    ['ecom_express', 'https://ecomexpress.in/tracking/?awb_field={awb}'],
    ['xpressbees', 'https://www.xpressbees.com/shipment/tracking?awbNo={awb}'],
    ['shadowfax', 'https://tracker.shadowfax.in/#/track/{awb}'],
    // India Post's tracking page takes no number in its address; staff may set one.
    ['india_post', ''],
    ['other', ''],
  ];
  await db
    .insertInto('courier_settings')
    .values(templates.map(([courier, template]) => ({ courier, tracking_url_template: template, updated_at: now })))
    .execute();

  await db.schema
    .createTable('shipment_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('max_delivery_attempts', 'integer', (c) => c.notNull())
    .addColumn('rto_cod_threshold_percent', 'integer')
    .addColumn('rto_cod_min_orders', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db
    .insertInto('shipment_settings')
    .values({
      id: 1,
      max_delivery_attempts: 3,
      rto_cod_threshold_percent: null,
      rto_cod_min_orders: 10,
      updated_at: now,
    })
    .execute();

  await db.schema
    .createTable('shipments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().unique().references('orders.id'))
    .addColumn('courier', 'text', (c) => c.notNull())
    .addColumn('awb', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // The delivery PIN code, copied from the order's address: returns are counted per PIN.
    .addColumn('pin_code', 'text', (c) => c.notNull())
    // After a failed attempt the shopper may ask for another, with a phone number that reaches them.
    .addColumn('reattempt_phone', 'text')
    .addColumn('reattempt_requested_at', 'text')
    .addColumn('shipped_by', 'text')
    .addColumn('shipped_at', 'text', (c) => c.notNull())
    .addColumn('last_event_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shipments_status_idx').on('shipments').columns(['status', 'last_event_at']).execute();
  await db.schema.createIndex('shipments_pin_idx').on('shipments').columns(['pin_code', 'status']).execute();

  await db.schema
    .createTable('shipment_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shipment_id', 'text', (c) => c.notNull().references('shipments.id'))
    // Unique: the webhook's event id, a CSV line's own, or a staff entry's; an event is taken once.
    .addColumn('event_key', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('location', 'text')
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('shipment_events_shipment_idx')
    .on('shipment_events')
    .columns(['shipment_id', 'occurred_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shipment_events').execute();
  await db.schema.dropTable('shipments').execute();
  await db.schema.dropTable('shipment_settings').execute();
  await db.schema.dropTable('courier_settings').execute();
}
