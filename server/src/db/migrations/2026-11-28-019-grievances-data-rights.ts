import { sql, type Kysely } from 'kysely';

// Frozen: a migration never changes once it has shipped, and imports nothing from the app.

/**
 * The seller page and the grievance officer (Consumer Protection (E-Commerce) Rules 2020), the
 * complaints they answer, and erased accounts (Digital Personal Data Protection Act 2023).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Beside the invoice's seller: where the business operates, how to reach it, and its
  // grievance officer. The demo shop's until staff set theirs.
  const sellerColumns: [string, string][] = [
    [
      'operating_address',
      'Unit 4, Kamala Mills Compound, Senapati Bapat Marg, Lower Parel, Mumbai 400013, Maharashtra',
    ],
    ['contact_email', 'care@kapas.in'],
    ['contact_phone', '+918047182200'],
    ['grievance_officer_name', 'Meera Iyer'],
    ['grievance_officer_designation', 'Grievance Officer'],
    ['grievance_officer_email', 'grievance@kapas.in'],
    ['grievance_officer_phone', '+918047182201'],
  ];
  for (const [column, value] of sellerColumns) {
    await db.schema
      .alterTable('seller_details')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(value))
      .execute();
  }

  // A complaint: who made it (an account, or only a name and an email), what about, and when
  // it was acknowledged and resolved. The ticket link carries `access_key`, unguessable.
  await db.schema
    .createTable('complaints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ticket_number', 'text', (c) => c.notNull().unique())
    .addColumn('access_key', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('order_number', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'acknowledged', 'resolved')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('acknowledged_at', 'text')
    .addColumn('resolved_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('complaints_status_idx').on('complaints').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('complaints_user_idx').on('complaints').column('user_id').execute();

  // The complaint's thread: the shopper's words, and each step staff took with what they wrote.
  await db.schema
    .createTable('complaint_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('complaint_id', 'text', (c) => c.notNull().references('complaints.id').onDelete('cascade'))
    .addColumn('author', 'text', (c) => c.notNull().check(sql`author in ('shopper', 'staff')`))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('complaint', 'acknowledgement', 'reply', 'resolution')`),
    )
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('complaint_messages_complaint_idx')
    .on('complaint_messages')
    .columns(['complaint_id', 'created_at'])
    .execute();

  // An account erased at its owner's request: the row stays, emptied, for the orders and tax
  // documents the law keeps.
  await db.schema.alterTable('users').addColumn('erased_at', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('erased_at').execute();
  await db.schema.dropTable('complaint_messages').execute();
  await db.schema.dropTable('complaints').execute();
  for (const column of [
    'operating_address',
    'contact_email',
    'contact_phone',
    'grievance_officer_name',
    'grievance_officer_designation',
    'grievance_officer_email',
    'grievance_officer_phone',
  ]) {
    await db.schema.alterTable('seller_details').dropColumn(column).execute();
  }
}
