import { describe, expect, it } from 'vitest';
import { refundEligibility, refundRefusalMessages, type RefundFacts } from './refund-rules.ts';

const paid = { status: 'paid', refundInFlight: false } as const;

describe('refundEligibility', () => {
  it.each<[string, RefundFacts, ReturnType<typeof refundEligibility>]>([
    ['a captured online payment', { paymentStatus: 'paid', payment: paid }, { ok: true }],
    ['cash on delivery', { paymentStatus: 'cod', payment: null }, { ok: false, reason: 'NOT_CAPTURED' }],
    [
      'an online order not paid yet',
      { paymentStatus: 'awaiting_payment', payment: { status: 'created', refundInFlight: false } },
      { ok: false, reason: 'NOT_CAPTURED' },
    ],
    [
      'a failed payment',
      { paymentStatus: 'failed', payment: { status: 'failed', refundInFlight: false } },
      { ok: false, reason: 'NOT_CAPTURED' },
    ],
    [
      'an order paid but with no payment row',
      { paymentStatus: 'paid', payment: null },
      { ok: false, reason: 'NOT_CAPTURED' },
    ],
    [
      'a payment already refunded',
      { paymentStatus: 'refunded', payment: { status: 'refunded', refundInFlight: false } },
      { ok: false, reason: 'ALREADY_REFUNDED' },
    ],
    [
      'a refunded payment the order has not caught up with',
      { paymentStatus: 'paid', payment: { status: 'refunded', refundInFlight: false } },
      { ok: false, reason: 'ALREADY_REFUNDED' },
    ],
    [
      'a refund under way',
      { paymentStatus: 'paid', payment: { status: 'paid', refundInFlight: true } },
      { ok: false, reason: 'IN_PROGRESS' },
    ],
  ])('%s', (_case, facts, expected) => {
    const decision = refundEligibility(facts);
    expect(decision).toEqual(expected);
    // Every refusal has words for staff.
    if (!decision.ok) expect(refundRefusalMessages[decision.reason]).toMatch(/\.$/);
  });
});
