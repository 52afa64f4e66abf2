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

export function allowedTransitions(from: OrderStatus): readonly OrderStatus[] {
  return transitions[from];
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return transitions[from].includes(to);
}

/** The terms: orders can be cancelled within 12 hours unless shipped. */
export const CUSTOMER_CANCEL_WINDOW_MS = 12 * 60 * 60 * 1000;

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

/** The delivery note an order gets when the shopper writes none (spec §9). */
export const DEFAULT_DELIVERY_NOTE = 'Please deliver between 10am-5pm';
