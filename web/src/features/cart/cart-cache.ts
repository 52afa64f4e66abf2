/**
 * Where the cart's RTK Query API keeps the cart, and the reading of it the header needs on
 * every page from the first paint: this module imports no createApi, so the home page's first
 * download carries none of it. `cart-api.ts` loads with the first page or start-up that needs
 * the cart; until then there is no cached cart and the selectors answer nothing.
 */
import type { Cart } from '@shop/core';

/** The cart API's place in the store (its `reducerPath`). */
export const CART_API_PATH = 'cartApi';

/** The one cached cart's key: a shopper has one cart, so the query has no argument to key it by. */
export const CART_CACHE_KEY = 'cart';

/** What these selectors read of the store (the whole store's state is one). */
export interface CartCacheState {
  [CART_API_PATH]?: {
    queries: Partial<Record<string, { data?: unknown }>>;
    mutations: Partial<Record<string, { requestId?: string; endpointName?: string; status?: string }>>;
  };
}

/** The cart as the server last answered it (with changes shown before their answer); null until loaded. */
export function selectCachedCart(state: CartCacheState): Cart | null {
  return (state[CART_API_PATH]?.queries[CART_CACHE_KEY]?.data as Cart | undefined) ?? null;
}

/** Σ quantity: the header badge. */
export const selectCartItemCount = (state: CartCacheState) => selectCachedCart(state)?.itemCount ?? 0;
