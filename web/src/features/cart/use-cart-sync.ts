import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../lib/store/hooks.ts';
import { readToken } from '../../lib/session.ts';
import { selectCachedCart, selectCartItemCount } from './cart-cache.ts';

export interface CartBadge {
  /** Σ quantity. */
  count: number;
  /** The cart has been answered: until then the count says nothing. */
  known: boolean;
}

/**
 * Keeps the cart in step with the session and returns the badge. While a token is held the
 * header keeps the cart cached (loading the cart's API then, not before); the `signedOut`
 * event forgets it.
 */
export function useCartSync(signedIn: boolean): CartBadge {
  const dispatch = useAppDispatch();
  const count = useAppSelector(selectCartItemCount);
  const known = useAppSelector((state) => selectCachedCart(state) !== null);

  useEffect(() => {
    if (!signedIn || !readToken()) return;
    let subscription: { unsubscribe: () => void } | null = null;
    let left = false;
    void import('./cart-api.ts').then(({ cartApi }) => {
      if (!left) subscription = dispatch(cartApi.endpoints.getCart.initiate());
    });
    return () => {
      left = true;
      subscription?.unsubscribe();
    };
  }, [dispatch, signedIn]);

  return { count, known };
}
