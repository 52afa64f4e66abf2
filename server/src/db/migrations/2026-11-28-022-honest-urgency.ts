import type { Kysely } from 'kysely';

// Frozen: a migration never changes once it has shipped, and imports nothing from the app.

/**
 * Urgency the storefront states only when true: the owner's "only N left" threshold (default
 * 10) and a product's sale end (null: no countdown).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('shop_settings')
    .addColumn('low_stock_threshold', 'integer', (c) => c.notNull().defaultTo(10))
    .execute();
  await db.schema.alterTable('products').addColumn('sale_ends_at', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('sale_ends_at').execute();
  await db.schema.alterTable('shop_settings').dropColumn('low_stock_threshold').execute();
}
