import { randomBytes } from 'node:crypto';

// Crockford's base32: no I, L, O or U, so a number read out over the phone is not misheard.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A readable, unique-enough order number: KP, the date, five random characters (KP261121-7K3QD). */
export function newOrderNumber(now: Date): string {
  const date = now.toISOString().slice(2, 10).replace(/-/g, '');
  const random = [...randomBytes(5)].map((b) => ALPHABET[b % 32]).join('');
  return `KP${date}-${random}`;
}
