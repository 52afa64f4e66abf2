import { useCallback, type ReactNode } from 'react';
import { selectUser } from '../auth/index.ts';
import type { CheckoutFailure, CheckoutSuccess } from './checkout-window.ts';
import { initiatePayment, paymentCleared, verifyPayment } from './slice.ts';
import { usePaymentWindow } from './use-payment-window.tsx';
import { failureText } from '../../lib/api/failure.ts';
import { useAppDispatch, useAppSelector } from '../../lib/store/hooks.ts';
import { toast, toastDurations } from '../../lib/toasts.tsx';

const orderToast = { autoClose: toastDurations.orders };

export interface PayHandlers {
  /** The payment was verified ("Payment successful!" has been said). */
  onPaid: () => Promise<void> | void;
  /** The attempt ended without a payment: the window was closed, or paying could not start or be verified. */
  onStopped: () => void;
  /** Checkout answered; the server is checking the payment. */
  onVerifying?: () => void;
}

export interface PayForOrder {
  /** Pays an online order waiting for its payment: starts it, opens the window, verifies (spec §4). */
  payFor: (orderId: string, handlers: PayHandlers) => Promise<void>;
  /** Render this: the sandbox's window shows here while it is open. */
  paymentWindow: ReactNode;
}

/**
 * Paying for an order already placed, as the checkout does right after placing it and as My
 * Orders' "Pay now" does later: initiate, open the payment window (the sandbox's or
 * Razorpay's), and verify its signed answer, with the spec's toasts. The shopper's name
 * comes from the account's public entry.
 */
export function usePayForOrder(): PayForOrder {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const { openPaymentWindow, paymentWindow } = usePaymentWindow();

  const payFor = useCallback(
    async (orderId: string, handlers: PayHandlers) => {
      const stop = (message: string) => {
        toast.error(message, orderToast);
        handlers.onStopped();
      };

      async function verify(response: CheckoutSuccess) {
        handlers.onVerifying?.();
        try {
          await dispatch(verifyPayment(response)).unwrap();
        } catch (failure) {
          return stop(failureText(failure));
        }
        toast.success('Payment successful!', orderToast);
        try {
          await handlers.onPaid();
          dispatch(paymentCleared());
        } catch {
          stop('Payment processing failed');
        }
      }

      let details;
      try {
        details = await dispatch(initiatePayment({ orderId, userId: user?._id ?? '' })).unwrap();
      } catch (failure) {
        return stop(failureText(failure));
      }
      if (!details?.key || !details.order?.id) return stop('Invalid payment response structure');

      try {
        await openPaymentWindow(details, {
          onSuccess: (response) => void verify(response),
          onDismiss: () => {
            toast.info('Payment cancelled', orderToast);
            handlers.onStopped();
          },
          onFailure: (response: CheckoutFailure) => {
            toast.error(`Payment failed: ${response.error?.description || 'Unknown error'}`, orderToast);
          },
        });
      } catch {
        stop('Payment processing failed');
      }
    },
    [dispatch, openPaymentWindow, user],
  );

  return { payFor, paymentWindow };
}
