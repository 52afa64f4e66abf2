/**
 * The cart's endpoints (spec §3, §4, §7 Cart and discounts): one cached cart and the changes.
 * Every cart call answers the whole cart, which replaces the cached one. Quantity changes,
 * removals and clearing show at once and are undone if the server refuses; a removal, and a
 * refused quantity change, fetch the cart again (the totals come fresh). The data layer ends
 * the session on a refused token, and forgets the cart with it.
 *
 * This module loads with the first page or start-up step that needs the cart, so the home
 * page's first download carries none of it.
 */
import type { Cart } from '@shop/core';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { QueryReturnValue } from '@reduxjs/toolkit/query/react';
import { api, withApi } from '../../lib/api/api.ts';
import { failureText, type RequestFailure } from '../../lib/api/failure.ts';
import type { AppDispatch, RootState } from '../../lib/store/store.ts';
import { toast, toastDurations } from '../../lib/toasts.tsx';
import { asKept, empty, removeLine, setLineQuantity } from './cart-edits.ts';

export interface AddToCartInput {
  productId: string;
  /** The colour chosen; left out for a product with one colour. */
  color?: string;
  /** As the size buttons show it; sent in lower case (spec §7). */
  size: string;
  quantity: number;
}

export interface QuantityChange {
  itemId: string;
  quantity: number;
}

/** The one cached cart's key: a shopper has one cart, so the query has no argument to key it by. */
const CART_CACHE_KEY = 'cart';

const itemPath = (itemId: string) => `/cart/${encodeURIComponent(itemId)}`;

/** The key under which one line's quantity changes are tracked: the newest one is the one kept. */
const quantityKey = (itemId: string) => `quantity:${itemId}`;

/** Why the server took the applied coupon off (spec: an info toast), said once per answer. */
function sayNotice(cart: Cart) {
  // With the last item gone the coupon goes too; that needs no notice.
  if (cart.notice && cart.items.length > 0) toast.info(cart.notice, { autoClose: toastDurations.orders });
}

/**
 * A dispatch that takes this API's thunks: the store's own type is made from this module's,
 * so it cannot be named here, and RTK Query types the state its thunks read as its own part.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any store holding the cart API
type CartDispatch = ThunkDispatch<any, unknown, UnknownAction>;

interface ChangeLifecycle {
  dispatch: CartDispatch;
  queryFulfilled: Promise<{ data: Cart }>;
}

export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCart: build.query<Cart, void>({
      serializeQueryArgs: () => CART_CACHE_KEY,
      providesTags: ['Cart'],
      async queryFn(_, api, __, baseQuery) {
        const before = selectCart(api.getState() as RootState);
        const result = (await baseQuery({
          method: 'GET',
          path: '/cart/details',
          fallback: 'Failed to fetch cart',
        })) as QueryReturnValue<Cart, RequestFailure>;
        if (result.error) return { error: result.error };
        // A change answered (or shown) while this fetch was on its way knows better than its answer.
        const now = selectCart(api.getState() as RootState);
        if (now && now !== before) return { data: now };
        sayNotice(result.data);
        return { data: asKept(result.data) };
      },
    }),

    addToCart: build.mutation<Cart, AddToCartInput>({
      query: ({ productId, color, size, quantity }) => ({
        method: 'POST',
        path: '/cart',
        body: { product: productId, quantity, ...(color && { color }), size: size.toLowerCase() },
        fallback: 'Failed to add item to cart',
      }),
      onQueryStarted: (_, api) => keepAnswer(api),
    }),

    updateCartItemQuantity: build.mutation<Cart, QuantityChange>({
      query: ({ itemId, quantity }) => ({
        method: 'PUT',
        path: itemPath(itemId),
        body: { quantity },
        fallback: 'Failed to update cart item',
      }),
      // Refused: the line is rolled back, and the totals (and any change answered meanwhile) come fresh.
      invalidatesTags: (_, error) => (error && error.status !== 401 ? ['Cart' as const] : []),
      async onQueryStarted({ itemId, quantity }, { dispatch, getState, queryFulfilled, requestId }): Promise<void> {
        // A newer change to this line is on its way: its answer (or its own rollback) settles the line.
        const isNewest = () => {
          const tracked = selectQuantityChange(getState() as RootState, itemId);
          return tracked.isUninitialized || tracked.requestId === requestId;
        };
        await keepAnswer({ dispatch, queryFulfilled }, (cart) => setLineQuantity(cart, itemId, quantity), isNewest);
      },
    }),

    removeCartItem: build.mutation<Cart, string>({
      query: (itemId) => ({ method: 'DELETE', path: itemPath(itemId), fallback: 'Failed to remove item' }),
      // Spec §4: the item goes locally, the server is told, then the cart is fetched again.
      invalidatesTags: (_, error) => (error ? [] : ['Cart']),
      onQueryStarted: (itemId, api) => keepAnswer(api, (cart) => removeLine(cart, itemId)),
    }),

    clearCart: build.mutation<Cart, void>({
      query: () => ({ method: 'DELETE', path: '/cart/clear', fallback: 'Failed to clear cart' }),
      onQueryStarted: (_, api) => keepAnswer(api, empty),
    }),

    applyCoupon: build.mutation<Cart, string>({
      query: (code) => ({
        method: 'POST',
        path: '/cart/apply-discount',
        body: { code: code.trim() },
        // The server's words, else this; no answer at all is "Failed to apply coupon" (spec §8).
        fallback: { refused: 'Invalid or expired coupon', unreachable: 'Failed to apply coupon' },
      }),
      onQueryStarted: (_, api) => keepAnswer(api),
    }),

    removeCoupon: build.mutation<Cart, void>({
      query: () => ({ method: 'DELETE', path: '/cart/coupon', fallback: 'Failed to remove coupon' }),
      onQueryStarted: (_, api) => keepAnswer(api),
    }),
  }),
});

/**
 * Keeps a cart the server answered as the cached one, at once while there is one (so whoever
 * awaited the change sees its answer), else by creating the entry.
 */
