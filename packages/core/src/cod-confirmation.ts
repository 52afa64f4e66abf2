import type { OrderStatus } from './order-status.ts';

/**
 * Cash on delivery, confirmed: after a cash order the shopper gets an email with "Confirm
 * order" and "Cancel order" links, and staff may confirm it themselves (after a phone call).
 * The owner may have unconfirmed cash orders held from shipping and cancelled after some hours.
 */

/** What each emailed link does. */
export const codLinkActions = ['confirm', 'cancel'] as const;
export type CodLinkAction = (typeof codLinkActions)[number];

/** Who confirmed a cash order: the shopper from the email's link, or staff. */
export const codConfirmationSources = ['email', 'staff'] as const;
export type CodConfirmationSource = (typeof codConfirmationSources)[number];

/** What the confirmation rules need to know of an order. */
export interface CodFacts {
  status: OrderStatus;
  paymentMethod: 'cod' | 'razorpay';
  /** When the cash order was confirmed; null while it is not. */
  codConfirmedAt: string | null;
}

/** Where a cash order stands: waiting for its confirmation, confirmed, or past asking (shipped, cancelled, paid online). */
export type CodState = 'awaiting' | 'confirmed' | 'closed';

export function codState(order: CodFacts): CodState {
  if (order.paymentMethod !== 'cod' || order.status === 'cancelled') return 'closed';
  if (order.codConfirmedAt !== null) return 'confirmed';
  return order.status === 'shipped' || order.status === 'delivered' ? 'closed' : 'awaiting';
}

/** The most hours an owner may give shoppers to confirm (a week), and the fewest (one). */
export const COD_CONFIRM_HOURS_LIMITS = { min: 1, max: 168 } as const;

/**
 * Whether an unconfirmed cash order is held from shipping: only when the owner's setting
 * (hours to confirm) is on, and only while the order is not confirmed.
 */
export function codShippingHeld(order: CodFacts, confirmHours: number | null): boolean {
  return confirmHours !== null && codState(order) === 'awaiting';
}

/** When an unconfirmed cash order placed at `placedAt` is cancelled under the owner's setting. */
export function codConfirmDeadline(placedAt: string, confirmHours: number): Date {
  return new Date(new Date(placedAt).getTime() + confirmHours * 3_600_000);
}

/** What a link's page says happened, or why nothing did. */
export type CodLinkOutcome =
  | 'CONFIRMED'
  | 'CANCELLED'
  | 'ALREADY_CONFIRMED'
  | 'ALREADY_CANCELLED'
  | 'ALREADY_SHIPPED'
  | 'WINDOW_PASSED'
  | 'INVALID';

export const codLinkOutcomeMessages: Record<CodLinkOutcome, string> = {
  CONFIRMED: 'Thank you: your order is confirmed. We will write again when it ships.',
  CANCELLED: 'Your order is cancelled. Nothing was charged.',
  ALREADY_CONFIRMED: 'This order is already confirmed. To cancel it, use My Orders.',
  ALREADY_CANCELLED: 'This order is already cancelled.',
  ALREADY_SHIPPED: 'This order has shipped, so this link no longer changes it.',
  WINDOW_PASSED: 'Orders can only be cancelled within 12 hours of placing them, so this link no longer cancels it.',
  INVALID: 'This link is not valid. Please use the link in your order email, or My Orders.',
};

/**
 * What using a link does to an order as it stands now: a link works once, while its order
 * waits for its confirmation; after that (either link used, staff confirmed it, it shipped or
 * was cancelled) it only tells how the order stands.
 */
export function codLinkDecision(order: CodFacts): { act: true } | { act: false; outcome: CodLinkOutcome } {
  if (order.paymentMethod !== 'cod') return { act: false, outcome: 'INVALID' };
  if (order.status === 'cancelled') return { act: false, outcome: 'ALREADY_CANCELLED' };
  if (order.codConfirmedAt !== null) return { act: false, outcome: 'ALREADY_CONFIRMED' };
  if (order.status === 'shipped' || order.status === 'delivered') return { act: false, outcome: 'ALREADY_SHIPPED' };
  return { act: true };
}
