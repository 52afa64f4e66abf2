import type { Kysely } from 'kysely';

// Frozen: a migration never changes once it has shipped, and imports nothing from the app.

/**
 * Returns of delivered orders: the shopper's request (lines, reason, photos, and for a cash
 * order where the refund goes), its steps as a timeline, and the refund made once (a claim
 * while the provider is asked, an idempotency key the provider sees again on a retry). Each
 * refund's credit note, numbered in the credit note series, against the order's invoice. The
 * owner's return window and size exchanges are shop settings.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('shop_settings')
    .addColumn('return_window_days', 'integer', (c) => c.notNull().defaultTo(3))
    .execute();
  await db.schema
    .alterTable('shop_settings')
    .addColumn('allow_size_exchanges', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('returns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    // JSON array of the uploaded photos' paths.
    .addColumn('photos', 'text', (c) => c.notNull())
    .addColumn('exchange', 'integer', (c) => c.notNull().defaultTo(0))
    // 'source' (online orders), 'upi' or 'bank' (cash orders).
    .addColumn('refund_method', 'text', (c) => c.notNull())
    .addColumn('upi_id', 'text')
    .addColumn('account_name', 'text')
    .addColumn('account_number', 'text')
    .addColumn('ifsc', 'text')
    .addColumn('decision_reason', 'text')
    .addColumn('pickup_courier', 'text')
    .addColumn('pickup_awb', 'text')
    // Set when a refund is claimed: what it pays and the key the provider knows it by.
    .addColumn('refund_amount', 'integer')
    // JSON of the units refunded per order line and the units refunded before them.
    .addColumn('refund_units', 'text')
    .addColumn('refund_key', 'text', (c) => c.unique())
    .addColumn('refund_claimed_at', 'text')
    .addColumn('refund_reference', 'text')
    .addColumn('refunded_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('returns_order_idx').on('returns').column('order_id').execute();
  await db.schema.createIndex('returns_status_idx').on('returns').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('returns_user_idx').on('returns').column('user_id').execute();

  await db.schema
    .createTable('return_lines')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('return_id', 'text', (c) => c.notNull().references('returns.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('exchange_size', 'text')
    .addColumn('inspection', 'text')
    .addUniqueConstraint('return_lines_return_position_unique', ['return_id', 'position'])
    .execute();

  await db.schema
    .createTable('return_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('return_id', 'text', (c) => c.notNull().references('returns.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('actor_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('return_events_return_idx')
    .on('return_events')
    .columns(['return_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('return_credit_notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('return_id', 'text', (c) => c.notNull().unique())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('series', 'text', (c) => c.notNull())
    .addColumn('financial_year', 'text', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addUniqueConstraint('return_credit_notes_series_sequence_unique', ['series', 'financial_year', 'sequence'])
    .execute();
  await db.schema.createIndex('return_credit_notes_order_idx').on('return_credit_notes').column('order_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('return_credit_notes').execute();
  await db.schema.dropTable('return_events').execute();
  await db.schema.dropTable('return_lines').execute();
  await db.schema.dropTable('returns').execute();
  await db.schema.alterTable('shop_settings').dropColumn('allow_size_exchanges').execute();
  await db.schema.alterTable('shop_settings').dropColumn('return_window_days').execute();
}
