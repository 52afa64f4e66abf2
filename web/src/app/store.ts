import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { authReducer } from '../features/auth/slice.ts';
import { cartStandInReducer } from '../features/cart/cart-state.ts';
import type { CatalogState } from '../features/catalog/slice.ts';
import type { OrderState } from '../features/orders/slice.ts';
import type { PaymentState } from '../features/payments/slice.ts';
import { api as defaultApi, type ApiClient } from '../lib/http.ts';
import { storeInfoReducer } from './store-info.ts';

/** What every thunk receives as `extra`: the API client, injected so tests can pass a fake. */
export interface ThunkExtra {
  api: ApiClient;
}

/**
 * The slices that join the store when the pages that need them load: each slice module injects
 * itself into `rootReducer` (`slice.injectInto`), so the first download carries none of them.
 * Their selectors answer the initial state until then.
 */
export interface LazyLoadedSlices {
  product: CatalogState;
  order: OrderState;
  payment: PaymentState;
}

/**
 * The session and the cart are read on every page (the header shows the cart's count). The
 * cart starts with a stand-in reducer holding the empty cart; `features/cart/slice.ts` puts
 * its reducer in that place when it loads.
 */
export const rootReducer = combineSlices({
  auth: authReducer,
  cart: cartStandInReducer,
  storeInfo: storeInfoReducer,
}).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

export interface SetupStoreOptions {
  api?: ApiClient;
  preloadedState?: Partial<RootState>;
}

export function setupStore({ api = defaultApi, preloadedState }: SetupStoreOptions = {}) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: { api } satisfies ThunkExtra } }),
  });
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
