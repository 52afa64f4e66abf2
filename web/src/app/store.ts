import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { authReducer } from '../features/auth/slice.ts';
import { cartReducer } from '../features/cart/slice.ts';
import { catalogReducer } from '../features/catalog/slice.ts';
import { orderReducer } from '../features/orders/slice.ts';
import { paymentReducer } from '../features/payments/slice.ts';
import { api as defaultApi, type ApiClient } from '../lib/http.ts';

/** What every thunk receives as `extra`: the API client, injected so tests can pass a fake. */
export interface ThunkExtra {
  api: ApiClient;
}

export const rootReducer = combineReducers({
  auth: authReducer,
  product: catalogReducer,
  cart: cartReducer,
  order: orderReducer,
  payment: paymentReducer,
});

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
