/** Payment requests (spec §7, Orders and payments). */
import type { Order, PaymentDetails, PaymentOptions, PaymentSuccessBody } from '@shop/core';
import type { ApiClient } from '../../lib/http.ts';

export interface InitiatePaymentInput {
  orderId: string;
  /** The shopper's _id (the spec's client sends it; the server uses the signed-in user). */
  userId: string;
}

export function postInitiatePayment(api: ApiClient, { orderId, userId }: InitiatePaymentInput) {
  return api.post<PaymentDetails>('/payments/initiate', { orderId, user: userId, method: 'razorpay' });
}

export function postPaymentSuccess(api: ApiClient, body: PaymentSuccessBody) {
  return api.post<{ verified: true; order: Order }>('/payments/success', body);
}

/** The sandbox's stand-in for Razorpay Checkout's own server: a signed successful payment. */
export function postSandboxPay(api: ApiClient, razorpayOrderId: string) {
  return api.post<PaymentSuccessBody>('/payments/sandbox/pay', { razorpay_order_id: razorpayOrderId });
}

/** Whether checkout can offer online payment (public). */
export function getPaymentOptions(api: ApiClient, signal?: AbortSignal) {
  return api.get<PaymentOptions>('/payments/options', { auth: false, signal });
}