export function cartReceived(cart: Cart) {
  return (dispatch: CartDispatch, getState: () => unknown): void => {
    sayNotice(cart);
    const kept = asKept(cart);
    if (selectCart(getState() as RootState)) {
      dispatch(cartApi.util.updateQueryData('getCart', undefined, () => kept));
    } else {
      void dispatch(cartApi.util.upsertQueryData('getCart', undefined, kept));
    }
  };
}

/**
 * A change's course: `shown` is applied to the cached cart at once; the answer replaces the
 * cart, or the change is undone if the server refuses (unless a newer one owns the line).
 */
async function keepAnswer(
  { dispatch, queryFulfilled }: ChangeLifecycle,
  shown?: (cart: Cart) => Cart | void,
  isNewest: () => boolean = () => true,
): Promise<void> {
  const patch = shown && dispatch(cartApi.util.updateQueryData('getCart', undefined, shown));
  try {
    const { data } = await queryFulfilled;
    if (isNewest()) dispatch(cartReceived(data));
  } catch {
    if (isNewest()) patch?.undo();
  }
}

const selectCartQuery = cartApi.endpoints.getCart.select();

/** The cart as the server last answered it (with changes shown before their answer); null until loaded. */
export function selectCart(state: RootState): Cart | null {
  return selectCartQuery(withApi(state)).data ?? null;
}

/** Σ quantity, the header's badge: null until the cart is loaded. */
export function selectCartItemCount(state: RootState): number | null {
  return selectCart(state)?.itemCount ?? null;
}

/** The newest quantity change to one line, as tracked under the line's key. */
const selectQuantityChange = (state: RootState, itemId: string) =>
  cartApi.endpoints.updateCartItemQuantity.select({ fixedCacheKey: quantityKey(itemId), requestId: undefined })(
    withApi(state),
  );

// Changes dispatched outside a component's hook are not tracked in the store: nothing reads them.
const untracked = { track: false } as const;

/** Fetches the cart again, whoever else is showing it (one fetch at a time all the same). */
export const fetchCart = () => cartApi.endpoints.getCart.initiate(undefined, { forceRefetch: true, subscribe: false });

export const addToCart = (input: AddToCartInput) => cartApi.endpoints.addToCart.initiate(input, untracked);

/**
 * A quantity change, or null when it is ignored (spec §5: below 1, or for a line that is gone).
 * Each line's changes share one tracked entry, so the newest one is known.
 */
export function updateCartItemQuantity({ itemId, quantity }: QuantityChange) {
  return (dispatch: AppDispatch, getState: () => RootState) => {
    const valid = Number.isInteger(quantity) && quantity >= 1;
    if (!valid || !selectCart(getState())?.items.some((line) => line._id === itemId)) return null;
    return dispatch(
      cartApi.endpoints.updateCartItemQuantity.initiate({ itemId, quantity }, { fixedCacheKey: quantityKey(itemId) }),
    );
  };
}

export const removeCartItem = (itemId: string) => cartApi.endpoints.removeCartItem.initiate(itemId, untracked);

export const clearCart = () => cartApi.endpoints.clearCart.initiate(undefined, untracked);

/** Applies a code, or null when it is blank once trimmed (spec §5). */
export function applyCoupon(code: string) {
  return (dispatch: AppDispatch) =>
    code.trim() === '' ? null : dispatch(cartApi.endpoints.applyCoupon.initiate(code, untracked));
}

export const removeCoupon = () => cartApi.endpoints.removeCoupon.initiate(undefined, untracked);

/** A quantity change is on its way: the totals shown are about to be replaced. */
export function selectQuantityChangePending(state: RootState): boolean {
  return (selectCart(state)?.items ?? []).some((line) => selectQuantityChange(state, line._id).isLoading);
}

export interface CartView {
  /** The cart as the server last answered it; null until it has. */
  cart: Cart | null;
  /** Why the cart could not be loaded, while it could not. */
  error: string | null;
  retry: () => void;
}

/** The cart for a page that shows it: fetched fresh whenever such a page opens. */
export function useCart(): CartView {
  const { data, isError, error, refetch } = cartApi.useGetCartQuery(undefined, { refetchOnMountOrArgChange: true });
  return {
    cart: data ?? null,
    error: isError ? failureText(error) : null,
    retry: () => void refetch(),
  };
}
