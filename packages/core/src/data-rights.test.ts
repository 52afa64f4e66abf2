import { describe, expect, it } from 'vitest';
import {
  erasedEmail,
  erasureDecision,
  erasureRefusalMessage,
  taxDocumentKeepUntil,
  type ErasureDecision,
} from './data-rights.ts';
import type { OrderStatus } from './order-status.ts';

const orders = (...statuses: OrderStatus[]) => statuses.map((status, i) => ({ orderNumber: `KP-${i + 1}`, status }));

describe('erasureDecision', () => {
  it.each<[string, ReturnType<typeof orders>, ErasureDecision]>([
    ['no orders', orders(), { ok: true }],
    ['delivered and cancelled only', orders('delivered', 'cancelled', 'delivered'), { ok: true }],
    ['a pending order', orders('delivered', 'pending'), { ok: false, reason: 'OPEN_ORDERS', orderNumbers: ['KP-2'] }],
    ['a confirmed order', orders('confirmed'), { ok: false, reason: 'OPEN_ORDERS', orderNumbers: ['KP-1'] }],
    [
      'shipped and pending orders',
      orders('shipped', 'cancelled', 'pending'),
      { ok: false, reason: 'OPEN_ORDERS', orderNumbers: ['KP-1', 'KP-3'] },
    ],
  ])('%s', (_label, list, expected) => {
    const decision = erasureDecision(list);
    expect(decision).toEqual(expected);
    // Invariant: refused exactly when an order is neither delivered nor cancelled.
    expect(decision.ok).toBe(list.every((o) => o.status === 'delivered' || o.status === 'cancelled'));
  });
});

describe('erasureRefusalMessage', () => {
  it.each([
    [['KP-1'], 'Your order KP-1 is still open. Cancel it, or wait until it is delivered, then delete your account.'],
    [
      ['KP-1', 'KP-3'],
      'Your orders KP-1, KP-3 are still open. Cancel them, or wait until they are delivered, then delete your account.',
    ],
  ])('%j', (numbers, message) => {
    expect(erasureRefusalMessage(numbers)).toBe(message);
  });
});

describe('taxDocumentKeepUntil', () => {
  it.each([
    ['2026-11-28T10:00:00.000Z', '2035-03-31'],
    // 31 March in India is the financial year's last day; 1 April (IST) starts the next.
    ['2027-03-31T18:30:00.000Z', '2036-03-31'],
    ['2027-03-31T18:29:59.000Z', '2035-03-31'],
    ['2026-04-01T00:00:00.000Z', '2035-03-31'],
    ['2026-01-15T00:00:00.000Z', '2034-03-31'],
  ])('issued %s: kept until %s', (issuedAt, until) => {
    expect(taxDocumentKeepUntil(new Date(issuedAt))).toBe(until);
    // Invariant: at least 8 years after it was issued.
    expect(Date.parse(until) - Date.parse(issuedAt)).toBeGreaterThan(8 * 365 * 86_400_000);
  });
});

describe('erasedEmail', () => {
  it.each([
    // Ids differ by case: the address keeps it, so no two erased accounts share one.
    ['AbC123', 'erased-AbC123@erased.invalid'],
    ['abc123', 'erased-abc123@erased.invalid'],
  ])('%s → %s', (id, email) => {
    expect(erasedEmail(id)).toBe(email);
  });
});
