/**
 * Razorpay's own Checkout, for when the server is set up with Razorpay keys (`sandbox:
 * false`): its script is added once and `window.Razorpay` is the window. Note that the
 * server's Content-Security-Policy must then allow https://checkout.razorpay.com (scripts)
 * and https://api.razorpay.com (frames).
 */
import type { CheckoutWindowConstructor } from './checkout-window.ts';

const RAZORPAY_CHECKOUT_SRC = 'https://checkout.razorpay.com/v1/checkout.js';

declare global {
  interface Window {
    Razorpay?: CheckoutWindowConstructor;
  }
}

let loading: Promise<CheckoutWindowConstructor> | null = null;

export function loadRazorpayCheckout(src = RAZORPAY_CHECKOUT_SRC): Promise<CheckoutWindowConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<CheckoutWindowConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () =>
      window.Razorpay ? resolve(window.Razorpay) : reject(new Error('Razorpay Checkout did not start'));
    script.onerror = () => {
      // Let a later attempt try again.
      loading = null;
      script.remove();
      reject(new Error('Razorpay Checkout could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}
