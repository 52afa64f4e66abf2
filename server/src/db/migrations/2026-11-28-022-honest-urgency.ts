import type { Kysely } from 'kysely';

// Frozen: a migration never changes once it has shipped, and imports nothing from the app.

/**
 * Urgency the storefront states only when true: a product's sale end (null: no countdown). The
 * "only N left" threshold is the shop's low-stock threshold (migration 021).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('sale_ends_at', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('sale_ends_at').execute();
}
