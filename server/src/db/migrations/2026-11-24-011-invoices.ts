import { sql, type Kysely } from 'kysely';

// Frozen: a migration never changes once it has shipped, and imports nothing from the app.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // The seller every tax invoice names: one row, the demo shop's details until staff set theirs.
  await db.schema
    .createTable('seller_details')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('legal_name', 'text', (c) => c.notNull())
    .addColumn('address_line1', 'text', (c) => c.notNull())
    .addColumn('address_line2', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('pin_code', 'text', (c) => c.notNull())
    .addColumn('state_code', 'text', (c) => c.notNull())
    .addColumn('gstin', 'text', (c) => c.notNull())
    .addColumn('invoice_prefix', 'text', (c) => c.notNull())
    .addColumn('credit_note_prefix', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db
    .insertInto('seller_details')
    .values({
      id: 1,
      legal_name: 'Kapas Apparel Private Limited',
      address_line1: 'Unit 4, Kamala Mills Compound, Senapati Bapat Marg',
      address_line2: 'Lower Parel',
      city: 'Mumbai',
      pin_code: '400013',
      state_code: '27',
      gstin: '27AAKCK4821L1Z6',
      invoice_prefix: 'KP',
      credit_note_prefix: 'KPCN',
      // The epoch marks details staff have never saved (the demo shop's).
      updated_at: new Date(0).toISOString(),
    })
    .execute();

  // A category's HSN code and GST rate as staff set them; a category with no row is invoiced
  // at the shop's default for it.
  await db.schema
    .createTable('category_taxes')
    .addColumn('category_id', 'text', (c) => c.primaryKey().references('categories.id').onDelete('cascade'))
    .addColumn('hsn', 'text', (c) => c.notNull())
    .addColumn('gst_rate', 'integer', (c) => c.notNull().check(sql`gst_rate between 0 and 28`))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // The last number given in each series and financial year, raised in the transaction of the
  // document it numbers: a rolled-back transaction gives its number back.
  await db.schema
    .createTable('document_sequences')
    .addColumn('series', 'text', (c) => c.notNull())
    .addColumn('financial_year', 'text', (c) => c.notNull())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('document_sequences_pk', ['series', 'financial_year'])
    .execute();

  // Tax invoices and credit notes as issued: what they print is kept (snapshot, JSON), so a
  // document never changes when settings do. One of each kind per order at most.
  await db.schema
    .createTable('tax_documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('invoice', 'credit_note')`))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('series', 'text', (c) => c.notNull())
    .addColumn('financial_year', 'text', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addUniqueConstraint('tax_documents_order_kind_unique', ['order_id', 'kind'])
    .addUniqueConstraint('tax_documents_series_sequence_unique', ['series', 'financial_year', 'sequence'])
    .execute();

  // Each order line keeps the HSN code and rate it was taxed at, and the order its shipping's
  // rate, so its invoice restates it to the paisa whatever staff change later. Lines written
  // before this have no HSN (their invoice takes the category's) and were taxed at 18 %.
  await db.schema.alterTable('order_items').addColumn('hsn', 'text').execute();
  await db.schema
    .alterTable('order_items')
    .addColumn('gst_rate', 'integer', (c) => c.notNull().defaultTo(18))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('shipping_gst_rate', 'integer', (c) => c.notNull().defaultTo(18))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('shipping_gst_rate').execute();
  await db.schema.alterTable('order_items').dropColumn('gst_rate').execute();
  await db.schema.alterTable('order_items').dropColumn('hsn').execute();
  await db.schema.dropTable('tax_documents').execute();
  await db.schema.dropTable('document_sequences').execute();
  await db.schema.dropTable('category_taxes').execute();
  await db.schema.dropTable('seller_details').execute();
}
