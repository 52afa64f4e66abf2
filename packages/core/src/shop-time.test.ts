import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  fromShopLocalDateTime,
  SHOP_DAY_STARTS_AT_UTC,
  shopDay,
  shopDayOfUtcDate,
  shopDayStart,
  shopLocalDateTime,
} from './shop-time.ts';

describe('shopDay: the day in India of an instant', () => {
  it.each([
    ['an order at 20:00 UTC belongs to the next Indian day', '2026-11-21T20:00:00.000Z', '2026-11-22'],
    ['the last instant before Indian midnight', '2026-11-21T18:29:59.999Z', '2026-11-21'],
    ['Indian midnight itself', '2026-11-21T18:30:00.000Z', '2026-11-22'],
    ['UTC midnight is 05:30 the same day', '2026-11-21T00:00:00.000Z', '2026-11-21'],
    ['early morning in India is still the previous UTC date', '2026-11-22T01:00:00+05:30', '2026-11-22'],
    ['across a month end', '2026-11-30T19:00:00.000Z', '2026-12-01'],
    ['across a year end', '2026-12-31T18:30:00.000Z', '2027-01-01'],
    ['into a leap day', '2028-02-28T18:30:00.000Z', '2028-02-29'],
    ['in June: no daylight saving moves the boundary', '2026-06-15T18:29:59.999Z', '2026-06-15'],
  ])('%s', (_case, instant, day) => {
    expect(shopDay(new Date(instant))).toBe(day);
  });
});

describe('shopDayStart: the instant an Indian day begins', () => {
  it.each([
    ['2026-11-22', '2026-11-21T18:30:00.000Z'],
    ['2027-01-01', '2026-12-31T18:30:00.000Z'],
    ['2026-03-01', '2026-02-28T18:30:00.000Z'],
  ])('%s begins at %s', (day, instant) => {
    expect(shopDayStart(day).toISOString()).toBe(instant);
    expect(shopDay(shopDayStart(day))).toBe(day);
    expect(shopDay(new Date(shopDayStart(day).getTime() - 1))).toBe(addDays(day, -1));
  });

  it.each(['', '22-11-2026', '2026-11-22T00:00', 'today', '2026-02-30', '2026-13-01'])('refuses %j', (day) => {
    expect(() => shopDayStart(day)).toThrow(RangeError);
  });
});

describe('day arithmetic on YYYY-MM-DD', () => {
  it.each([
    ['2026-11-21', 1, '2026-11-22'],
    ['2026-11-30', 1, '2026-12-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2028-03-01', -1, '2028-02-29'],
    ['2026-11-21', -29, '2026-10-23'],
    ['2026-11-21', 0, '2026-11-21'],
  ])('%s plus %i days is %s', (day, count, expected) => {
    expect(addDays(day, count)).toBe(expected);
    expect(daysBetween(day, expected)).toBe(count);
  });

  it('has no answer for what is not a day', () => {
    expect(() => addDays('not a day', 1)).toThrow(RangeError);
    expect(daysBetween('not a day', '2026-11-21')).toBeNaN();
  });
});

describe('grouping UTC timestamps by Indian day', () => {
  it('a day begins at 18:30 UTC', () => {
    expect(SHOP_DAY_STARTS_AT_UTC).toBe('18:30');
  });

  it.each([
    '2026-11-21T00:00:00.000Z',
    '2026-11-21T18:29:59.999Z',
    '2026-11-21T18:30:00.000Z',
    '2026-11-21T20:00:00.000Z',
    '2026-12-31T23:59:59.999Z',
  ])('agrees with shopDay for %s', (instant) => {
    const fromDayStart = instant.slice(11, 16) >= SHOP_DAY_STARTS_AT_UTC;
    expect(shopDayOfUtcDate(instant.slice(0, 10), fromDayStart)).toBe(shopDay(new Date(instant)));
  });
});

describe('shop times typed by staff (datetime-local, read in India)', () => {
  it.each([
    ['midnight UTC is 05:30 in India', '2026-12-01T00:00:00.000Z', '2026-12-01T05:30'],
    ['18:30 UTC is the next Indian day', '2026-12-01T18:30:00.000Z', '2026-12-02T00:00'],
    ['seconds are dropped, not rounded', '2026-12-01T12:29:59.999Z', '2026-12-01T17:59'],
    ['across a year end', '2026-12-31T19:00:00.000Z', '2027-01-01T00:30'],
  ])('shopLocalDateTime: %s', (_case, instant, local) => {
    expect(shopLocalDateTime(new Date(instant))).toBe(local);
  });

  it.each([
    ['a time in India keeps its offset', '2026-12-01T18:30', '2026-12-01T18:30:00+05:30'],
    ['surrounding spaces are ignored', ' 2026-12-01T00:00 ', '2026-12-01T00:00:00+05:30'],
    ['a leap day', '2028-02-29T23:59', '2028-02-29T23:59:00+05:30'],
    ['a day the calendar has not', '2026-02-30T10:00', null],
    ['an hour past 23', '2026-12-01T24:00', null],
    ['no time', '2026-12-01', null],
    ['blank', '', null],
  ])('fromShopLocalDateTime: %s', (_case, text, iso) => {
    expect(fromShopLocalDateTime(text)).toBe(iso);
  });

  it('goes both ways: a typed time comes back as typed', () => {
    const iso = fromShopLocalDateTime('2026-11-30T21:45')!;
    expect(new Date(iso).toISOString()).toBe('2026-11-30T16:15:00.000Z');
    expect(shopLocalDateTime(new Date(iso))).toBe('2026-11-30T21:45');
  });
});
