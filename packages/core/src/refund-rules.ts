/**
 * When staff may refund an order's online payment. Only a captured payment can be given back,
 * only once, and not while another refund of it is under way (a double click, a second
 * process): the provider would otherwise pay the shopper twice.
 */
export type RefundRefusal = 'NOT_CAPTURED' | 'ALREADY_REFUNDED' | 'IN_PROGRESS';

export interface RefundFacts {
  /** How the order's money stands (`orders.payment_status`). */
  paymentStatus: 'cod' | 'awaiting_payment' | 'paid' | 'failed' | 'refunded';
  /** Its latest online payment attempt; null for cash on delivery or before any attempt. */
  payment: { status: 'created' | 'paid' | 'failed' | 'refunded'; refundInFlight: boolean } | null;
}

export function refundEligibility(facts: RefundFacts): { ok: true } | { ok: false; reason: RefundRefusal } {
  const { paymentStatus, payment } = facts;
  if (paymentStatus === 'refunded' || payment?.status === 'refunded') return { ok: false, reason: 'ALREADY_REFUNDED' };
  if (paymentStatus !== 'paid' || payment?.status !== 'paid') return { ok: false, reason: 'NOT_CAPTURED' };
  if (payment.refundInFlight) return { ok: false, reason: 'IN_PROGRESS' };
  return { ok: true };
}

/** What staff read when a refund is refused. */
export const refundRefusalMessages: Record<RefundRefusal, string> = {
  NOT_CAPTURED: 'This order has no captured payment to refund.',
  ALREADY_REFUNDED: 'This order has already been refunded.',
  IN_PROGRESS: 'A refund of this order is already under way. Please reload in a moment.',
};
