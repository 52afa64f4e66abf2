import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen: a migration never changes once it has shipped, and imports nothing from the app.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // The outbox: every message the shop sends, written in the transaction of the change that
  // causes it, then delivered by a worker in each process. Once sent, the row keeps what was sent.
  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('queued', 'sending', 'sent', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('subject', 'text')
    .addColumn('html', 'text')
    .addColumn('text', 'text')
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('order_id', 'text', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('resent_from', 'text', (c) => c.references('messages.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // What the worker claims: due queued messages, and claims that outlived their lease.
  await db.schema.createIndex('messages_due_idx').on('messages').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('messages_created_idx').on('messages').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('messages_order_idx').on('messages').column('order_id').execute();
  await db.schema.createIndex('messages_user_idx').on('messages').column('user_id').execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // PostgreSQL tells every listening process when new messages commit (NOTIFY is sent at
    // commit, never for a transaction rolled back), so workers need not wait for their next poll.
    await sql`
      create function messages_notify() returns trigger language plpgsql as $$
      begin
        perform pg_notify('shop_messages', '');
        return null;
      end $$`.execute(db);
    await sql`
      create trigger messages_notify after insert on messages
      for each statement execute function messages_notify()`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('messages').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop function if exists messages_notify()`.execute(db);
  }
}
