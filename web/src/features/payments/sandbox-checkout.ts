/**
 * The local payment sandbox's window, behind Razorpay Checkout's interface: `open()` shows
 * <SandboxCheckoutWindow>, whose Pay, Fail and Close end the way Razorpay's would — the
 * `handler` with a signed success, the `payment.failed` listeners (the window stays open,
 * as Razorpay's does, to try again), or `modal.ondismiss`.
 */
import type {
  CheckoutFailure,
  CheckoutOptions,
  CheckoutSuccess,
  CheckoutWindow,
  CheckoutWindowConstructor,
} from './checkout-window.ts';

export const SANDBOX_DECLINE = 'Payment declined by the sandbox';

export interface SandboxSession {
  options: CheckoutOptions;
  /** The last failure shown in the window, if any. */
  failure: string | null;
}

export interface SandboxCheckout {
  /** Use like `window.Razorpay`. */
  Checkout: CheckoutWindowConstructor;
  subscribe(listener: () => void): () => void;
  getSession(): SandboxSession | null;
  /** Pay succeeded: the window closes and `handler` gets the signed response. */
  succeed(response: CheckoutSuccess): void;
  /** The payment failed: listeners hear it; the window stays open. */
  fail(description: string): void;
  /** Close: the window closes and `modal.ondismiss` runs. */
  dismiss(): void;
}

export function createSandboxCheckout(): SandboxCheckout {
  let current: { window: SandboxWindow; session: SandboxSession } | null = null;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  class SandboxWindow implements CheckoutWindow {
    readonly failedListeners: ((response: CheckoutFailure) => void)[] = [];
    constructor(readonly options: CheckoutOptions) {}
    open() {
      current = { window: this, session: { options: this.options, failure: null } };
      notify();
    }
    close() {
      if (current?.window !== this) return;
      current = null;
      notify();
    }
    on(event: 'payment.failed', listener: (response: CheckoutFailure) => void) {
      if (event === 'payment.failed') this.failedListeners.push(listener);
    }
  }

  return {
    Checkout: SandboxWindow,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSession: () => current?.session ?? null,
    succeed(response) {
      if (!current) return;
      const { window } = current;
      window.close();
      window.options.handler(response);
    },
    fail(description) {
      if (!current) return;
      const { window } = current;
      current = { window, session: { ...current.session, failure: description } };
      notify();
      const response: CheckoutFailure = {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description,
          source: 'customer',
          step: 'payment_authorization',
          reason: 'payment_failed',
          metadata: { order_id: window.options.order_id },
        },
      };
      window.failedListeners.forEach((listener) => listener(response));
    },
    dismiss() {
      if (!current) return;
      const { window } = current;
      window.close();
      window.options.modal.ondismiss();
    },
  };
}
