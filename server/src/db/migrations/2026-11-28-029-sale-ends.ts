import { sql, type Kysely } from 'kysely';

// Frozen: a migration never changes once it has shipped, and imports nothing from the app.

/**
 * Every process asks every few seconds which products' sales have ended: only the few products
 * with a sale end are indexed, so the question costs the same in any catalogue.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('products_sale_ends_idx')
    .on('products')
    .column('sale_ends_at')
    .where(sql.ref('sale_ends_at'), 'is not', null)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('products_sale_ends_idx').execute();
}
