import { describe, expect, it } from 'vitest';
import { canTransition, customerCancellation, orderStatuses, type OrderStatus } from './order-status.ts';

describe('order status machine', () => {
  const allowed: [OrderStatus, OrderStatus][] = [
    ['pending', 'confirmed'],
    ['pending', 'cancelled'],
    ['confirmed', 'shipped'],
    ['confirmed', 'cancelled'],
    ['shipped', 'delivered'],
  ];
  it('allows exactly these moves', () => {
    for (const from of orderStatuses) {
      for (const to of orderStatuses) {
        const expected = allowed.some(([f, t]) => f === from && t === to);
        expect(canTransition(from, to), `${from} → ${to}`).toBe(expected);
      }
    }
  });
});

describe('customerCancellation', () => {
  const placed = '2026-11-21T00:00:00.000Z';
  it.each([
    ['pending, just placed', 'pending', '2026-11-21T00:01:00Z', { ok: true }],
    ['confirmed, 11 h 59 min later', 'confirmed', '2026-11-21T11:59:00Z', { ok: true }],
    ['exactly 12 h later', 'pending', '2026-11-21T12:00:00Z', { ok: true }],
    ['12 h and a second later', 'pending', '2026-11-21T12:00:01Z', { ok: false, reason: 'WINDOW_PASSED' }],
    ['shipped', 'shipped', '2026-11-21T01:00:00Z', { ok: false, reason: 'ALREADY_SHIPPED' }],
    ['delivered', 'delivered', '2026-11-21T01:00:00Z', { ok: false, reason: 'ALREADY_SHIPPED' }],
    ['cancelled', 'cancelled', '2026-11-21T01:00:00Z', { ok: false, reason: 'ALREADY_CANCELLED' }],
  ] as const)('%s', (_case, status, now, expected) => {
    expect(customerCancellation({ status, createdAt: placed }, new Date(now))).toEqual(expected);
  });
});
