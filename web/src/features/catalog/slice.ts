/**
 * The product store (spec §3): list, current, sizes, searchResults, categoryProducts,
 * loading, error — plus the bookkeeping the pages need to ignore stale answers and to tell
 * "not found" from "still loading". Pending sets loading and clears the error, fulfilled
 * stores the result, rejected stores the message (spec §4). Aborted requests change nothing.
 */
import { createSlice } from '@reduxjs/toolkit';
import type { Product, ProductFacets, ProductListQuery, ProductSize, ProductSummary } from '@shop/core';
import { createAppAsyncThunk } from '../../app/hooks.ts';
import { rootReducer, type RootState } from '../../app/store.ts';
import { failureFor, type RequestFailure } from '../../lib/http.ts';
import * as catalogApi from './api.ts';

export type RequestStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface ListPageInfo {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  /** Counts beside the filters, for this very list. */
  facets?: ProductFacets | undefined;
}

export interface CatalogState {
  /** Lists hold summaries (what cards show); `current` is the full product. */
  list: ProductSummary[];
  listPage: ListPageInfo | null;
  /** The query `list` answers, as `listQueryKey` writes it. */
  listKey: string | null;
  current: Product | null;
  sizes: ProductSize[];
  searchResults: ProductSummary[];
  categoryProducts: ProductSummary[];
  loading: boolean;
  error: string | null;
  /** The list request whose answer the page wants; older answers are dropped. */
  listRequestId: string | null;
  /** The query of that request (as `listQueryKey` writes it), its status and error. */
  listFor: string | null;
  listStatus: RequestStatus;
  listError: string | null;
  /** Which product id `current`'s request and status are about. */
  currentFor: string | null;
  currentStatus: RequestStatus;
  currentError: RequestFailure | null;
  sizesFor: string | null;
  sizesStatus: RequestStatus;
  sizesError: string | null;
}

export const initialCatalogState: CatalogState = {
  list: [],
  listPage: null,
  listKey: null,
  current: null,
  sizes: [],
  searchResults: [],
  categoryProducts: [],
  loading: false,
  error: null,
  listRequestId: null,
  listFor: null,
  listStatus: 'idle',
  listError: null,
  currentFor: null,
  currentStatus: 'idle',
  currentError: null,
  sizesFor: null,
  sizesStatus: 'idle',
  sizesError: null,
};

/** A stable key for a list query, so a page can tell whether `list` answers its own query. */
export function listQueryKey(query: Partial<ProductListQuery>): string {
  return JSON.stringify(Object.entries(query).sort(([a], [b]) => a.localeCompare(b)));
}

export const fetchProducts = createAppAsyncThunk(
  'product/fetchProducts',
  async (query: Partial<ProductListQuery>, { extra, signal, rejectWithValue }) => {
    try {
      return await catalogApi.getProductPage(extra.api, query, signal);
    } catch (error) {
      return rejectWithValue(failureFor(error, 'Failed to fetch products'));
    }
  },
);

export const fetchProduct = createAppAsyncThunk(
  'product/fetchProduct',
  async (id: string, { extra, signal, rejectWithValue }) => {
    try {
      return await catalogApi.getProduct(extra.api, id, signal);
    } catch (error) {
      return rejectWithValue(failureFor(error, 'Product not found'));
    }
  },
);

export const fetchProductSizes = createAppAsyncThunk(
  'product/fetchProductSizes',
  async (id: string, { extra, signal, rejectWithValue }) => {
    try {
      return await catalogApi.getProductSizes(extra.api, id, signal);
    } catch (error) {
      return rejectWithValue(failureFor(error, 'Failed to fetch sizes'));
    }
  },
);

export const searchProducts = createAppAsyncThunk(
  'product/searchProducts',
  async (query: { q: string; page?: number; limit?: number }, { extra, signal, rejectWithValue }) => {
    try {
      return (await catalogApi.searchProducts(extra.api, query, signal)).products;
    } catch (error) {
      return rejectWithValue(failureFor(error, 'Search failed'));
    }
  },
);

