/**
 * The catalogue's server data (spec §7, Products), fetched the same way in the browser and by
 * the server renderer: RTK Query keeps each answer by its query, drops answers to older queries
 * and tells loading from failed. The server renders a page from these queries and sends their
 * cache along, so the browser starts with the same answers and asks nothing again.
 *
 * This module joins the store with the first catalogue page (reducer and middleware are
 * injected), so the home page's first download carries none of it.
 */
import type { Product, ProductListQuery, ProductPage, ProductSize } from '@shop/core';
import { createApi } from '@reduxjs/toolkit/query/react';
import { registerLazyMiddleware, rootReducer } from '../../lib/store/store.ts';
import { apiClientBaseQuery } from '../../lib/api-base-query.ts';

export type RequestStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

/** Seconds after which a product page asks again for its product and sizes (stock moves). */
const PRODUCT_FRESH_SECONDS = 30;

export const catalogApi = createApi({
  reducerPath: 'catalogApi',
  baseQuery: apiClientBaseQuery,
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
    getProduct: build.query<Product, string>({
      query: (id) => ({
        method: 'GET',
        path: `/product/${encodeURIComponent(id)}`,
        auth: false,
        fallback: 'Product not found',
      }),
    }),
    getProductSizes: build.query<ProductSize[], string>({
      query: (id) => ({
        method: 'GET',
        path: `/product/${encodeURIComponent(id)}/sizes`,
        auth: false,
        fallback: 'Failed to fetch sizes',
      }),
    }),
  }),
});

rootReducer.inject(catalogApi);
registerLazyMiddleware(catalogApi.middleware);

export const { useGetProductsQuery, useGetProductQuery, useGetProductSizesQuery } = catalogApi;
export { PRODUCT_FRESH_SECONDS };

declare module '../../lib/store/store.ts' {
  interface LazyLoadedSlices {
    catalogApi: ReturnType<typeof catalogApi.reducer>;
  }
}
