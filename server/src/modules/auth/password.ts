import { hash, verify } from '@node-rs/argon2';
import commonPasswordList from './common-passwords.txt?raw';

// The 5,000 most common passwords of 8 or more characters, from the zxcvbn-ts
// "passwords-common" list (MIT). Shorter ones are refused by the length rule already.
const commonPasswords = new Set(commonPasswordList.split('\n').filter(Boolean));

/** True for a password that appears in common-password lists (case-insensitively). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

/** argon2id with the library's defaults (m = 19 MiB, t = 2, p = 1: OWASP's baseline). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A hash of nothing anyone knows: checked when the email is unknown, so that an answer
// takes as long whether or not the account exists.
let decoyHash: Promise<string> | undefined;
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hash(`decoy-${Math.random()}`);
  await verifyPassword(await decoyHash, password);
  return false;
}
