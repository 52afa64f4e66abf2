/** Where an order is in its life (DESIGN §6). */
export const orderStatuses = ['pending', 'confirmed', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** The moves staff may make: forwards one step at a time, or cancel before shipping. */
const transitions: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

/**
 * The orders still holding their pieces, which go back to stock if the order is cancelled
 * (before shipping) or its parcel comes back to the shop (returned to origin, once shipped).
 */
export const stockHoldingStatuses = ['pending', 'confirmed', 'shipped'] as const satisfies readonly OrderStatus[];

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return transitions[from].includes(to);
}

/** What the payment rules need to know of an order. */
export interface OrderPaymentFacts {
  status: OrderStatus;
  paymentMethod: 'cod' | 'razorpay';
  paymentStatus: 'cod' | 'awaiting_payment' | 'paid' | 'failed' | 'refunded';
}

/**
 * The moves staff may make on this order. An online order is confirmed by its payment, never
 * by hand: confirming an unpaid one would leave a confirmed order that nobody has paid for.
 */
export function staffTransitions(order: OrderPaymentFacts): readonly OrderStatus[] {
  const next = transitions[order.status];
  return order.paymentMethod === 'razorpay' && order.paymentStatus !== 'paid'
    ? next.filter((status) => status !== 'confirmed')
    : next;
}

/** The payment states of an online order still waiting for its payment. */
export const awaitedPaymentStatuses = [
  'awaiting_payment',
  'failed',
] as const satisfies readonly OrderPaymentFacts['paymentStatus'][];

/** The statuses in which a cash-on-delivery order is not shipped yet. */
export const unshippedCodStatuses = ['pending', 'confirmed'] as const satisfies readonly OrderStatus[];

/**
 * An online order still waiting for its payment. It holds its stock until it is paid,
 * cancelled, replaced by the shopper's next online order, or given up by the unpaid-order sweep.
 */
export function awaitsOnlinePayment(order: OrderPaymentFacts): boolean {
  return (
    order.status === 'pending' &&
    order.paymentMethod === 'razorpay' &&
    (awaitedPaymentStatuses as readonly string[]).includes(order.paymentStatus)
  );
}

/**
 * An order that holds its pieces unpaid or unshipped: an online order waiting for its payment,
 * a cash-on-delivery order not shipped. What the holding limits count (holding-limits.ts).
 */
export function holdsUnsettled(order: OrderPaymentFacts): boolean {
  return (
    awaitsOnlinePayment(order) ||
    (order.paymentMethod === 'cod' && (unshippedCodStatuses as readonly string[]).includes(order.status))
  );
}

/** The terms: orders can be cancelled within 12 hours of placing them unless shipped. */
export const CUSTOMER_CANCEL_WINDOW_HOURS = 12;
export const CUSTOMER_CANCEL_WINDOW_MS = CUSTOMER_CANCEL_WINDOW_HOURS * 60 * 60 * 1000;

export type CancelRefusal = 'ALREADY_CANCELLED' | 'ALREADY_SHIPPED' | 'WINDOW_PASSED';

/** Whether the shopper may cancel their order now, and if not, why. */
export function customerCancellation(
  order: { status: OrderStatus; createdAt: string },
  now: Date,
): { ok: true } | { ok: false; reason: CancelRefusal } {
  if (order.status === 'cancelled') return { ok: false, reason: 'ALREADY_CANCELLED' };
  if (order.status === 'shipped' || order.status === 'delivered') return { ok: false, reason: 'ALREADY_SHIPPED' };
  if (now.getTime() - new Date(order.createdAt).getTime() > CUSTOMER_CANCEL_WINDOW_MS) {
    return { ok: false, reason: 'WINDOW_PASSED' };
  }
  return { ok: true };
}

/** What the shopper is told when `customerCancellation` refuses, the window named from the terms. */
export function cancelRefusalMessage(reason: CancelRefusal): string {
  switch (reason) {
    case 'ALREADY_CANCELLED':
      return 'This order is already cancelled.';
    case 'ALREADY_SHIPPED':
      return 'This order has shipped and can no longer be cancelled.';
    case 'WINDOW_PASSED':
      return `Orders can only be cancelled within ${CUSTOMER_CANCEL_WINDOW_HOURS} hours of placing them.`;
  }
}

/** The delivery note an order gets when the shopper writes none (spec §9). */
export const DEFAULT_DELIVERY_NOTE = 'Please deliver between 10am-5pm';

/** The contact phone on an order when the shopper has none (spec §9). */
export const DEFAULT_CONTACT_PHONE = '0000000000';
