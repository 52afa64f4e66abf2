import {
  combineSlices,
  createAction,
  configureStore,
  createDynamicMiddleware,
  type Middleware,
  type Reducer,
} from '@reduxjs/toolkit';
import { api as defaultApi, type ApiClient } from '../http.ts';

/** What every thunk receives as `extra`: the API client, injected so tests can pass a fake. */
export interface ThunkExtra {
  api: ApiClient;
}

/**
 * The store's slices, each declared by the module that holds it, beside its
 * `slice.injectInto(rootReducer)`:
 *
 *   declare module '../../lib/store/store.ts' { interface LazyLoadedSlices { order: OrderState } }
 *
 * so the store imports no feature. A slice joins when its module loads. `EagerSlices` are the
 * ones every page reads (the session, the cart's badge, the shop's details): the layout imports
 * their modules, and main.tsx imports the router before it makes the store, so they are there
 * from the start. `LazyLoadedSlices` join with the pages that need them, so the first download
 * carries none of them; until one has joined, its selectors answer its initial state.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the slices' modules
export interface EagerSlices {}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the slices' modules
export interface LazyLoadedSlices {}

/** No reducer here: the eager slices' modules inject theirs (the map types what they bring). */
const eagerSlices = {} as { [Path in keyof EagerSlices]: Reducer<EagerSlices[Path]> };

export const rootReducer = combineSlices(eagerSlices).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

/**
 * Middleware of the parts that load with their pages (the RTK Query APIs): each module registers
 * its own when it loads, and every store takes it in before its next action. Each store keeps
 * its own dynamic middleware, so a store the server renders with is forgotten with it.
 */
const lazyMiddleware: Middleware[] = [];

export function registerLazyMiddleware(middleware: Middleware): void {
  if (!lazyMiddleware.includes(middleware)) lazyMiddleware.push(middleware);
}

const lazyPartsJoined = createAction('store/lazyPartsJoined');

/**
 * Two middleware: `joiner` comes first, before the thunk middleware, so that a part which has
 * just loaded joins before its first thunk runs: one action puts the initial state of the
 * reducers it injected in the store, then its middleware is added (RTK Query's reads its own
 * state from the first action it sees). `host` runs the joined middleware, after the thunks.
 */
function lazyMiddlewareHost(): { joiner: Middleware; host: Middleware } {
  const dynamic = createDynamicMiddleware();
  let taken = 0;
  const joiner: Middleware = (store) => (next) => (action) => {
    if (taken < lazyMiddleware.length) {
      const joining = lazyMiddleware.slice(taken);
      taken = lazyMiddleware.length;
      store.dispatch(lazyPartsJoined());
      joining.forEach((middleware) => dynamic.addMiddleware(middleware));
    }
    return next(action);
  };
  return { joiner, host: dynamic.middleware };
}

export interface SetupStoreOptions {
  api?: ApiClient;
  /** Only the slices whose modules have loaded keep theirs: the store drops state it has no reducer for. */
  preloadedState?: Partial<RootState>;
}

export function setupStore({ api = defaultApi, preloadedState }: SetupStoreOptions = {}) {
  const { joiner, host } = lazyMiddlewareHost();
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: { api } satisfies ThunkExtra } })
        .prepend(joiner)
        .concat(host),
    // RTK Query's own updates (a change shown before its answer, a cached answer) reach the
    // page in the same task, not with the next frame: the shopper sees them at once.
    enhancers: (getDefaultEnhancers) => getDefaultEnhancers({ autoBatch: { type: 'tick' } }),
  });
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
