/**
 * The cart store (spec §3, §4): `data` is the server's whole cart (items, totals, coupon),
 * with `loading` and `error`. Every cart call answers the whole cart, which replaces `data`.
 * Quantity changes and removals show at once and are rolled back if the server refuses;
 * clearing empties items and totals at once; an applied coupon goes when the cart empties.
 * The shared `signedOut` event forgets the cart. The state and selectors live in
 * `cart-state.ts`, which the header uses before this module has loaded.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { toPaise, toRupees, type Cart, type CartLine } from '@shop/core';
import { createAppAsyncThunk } from '../../app/hooks.ts';
import { signedOut } from '../../app/session-events.ts';
import { rootReducer, type AppDispatch } from '../../app/store.ts';
import { ApiError, failureFor, NETWORK_ERROR, type RequestFailure } from '../../lib/http.ts';
import { clearSession } from '../../lib/session.ts';
import * as cartApi from './api.ts';
import type { AddToCartInput } from './api.ts';
import { initialCartState, type CartState } from './cart-state.ts';

export {
  selectCart,
  selectCartData,
  selectCartItemCount,
  selectCartNotice,
  selectHasPendingChanges,
  type CartNotice,
  type CartState,
} from './cart-state.ts';

export const emptyTotals: Cart['totals'] = { subtotal: 0, discountAmount: 0, shipping: 0, gst: 0, total: 0 };

/**
 * A refused token mid-visit (expired or revoked) ends the session here as well, so the
 * header stops offering a cart that can no longer be reached.
 */
function endSessionOnUnauthorized(error: unknown, dispatch: AppDispatch) {
  if (error instanceof ApiError && error.status === 401) {
    clearSession();
    dispatch(signedOut({ reason: 'expired' }));
  }
}

export const fetchCart = createAppAsyncThunk(
  'cart/fetchCart',
  async (_: void, { extra, signal, rejectWithValue }) => {
    try {
      return await cartApi.getCart(extra.api, signal);
    } catch (error) {
      return rejectWithValue(failureFor(error, 'Failed to fetch cart'));
    }
  },
  // One fetch at a time: a second asker gets the answer the first one brings.
  { condition: (_, { getState }) => !getState().cart.loading },
);

export const addToCart = createAppAsyncThunk(
  'cart/addToCart',
  async (input: AddToCartInput, { extra, dispatch, rejectWithValue }) => {
    try {
      return await cartApi.postCartItem(extra.api, input);
    } catch (error) {
      endSessionOnUnauthorized(error, dispatch);
      return rejectWithValue(failureFor(error, 'Failed to add item to cart'));
    }
  },
);

export interface QuantityChange {
  itemId: string;
  quantity: number;
}

export const updateCartItemQuantity = createAppAsyncThunk(
  'cart/updateCartItemQuantity',
  async ({ itemId, quantity }: QuantityChange, { extra, dispatch, rejectWithValue }) => {
    try {
      return await cartApi.putCartItem(extra.api, itemId, quantity);
    } catch (error) {
      endSessionOnUnauthorized(error, dispatch);
      // The line is rolled back; the totals (and any change answered meanwhile) come fresh.
      if (!(error instanceof ApiError && error.status === 401)) void dispatch(fetchCart());
      return rejectWithValue(failureFor(error, 'Failed to update cart item'));
    }
  },
  {
    // Spec §5: a change to a value below 1 is ignored, and so is one for a line that is gone.
    condition: ({ itemId, quantity }, { getState }) =>
      Number.isInteger(quantity) &&
      quantity >= 1 &&
      (getState().cart.data?.items.some((line) => line._id === itemId) ?? false),
  },
);

/** DELETE /cart/{itemId}: the line leaves the page at once, and comes back if the server refuses. */
export const deleteCartItem = createAppAsyncThunk(
  'cart/deleteCartItem',
  async (itemId: string, { extra, dispatch, rejectWithValue }) => {
    try {
      return await cartApi.deleteCartItem(extra.api, itemId);
    } catch (error) {
      endSessionOnUnauthorized(error, dispatch);
      return rejectWithValue(failureFor(error, 'Failed to remove item'));
    }
  },
);

