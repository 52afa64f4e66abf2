import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { toast, toastDurations } from '../../app/toasts.tsx';
import { readToken } from '../../lib/session.ts';
import { selectCartData, selectCartItemCount, selectCartNotice } from './cart-state.ts';

/**
 * Keeps the cart in step with the session and returns the badge count (Σ quantity). The cart
 * is fetched at start-up and on sign-in when a token is held (loading the cart's slice then,
 * not before); the `signedOut` event clears it. A notice that a change took the coupon off
 * (spec: `notice`) shows as an info toast, once.
 */
export function useCartSync(signedIn: boolean): number {
  const dispatch = useAppDispatch();
  const count = useAppSelector(selectCartItemCount);
  const hasCart = useAppSelector((state) => selectCartData(state) !== null);
  const notice = useAppSelector(selectCartNotice);

  useEffect(() => {
    if (!signedIn || hasCart || !readToken()) return;
    void import('./slice.ts').then(({ fetchCart }) => dispatch(fetchCart()));
  }, [dispatch, signedIn, hasCart]);

  useEffect(() => {
    if (notice) toast.info(notice.text, { toastId: `cart-notice-${notice.id}`, autoClose: toastDurations.orders });
  }, [notice]);

  return count;
}
