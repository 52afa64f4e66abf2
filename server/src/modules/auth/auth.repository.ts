import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { AccountTokenPurpose, AccountTokenTable, AddressTable, Database, UserTable } from '../../db/schema.ts';
import { queryTemplate } from '../../db/query-template.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type UserRow = Selectable<UserTable>;
export type AddressRow = Selectable<AddressTable>;
export type AccountTokenRow = Selectable<AccountTokenTable>;

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

const userById = queryTemplate(['id'], (db, slot) => db.selectFrom('users').selectAll().where('id', '=', slot.id));

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return (await userById(db, { id })).rows[0];
}

/**
 * The account's row, locked until the transaction ends (PostgreSQL; SQLite runs one writer at
 * a time). A link's use takes it before the link: the use writes the account's row and retires
 * its other links, so two uses (two links, a link and Google) are decided one after the other
 * instead of each holding a link the other must retire.
 */
export function lockUser(trx: Transaction<Database>, id: string): Promise<UserRow | undefined> {
  return trx.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

const tokenOwner = queryTemplate(['id'], (db, slot) =>
  db.selectFrom('users').select(['id', 'role', 'token_version']).where('id', '=', slot.id),
);

/** What authenticating a request needs: one indexed row (asked on every signed-in request). */
export async function findTokenOwner(db: Db, id: string) {
  return (await tokenOwner(db, { id })).rows[0];
}

export async function insertUser(db: Db, user: Insertable<UserTable>): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function updateUser(
  db: Db,
  id: string,
  changes: Partial<Pick<UserTable, 'phone' | 'role' | 'password_hash' | 'first_name' | 'last_name' | 'updated_at'>>,
): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/**
 * Replaces the password only if it is still `current` (null: none): of two changes racing
 * from the same password, one wins. Answers whether this one did.
 */
export async function replacePassword(
  trx: Transaction<Database>,
  id: string,
  current: string | null,
  next: string | null,
  at: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('users')
    .set({ password_hash: next, updated_at: at })
    .where('id', '=', id)
    .where('password_hash', current === null ? 'is' : '=', current)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The proof of an account's email, the first time only: the email is marked verified and, in
 * the same conditional UPDATE, the password and phone its unproved holder set go and every
 * session ends. Of proofs arriving at once exactly one finds the email unproved (the others
 * wait for its row lock, then find it verified). Answers whether this one did.
 */
export async function takeUnprovedAccount(trx: Transaction<Database>, id: string, at: string): Promise<boolean> {
  const result = await trx
    .updateTable('users')
    .set((eb) => ({
      email_verified_at: at,
      password_hash: null,
      phone: null,
      token_version: eb('token_version', '+', 1),
      updated_at: at,
    }))
    .where('id', '=', id)
    .where('email_verified_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Stamps the account's row for a change made with a session of `tokenVersion`, if that is
 * still the account's: the row stays locked until the transaction ends, so a change and the
 * end of the session (sign-out, a reset, the email's proof) happen one after the other, and
 * a change whose session ended meanwhile is refused. Answers whether the session still holds.
 */
export async function lockForSession(
  trx: Transaction<Database>,
  id: string,
  tokenVersion: number,
  at: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('users')
    .set({ updated_at: at })
    .where('id', '=', id)
    .where('token_version', '=', tokenVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertAccountToken(trx: Transaction<Database>, row: Insertable<AccountTokenTable>) {
  await trx.insertInto('account_tokens').values(row).execute();
}

export function findAccountToken(db: Db, tokenHash: string, purpose: AccountTokenPurpose) {
  return db
    .selectFrom('account_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

/**
 * Uses a link once: one conditional UPDATE, so of two simultaneous uses exactly one finds it
 * unused and in time. Answers whether this use did.
 */
export async function consumeAccountToken(trx: Transaction<Database>, id: string, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends every unused link of the account for `purpose` (its job is done another way). */
export async function retireAccountTokens(
  trx: Transaction<Database>,
  userId: string,
  purpose: AccountTokenPurpose,
  now: string,
): Promise<void> {
  await trx
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
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

/** How an account signs in: the providers linked to it (Google). */
export function identityProvidersOf(db: Db, userId: string) {
  return db.selectFrom('identities').select('provider').where('user_id', '=', userId).execute();
}

/**
 * Empties an erased account's row and removes what hangs off it (addresses, linked sign-ins,
 * one-time links); the raised token version ends every session. The row stays: the orders and
 * tax documents the law keeps name it.
 */
export async function eraseUser(trx: Transaction<Database>, id: string, email: string, at: string): Promise<void> {
  await trx.deleteFrom('addresses').where('user_id', '=', id).execute();
  await trx.deleteFrom('identities').where('user_id', '=', id).execute();
  await trx.deleteFrom('account_tokens').where('user_id', '=', id).execute();
  await trx
    .updateTable('users')
    .set((eb) => ({
      email,
      first_name: 'Erased',
      last_name: 'account',
      phone: null,
      password_hash: null,
      email_verified_at: null,
      erased_at: at,
      updated_at: at,
      token_version: eb('token_version', '+', 1),
    }))
    .where('id', '=', id)
    .execute();
}
