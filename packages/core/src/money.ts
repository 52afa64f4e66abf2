/**
 * Money is integer paise everywhere inside the shop. Rupees (numbers with at most two
 * decimals) exist only at the edges: JSON in and out of the API, and text on screen.
 */
export type Paise = number;

/** Converts a rupee amount from the outside world into integer paise. */
export function toPaise(rupees: number): Paise {
  if (!Number.isFinite(rupees)) throw new RangeError(`Not a rupee amount: ${rupees}`);
  // Math.round absorbs binary noise such as 0.1 + 0.2; the schema refuses a third decimal.
  return Math.round(rupees * 100);
}

/** Converts integer paise into rupees for JSON (e.g. 119900 → 1199). */
export function toRupees(paise: Paise): number {
  assertPaise(paise);
  return paise / 100;
}

export function assertPaise(paise: Paise): void {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Paise must be an integer: ${paise}`);
}

/** True when a rupee amount has no more than two decimals (no fractions of a paisa). */
export function hasAtMostTwoDecimals(rupees: number): boolean {
  return Number.isFinite(rupees) && Math.abs(rupees * 100 - Math.round(rupees * 100)) < 1e-6;
}

/**
 * Formats paise as Indian rupees with two decimals and Indian digit grouping:
 * 119900 → "₹1,199.00", 12345678900 → "₹12,34,56,789.00".
 * Written by hand rather than with Intl so that server, browser and tests agree exactly.
 */
export function formatRupees(paise: Paise): string {
  assertPaise(paise);
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const whole = Math.floor(abs / 100).toString();
  const fraction = (abs % 100).toString().padStart(2, '0');
  return `${sign}₹${groupIndian(whole)}.${fraction}`;
}

/** "1234567" → "12,34,567": the last three digits, then groups of two. */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const lastThree = digits.slice(-3);
  const rest = digits.slice(0, -3);
  const pairs = rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${pairs},${lastThree}`;
}
