/**
 * The shop's calendar. The shop is in India, so its days (the dashboard's "today" and per-day
 * figures, the financial year of its invoices) run from midnight to midnight Indian Standard
 * Time, Asia/Kolkata. India keeps UTC+05:30 all year (no daylight saving), so one fixed offset is
 * exact, and the same on the server and in any browser whatever its own zone.
 */

import { SHOP_UTC_OFFSET_MINUTES } from './shop-zone.ts';

export { SHOP_TIME_ZONE, SHOP_UTC_OFFSET_MINUTES } from './shop-zone.ts';

const OFFSET_MS = SHOP_UTC_OFFSET_MINUTES * 60_000;
const DAY_MS = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The first instant of a YYYY-MM-DD taken as a UTC date; NaN when it is no day the calendar has (30 Feb). */
function utcMidnight(day: string): number {
  if (!DAY_PATTERN.test(day)) return Number.NaN;
  const midnight = Date.parse(`${day}T00:00:00.000Z`);
  return !Number.isNaN(midnight) && new Date(midnight).toISOString().startsWith(day) ? midnight : Number.NaN;
}

/** The shop day of an instant, YYYY-MM-DD: 20:00 UTC on 21 Nov is 01:30 on 22 Nov in India. */
export function shopDay(instant: Date): string {
  return new Date(instant.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a shop day begins: 22 Nov 2026 begins at 2026-11-21T18:30:00.000Z. */
export function shopDayStart(day: string): Date {
  const midnight = utcMidnight(day);
  if (Number.isNaN(midnight)) throw new RangeError(`Not a day: ${day}`);
  return new Date(midnight - OFFSET_MS);
}

/** The day `count` days after `day` (before it, for a negative count), YYYY-MM-DD. */
export function addDays(day: string, count: number): string {
  const midnight = utcMidnight(day);
  if (Number.isNaN(midnight)) throw new RangeError(`Not a day: ${day}`);
  return new Date(midnight + count * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier); NaN when either is no day. */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / DAY_MS);
}

/**
 * The UTC time of day ("18:30") at which a shop day begins. An instant written as UTC ISO text
 * belongs to the shop day of its UTC date before this time and to the next day from it
 * (`shopDayOfUtcDate`): SQL can group stored timestamps by shop day with string comparisons
 * alone, the same on SQLite and PostgreSQL.
 */
export const SHOP_DAY_STARTS_AT_UTC = shopDayStart('2000-01-02').toISOString().slice(11, 16);

/** The shop day of instants on a UTC date, before (`false`) or from (`true`) `SHOP_DAY_STARTS_AT_UTC`. */
export function shopDayOfUtcDate(utcDate: string, fromDayStart: boolean): string {
  return fromDayStart ? addDays(utcDate, 1) : addDays(utcDate, 0);
}

const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * An instant as India reads it, to the minute, in the shape of an HTML `datetime-local` value
 * ("2026-12-01T18:30"): staff type shop times, whatever the zone of the browser they use.
 */
export function shopLocalDateTime(instant: Date): string {
  return new Date(instant.getTime() + OFFSET_MS).toISOString().slice(0, 16);
}

/**
 * A `datetime-local` value read as India's time, as ISO text with its offset
 * ("2026-12-01T18:30:00+05:30"); null when it is no time the calendar has.
 */
export function fromShopLocalDateTime(text: string): string | null {
  const match = LOCAL_DATE_TIME.exec(text.trim());
  if (!match || Number.isNaN(utcMidnight(match[1]!))) return null;
  return `${match[1]}T${match[2]}:${match[3]}:00+05:30`;
}
