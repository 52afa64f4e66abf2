/**
 * The order store (spec §3, §4): currentOrder (the one just placed), orders, loading and error,
 * plus the list's status so My Orders can tell "loading" from "none", and the order whose
 * cancellation is on its way. All of it is read from the data layer's answers (`api.ts`): the
 * list is the cached `getOrders` answer; the rest follows the order calls. On any error it
 * stores the message and stops loading. The shared `signedOut` event forgets it all.
 */
import { createSelector, createSlice, isAnyOf } from '@reduxjs/toolkit';
import type { Order } from '@shop/core';
import { failureText } from '../../lib/api/failure.ts';
import { signedOut } from '../../lib/store/session-events.ts';
import { rootReducer, type RootState } from '../../lib/store/store.ts';
import { withApi } from '../../lib/api/api.ts';
import { ordersApi, type PlacedOrder, type PlaceOrderInput } from './api.ts';

export type { PlaceOrderInput } from './api.ts';
export { isServerMessage } from '../../lib/api/failure.ts';

export type RequestStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

interface OrderCalls {
  currentOrder: PlacedOrder | null;
  loading: boolean;
  error: string | null;
  /** The order whose cancellation is on its way. */
  cancellingId: string | null;
}

export interface OrderState extends OrderCalls {
  /** The shopper's orders, newest first. */
  orders: Order[];
  ordersStatus: RequestStatus;
}

declare module '../../lib/store/store.ts' {
  interface LazyLoadedSlices {
    order: OrderCalls;
  }
}

const initialOrderCalls: OrderCalls = { currentOrder: null, loading: false, error: null, cancellingId: null };

const { endpoints } = ordersApi;

const orderSlice = createSlice({
  name: 'order',
  initialState: initialOrderCalls,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(signedOut, () => initialOrderCalls)
      .addMatcher(endpoints.placeOrder.matchFulfilled, (state, action) => {
        state.loading = false;
        state.currentOrder = action.payload;
      })
      .addMatcher(endpoints.getOrders.matchFulfilled, (state) => {
        state.loading = false;
      })
      .addMatcher(endpoints.cancelOrder.matchPending, (state, action) => {
        state.cancellingId = action.meta.arg.originalArgs;
      })
      .addMatcher(endpoints.cancelOrder.matchFulfilled, (state) => {
        state.loading = false;
        state.cancellingId = null;
      })
      .addMatcher(
        isAnyOf(
          endpoints.placeOrder.matchPending,
          endpoints.getOrders.matchPending,
          endpoints.cancelOrder.matchPending,
        ),
        (state) => {
          state.loading = true;
          state.error = null;
        },
      )
      .addMatcher(
        isAnyOf(
          endpoints.placeOrder.matchRejected,
          endpoints.getOrders.matchRejected,
          endpoints.cancelOrder.matchRejected,
        ),
        (state, action) => {
          state.loading = false;
          state.cancellingId = null;
          // An abandoned list request (the page left) is no error.
          if (action.payload) state.error = failureText(action.payload);
        },
      );
  },
});

// Joins the store with the first page that needs orders (see `LazyLoadedSlices`).
const injectedOrderSlice = orderSlice.injectInto(rootReducer);

const selectOrdersQueryOf = endpoints.getOrders.select();
const selectOrdersQuery = (state: RootState) => selectOrdersQueryOf(withApi(state));

const statusOf: Record<ReturnType<typeof selectOrdersQueryOf>['status'], RequestStatus> = {
  uninitialized: 'idle',
  pending: 'loading',
  fulfilled: 'succeeded',
  rejected: 'failed',
};

const noOrders: Order[] = [];

/** The order store as the spec names it: the calls' state, and the list as the data layer holds it. */
export const selectOrderState = createSelector(
  [injectedOrderSlice.selectSlice, selectOrdersQuery],
  (calls, list): OrderState => ({
    ...calls,
    orders: list.data ?? noOrders,
    ordersStatus: statusOf[list.status],
  }),
);

// What the pages dispatch. A change's progress is this store's, so the data layer keeps no entry of it.
export const placeOrder = (input: PlaceOrderInput) => endpoints.placeOrder.initiate(input, { track: false });
export const cancelOrder = (id: string) => endpoints.cancelOrder.initiate(id, { track: false });

/** Fetches the list again, whoever else is showing it, keeping no subscription. */
export const fetchOrders = () => endpoints.getOrders.initiate(undefined, { forceRefetch: true, subscribe: false });

/** Keeps the list fetched (fresh when the page opens) while a page shows it. */
export function useMyOrders({ skip = false } = {}): void {
  endpoints.getOrders.useQuery(undefined, { refetchOnMountOrArgChange: true, skip });
}