/** Removal (spec §4): the item goes locally, the server is told, then the cart is fetched again. */
export function removeCartItem(itemId: string) {
  return async (dispatch: AppDispatch): Promise<Cart> => {
    const cart = await dispatch(deleteCartItem(itemId)).unwrap();
    void dispatch(fetchCart());
    return cart;
  };
}

export const clearCart = createAppAsyncThunk(
  'cart/clearCart',
  async (_: void, { extra, dispatch, rejectWithValue }) => {
    try {
      return await cartApi.deleteAllCartItems(extra.api);
    } catch (error) {
      endSessionOnUnauthorized(error, dispatch);
      return rejectWithValue(failureFor(error, 'Failed to clear cart'));
    }
  },
);

/** The server's words, else "Invalid or expired coupon"; no answer at all is "Failed to apply coupon" (spec §8). */
function couponFailure(error: unknown): RequestFailure {
  const failure = failureFor(error, 'Invalid or expired coupon');
  return error instanceof ApiError && error.code === NETWORK_ERROR
    ? { ...failure, message: 'Failed to apply coupon' }
    : failure;
}

export const applyCoupon = createAppAsyncThunk(
  'cart/applyCoupon',
  async (code: string, { extra, dispatch, rejectWithValue }) => {
    try {
      return await cartApi.postCoupon(extra.api, code.trim());
    } catch (error) {
      endSessionOnUnauthorized(error, dispatch);
      return rejectWithValue(couponFailure(error));
    }
  },
  // Spec §5: the code must not be blank once trimmed.
  { condition: (code) => code.trim() !== '' },
);

export const removeCoupon = createAppAsyncThunk(
  'cart/removeCoupon',
  async (_: void, { extra, dispatch, rejectWithValue }) => {
    try {
      return await cartApi.deleteCoupon(extra.api);
    } catch (error) {
      endSessionOnUnauthorized(error, dispatch);
      return rejectWithValue(failureFor(error, 'Failed to remove coupon'));
    }
  },
);

function hasChangesOnTheirWay(state: CartState): boolean {
  return Object.keys(state.pendingItems).length > 0 || Object.keys(state.removedItems).length > 0;
}

function itemCountOf(items: readonly CartLine[]): number {
  return items.reduce((sum, line) => sum + line.quantity, 0);
}

function setLineQuantity(state: CartState, itemId: string, quantity: number) {
  const line = state.data?.items.find((l) => l._id === itemId);
  if (!state.data || !line) return;
  line.quantity = quantity;
  line.lineTotal = toRupees(toPaise(line.product.price) * quantity);
  state.data.itemCount = itemCountOf(state.data.items);
}

/** Keeps the server's answer; an empty cart holds no coupon (spec §4). */
function storeCart(state: CartState, cart: Cart) {
  const empty = cart.items.length === 0;
  state.data = empty ? { ...cart, coupon: null, notice: null } : cart;
  state.error = null;
  state.version += 1;
  // With the last item gone the coupon goes too; that needs no notice.
  if (cart.notice && !empty) state.notice = { id: (state.notice?.id ?? 0) + 1, text: cart.notice };
}

function emptied(cart: Cart | null): Cart | null {
  return cart && { ...cart, items: [], itemCount: 0, totals: emptyTotals, coupon: null, notice: null };
}

function failed(state: CartState, failure: RequestFailure | undefined, fallback: string) {
  state.error = failure?.message ?? fallback;
}

