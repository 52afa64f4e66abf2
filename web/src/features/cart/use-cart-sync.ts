import { useEffect, useState } from 'react';
import { readToken } from '../../lib/session.ts';
import { useAppDispatch, useAppSelector } from '../../lib/store/hooks.ts';
import type { RootState } from '../../lib/store/store.ts';

export interface CartBadge {
  /** Σ quantity. */
  count: number;
  /** The cart has been answered: until then the count says nothing. */
  known: boolean;
}

type CountSelector = (state: RootState) => number | null;
const unknownCount: CountSelector = () => null;

/**
 * Keeps the cart in step with the session and returns the badge. While signed in, the header
 * keeps the cart cached, loading the cart's endpoints then, not before (a visitor's first
 * download carries none of the data layer); signing out forgets it.
 */
export function useCartSync(signedIn: boolean): CartBadge {
  const dispatch = useAppDispatch();
  // The cart's selector, once its module has loaded.
  const [selectCount, setSelectCount] = useState<{ select: CountSelector }>({ select: unknownCount });
  const count = useAppSelector(signedIn ? selectCount.select : unknownCount);

  useEffect(() => {
    if (!signedIn || !readToken()) return;
    let subscription: { unsubscribe: () => void } | null = null;
    let left = false;
    void import('./cart-api.ts').then(({ cartApi, selectCartItemCount }) => {
      if (left) return;
      setSelectCount({ select: selectCartItemCount });
      subscription = dispatch(cartApi.endpoints.getCart.initiate());
    });
    return () => {
      left = true;
      subscription?.unsubscribe();
    };
  }, [dispatch, signedIn]);

  return { count: count ?? 0, known: count !== null };
}
