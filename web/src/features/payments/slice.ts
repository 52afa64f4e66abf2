/**
 * The payment store (spec §3): paymentDetails (the provider key and its order, and what the
 * payment window shows), loading and error. Cleared after a verified payment and on sign-out.
 */
import { createSlice } from '@reduxjs/toolkit';
import type { PaymentDetails, PaymentSuccessBody } from '@shop/core';
import { signedOut } from '../../lib/store/session-events.ts';
import { rootReducer } from '../../lib/store/store.ts';
import { ApiError, failureFor, NETWORK_ERROR, type RequestFailure } from '../../lib/http.ts';
import { requestThunk } from '../../lib/request-thunk.ts';
import * as paymentsApi from './api.ts';
import type { InitiatePaymentInput } from './api.ts';

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

/** "Failed to initiate Razorpay" when refused without a message, "Payment initiation failed" when unreachable. */
function initiateFailure(error: unknown): RequestFailure {
  const offline = error instanceof ApiError && error.code === NETWORK_ERROR;
  return failureFor(error, offline ? 'Payment initiation failed' : 'Failed to initiate Razorpay');
}

export const initiatePayment = requestThunk(
  'payment/initiatePayment',
  initiateFailure,
  (api, input: InitiatePaymentInput) => paymentsApi.postInitiatePayment(api, input),
);

/** What checkout may offer. No state kept: the checkout page holds the answer. */
export const fetchPaymentOptions = requestThunk(
  'payment/fetchOptions',
  (error) => failureFor(error, 'Could not load the payment options'),
  (api, _: void, signal) => paymentsApi.getPaymentOptions(api, signal),
);

/** Sends Checkout's signed success to the server, which checks the signature. */
export const verifyPayment = requestThunk(
  'payment/verifyPayment',
  (error) => failureFor(error, 'Payment verification failed'),
  (api, body: PaymentSuccessBody) => paymentsApi.postPaymentSuccess(api, body),
);

/** The sandbox window's Pay: what Razorpay Checkout's server would answer on success. No state kept. */
export const payInSandbox = requestThunk(
  'payment/payInSandbox',
  (error) => failureFor(error, 'Payment processing failed'),
  (api, razorpayOrderId: string) => paymentsApi.postSandboxPay(api, razorpayOrderId),
);

function failed(state: PaymentState, failure: RequestFailure | undefined, fallback: string) {
  state.loading = false;
  state.error = failure?.message ?? fallback;
}

const paymentSlice = createSlice({
  name: 'payment',
  initialState: initialPaymentState,
  reducers: {
    paymentCleared: () => initialPaymentState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(initiatePayment.pending, (state) => {
        state.loading = true;
        state.error = null;
        state.paymentDetails = null;
      })
      .addCase(initiatePayment.fulfilled, (state, action) => {
        state.loading = false;
        state.paymentDetails = action.payload;
      })
      .addCase(initiatePayment.rejected, (state, action) =>
        failed(state, action.payload, 'Failed to initiate Razorpay'),
      )

      .addCase(verifyPayment.pending, (state) => {
        state.loading = true;
        state.error = null;
      })
      .addCase(verifyPayment.fulfilled, (state) => {
        state.loading = false;
      })
      .addCase(verifyPayment.rejected, (state, action) => failed(state, action.payload, 'Payment verification failed'))

      .addCase(signedOut, () => initialPaymentState);
  },
});

export const { paymentCleared } = paymentSlice.actions;
// Joins the store with the checkout page (see `LazyLoadedSlices`).
const injectedPaymentSlice = paymentSlice.injectInto(rootReducer);

export const selectPayment = injectedPaymentSlice.selectSlice;
