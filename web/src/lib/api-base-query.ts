/**
 * How RTK Query APIs reach the server: through the store's API client (the one thunks receive
 * as `extra.api`), so the browser, the server renderer and tests each pass their own client.
 * A failure is the same `RequestFailure` thunks reject with, its message the server's words or
 * the endpoint's fallback (spec §8).
 */
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { failureFor, type ApiClient, type ApiRequest, type RequestFailure } from './http.ts';

export interface ApiCall extends Omit<ApiRequest, 'signal'> {
  /** What to say when the server gives no message of its own. */
  fallback: string;
}

/** A base query through the store's API client whose failures `toFailure` describes. */
export function apiClientBaseQueryWith<Failure>(
  toFailure: (error: unknown, fallback: string) => Failure,
): BaseQueryFn<ApiCall, unknown, Failure> {
  return async ({ fallback, ...request }, { extra, signal }) => {
    try {
      return { data: await (extra as { api: ApiClient }).api.request({ ...request, signal }) };
    } catch (error) {
      return { error: toFailure(error, fallback) };
    }
  };
}

export const apiClientBaseQuery: BaseQueryFn<ApiCall, unknown, RequestFailure> = apiClientBaseQueryWith(failureFor);

/**
 * A query hook's error as a `RequestFailure`: the base query's own, or (for an error thrown
 * outside it) its message with no status.
 */
export function failureOfQuery(error: RequestFailure | { message?: string } | undefined): RequestFailure | null {
  if (!error) return null;
  if ('code' in error && 'status' in error) return error as RequestFailure;
  return { message: error.message ?? 'Something went wrong. Please try again.', status: null, code: null };
}

/**
 * The API said the address names nothing: not there (404), or not something that could be there
 * (400, e.g. a product id of the wrong form). Read from a query's error, whatever its shape.
 */
export function isRefusal(error: unknown): boolean {
  const status = (error as { status?: unknown } | undefined)?.status;
  return status === 404 || status === 400;
}
