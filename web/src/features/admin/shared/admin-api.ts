/**
 * The staff area's server data in RTK Query: one API (`adminApi`) whose endpoints each staff
 * page group injects from its own `api.ts` (orders, products, coupons, messages, delivery, tax,
 * dashboard), with tags, so a change refetches what it changed and nothing else. Only staff
 * modules import this, so the shopper's bundle carries none of it; it joins the store (reducer
 * and middleware) with the first staff page.
 */
import type { EndpointBuilder, TagDescription } from '@reduxjs/toolkit/query';
import { createApi } from '@reduxjs/toolkit/query/react';
import { apiClientBaseQueryWith, type ApiCall } from '../../../lib/api-base-query.ts';
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

const tagTypes = [
  'Order',
  'OrderStats',
  'LowStock',
  'Product',
  'Category',
  'Coupon',
  'Message',
  'Delivery',
  'Tax',
] as const;
type StaffTag = (typeof tagTypes)[number];

export const adminApi = createApi({
  reducerPath: 'adminApi',
  baseQuery: staffBaseQuery,
  tagTypes,
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

/** What each page group's `injectEndpoints` builds its endpoints with. */
type StaffBuilder = EndpointBuilder<typeof staffBaseQuery, StaffTag, 'adminApi'>;

/** Where one record of a staff collection lives: `/admin/orders/o1`. */
export const recordPath = (collection: string, id: string) => `${collection}/${encodeURIComponent(id)}`;

interface Collection {
  type: StaffTag;
  /** The collection's address; one record is at `path/:id`. */
  path: string;
  /** What to say when the server gives no message of its own. */
  fallback: string;
}

/**
 * A paged staff list (orders, messages, products): GET the collection with the filters as
 * its query, tagged with each row (`rows` finds them in the page) and with the list.
 */
export function pageQuery<Page, Filters extends object>(
  build: StaffBuilder,
  { type, path, fallback, rows }: Collection & { rows: (page: Page) => readonly { _id: string }[] },
) {
  return build.query<Page, Filters>({
    // A filters interface has no index signature; its values are the query's strings and numbers.
    query: (filters) => ({ method: 'GET', path, query: { ...filters } as ApiCall['query'], fallback }),
    providesTags: (page) => listTags(type, page && rows(page).map((row) => row._id)),
  });
}

/** One record of a staff collection by its id, tagged with that id. */
export function recordQuery<Result>(build: StaffBuilder, { type, path, fallback }: Collection) {
  return build.query<Result, string>({
    query: (id) => ({ method: 'GET', path: recordPath(path, id), fallback }),
    providesTags: (_, __, id) => [{ type, id }],
  });
}

/**
 * A staff change: `request(arg)` says what is sent where (the fallback message is the shared
 * one unless it names its own); once the server has made it, `changes(arg)` are refetched.
 */
export function changeMutation<Result, Arg>(
  build: StaffBuilder,
  request: (arg: Arg) => Omit<ApiCall, 'fallback'> & { fallback?: string },
  changes: (arg: Arg) => readonly TagDescription<StaffTag>[],
) {
  return build.mutation<Result, Arg>({
    query: (arg) => ({ fallback: defaultStaffFallback, ...request(arg) }),
    invalidatesTags: whenDone(changes),
  });
}
