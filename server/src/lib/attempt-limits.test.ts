import { describe, expect, it } from 'vitest';
import {
  attemptLimitsAtLeast,
  attemptLimitsWith,
  clientNetwork,
  defaultAttemptLimits,
  limitedAddress,
  limitedNetwork,
  waitingTime,
} from './attempt-limits.ts';

describe('limitedAddress', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:abcd:12:1:2:3:4', '2001:db8:abcd:12::/64'],
    ['2001:db8:abcd:12::99', '2001:db8:abcd:12::/64'],
    ['2001:DB8:ABCD:0012:ffff::1', '2001:db8:abcd:12::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::203.0.113.7', '64:ff9b:0:0::/64'],
    ['not-an-address', 'not-an-address'],
  ])('%s counts as %s', (ip, expected) => {
    expect(limitedAddress(ip)).toBe(expected);
  });
});

describe('limitedNetwork', () => {
  it.each([
    ['203.0.113.7', null],
    ['::ffff:203.0.113.7', null],
    ['2001:db8:abcd:12:1:2:3:4', '2001:db8:abcd::/48'],
    ['2001:db8:abcd:ff00::1', '2001:db8:abcd::/48'],
    ['2001:DB8:ABCD:0012::1', '2001:db8:abcd::/48'],
    ['2001:db8::1', '2001:db8:0::/48'],
    ['not-an-address', null],
  ])('%s belongs to %s', (ip, expected) => {
    expect(limitedNetwork(ip)).toBe(expected);
  });
});

describe('clientNetwork', () => {
  it.each([
    ['203.0.113.7', '203.0.113.0/24'],
    ['203.0.113.250', '203.0.113.0/24'],
    ['::ffff:203.0.113.7', '203.0.113.0/24'],
    ['2001:db8:abcd:12:1:2:3:4', '2001:db8:abcd::/48'],
    ['2001:db8:abcd:ff00::1', '2001:db8:abcd::/48'],
    ['not-an-address', null],
  ])('%s belongs to %s', (ip, expected) => {
    expect(clientNetwork(ip)).toBe(expected);
  });
});

describe('attempt limits', () => {
  it('changes only the numbers given', () => {
    const limits = attemptLimitsWith({ signIn: { perAccount: 5 } });
    expect(limits.signIn).toEqual({ ...defaultAttemptLimits.signIn, perAccount: 5 });
    expect(limits.coupons).toEqual(defaultAttemptLimits.coupons);
  });

  it('raises every count, never a window, to a floor, and never lowers one', () => {
    const raised = attemptLimitsWith(attemptLimitsAtLeast(1000));
    expect(raised.signIn).toMatchObject({ perAccountAndAddress: 1000, perAddress: 1000, perAccount: 1000 });
    expect(raised.signIn.windowMinutes).toBe(15);
    expect(raised.signIn.knownAddressDays).toBe(30);
    expect(raised.signUp).toEqual({ windowMinutes: 60, perAddress: 1000, perNetwork: 1000 });
    expect(raised.coupons).toEqual({ windowMinutes: 15, perAddress: 1000, perNetwork: 1000, perAccount: 1000 });
    expect(attemptLimitsWith(attemptLimitsAtLeast(5000)).search).toEqual({
      windowMinutes: 5,
      perAddress: 5000,
      perNetwork: 5000,
    });
    expect(attemptLimitsWith(attemptLimitsAtLeast(1))).toEqual(defaultAttemptLimits);
  });

  it.each([
    [15, '15 minutes'],
    [1, 'a minute'],
    [60, 'an hour'],
    [120, '2 hours'],
  ])('%i minutes reads "%s"', (minutes, text) => {
    expect(waitingTime(minutes)).toBe(text);
  });
});
