import { createHash, randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { accountLinkMinutes, accountLinkPath, type AccountLinkPurpose } from '@shop/core';
import type { Database } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { enqueueMessage } from '../messages/messages.service.ts';
import * as repo from './auth.repository.ts';
import { passwordFingerprint } from './password.ts';

/** The sha256 of a link's token: all the database keeps of it. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Issues a one-time link for the account in the caller's transaction: 32 random bytes, of
 * which only the hash is stored, bound to the account's email and password as they are now.
 * Answers the token.
 */
export async function issueAccountLink(
  trx: Transaction<Database>,
  user: repo.UserRow,
  purpose: AccountLinkPurpose,
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const minutes = accountLinkMinutes[purpose];
  await repo.insertAccountToken(trx, {
    id: newId(),
    user_id: user.id,
    purpose,
    token_hash: hashLinkToken(token),
    email: user.email,
    password_fingerprint: passwordFingerprint(user.password_hash),
    expires_at: new Date(now.getTime() + minutes * 60_000).toISOString(),
    used_at: null,
    created_at: now.toISOString(),
  });
  return token;
}

/**
 * Issues a one-time link for the account and queues the email that carries it, both in the
 * caller's transaction. Answers the token (tests follow the link with it; nothing else needs it).
 */
export async function sendAccountLink(
  trx: Transaction<Database>,
  user: repo.UserRow,
  purpose: AccountLinkPurpose,
  now: Date,
): Promise<string> {
  const token = await issueAccountLink(trx, user, purpose, now);
  const minutes = accountLinkMinutes[purpose];
  const link = accountLinkPath(purpose, token);
  // The link and its lifetime only: the names were typed by whoever signed up, who may not
  // own this address.
  await enqueueMessage(
    trx,
    purpose === 'password-reset'
      ? { template: 'password-reset', to: user.email, userId: user.id, data: { link, expiresInMinutes: minutes } }
      : { template: 'verify-email', to: user.email, userId: user.id, data: { link } },
    now,
  );
  return token;
}
