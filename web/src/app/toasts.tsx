import { ToastContainer } from 'react-toastify';

/** Auto-close times per flow (spec §1, §9). */
export const toastDurations = {
  signIn: 5000,
  orders: 3000,
  product: 2500,
} as const;

/**
 * Toasts appear top-right, pause on hover and on focus loss; react-toastify's default
 * hot key (Alt+T) focuses them.
 */
export function AppToasts() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={toastDurations.orders}
      pauseOnHover
      pauseOnFocusLoss
      closeOnClick
      newestOnTop
      theme="light"
    />
  );
}
