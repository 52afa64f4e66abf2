/**
 * The staff area's server data in RTK Query: one API (`adminApi`) whose endpoints each staff
 * page group injects from its own `api.ts` (orders, products, coupons, messages, delivery, tax,
 * dashboard), with tags, so a change refetches what it changed and nothing else. Only staff
 * modules import this, so the shopper's bundle carries none of it; it joins the store (reducer
 * and middleware) with the first staff page.
 */
import { createApi } from '@reduxjs/toolkit/query/react';
import { apiClientBaseQueryWith } from '../../../lib/api-base-query.ts';
import { ApiError, failureFor, type RequestFailure } from '../../../lib/http.ts';
import { registerLazyMiddleware, rootReducer } from '../../../lib/store/store.ts';

/** A refused staff request: the message to show, and each refused field the server named. */
export interface StaffFailure extends RequestFailure {
  issues: readonly { path: string; message: string }[];
  /** The message is the server's own (not the fallback). */
  fromServer: boolean;
}

export const defaultStaffFallback = 'Something went wrong. Please try again.';

/** The store's API client, as the shop's APIs use it; a failure keeps the server's field issues. */
const staffBaseQuery = apiClientBaseQueryWith((error, fallback): StaffFailure => {
  const fromServer = error instanceof ApiError && error.fromServer;
  return { ...failureFor(error, fallback), issues: fromServer ? [...error.issues] : [], fromServer };
});

export const adminApi = createApi({
  reducerPath: 'adminApi',
  baseQuery: staffBaseQuery,
  tagTypes: ['Order', 'OrderStats', 'LowStock', 'Product', 'Category', 'Coupon', 'Message', 'Delivery', 'Tax'],
  endpoints: () => ({}),
});

rootReducer.inject(adminApi);
registerLazyMiddleware(adminApi.middleware);

declare module '../../../lib/store/store.ts' {
  interface LazyLoadedSlices {
    adminApi: ReturnType<typeof adminApi.reducer>;
  }
}

/** A list's tags: each row's, and the list's own (which a creation invalidates). */
export function listTags<Type extends string>(type: Type, ids: readonly string[] = []) {
  return [{ type, id: 'LIST' }, ...ids.map((id) => ({ type, id }))];
}

/** The tags a change invalidates once the server has done it: a refused change changed nothing. */
export function whenDone<Arg, Tags extends readonly unknown[]>(tags: (arg: Arg) => Tags) {
  return (_result: unknown, error: unknown, arg: Arg): Tags | [] => (error ? [] : tags(arg));
}
