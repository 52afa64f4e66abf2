/**
 * The order store (spec §3, §4): currentOrder (the one just placed), orders, loading and
 * error, plus the list's own status so My Orders can tell "loading" from "none". On any
 * error it stores the message and stops loading. The shared `signedOut` event forgets it all.
 */
import { createSlice } from '@reduxjs/toolkit';
import type { Order, PlaceOrderBody } from '@shop/core';
import { createAppAsyncThunk } from '../../lib/store/hooks.ts';
import { signedOut } from '../../lib/store/session-events.ts';
import { rootReducer, type AppDispatch } from '../../lib/store/store.ts';
import { ApiError, BAD_RESPONSE, failureFor, NETWORK_ERROR, type RequestFailure } from '../../lib/http.ts';
import { requestThunk } from '../../lib/request-thunk.ts';
import { clearSession } from '../../lib/session.ts';
import * as ordersApi from './api.ts';
import type { PlacedOrder } from './api.ts';

export type RequestStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface OrderState {
  currentOrder: PlacedOrder | null;
  /** The shopper's orders, newest first. */
  orders: Order[];
  loading: boolean;
  error: string | null;
  ordersStatus: RequestStatus;
  /** The list request whose answer counts; older ones (e.g. aborted) change nothing. */
  ordersRequestId: string | null;
  /** The order whose cancellation is on its way. */
  cancellingId: string | null;
}

declare module '../../lib/store/store.ts' {
  interface LazyLoadedSlices {
    order: OrderState;
  }
}

const initialOrderState: OrderState = {
  currentOrder: null,
  orders: [],
  loading: false,
  error: null,
  ordersStatus: 'idle',
  ordersRequestId: null,
  cancellingId: null,
};

/**
 * The server's message; without one, the spec's fallback for a refusal or for no answer
 * at all (e.g. "Failed to place order" / "Order placement failed").
 */
function orderFailure(error: unknown, refused: string, unreachable: string): RequestFailure {
  const offline = error instanceof ApiError && error.code === NETWORK_ERROR;
  return failureFor(error, offline ? unreachable : refused);
}

/** True when the message is the server's own words (not one of the fallbacks). */
export function isServerMessage(failure: RequestFailure): boolean {
  return failure.code !== null && failure.code !== NETWORK_ERROR && failure.code !== BAD_RESPONSE;
}

/** A refused token mid-visit ends the session here too. */
function endSessionOnUnauthorized(error: unknown, dispatch: AppDispatch) {
  if (error instanceof ApiError && error.status === 401) {
    clearSession();
    dispatch(signedOut({ reason: 'expired' }));
  }
}

export interface PlaceOrderInput {
  body: PlaceOrderBody;
  /** One per checkout attempt (sent as the Idempotency-Key header). */
  idempotencyKey: string;
}

export const placeOrder = createAppAsyncThunk(
  'order/placeOrder',
  async ({ body, idempotencyKey }: PlaceOrderInput, { extra, dispatch, rejectWithValue }) => {
    try {
      return await ordersApi.postOrder(extra.api, body, idempotencyKey);
    } catch (error) {
      endSessionOnUnauthorized(error, dispatch);
      return rejectWithValue(orderFailure(error, 'Failed to place order', 'Order placement failed'));
    }
  },
);

export const fetchOrders = requestThunk(
  'order/fetchOrders',
  (error) => orderFailure(error, 'Failed to fetch orders', 'Error fetching orders'),
  (api, _: void, signal) => ordersApi.getOrders(api, signal),
);

export const cancelOrder = createAppAsyncThunk(
  'order/cancelOrder',
  async (id: string, { extra, dispatch, rejectWithValue }) => {
    try {
      return await ordersApi.postCancelOrder(extra.api, id);
    } catch (error) {
      endSessionOnUnauthorized(error, dispatch);
      return rejectWithValue(orderFailure(error, 'Cancel failed', 'Cancel error'));
    }
  },
);

function started(state: OrderState) {
  state.loading = true;
  state.error = null;
}

function failed(state: OrderState, failure: RequestFailure | undefined, fallback: string) {
  state.loading = false;
  state.error = failure?.message ?? fallback;
}

const orderSlice = createSlice({
  name: 'order',
  initialState: initialOrderState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(placeOrder.pending, started)
      .addCase(placeOrder.fulfilled, (state, action) => {
        state.loading = false;
        state.currentOrder = action.payload;
      })
      .addCase(placeOrder.rejected, (state, action) => failed(state, action.payload, 'Failed to place order'))

      .addCase(fetchOrders.pending, (state, action) => {
        started(state);
        state.ordersStatus = 'loading';
        state.ordersRequestId = action.meta.requestId;
      })
      .addCase(fetchOrders.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.ordersRequestId) return;
        state.loading = false;
        state.orders = action.payload;
        state.ordersStatus = 'succeeded';
      })
      .addCase(fetchOrders.rejected, (state, action) => {
        if (action.meta.requestId !== state.ordersRequestId) return;
        if (action.meta.aborted) {
          state.loading = false;
          if (state.ordersStatus === 'loading') state.ordersStatus = 'idle';
          return;
        }
        failed(state, action.payload, 'Failed to fetch orders');
        state.ordersStatus = 'failed';
      })

      .addCase(cancelOrder.pending, (state, action) => {
        started(state);
        state.cancellingId = action.meta.arg;
      })
      .addCase(cancelOrder.fulfilled, (state, action) => {
        state.loading = false;
        state.cancellingId = null;
        state.orders = state.orders.map((order) => (order._id === action.payload._id ? action.payload : order));
      })
      .addCase(cancelOrder.rejected, (state, action) => {
        failed(state, action.payload, 'Cancel failed');
        state.cancellingId = null;
      })

      .addCase(signedOut, () => initialOrderState);
  },
});

// Joins the store with the first page that needs orders (see `LazyLoadedSlices`).
const injectedOrderSlice = orderSlice.injectInto(rootReducer);

export const selectOrderState = injectedOrderSlice.selectSlice;
