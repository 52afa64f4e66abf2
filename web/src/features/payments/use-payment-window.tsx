import type { PaymentDetails } from '@shop/core';
import { useCallback, useState, type ReactNode } from 'react';
import { openCheckoutWindow, type CheckoutCallbacks } from './checkout-window.ts';
import { SandboxCheckoutWindow } from './components/sandbox-checkout-window.tsx';
import { loadRazorpayCheckout } from './razorpay-loader.ts';
import { createSandboxCheckout } from './sandbox-checkout.ts';

export interface PaymentWindow {
  /** Opens the window for the initiated payment: the sandbox's own, or Razorpay's Checkout. */
  openPaymentWindow: (details: PaymentDetails, callbacks: CheckoutCallbacks) => Promise<void>;
  /** Render this: the sandbox window shows here while it is open. */
  paymentWindow: ReactNode;
}

export function usePaymentWindow(): PaymentWindow {
  const [sandbox] = useState(createSandboxCheckout);
  const openPaymentWindow = useCallback(
    async (details: PaymentDetails, callbacks: CheckoutCallbacks) => {
      const Checkout = details.sandbox ? sandbox.Checkout : await loadRazorpayCheckout();
      openCheckoutWindow(Checkout, details, callbacks);
    },
    [sandbox],
  );
  return { openPaymentWindow, paymentWindow: <SandboxCheckoutWindow sandbox={sandbox} /> };
}