const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
    /** The server answered the cart along with something else (an order refused because the cart changed). */
    cartReceived: (state, action: PayloadAction<Cart>) => storeCart(state, action.payload),
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchCart.pending, (state, action) => {
        state.loading = true;
        state.error = null;
        state.fetchRequestId = action.meta.requestId;
        state.fetchVersion = state.version;
      })
      .addCase(fetchCart.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.fetchRequestId) return;
        state.loading = false;
        state.fetchRequestId = null;
        // A change answered meanwhile (or still on its way) knows better than this older answer.
        if (state.version !== state.fetchVersion || hasChangesOnTheirWay(state)) return;
        storeCart(state, action.payload);
      })
      .addCase(fetchCart.rejected, (state, action) => {
        if (action.meta.requestId !== state.fetchRequestId) return;
        state.loading = false;
        state.fetchRequestId = null;
        if (!action.meta.aborted) failed(state, action.payload, 'Failed to fetch cart');
      })

      .addCase(addToCart.pending, (state) => {
        state.error = null;
      })
      .addCase(addToCart.fulfilled, (state, action) => storeCart(state, action.payload))
      .addCase(addToCart.rejected, (state, action) => failed(state, action.payload, 'Failed to add item to cart'))

      .addCase(updateCartItemQuantity.pending, (state, action) => {
        const { itemId, quantity } = action.meta.arg;
        state.error = null;
        const previousQuantity = state.data?.items.find((line) => line._id === itemId)?.quantity ?? quantity;
        state.pendingItems[itemId] = { requestId: action.meta.requestId, previousQuantity };
        setLineQuantity(state, itemId, quantity);
      })
      .addCase(updateCartItemQuantity.fulfilled, (state, action) => {
        const { itemId } = action.meta.arg;
        // A newer change to this line is on its way: its answer will be newer still.
        if (state.pendingItems[itemId]?.requestId !== action.meta.requestId) return;
        delete state.pendingItems[itemId];
        storeCart(state, action.payload);
      })
      .addCase(updateCartItemQuantity.rejected, (state, action) => {
        const { itemId } = action.meta.arg;
        if (action.meta.condition) return;
        failed(state, action.payload, 'Failed to update cart item');
        const pending = state.pendingItems[itemId];
        if (pending?.requestId !== action.meta.requestId) return;
        delete state.pendingItems[itemId];
        // Rolled back to what the line held before this change.
        setLineQuantity(state, itemId, pending.previousQuantity);
      })

      .addCase(deleteCartItem.pending, (state, action) => {
        state.error = null;
        if (!state.data) return;
        const index = state.data.items.findIndex((line) => line._id === action.meta.arg);
        if (index === -1) return;
        state.removedItems[action.meta.arg] = { line: state.data.items[index]!, index };
        state.data.items.splice(index, 1);
        state.data.itemCount = itemCountOf(state.data.items);
      })
      .addCase(deleteCartItem.fulfilled, (state, action) => {
        delete state.removedItems[action.meta.arg];
        storeCart(state, action.payload);
      })
      .addCase(deleteCartItem.rejected, (state, action) => {
        failed(state, action.payload, 'Failed to remove item');
        const removed = state.removedItems[action.meta.arg];
        delete state.removedItems[action.meta.arg];
        if (!state.data || !removed || state.data.items.some((line) => line._id === removed.line._id)) return;
        // Put back where it was.
        state.data.items.splice(Math.min(removed.index, state.data.items.length), 0, removed.line);
        state.data.itemCount = itemCountOf(state.data.items);
      })

      .addCase(clearCart.pending, (state) => {
        state.error = null;
        state.beforeClear = state.data;
        state.data = emptied(state.data);
      })
      .addCase(clearCart.fulfilled, (state, action) => {
        state.beforeClear = null;
        storeCart(state, action.payload);
      })
      .addCase(clearCart.rejected, (state, action) => {
        failed(state, action.payload, 'Failed to clear cart');
        if (state.beforeClear) state.data = state.beforeClear;
        state.beforeClear = null;
      })

      .addCase(applyCoupon.fulfilled, (state, action) => storeCart(state, action.payload))
      .addCase(applyCoupon.rejected, (state, action) => {
        if (!action.meta.condition) failed(state, action.payload, 'Invalid or expired coupon');
      })

      .addCase(removeCoupon.fulfilled, (state, action) => storeCart(state, action.payload))
      .addCase(removeCoupon.rejected, (state, action) => failed(state, action.payload, 'Failed to remove coupon'))

      .addCase(signedOut, () => initialCartState);
  },
});

// Takes over from the stand-in the store starts with (see `cart-state.ts`).
rootReducer.inject({ reducerPath: 'cart', reducer: cartSlice.reducer }, { overrideExisting: true });

export const { cartReceived } = cartSlice.actions;
