import { sql, type Kysely } from 'kysely';

// Frozen: a migration never changes once it has shipped, and imports nothing from the app.

/**
 * Which GST arithmetic priced each order (1: its prices included GST, the owner's setting of
 * migration 027; 0: GST added on top, the specification's), so that changing the setting later
 * never changes an order, its invoice, its refunds or its credit notes. Every order placed
 * before this was priced with GST added.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('prices_include_gst', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`prices_include_gst in (0, 1)`),
    )
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('prices_include_gst').execute();
}
