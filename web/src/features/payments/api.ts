/** The payment endpoints (spec §7, Orders and payments). */
import type { Order, PaymentDetails, PaymentOptions, PaymentSuccessBody } from '@shop/core';
import { api } from '../../lib/api/api.ts';

export interface InitiatePaymentInput {
  orderId: string;
  /** The shopper's _id (the spec's client sends it; the server uses the signed-in user). */
  userId: string;
}

export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    initiatePayment: build.mutation<PaymentDetails, InitiatePaymentInput>({
      query: ({ orderId, userId }) => ({
        method: 'POST',
        path: '/payments/initiate',
        body: { orderId, user: userId, method: 'razorpay' },
        fallback: { refused: 'Failed to initiate Razorpay', unreachable: 'Payment initiation failed' },
      }),
    }),

    /** Sends Checkout's signed success to the server, which checks the signature. */
    verifyPayment: build.mutation<{ verified: true; order: Order }, PaymentSuccessBody>({
      query: (body) => ({
        method: 'POST',
        path: '/payments/success',
        body,
        fallback: 'Payment verification failed',
      }),
      invalidatesTags: (_, error) => (error ? [] : ['MyOrders']),
    }),

    /** The sandbox's stand-in for Razorpay Checkout's own server: a signed successful payment. */
    payInSandbox: build.mutation<PaymentSuccessBody, string>({
      query: (razorpayOrderId) => ({
        method: 'POST',
        path: '/payments/sandbox/pay',
        body: { razorpay_order_id: razorpayOrderId },
        fallback: 'Payment processing failed',
      }),
    }),

    /** Whether checkout can offer online payment (public). */
    getPaymentOptions: build.query<PaymentOptions, void>({
      query: () => ({
        method: 'GET',
        path: '/payments/options',
        auth: false,
        fallback: 'Could not load the payment options',
      }),
    }),
  }),
});
