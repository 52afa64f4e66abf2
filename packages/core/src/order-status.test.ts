import { describe, expect, it } from 'vitest';
import {
  awaitsOnlinePayment,
  holdsUnsettled,
  canTransition,
  cancelRefusalMessage,
  customerCancellation,
  orderStatuses,
  staffTransitions,
  type OrderPaymentFacts,
  type OrderStatus,
} from './order-status.ts';

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

describe('cancelRefusalMessage', () => {
  it.each([
    ['ALREADY_CANCELLED', 'This order is already cancelled.'],
    ['ALREADY_SHIPPED', 'This order has shipped and can no longer be cancelled.'],
    ['WINDOW_PASSED', 'Orders can only be cancelled within 12 hours of placing them.'],
  ] as const)('%s', (reason, message) => {
    expect(cancelRefusalMessage(reason)).toBe(message);
  });
});

describe('staffTransitions', () => {
  it.each<[string, OrderPaymentFacts, OrderStatus[]]>([
    ['a cash order', { status: 'pending', paymentMethod: 'cod', paymentStatus: 'cod' }, ['confirmed', 'cancelled']],
    [
      'an unpaid online order: cancel only, its payment confirms it',
      { status: 'pending', paymentMethod: 'razorpay', paymentStatus: 'awaiting_payment' },
      ['cancelled'],
    ],
    [
      'an online order whose payment failed',
      { status: 'pending', paymentMethod: 'razorpay', paymentStatus: 'failed' },
      ['cancelled'],
    ],
    [
      'a paid online order',
      { status: 'confirmed', paymentMethod: 'razorpay', paymentStatus: 'paid' },
      ['shipped', 'cancelled'],
    ],
    ['a cancelled order', { status: 'cancelled', paymentMethod: 'razorpay', paymentStatus: 'refunded' }, []],
  ])('%s', (_case, order, expected) => {
    const next = staffTransitions(order);
    expect(next).toEqual(expected);
    // Invariant: never more than the status machine allows.
    for (const to of next) expect(canTransition(order.status, to)).toBe(true);
  });
});

describe('awaitsOnlinePayment', () => {
  it.each<[string, OrderPaymentFacts, boolean]>([
    [
      'pending online, not paid',
      { status: 'pending', paymentMethod: 'razorpay', paymentStatus: 'awaiting_payment' },
      true,
    ],
    ['pending online, payment failed', { status: 'pending', paymentMethod: 'razorpay', paymentStatus: 'failed' }, true],
    ['confirmed online, paid', { status: 'confirmed', paymentMethod: 'razorpay', paymentStatus: 'paid' }, false],
    ['cancelled online', { status: 'cancelled', paymentMethod: 'razorpay', paymentStatus: 'awaiting_payment' }, false],
    ['pending cash on delivery', { status: 'pending', paymentMethod: 'cod', paymentStatus: 'cod' }, false],
  ])('%s', (_case, order, expected) => {
    expect(awaitsOnlinePayment(order)).toBe(expected);
  });
});

describe('holdsUnsettled', () => {
  it.each<[string, OrderPaymentFacts, boolean]>([
    [
      'online, awaiting payment',
      { status: 'pending', paymentMethod: 'razorpay', paymentStatus: 'awaiting_payment' },
      true,
    ],
    ['online, payment failed', { status: 'pending', paymentMethod: 'razorpay', paymentStatus: 'failed' }, true],
    ['online, paid and confirmed', { status: 'confirmed', paymentMethod: 'razorpay', paymentStatus: 'paid' }, false],
    [
      'online, cancelled unpaid',
      { status: 'cancelled', paymentMethod: 'razorpay', paymentStatus: 'awaiting_payment' },
      false,
    ],
    ['cash, placed', { status: 'pending', paymentMethod: 'cod', paymentStatus: 'cod' }, true],
    ['cash, confirmed', { status: 'confirmed', paymentMethod: 'cod', paymentStatus: 'cod' }, true],
    ['cash, shipped', { status: 'shipped', paymentMethod: 'cod', paymentStatus: 'cod' }, false],
    ['cash, delivered', { status: 'delivered', paymentMethod: 'cod', paymentStatus: 'cod' }, false],
    ['cash, cancelled', { status: 'cancelled', paymentMethod: 'cod', paymentStatus: 'cod' }, false],
  ])('%s', (_case, order, expected) => {
    expect(holdsUnsettled(order)).toBe(expected);
  });
});
