import type { Kysely } from 'kysely';

// Frozen: a migration never changes once it has shipped, and imports nothing from the app.

/**
 * A coupon reduces only the lines it applies to: the order keeps its discount line by line
 * (JSON, paise by line position), so its invoice shows the taxable value of each line and HSN
 * as the coupon gave it. Orders from before have none: their discount is shared by value.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('line_discounts', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('line_discounts').execute();
}
