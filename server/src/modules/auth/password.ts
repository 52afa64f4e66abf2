import { createHash } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { passwordRefusal, passwordRefusalMessages, type PasswordOwner } from '@shop/core';
import { badRequest, serviceBusy } from '../../lib/errors.ts';
import { QueueFullError, Semaphore } from '../../lib/semaphore.ts';
import { isCommonPassword } from './common-passwords.ts';

/**
 * Refuses (400) a password the shop's rules refuse (core's `passwordRefusal`: blank, control
 * characters, one character, the shop's or the person's name) or a common breached one.
 */
export async function assertAcceptablePassword(password: string, owner: PasswordOwner): Promise<void> {
  const refusal = passwordRefusal(password, owner);
  if (refusal) throw badRequest('WEAK_PASSWORD', passwordRefusalMessages[refusal]);
  if (await isCommonPassword(password)) {
    throw badRequest('COMMON_PASSWORD', 'This password is too common. Please choose one that is harder to guess.');
  }
}

/**
 * A short stand-in for the account's password as it is now (its stored hash, or none): it
 * changes whenever the password does, by any route, so what was issued under the old
 * password (a reset link, a remembered sign-in address) can tell.
 */
export function passwordFingerprint(passwordHash: string | null): string {
  return createHash('sha256')
    .update(`password:${passwordHash ?? ''}`)
    .digest('base64url')
    .slice(0, 22);
}

/** Hashing and checking passwords, a bounded number at a time. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Checks against a hash of nothing anyone knows: an unknown email costs what a known one does. */
  verifyAgainstDecoy(password: string): Promise<false>;
}

export interface HashingBounds {
  /** argon2 computations at once; below libuv's thread pool, so files and DNS keep a thread. */
  concurrency: number;
  /** How many may wait for a turn; beyond that, 503 at once. */
  queueLimit: number;
}

/** Two below the thread pool's size (4 unless UV_THREADPOOL_SIZE says otherwise), at least one. */
export const defaultHashingBounds: HashingBounds = {
  concurrency: Math.max(1, (Number(process.env.UV_THREADPOOL_SIZE) || 4) - 2),
  queueLimit: 100,
};

/** What one argon2id computation costs: memory in KiB, passes over it, lanes. */
export interface PasswordHashCost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** OWASP's baseline for argon2id (m = 19 MiB, t = 2, p = 1): what every shop hashes with. */
export const shopPasswordHashCost: PasswordHashCost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * argon2id at `cost` (the shop's baseline unless a test suite asks for less; a stored hash
 * names its own cost, so any hash verifies whatever the cost of new ones). argon2
 * runs on libuv's thread pool, which @fastify/static's file reads, DNS lookups and zlib share:
 * a flood of sign-ins would otherwise queue hundreds of hashes there and stall them all.
 */
export function createPasswordHasher(
  bounds: HashingBounds = defaultHashingBounds,
  cost: PasswordHashCost = shopPasswordHashCost,
): PasswordHasher {
  const turns = new Semaphore(bounds.concurrency, bounds.queueLimit);
  const bounded = async <T>(task: () => Promise<T>): Promise<T> => {
    try {
      return await turns.run(task);
    } catch (error) {
      throw error instanceof QueueFullError ? serviceBusy() : error;
    }
  };
  const check = (passwordHash: string, password: string) =>
    bounded(async () => {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false; // a malformed stored hash matches nothing
      }
    });
  let decoyHash: Promise<string> | undefined;
  return {
    hash: (password) => bounded(() => hash(password, cost)),
    verify: check,
    async verifyAgainstDecoy(password) {
      decoyHash ??= bounded(() => hash(`decoy-${Math.random()}`, cost)).catch((error: unknown) => {
        decoyHash = undefined; // busy this time: try again with the next request
        throw error;
      });
      await check(await decoyHash, password);
      return false;
    },
  };
}
