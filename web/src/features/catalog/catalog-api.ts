/**
 * The catalogue's endpoints (spec §7, Products), fetched the same way in the browser and by
 * the server renderer: RTK Query keeps each answer by its query, drops answers to older queries
 * and tells loading from failed. The server renders a page from these queries and sends their
 * cache along, so the browser starts with the same answers and asks nothing again.
 * Public reads: no bearer token is sent.
 */
import type { Product, ProductListQuery, ProductPage, ProductSize, ProductSuggestions } from '@shop/core';
import type { QueryReturnValue } from '@reduxjs/toolkit/query/react';
import { api } from '../../lib/api/api.ts';
import type { RequestFailure } from '../../lib/api/failure.ts';

export type RequestStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

/** Seconds after which a product page asks again for its product and sizes (stock moves). */
const PRODUCT_FRESH_SECONDS = 30;

/**
 * A product's queries answer "no such product" (`isRefusal`) with null: an answer, kept and
 * reused like any other. RTK Query asks again for a failed query whenever a component subscribes
 * to it, and has no option not to (reduxjs/redux-toolkit#1354): as a failure, a server-rendered
 * "Product not found" was asked for again, product and sizes, as soon as the page hydrated.
 */
async function noneIfRefused<T>(
  answer:
    | QueryReturnValue<unknown, RequestFailure, unknown>
    | PromiseLike<QueryReturnValue<unknown, RequestFailure, unknown>>,
): Promise<{ data: T | null } | { error: RequestFailure }> {
  const { data, error } = await answer;
  if (error) return isRefusal(error) ? { data: null } : { error };
  return { data: data as T };
}

/**
 * The API said the address names nothing: not there (404), or not something that could be there
 * (400, e.g. a product id of the wrong form).
 */
export function isRefusal(error: unknown): boolean {
  const status = (error as { status?: unknown } | undefined)?.status;
  return status === 404 || status === 400;
}

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProducts: build.query<ProductPage, Partial<ProductListQuery>>({
      query: (query) => ({
        method: 'GET',
        path: '/product',
        query: { sort: 'price', ...query },
        auth: false,
        fallback: 'Failed to fetch products',
      }),
    }),
    /** The product, or null when the shop has no such product. */
    getProduct: build.query<Product | null, string>({
      queryFn: (id, _api, _options, baseQuery) =>
        noneIfRefused<Product>(
          baseQuery({
            method: 'GET',
            path: `/product/${encodeURIComponent(id)}`,
            auth: false,
            fallback: 'Product not found',
          }),
        ),
    }),
    /** The product's sizes, or null when the shop has no such product. */
    getProductSizes: build.query<ProductSize[] | null, string>({
      queryFn: (id, _api, _options, baseQuery) =>
        noneIfRefused<ProductSize[]>(
          baseQuery({
            method: 'GET',
            path: `/product/${encodeURIComponent(id)}/sizes`,
            auth: false,
            fallback: 'Failed to fetch sizes',
          }),
        ),
    }),
    /** The product page's heartbeat: how many visitors have the product open (null below two). */
    beatProductViewers: build.mutation<{ viewers: number | null }, { id: string; visitor: string }>({
      query: ({ id, visitor }) => ({
        method: 'POST',
        path: `/product/${encodeURIComponent(id)}/viewers`,
        body: { visitor },
        auth: false,
        fallback: 'Could not count viewers',
      }),
    }),
    /** What the search box suggests for the text typed. */
    getSuggestions: build.query<ProductSuggestions, string>({
      query: (q) => ({
        method: 'GET',
        path: '/product/suggestions',
        query: { q },
        auth: false,
        fallback: 'Search failed',
      }),
    }),
  }),
});

export const {
  useGetProductsQuery,
  useGetProductQuery,
  useGetProductSizesQuery,
  useLazyGetSuggestionsQuery,
  useBeatProductViewersMutation,
} = catalogApi;
export { PRODUCT_FRESH_SECONDS };
