/**
 * Tax invoice and credit note numbers (CGST Rule 46(b)): unique within a financial year,
 * consecutive, at most 16 characters of letters, digits, "/" and "-". A series prefix, the
 * financial year, and a zero-padded sequence: KP/26-27/000123 (invoices), KPCN/26-27/00001
 * (credit notes).
 */
import { shopDay } from './shop-time.ts';

/** The financial year `at` falls in, as invoices write it: "26-27" from 1 April 2026 in India. */
export function financialYearOf(at: Date): string {
  // India's financial year runs from 1 April to 31 March of the shop's (Indian) calendar.
  const [year, month] = shopDay(at).split('-').map(Number) as [number, number];
  const startYear = month >= 4 ? year : year - 1;
  const two = (y: number) => String(y % 100).padStart(2, '0');
  return `${two(startYear)}-${two(startYear + 1)}`;
}

export const MAX_DOCUMENT_NUMBER_LENGTH = 16;

/**
 * Whether a series prefix leaves room in 16 characters for the year and at least 5 digits:
 * 99,999 documents a year at the least, 9,999,999 with a two-letter prefix.
 */
export function isValidSeriesPrefix(prefix: string): boolean {
  return /^[A-Z0-9]{1,4}$/.test(prefix);
}

/**
 * The number of the `sequence`th document of a series in a financial year, its digits
 * padded to six (or fewer when the 16 characters leave less room, at least 5). Throws when the sequence cannot fit: a
 * series that runs out must get a new prefix, never a number the law does not allow.
 */
export function documentNumber(prefix: string, financialYear: string, sequence: number): string {
  if (!isValidSeriesPrefix(prefix)) throw new RangeError(`Not a series prefix: ${prefix}`);
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`Not a sequence number: ${sequence}`);
  const head = `${prefix}/${financialYear}/`;
  const width = MAX_DOCUMENT_NUMBER_LENGTH - head.length;
  const digits = String(sequence);
  if (digits.length > width) throw new RangeError(`Series ${prefix} is full for ${financialYear}`);
  return head + digits.padStart(Math.min(width, 6), '0');
}
