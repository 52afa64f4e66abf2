import { randomBytes } from 'node:crypto';

/** A new opaque id: 16 URL-safe characters (96 random bits). */
export function newId(): string {
  return randomBytes(12).toString('base64url');
}