export const fetchCategoryProducts = createAppAsyncThunk(
  'product/fetchCategoryProducts',
  async (
    { categoryId, page, limit }: { categoryId: string; page?: number; limit?: number },
    { extra, signal, rejectWithValue },
  ) => {
    try {
      return (await catalogApi.getCategoryProducts(extra.api, categoryId, { page, limit }, signal)).products;
    } catch (error) {
      return rejectWithValue(failureFor(error, 'Failed to fetch category products'));
    }
  },
);

function started(state: CatalogState) {
  state.loading = true;
  state.error = null;
}

function failed(state: CatalogState, message: string | undefined) {
  state.loading = false;
  state.error = message ?? 'Something went wrong';
}

const catalogSlice = createSlice({
  name: 'product',
  initialState: initialCatalogState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchProducts.pending, (state, action) => {
        started(state);
        state.listRequestId = action.meta.requestId;
        state.listFor = listQueryKey(action.meta.arg);
        state.listStatus = 'loading';
        state.listError = null;
      })
      .addCase(fetchProducts.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.listRequestId) return;
        const { products, page, limit, total, totalPages, facets } = action.payload;
        state.loading = false;
        state.list = products;
        state.listPage = { page, limit, total, totalPages, facets };
        state.listKey = listQueryKey(action.meta.arg);
        state.listStatus = 'succeeded';
      })
      .addCase(fetchProducts.rejected, (state, action) => {
        if (action.meta.requestId !== state.listRequestId) return;
        if (action.meta.aborted) {
          state.loading = false;
          state.listStatus = 'idle';
          return;
        }
        const message = action.payload?.message ?? 'Failed to fetch products';
        failed(state, message);
        state.listStatus = 'failed';
        state.listError = message;
      })

      .addCase(fetchProduct.pending, (state, action) => {
        started(state);
        state.currentFor = action.meta.arg;
        state.currentStatus = 'loading';
        state.currentError = null;
      })
      .addCase(fetchProduct.fulfilled, (state, action) => {
        if (action.meta.arg !== state.currentFor) return;
        state.loading = false;
        state.current = action.payload;
        state.currentStatus = 'succeeded';
      })
      .addCase(fetchProduct.rejected, (state, action) => {
        if (action.meta.aborted || action.meta.arg !== state.currentFor) return;
        const failure = action.payload ?? { message: 'Product not found', status: null, code: null };
        failed(state, failure.message);
        state.currentStatus = 'failed';
        state.currentError = failure;
      })

      .addCase(fetchProductSizes.pending, (state, action) => {
        started(state);
        state.sizesFor = action.meta.arg;
        state.sizesStatus = 'loading';
        state.sizesError = null;
        state.sizes = [];
      })
      .addCase(fetchProductSizes.fulfilled, (state, action) => {
        if (action.meta.arg !== state.sizesFor) return;
        state.loading = false;
        state.sizes = action.payload;
        state.sizesStatus = 'succeeded';
      })
      .addCase(fetchProductSizes.rejected, (state, action) => {
        if (action.meta.aborted || action.meta.arg !== state.sizesFor) return;
        const message = action.payload?.message ?? 'Failed to fetch sizes';
        failed(state, message);
        state.sizesStatus = 'failed';
        state.sizesError = message;
      })

      .addCase(searchProducts.pending, started)
      .addCase(searchProducts.fulfilled, (state, action) => {
        state.loading = false;
        state.searchResults = action.payload;
      })
      .addCase(searchProducts.rejected, (state, action) => {
        if (!action.meta.aborted) failed(state, action.payload?.message ?? 'Search failed');
      })

      .addCase(fetchCategoryProducts.pending, started)
      .addCase(fetchCategoryProducts.fulfilled, (state, action) => {
        state.loading = false;
        state.categoryProducts = action.payload;
      })
      .addCase(fetchCategoryProducts.rejected, (state, action) => {
        if (!action.meta.aborted) failed(state, action.payload?.message ?? 'Failed to fetch category products');
      });
  },
});

// Joins the store with the first catalogue page (see `LazyLoadedSlices`).
const injectedCatalogSlice = catalogSlice.injectInto(rootReducer);

export const selectCatalog = injectedCatalogSlice.selectSlice;
export const selectProductList = (state: RootState) => selectCatalog(state).list;
export const selectListPage = (state: RootState) => selectCatalog(state).listPage;
