import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { AddressTable, Database, UserTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type UserRow = Selectable<UserTable>;
export type AddressRow = Selectable<AddressTable>;

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What authenticating a request needs: one indexed row. */
export function findTokenOwner(db: Db, id: string) {
  return db.selectFrom('users').select(['id', 'role', 'token_version']).where('id', '=', id).executeTakeFirst();
}

export async function insertUser(db: Db, user: Insertable<UserTable>): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function updateUser(
  db: Db,
  id: string,
  changes: Partial<Pick<UserTable, 'phone' | 'role' | 'password_hash' | 'updated_at'>>,
): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/** Raises the user's token version: every token issued before stops working. */
export async function revokeTokens(db: Db, id: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export function findAddresses(db: Db, userId: string): Promise<AddressRow[]> {
  return db.selectFrom('addresses').selectAll().where('user_id', '=', userId).orderBy('position').execute();
}

export async function replaceAddresses(trx: Transaction<Database>, userId: string, rows: Insertable<AddressTable>[]) {
  await trx.deleteFrom('addresses').where('user_id', '=', userId).execute();
  if (rows.length > 0) await trx.insertInto('addresses').values(rows).execute();
}

export function findIdentity(db: Db, provider: string, subject: string) {
  return db
    .selectFrom('identities')
    .select(['user_id', 'created_at'])
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

export async function insertIdentity(
  db: Db,
  identity: { provider: string; subject: string; userId: string; email: string; now: string },
): Promise<void> {
  await db
    .insertInto('identities')
    .values({
      provider: identity.provider,
      subject: identity.subject,
      user_id: identity.userId,
      email: identity.email,
      created_at: identity.now,
    })
    .execute();
}

/** True for the unique-constraint error of either dialect (a concurrent insert won). */
export { isUniqueViolation } from '../../lib/errors.ts';
