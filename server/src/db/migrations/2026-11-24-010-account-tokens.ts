import { sql, type Kysely } from 'kysely';

// Frozen: a migration never changes once it has shipped, and imports nothing from the app.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // When the account proved it owns its email (a verification link, a reset link, or an
  // identity provider that vouches for it); null while it has not.
  await db.schema.alterTable('users').addColumn('email_verified_at', 'text').execute();
  // Accounts linked to an identity provider were signed into with a verified email already.
  await sql`
    update users set email_verified_at = created_at
    where exists (select 1 from identities i where i.user_id = users.id)`.execute(db);

  // One-time links sent by email (password reset, email verification). Only a hash of the
  // token is kept: the database alone never lets anyone use a link.
  await db.schema
    .createTable('account_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('password-reset', 'verify-email')`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // The email the link was sent to, and (for resets) a fingerprint of the password it replaces:
    // a link stops working when either changes.
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_fingerprint', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_tokens_user_idx').on('account_tokens').columns(['user_id', 'purpose']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_tokens').execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}
