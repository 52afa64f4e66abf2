/**
 * The payment window, as Razorpay Checkout shapes it: `new Razorpay(options)`, then
 * `on('payment.failed', …)` and `open()`; `options.handler` gets the signed success and
 * `options.modal.ondismiss` a closed window. The sandbox's own window implements the same
 * interface, so the checkout cannot tell them apart.
 */
import type { PaymentDetails, PaymentSuccessBody } from '@shop/core';

/** What Checkout hands `handler` on success: the ids and the signature the server verifies. */
export type CheckoutSuccess = PaymentSuccessBody;

/** What Checkout hands a `payment.failed` listener. */
export interface CheckoutFailure {
  error?: {
    code?: string;
    description?: string;
    source?: string;
    step?: string;
    reason?: string;
    metadata?: { order_id?: string; payment_id?: string };
  };
}

export interface CheckoutOptions {
  key: string;
  /** Paise. */
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  prefill: { name: string; email: string; contact: string };
  theme: { color: string };
  handler: (response: CheckoutSuccess) => void;
  modal: { ondismiss: () => void; escape?: boolean; backdropclose?: boolean; confirm_close?: boolean };
  notes?: Record<string, string>;
}

export interface CheckoutWindow {
  open(): void;
  close(): void;
  on(event: 'payment.failed', listener: (response: CheckoutFailure) => void): void;
}

export type CheckoutWindowConstructor = new (options: CheckoutOptions) => CheckoutWindow;

export interface CheckoutCallbacks {
  onSuccess: (response: CheckoutSuccess) => void;
  onDismiss: () => void;
  onFailure: (response: CheckoutFailure) => void;
}

/** Options for the window from what /payments/initiate answered (spec §9: name, order number, colour, prefill). */
function checkoutOptionsFor(details: PaymentDetails, callbacks: CheckoutCallbacks): CheckoutOptions {
  return {
    key: details.key,
    amount: details.order.amount,
    currency: details.order.currency || 'INR',
    name: details.name,
    description: details.description,
    order_id: details.order.id,
    prefill: details.prefill,
    theme: { color: details.themeColor },
    notes: { orderNumber: details.orderNumber },
    handler: callbacks.onSuccess,
    modal: { ondismiss: callbacks.onDismiss, escape: true, backdropclose: false },
  };
}

/** Opens a window: it reports through the callbacks given. */
export function openCheckoutWindow(
  Checkout: CheckoutWindowConstructor,
  details: PaymentDetails,
  callbacks: CheckoutCallbacks,
): CheckoutWindow {
  const window = new Checkout(checkoutOptionsFor(details, callbacks));
  window.on('payment.failed', callbacks.onFailure);
  window.open();
  return window;
}
