import type { Kysely } from 'kysely';

// Frozen: a migration never changes once it has shipped, and imports nothing from the app.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // One provider order per order: the payment row that claims the right to make it carries the
  // order's id here, and the unique index refuses a second claim. Rows made before this
  // migration keep null (an index allows any number of nulls, on both databases).
  await db.schema.alterTable('payments').addColumn('claimed_order_id', 'text').execute();
  await db.schema
    .createIndex('payments_claimed_order_unique')
    .unique()
    .on('payments')
    .column('claimed_order_id')
    .execute();

  // Captures an order did not need (a second payment of one provider order, a payment on an
  // order already paid another way): each is refunded once, keyed by the provider's payment id.
  await db.schema
    .createTable('stray_payments')
    .addColumn('provider_payment_id', 'text', (c) => c.primaryKey())
    .addColumn('payment_id', 'text', (c) => c.notNull().references('payments.id'))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('refund_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stray_payments_order_idx').on('stray_payments').column('order_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stray_payments').execute();
  await db.schema.dropIndex('payments_claimed_order_unique').execute();
  await db.schema.alterTable('payments').dropColumn('claimed_order_id').execute();
}
