import type { Kysely } from 'kysely';

// Frozen: a migration never changes once it has shipped, and imports nothing from the app.

/**
 * Legal Metrology declarations per product (empty until staff enter them: a product on sale
 * before this keeps selling, and cannot be saved on sale again without them), and the owner's
 * choice to show prices inclusive of GST (0: the specification's prices before GST).
 */
const declarationColumns = [
  'generic_name',
  'net_quantity',
  'country_of_origin',
  'maker_role',
  'maker_name',
  'maker_address',
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of declarationColumns) {
    await db.schema
      .alterTable('products')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
  await db.schema
    .alterTable('shop_settings')
    .addColumn('prices_include_gst', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shop_settings').dropColumn('prices_include_gst').execute();
  for (const column of [...declarationColumns].reverse()) {
    await db.schema.alterTable('products').dropColumn(column).execute();
  }
}
