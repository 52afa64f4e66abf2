import { describe, expect, it } from 'vitest';
import {
  afterFailedAttempt,
  defaultDeliveryPolicy,
  retryDelayMs,
  staleClaimBefore,
  type DeliveryPolicy,
} from './message-delivery.ts';

const at = new Date('2026-11-26T10:00:00.000Z');
const plus = (ms: number) => new Date(at.getTime() + ms);

describe('retryDelayMs', () => {
  it.each([
    [1, 30_000],
    [2, 60_000],
    [3, 120_000],
    [4, 240_000],
    [7, 1_920_000],
    [8, 3_600_000],
    [20, 3_600_000],
    [5000, 3_600_000],
  ])('after failed attempt %i waits %i ms', (attempt, delay) => {
    expect(retryDelayMs(attempt)).toBe(delay);
    // The wait never shrinks as attempts grow, and never passes the cap.
    expect(retryDelayMs(attempt + 1)).toBeGreaterThanOrEqual(delay);
    expect(delay).toBeLessThanOrEqual(defaultDeliveryPolicy.maxRetryMs);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses %s as an attempt number', (attempt) => {
    expect(() => retryDelayMs(attempt)).toThrow(RangeError);
  });
});

describe('afterFailedAttempt', () => {
  const small: DeliveryPolicy = { firstRetryMs: 1000, maxRetryMs: 5000, maxAttempts: 3, leaseMs: 60_000 };
  it.each<[string, number, DeliveryPolicy, ReturnType<typeof afterFailedAttempt>]>([
    ['the first failure waits 30 s', 1, defaultDeliveryPolicy, { status: 'queued', nextAttemptAt: plus(30_000) }],
    ['the seventh waits 32 min', 7, defaultDeliveryPolicy, { status: 'queued', nextAttemptAt: plus(1_920_000) }],
    ['the eighth is the last', 8, defaultDeliveryPolicy, { status: 'failed' }],
    ['a claim taken again past the last attempt fails too', 9, defaultDeliveryPolicy, { status: 'failed' }],
    ['a small policy: first', 1, small, { status: 'queued', nextAttemptAt: plus(1000) }],
    ['a small policy: second', 2, small, { status: 'queued', nextAttemptAt: plus(2000) }],
    ['a small policy: third and last', 3, small, { status: 'failed' }],
  ])('%s', (_case, attempts, policy, expected) => {
    expect(afterFailedAttempt(attempts, at, policy)).toEqual(expected);
  });

  it('tries for about an hour in all before giving up', () => {
    let waited = 0;
    for (let attempt = 1; attempt < defaultDeliveryPolicy.maxAttempts; attempt++) waited += retryDelayMs(attempt);
    expect(waited).toBe(3_810_000);
  });
});

describe('staleClaimBefore', () => {
  it('is the lease before now', () => {
    expect(staleClaimBefore(at)).toEqual(plus(-10 * 60_000));
  });
});
