/**
 * The payment store (spec §3): paymentDetails (the provider key and its order, and what the
 * payment window shows), loading and error, read from the data layer's answers (`api.ts`).
 * Cleared after a verified payment and on sign-out.
 */
import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import type { PaymentDetails } from '@shop/core';
import { failureText } from '../../lib/api/failure.ts';
import { signedOut } from '../../lib/store/session-events.ts';
import { rootReducer } from '../../lib/store/store.ts';
import { paymentsApi, type InitiatePaymentInput } from './api.ts';

export interface PaymentState {
  paymentDetails: PaymentDetails | null;
  loading: boolean;
  error: string | null;
}

declare module '../../lib/store/store.ts' {
  interface LazyLoadedSlices {
    payment: PaymentState;
  }
}

const initialPaymentState: PaymentState = { paymentDetails: null, loading: false, error: null };

const { endpoints } = paymentsApi;

const paymentSlice = createSlice({
  name: 'payment',
  initialState: initialPaymentState,
  reducers: {
    paymentCleared: () => initialPaymentState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(signedOut, () => initialPaymentState)
      .addMatcher(endpoints.initiatePayment.matchPending, (state) => {
        state.paymentDetails = null;
      })
      .addMatcher(endpoints.initiatePayment.matchFulfilled, (state, action) => {
        state.paymentDetails = action.payload;
      })
      .addMatcher(isAnyOf(endpoints.initiatePayment.matchPending, endpoints.verifyPayment.matchPending), (state) => {
        state.loading = true;
        state.error = null;
      })
      .addMatcher(
        isAnyOf(endpoints.initiatePayment.matchFulfilled, endpoints.verifyPayment.matchFulfilled),
        (state) => {
          state.loading = false;
        },
      )
      .addMatcher(
        isAnyOf(endpoints.initiatePayment.matchRejected, endpoints.verifyPayment.matchRejected),
        (state, action) => {
          state.loading = false;
          if (action.payload) state.error = failureText(action.payload);
        },
      );
  },
});

export const { paymentCleared } = paymentSlice.actions;
// Joins the store with the checkout page (see `LazyLoadedSlices`).
const injectedPaymentSlice = paymentSlice.injectInto(rootReducer);

export const selectPayment = injectedPaymentSlice.selectSlice;

// What the pages dispatch. A payment's progress is this store's, so the data layer keeps no entry of it.
const untracked = { track: false } as const;

export const initiatePayment = (input: InitiatePaymentInput) => endpoints.initiatePayment.initiate(input, untracked);
export const verifyPayment = (body: Parameters<typeof endpoints.verifyPayment.initiate>[0]) =>
  endpoints.verifyPayment.initiate(body, untracked);
export const payInSandbox = (razorpayOrderId: string) => endpoints.payInSandbox.initiate(razorpayOrderId, untracked);

/** What checkout may offer: unknown until answered (or when the answer failed). */
export const usePaymentOptions = endpoints.getPaymentOptions.useQuery;
