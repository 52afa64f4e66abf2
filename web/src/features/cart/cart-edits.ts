/**
 * What the cart shows before the server has answered a change (a quantity, a removal, a
 * clear), written on a draft of the cached cart, and the rule every kept answer follows.
 */
import { toPaise, toRupees, type Cart, type CartLine } from '@shop/core';

/** Nothing to pay; whether GST would be inside the total is the cart's as it was. */
const emptyTotals = (cart: Cart): Cart['totals'] => ({
  subtotal: 0,
  discountAmount: 0,
  shipping: 0,
  gst: 0,
  total: 0,
  gstIncluded: cart.totals.gstIncluded,
});

function itemCountOf(items: readonly CartLine[]): number {
  return items.reduce((sum, line) => sum + line.quantity, 0);
}

export function setLineQuantity(cart: Cart, itemId: string, quantity: number): void {
  const line = cart.items.find((l) => l._id === itemId);
  if (!line) return;
  line.quantity = quantity;
  line.lineTotal = toRupees(toPaise(line.product.price) * quantity);
  cart.itemCount = itemCountOf(cart.items);
}

export function removeLine(cart: Cart, itemId: string): void {
  const index = cart.items.findIndex((line) => line._id === itemId);
  if (index === -1) return;
  cart.items.splice(index, 1);
  cart.itemCount = itemCountOf(cart.items);
}

/** Clearing (spec §4): items and totals empty at once, the coupon gone. */
export function empty(cart: Cart): Cart {
  return { ...cart, items: [], itemCount: 0, totals: emptyTotals(cart), coupon: null, notice: null };
}

/**
 * The cart as it is kept: an empty cart holds no coupon (spec §4). The notice is said once,
 * when the answer arrives, so the kept cart holds none.
 */
export function asKept(cart: Cart): Cart {
  return cart.items.length === 0 ? { ...cart, coupon: null, notice: null } : { ...cart, notice: null };
}
