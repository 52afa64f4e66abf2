/**
 * The web's one RTK Query API: every server read and write goes through it, in the browser and
 * in the server renderer alike. It starts with no endpoints; each feature injects its own
 * (`api.injectEndpoints`) from the module that uses them, so a page downloads only the
 * endpoints it needs.
 *
 * It joins the store (reducer and middleware) when this module first loads, with the first page
 * or start-up step that asks the server anything: RTK Query is about 15 KB gzip, more than the
 * home page's first download has room for (docs/decisions.md), and a visitor's server-rendered
 * home page asks nothing.
 */
import type { Middleware } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query/react';
import { signedOut } from '../store/session-events.ts';
import { registerLazyMiddleware, rootReducer } from '../store/store.ts';
import { baseQuery, selectToken } from './base-query.ts';

/** What a cached answer is about, so a change refetches what it changed and nothing else. */
export const tagTypes = [
  // The shopper's own data.
  'Cart',
  'MyOrders',
  // The shop's details (shipping, tax, cash on delivery), which staff may change.
  'StoreInfo',
  // The staff area's.
  'Order',
  'OrderStats',
  'LowStock',
  'Product',
  'Category',
  'Coupon',
  'Message',
  'Delivery',
  'Tax',
  'SellerContact',
  'Complaint',
  'HomeContent',
] as const;

export type TagType = (typeof tagTypes)[number];

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes,
  endpoints: () => ({}),
});

export type Api = typeof api;

/**
 * Signing out (pressed, or a refused token) forgets every cached answer: the shopper's cart,
 * orders and account, and the staff area's data. So does a sign-in that replaces another session
 * without a sign-out (another tab, the Google return): the last shopper's answers are not the
 * new one's. Pages still showing a query ask again.
 */
export const forgetOnSessionChange: Middleware = (store) => (next) => (action) => {
  const tokenBefore = selectToken(store.getState());
  const result = next(action);
  const tokenAfter = selectToken(store.getState());
  if (signedOut.match(action) || (tokenBefore !== null && tokenAfter !== tokenBefore)) {
    store.dispatch(api.util.resetApiState());
  }
  return result;
};

/**
 * The store's state as an endpoint's selector reads it. The data layer's part is typed as lazily
 * loaded, and it is there by the time anything can select from an endpoint: the endpoint's
 * module imports this one, which injects it.
 */
export function withApi<State extends { api?: unknown }>(
  state: State,
): State & { api: ReturnType<typeof api.reducer> } {
  return state as State & { api: ReturnType<typeof api.reducer> };
}

rootReducer.inject(api);
registerLazyMiddleware(api.middleware);
registerLazyMiddleware(forgetOnSessionChange);

declare module '../store/store.ts' {
  interface LazyLoadedSlices {
    api: ReturnType<typeof api.reducer>;
  }
}
