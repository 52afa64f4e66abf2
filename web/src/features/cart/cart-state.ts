/**
 * The cart's state and its selectors, apart from the slice: the header reads the cart on every
 * page from the first paint, while the reducer and its thunks (`slice.ts`) load with the first
 * page or start-up that needs them. Until then `cartStandInReducer` holds the empty state.
 */
import type { Cart, CartLine } from '@shop/core';

export interface CartNotice {
  /** Numbered, so each notice is shown once. */
  id: number;
  text: string;
}

export interface CartState {
  /** The cart as the server last answered it (with local changes on their way); null until loaded. */
  data: Cart | null;
  /** A fetch of the cart is under way. */
  loading: boolean;
  error: string | null;
  /**
   * Lines with a quantity change on its way: the request that made the latest one, and the
   * quantity to go back to if the server refuses it.
   */
  pendingItems: Record<string, { requestId: string; previousQuantity: number }>;
  /** Lines removed here whose removal the server has not answered yet, to put back on a refusal. */
  removedItems: Record<string, { line: CartLine; index: number }>;
  /** The cart before a clear the server has not answered yet. */
  beforeClear: Cart | null;
  /** Counts the answers to changes; a fetch that started before one of them answers an older cart. */
  version: number;
  fetchRequestId: string | null;
  fetchVersion: number;
  /** Why the server took the applied coupon off (spec: shown as an info toast). */
  notice: CartNotice | null;
}

export const initialCartState: CartState = {
  data: null,
  loading: false,
  error: null,
  pendingItems: {},
  removedItems: {},
  beforeClear: null,
  version: 0,
  fetchRequestId: null,
  fetchVersion: 0,
  notice: null,
};

/** The cart's place in the store until `slice.ts` loads and puts the real reducer there. */
export const cartStandInReducer = (state: CartState = initialCartState): CartState => state;

type WithCart = { cart: CartState };
export const selectCart = (state: WithCart) => state.cart;
export const selectCartData = (state: WithCart) => state.cart.data;
/** Σ quantity: the header badge. */
export const selectCartItemCount = (state: WithCart) => state.cart.data?.itemCount ?? 0;
export const selectCartNotice = (state: WithCart) => state.cart.notice;
export const selectHasPendingChanges = (state: WithCart) => Object.keys(state.cart.pendingItems).length > 0;
