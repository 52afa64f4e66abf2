/**
 * The shopper's rights over their data (Digital Personal Data Protection Act 2023), as rules:
 * when an account may be erased, and how long the tax documents it leaves behind are kept.
 */
import type { OrderStatus } from './order-status.ts';
import { shopDay } from './shop-time.ts';

/** Orders still on their way: an account with one is not erased until it is delivered or cancelled. */
export const openOrderStatuses: readonly OrderStatus[] = ['pending', 'confirmed', 'shipped'];

export function isOpenOrder(status: OrderStatus): boolean {
  return openOrderStatuses.includes(status);
}

export type ErasureDecision = { ok: true } | { ok: false; reason: 'OPEN_ORDERS'; orderNumbers: string[] };

/** Whether an account with these orders may be erased now. */
export function erasureDecision(orders: readonly { orderNumber: string; status: OrderStatus }[]): ErasureDecision {
  const open = orders.filter((order) => isOpenOrder(order.status)).map((order) => order.orderNumber);
  return open.length === 0 ? { ok: true } : { ok: false, reason: 'OPEN_ORDERS', orderNumbers: open };
}

/** What the shopper is told when open orders hold the erasure back. */
export function erasureRefusalMessage(orderNumbers: readonly string[]): string {
  const list = orderNumbers.join(', ');
  return orderNumbers.length === 1
    ? `Your order ${list} is still open. Cancel it, or wait until it is delivered, then delete your account.`
    : `Your orders ${list} are still open. Cancel them, or wait until they are delivered, then delete your account.`;
}

/** Years the shop keeps tax invoices and credit notes after the financial year they were issued in. */
export const TAX_DOCUMENT_YEARS = 8;

/**
 * The last day (YYYY-MM-DD, in India) a tax document issued at `issuedAt` must be kept: 31
 * March of the financial year it was issued in, plus 8 years.
 */
export function taxDocumentKeepUntil(issuedAt: Date): string {
  const [year, month] = shopDay(issuedAt).split('-').map(Number) as [number, number];
  const financialYearEnds = month >= 4 ? year + 1 : year;
  return `${financialYearEnds + TAX_DOCUMENT_YEARS}-03-31`;
}

/**
 * The email an erased account keeps: unique (its id, case kept), no one's (`.invalid` is never
 * delivered), and never typed: sign-in lowercases what it is given.
 */
export function erasedEmail(userId: string): string {
  return `erased-${userId}@erased.invalid`;
}
