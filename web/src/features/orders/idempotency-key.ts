/**
 * Idempotency keys for checkout attempts. One attempt is one way of paying for one cart
 * content: its key is kept in sessionStorage, so a retry (after a lost answer, or a reload
 * before the answer came) answers the order that attempt already placed instead of placing,
 * and reserving stock for, a second one. The key is forgotten once the order is placed (it
 * took the cart's lines; an online one is then paid as an order waiting for payment) or the
 * attempt is given up.
 */
import type { Cart } from '@shop/core';

const PREFIX = 'checkout-attempt:';
const memory = new Map<string, string>();

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** A fresh key: a random UUID (by hand where `crypto.randomUUID` needs a secure context). */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What makes two checkouts the same attempt: the lines, their quantities and the coupon. */
export function cartSignature(cart: Pick<Cart, 'items' | 'coupon'>): string {
  const lines = cart.items.map((line) => `${line.productId}|${line.size}|${line.quantity}`).sort();
  return `${lines.join(',')}#${cart.coupon?.code ?? ''}`;
}

/** The key of this attempt, made on first use. */
export function attemptKey(scope: string): string {
  const name = PREFIX + scope;
  const store = storage();
  const held = store ? store.getItem(name) : memory.get(name);
  if (held) return held;
  const key = newIdempotencyKey();
  if (store) store.setItem(name, key);
  else memory.set(name, key);
  return key;
}

/** The attempt is over: the next one gets a new key. */
export function forgetAttemptKey(scope: string): void {
  const name = PREFIX + scope;
  storage()?.removeItem(name);
  memory.delete(name);
}
