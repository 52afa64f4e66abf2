import { indianStates } from './indian-states.ts';

/**
 * GSTIN: the 15-character GST identification number every invoice prints for its seller.
 * Two digits of state code, the holder's PAN (five letters, four digits, a letter), the
 * registration's number within that PAN (1–9, then A–Z), "Z" by default, and a check
 * character computed over the first fourteen (GSTN's published base-36 Luhn variant).
 */
const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const SHAPE = /^(\d{2})[A-Z]{5}\d{4}[A-Z][1-9A-Z][A-Z0-9][0-9A-Z]$/;

/** The check character for the first fourteen characters of a GSTIN. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = CHARS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(value / 36) + (value % 36);
  }
  return CHARS[(36 - (sum % 36)) % 36]!;
}

export type GstinRefusal = 'SHAPE' | 'STATE_CODE' | 'CHECKSUM';

/** Why a GSTIN is not one (shape, unknown state code, wrong check character), or null when it is. */
export function gstinRefusal(gstin: string): GstinRefusal | null {
  const match = SHAPE.exec(gstin);
  if (!match) return 'SHAPE';
  // 97 ("other territory") and 99 (centre's jurisdiction) are codes GSTN gives too.
  if (!indianStates.some((s) => s.gstCode === match[1]) && !['97', '99'].includes(match[1]!)) return 'STATE_CODE';
  return gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14] ? null : 'CHECKSUM';
}

export function isValidGstin(gstin: string): boolean {
  return gstinRefusal(gstin) === null;
}

export const gstinRefusalMessages: Record<GstinRefusal, string> = {
  SHAPE: 'A GSTIN is 15 characters: 2 digits of state code, a 10-character PAN, then 3 more (e.g. 27AAPFU0939F1ZV).',
  STATE_CODE: 'The GSTIN does not start with an Indian state code.',
  CHECKSUM: 'The GSTIN is mistyped: its last character does not match the rest.',
};
