import { useCallback } from 'react';
import { toast } from 'react-toastify';
import { toastDurations } from '../../app/toasts.tsx';

/** What the product page asks the cart to add once every check has passed. */
export interface CartSelection {
  productId: string;
  /** As the size buttons show it; the cart call sends it in lower case (spec §7). */
  size: string;
  quantity: number;
}

/**
 * The one place Add to Cart hands over to the cart. The cart arrives with its own issue:
 * replace the body with `dispatch(addToCart(selection)).unwrap()` and its toasts there.
 */
export function useAddSelectionToCart(): (selection: CartSelection) => void {
  return useCallback((_selection: CartSelection) => {
    toast.info('Your cart is coming in the next release. Thanks for your patience!', {
      autoClose: toastDurations.product,
    });
  }, []);
}
