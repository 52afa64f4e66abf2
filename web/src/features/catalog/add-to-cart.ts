/**
 * The one place the catalogue hands over to the cart: Add to Cart on the product page, and
 * the mini cart that opens after it. The cart feature owns both; this keeps the crossing to
 * a single file.
 */
import { useCallback, useState } from 'react';
import { useAppDispatch } from '../../lib/store/hooks.ts';
import { toast, toastDurations } from '../../lib/toasts.tsx';
import { addToCart, wantsMiniCart } from '../cart/index.ts';
import { failureText } from '../../lib/api/failure.ts';

export { MiniCart } from '../cart/index.ts';

/** What the product page asks the cart to add once every check has passed. */
export interface CartSelection {
  productId: string;
  /** The colour chosen; left out for a product with one colour. */
  color?: string;
  /** As the size buttons show it; the cart call sends it in lower case (spec §7). */
  size: string;
  quantity: number;
}

/** How an add ended: added, refused as the stock moved (409: fewer pieces than the page showed), or failed. */
export type AddOutcome = 'added' | 'short' | 'failed';

export interface AddSelectionToCart {
  addSelectionToCart: (selection: CartSelection) => Promise<AddOutcome>;
  /** The add is on its way. */
  adding: boolean;
  miniCartOpen: boolean;
  closeMiniCart: () => void;
}

/**
 * Adds the selection; on success the toast "Item added to cart" and, on screens 768 px or
 * wider, the mini cart (spec §2). A refusal (e.g. "Only 2 left in size M") is an error
 * toast in the server's words.
 */
export function useAddSelectionToCart(): AddSelectionToCart {
  const dispatch = useAppDispatch();
  const [adding, setAdding] = useState(false);
  const [miniCartOpen, setMiniCartOpen] = useState(false);

  const addSelectionToCart = useCallback(
    async (selection: CartSelection): Promise<AddOutcome> => {
      setAdding(true);
      try {
        await dispatch(addToCart(selection)).unwrap();
        toast.success('Item added to cart', { autoClose: toastDurations.product });
        if (wantsMiniCart()) setMiniCartOpen(true);
        return 'added';
      } catch (error) {
        toast.error(failureText(error), { autoClose: toastDurations.product });
        return (error as { status?: unknown } | undefined)?.status === 409 ? 'short' : 'failed';
      } finally {
        setAdding(false);
      }
    },
    [dispatch],
  );

  const closeMiniCart = useCallback(() => setMiniCartOpen(false), []);
  return { addSelectionToCart, adding, miniCartOpen, closeMiniCart };
}
