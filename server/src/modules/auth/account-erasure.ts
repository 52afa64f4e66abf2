import type { Kysely, Transaction } from 'kysely';
import { erasedEmail } from '@shop/core';
import type { Database } from '../../db/schema.ts';
import { conflict, unauthorized } from '../../lib/errors.ts';
import { getUser } from './auth.service.ts';
import * as repo from './auth.repository.ts';

/** An account as its owner downloads it: the profile, when it was made, and how it signs in. */
export async function accountForExport(db: Kysely<Database>, userId: string) {
  const [user, row, identities] = await Promise.all([
    getUser(db, userId),
    repo.findUserById(db, userId),
    repo.identityProvidersOf(db, userId),
  ]);
  const signInMethods = [...(row?.password_hash ? ['password'] : []), ...identities.map((i) => i.provider)];
  return { ...user, createdAt: row?.created_at ?? '', signInMethods };
}

/**
 * Takes the account's row for its erasure, locked until the transaction ends (two erasures at
 * once are one after the other). Staff accounts are closed by the operator, not from the shop.
 */
export async function lockAccountForErasure(trx: Transaction<Database>, userId: string) {
  const row = await repo.lockUser(trx, userId);
  if (!row || row.erased_at) throw unauthorized('Your session has expired. Please sign in again.');
  if (row.role === 'admin') {
    throw conflict('STAFF_ACCOUNT', 'Staff accounts cannot be deleted here. Ask the shop’s operator to close it.');
  }
  return { email: row.email };
}

/** Erases the account's personal data and ends every session of it, inside the erasure's transaction. */
export function eraseAccount(trx: Transaction<Database>, userId: string, now: Date) {
  return repo.eraseUser(trx, userId, erasedEmail(userId), now.toISOString());
}
