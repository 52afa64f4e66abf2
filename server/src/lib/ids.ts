import { randomBytes } from 'node:crypto';

const ID_BYTES = 12;
/** Random bytes drawn at once for the next 512 ids: one call into the CSPRNG instead of one per id. */
const POOL_BYTES = ID_BYTES * 512;
let pool = Buffer.alloc(0);
let used = 0;

/** A new opaque id: 16 URL-safe characters (96 random bits). */
export function newId(): string {
  if (used + ID_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  used += ID_BYTES;
  return pool.toString('base64url', used - ID_BYTES, used);
}
