import { sql, type Kysely } from 'kysely';

// Frozen: a migration never changes once it has shipped, and imports nothing from the app.

/**
 * Low stock: the number of pieces at or below which a variant is "low", for the whole shop (5
 * until the owner changes it) and, when staff set one, for a product.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('shop_settings')
    .addColumn('low_stock_threshold', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(10)
        .check(sql`low_stock_threshold >= 0`),
    )
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('low_stock_threshold', 'integer', (c) => c.check(sql`low_stock_threshold >= 0`))
    .execute();
}
