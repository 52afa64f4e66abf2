/**
 * How the staff area's page groups build their endpoints on the web's one API: each group
 * injects its own from its `api.ts` (orders, products, coupons, messages, delivery, tax,
 * dashboard), with tags, so a change refetches what it changed and nothing else. Only staff
 * modules import the groups, so the shopper's bundle carries none of their endpoints. A staff
 * call refused for the token ends the session, as any call does (the data layer's base query).
 */
import type { EndpointBuilder, TagDescription } from '@reduxjs/toolkit/query';
import { api, type TagType } from '../../../lib/api/api.ts';
import type { ApiCall, baseQuery } from '../../../lib/api/base-query.ts';
import { genericFallback, type RequestFailure } from '../../../lib/api/failure.ts';

/** A refused staff request: the one failure shape, with each refused field the server named. */
export type StaffFailure = RequestFailure;

export const defaultStaffFallback = genericFallback;

/** The API the staff page groups inject their endpoints into. */
export const adminApi = api;

type StaffTag = TagType;

/** A list's tags: each row's, and the list's own (which a creation invalidates). */
export function listTags<Type extends string>(type: Type, ids: readonly string[] = []) {
  return [{ type, id: 'LIST' }, ...ids.map((id) => ({ type, id }))];
}

/** The tags a change invalidates once the server has done it: a refused change changed nothing. */
export function whenDone<Arg, Tags extends readonly unknown[]>(tags: (arg: Arg) => Tags) {
  return (_result: unknown, error: unknown, arg: Arg): Tags | [] => (error ? [] : tags(arg));
}

/** What each page group's `injectEndpoints` builds its endpoints with. */
type StaffBuilder = EndpointBuilder<typeof baseQuery, StaffTag, 'api'>;

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
