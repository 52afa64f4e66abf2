import type { Cart } from '@shop/core';
import { setupStore } from '../../lib/store/store.ts';
import { signedOut } from '../../lib/store/session-events.ts';
import { ApiError, NETWORK_ERROR } from '../../lib/http.ts';
import { toast } from '../../lib/toasts.tsx';
import { createFakeApi, deferred, type FakeHandler } from '../../test/fake-api.ts';
import { makeCart, makeCartLine, makeCoupon } from '../../test/fixtures.ts';
import { signIn } from '../../test/render.tsx';
import { selectUser } from '../auth/index.ts';
import {
  addToCart,
  applyCoupon,
  cartApi,
  cartReceived,
  clearCart,
  fetchCart,
  removeCartItem,
  removeCoupon,
  selectCart,
  selectCartItemCount,
  selectQuantityChangePending,
  updateCartItemQuantity,
} from './cart-api.ts';
import { withApi } from '../../lib/api/api.ts';

const refuse =
  (status: number, message: string, code = 'REFUSED') =>
  () => {
    throw new ApiError(message, { status, code });
  };
const unreachable = () => {
  throw new ApiError('Could not reach the server.', { status: 0, code: NETWORK_ERROR });
};

const oxford = makeCartLine({ _id: 'l1', productId: 'oxford', name: 'Oxford Shirt', price: 1199, quantity: 1 });
const tee = makeCartLine({ _id: 'l2', productId: 'tee', name: 'Crew Tee', price: 499, quantity: 2 });

/**
 * A store whose cart holds `cart` already, fetched through the fake API and kept subscribed
 * (as the header keeps it while signed in).
 */
async function storeWith(cart: Cart, handlers: Record<string, FakeHandler> = {}) {
  const api = createFakeApi({ 'GET /cart/details': () => cart, ...handlers });
  const store = setupStore({ api });
  await store.dispatch(cartApi.endpoints.getCart.initiate());
  return { api, store, cart: () => selectCart(store.getState()) };
}

/** The cached cart's entry: its status, data and error, as the data layer's selector reads it. */
const selectCartEntry = cartApi.endpoints.getCart.select();
const cartEntry = (store: ReturnType<typeof setupStore>) => selectCartEntry(withApi(store.getState()));

describe('cart API', () => {
  it('fetches the cart: loading while pending, then the data; a failure keeps the message and the cart', async () => {
    const held = deferred<Cart>();
    let answer: FakeHandler = () => held.promise;
    const api = createFakeApi({ 'GET /cart/details': (call) => answer(call) });
    const store = setupStore({ api });

    const pending = store.dispatch(cartApi.endpoints.getCart.initiate());
    expect(cartEntry(store)).toMatchObject({ status: 'pending' });
    expect(selectCart(store.getState())).toBeNull();
    // A second asker while one fetch is on its way gets no second request.
    void store.dispatch(fetchCart());
    expect(api.callsTo('GET /cart/details')).toHaveLength(1);
    held.resolve(makeCart([oxford]));
    await pending;
    expect(cartEntry(store)).toMatchObject({ status: 'fulfilled', data: makeCart([oxford]) });
    expect(selectCartItemCount(store.getState())).toBe(1);

    answer = unreachable;
    await store.dispatch(fetchCart());
    expect(cartEntry(store)).toMatchObject({ status: 'rejected', error: { message: 'Failed to fetch cart' } });
    expect(selectCart(store.getState())).toEqual(makeCart([oxford]));
  });

  it('adds: sends the product, quantity and size in lower case, and keeps the whole cart answered', async () => {
    const { store, api, cart } = await storeWith(makeCart([]), {
      'POST /cart': () => makeCart([{ ...oxford, quantity: 2, lineTotal: 2398 }]),
    });
    await store.dispatch(addToCart({ productId: 'oxford', size: 'XL', quantity: 2 })).unwrap();
    expect(api.callsTo('POST /cart')[0]?.body).toEqual({ product: 'oxford', quantity: 2, size: 'xl' });
    expect(cart()?.itemCount).toBe(2);
    expect(selectCartItemCount(store.getState())).toBe(2);
  });

  it('keeps the answer to an add made before the cart was ever fetched', async () => {
    const api = createFakeApi({ 'POST /cart': () => makeCart([oxford]) });
    const store = setupStore({ api });
    await store.dispatch(addToCart({ productId: 'oxford', size: 'M', quantity: 1 })).unwrap();
    await vi.waitFor(() => expect(selectCartItemCount(store.getState())).toBe(1));
    expect(api.callsTo('GET /cart/details')).toHaveLength(0);
  });

  it("rejects an add with the server's message, and keeps the cart", async () => {
    const { store, cart } = await storeWith(makeCart([]), {
      'POST /cart': refuse(409, 'Only 2 left in size M', 'OUT_OF_STOCK'),
    });
    await expect(store.dispatch(addToCart({ productId: 'oxford', size: 'M', quantity: 3 })).unwrap()).rejects.toEqual({
      message: 'Only 2 left in size M',
      status: 409,
      code: 'OUT_OF_STOCK',
      issues: [],
    });
    expect(cart()).toEqual(makeCart([]));
  });

  it('changes a quantity at once, then keeps what the server answered', async () => {
    const held = deferred<Cart>();
    const { store, api, cart } = await storeWith(makeCart([oxford, tee]), { 'PUT /cart/:itemId': () => held.promise });

    const pending = store.dispatch(updateCartItemQuantity({ itemId: 'l2', quantity: 3 }));
    expect(cart()?.items[1]).toMatchObject({ quantity: 3, lineTotal: 1497 });
    expect(cart()?.itemCount).toBe(4);
    expect(selectQuantityChangePending(store.getState())).toBe(true);
    expect(api.callsTo('PUT /cart/:itemId')[0]).toMatchObject({ path: '/cart/l2', body: { quantity: 3 } });

    const answered = makeCart([oxford, { ...tee, quantity: 3, lineTotal: 1497 }]);
    held.resolve(answered);
    await pending;
    expect(cart()).toEqual(answered);
    expect(selectQuantityChangePending(store.getState())).toBe(false);
  });

  it('rolls a refused quantity change back, then fetches the cart again', async () => {
    const { store, api, cart } = await storeWith(makeCart([oxford, tee]), {
      'PUT /cart/:itemId': refuse(409, 'Only 2 left in size M', 'OUT_OF_STOCK'),
    });
    const result = store.dispatch(updateCartItemQuantity({ itemId: 'l2', quantity: 3 }))!.unwrap();
    expect(cart()?.items[1]?.quantity).toBe(3);
    await expect(result).rejects.toMatchObject({ message: 'Only 2 left in size M' });
    expect(cart()?.items[1]).toMatchObject({ quantity: 2, lineTotal: 998 });
    expect(cart()?.itemCount).toBe(3);
    await vi.waitFor(() => expect(api.callsTo('GET /cart/details')).toHaveLength(2));
  });

  /** The line's quantity changed to 3, then to 4, before either answer: the answers held back. */
  async function twoQuickChanges() {
    const first = deferred<Cart>();
    const second = deferred<Cart>();
    const answers = [first, second];
    const { store, cart } = await storeWith(makeCart([tee]), { 'PUT /cart/:itemId': () => answers.shift()!.promise });
    const a = store.dispatch(updateCartItemQuantity({ itemId: 'l2', quantity: 3 }))!;
    const b = store.dispatch(updateCartItemQuantity({ itemId: 'l2', quantity: 4 }))!;
    return { first, second, a, b, cart };
  }

  it('keeps the newest of two quick changes to one line, even when the first answers last', async () => {
    const { first, second, a, b, cart } = await twoQuickChanges();
    second.resolve(makeCart([{ ...tee, quantity: 4, lineTotal: 1996 }]));
    await b;
    first.resolve(makeCart([{ ...tee, quantity: 3, lineTotal: 1497 }]));
    await a;
    expect(cart()?.items[0]?.quantity).toBe(4);
  });

  it('keeps a newer change shown when an older change to the line is refused', async () => {
    const { first, second, a, b, cart } = await twoQuickChanges();
    first.reject(new ApiError('Only 4 left in size M', { status: 409, code: 'OUT_OF_STOCK' }));
    await a;
    expect(cart()?.items[0]?.quantity).toBe(4);
    second.resolve(makeCart([{ ...tee, quantity: 4, lineTotal: 1996 }]));
    await b;
    expect(cart()?.items[0]?.quantity).toBe(4);
  });

  it('ignores a change to a quantity below 1, or to a line that is gone (spec §5)', async () => {
    const { store, api, cart } = await storeWith(makeCart([oxford]), { 'PUT /cart/:itemId': () => makeCart([oxford]) });
    expect(store.dispatch(updateCartItemQuantity({ itemId: 'l1', quantity: 0 }))).toBeNull();
    expect(store.dispatch(updateCartItemQuantity({ itemId: 'gone', quantity: 2 }))).toBeNull();
    expect(api.callsTo('PUT /cart/:itemId')).toHaveLength(0);
    expect(cart()?.items[0]?.quantity).toBe(1);
  });

  it('removes a line locally at once, then fetches the cart again', async () => {
    const held = deferred<Cart>();
    let current = makeCart([oxford, tee]);
    const { store, api, cart } = await storeWith(current, {
      'GET /cart/details': () => current,
      'DELETE /cart/:itemId': () => held.promise,
    });
    const pending = store.dispatch(removeCartItem('l1'));
    expect(cart()?.items.map((line) => line._id)).toEqual(['l2']);
    expect(cart()?.itemCount).toBe(2);
    expect(api.callsTo('DELETE /cart/:itemId')[0]?.path).toBe('/cart/l1');

    current = makeCart([tee]);
    held.resolve(current);
    await pending;
    await vi.waitFor(() => expect(api.callsTo('GET /cart/details')).toHaveLength(2));
    expect(cart()).toEqual(makeCart([tee]));
  });

  it('puts a line back where it was when the server refuses its removal', async () => {
    const { store, cart } = await storeWith(makeCart([oxford, tee]), {
      'DELETE /cart/:itemId': refuse(404, 'Cart item not found'),
    });
    await expect(store.dispatch(removeCartItem('l1')).unwrap()).rejects.toMatchObject({
      message: 'Cart item not found',
    });
    expect(cart()?.items.map((line) => line._id)).toEqual(['l1', 'l2']);
    expect(cart()?.itemCount).toBe(3);
  });

  it('clears: items and totals empty at once, the coupon gone; a refusal brings the cart back', async () => {
    const coupon = makeCoupon();
    const before = makeCart([oxford], { discount: 119.9, coupon });
    const held = deferred<Cart>();
    let answer: FakeHandler = () => held.promise;
    const { store, cart } = await storeWith(before, { 'DELETE /cart/clear': (call) => answer(call) });
    const pending = store.dispatch(clearCart());
    expect(cart()).toMatchObject({
      items: [],
      itemCount: 0,
      coupon: null,
      totals: { subtotal: 0, discountAmount: 0, shipping: 0, gst: 0, total: 0 },
    });
    held.resolve(makeCart([]));
    await pending;
    expect(cart()?.items).toEqual([]);

    store.dispatch(cartReceived(before));
    answer = refuse(500, 'Failed to clear cart');
    await expect(store.dispatch(clearCart()).unwrap()).rejects.toMatchObject({ message: 'Failed to clear cart' });
    expect(cart()).toEqual(before);
  });

  it('applies a coupon: the trimmed code is sent and the discounted cart kept', async () => {
    const coupon = makeCoupon({ code: 'SAVE10' });
    const discounted = makeCart([oxford], { discount: 119.9, coupon });
    const { store, api, cart } = await storeWith(makeCart([oxford]), { 'POST /cart/apply-discount': () => discounted });
    await store.dispatch(applyCoupon('  SAVE10 '))!.unwrap();
    expect(api.callsTo('POST /cart/apply-discount')[0]?.body).toEqual({ code: 'SAVE10' });
    expect(cart()?.coupon).toEqual(coupon);
    expect(cart()?.totals.discountAmount).toBe(119.9);
  });

  it('sends no blank coupon code', async () => {
    const { store, api } = await storeWith(makeCart([oxford]), {
      'POST /cart/apply-discount': () => makeCart([oxford]),
    });
    expect(store.dispatch(applyCoupon('   '))).toBeNull();
    expect(api.callsTo('POST /cart/apply-discount')).toHaveLength(0);
  });

  it.each([
    ['the server message', refuse(400, 'Coupon NOPE does not exist.'), 'Coupon NOPE does not exist.'],
    [
      '"Invalid or expired coupon" for an answer without one',
      () => {
        throw new ApiError('Something went wrong. Please try again.', { status: 502, code: 'BAD_RESPONSE' });
      },
      'Invalid or expired coupon',
    ],
    ['"Failed to apply coupon" when unreachable', unreachable, 'Failed to apply coupon'],
  ])('a refused coupon gives %s', async (_, handler, message) => {
    const { store } = await storeWith(makeCart([oxford]), { 'POST /cart/apply-discount': handler });
    await expect(store.dispatch(applyCoupon('NOPE'))!.unwrap()).rejects.toMatchObject({ message });
  });

  it('removes the applied coupon', async () => {
    const { store, cart } = await storeWith(makeCart([oxford], { discount: 119.9, coupon: makeCoupon() }), {
      'DELETE /cart/coupon': () => makeCart([oxford]),
    });
    await store.dispatch(removeCoupon()).unwrap();
    expect(cart()?.coupon).toBeNull();
  });

  it('says once why the server took a coupon off; nothing when the cart emptied', async () => {
    const info = vi.spyOn(toast, 'info').mockImplementation(() => undefined);
    const notice = 'Coupon SAVE10 was removed. Add ₹50.00 more to use coupon SAVE10 (minimum purchase ₹100.00).';
    const { store, cart } = await storeWith(makeCart([oxford, tee], { coupon: makeCoupon() }), {
      'PUT /cart/:itemId': () => makeCart([oxford, tee], { notice }),
      'DELETE /cart/:itemId': () => makeCart([], { notice: 'Coupon SAVE10 was removed. Your cart is empty.' }),
    });
    await store.dispatch(updateCartItemQuantity({ itemId: 'l2', quantity: 1 }));
    expect(info).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith(notice, expect.anything());
    expect(cart()).toMatchObject({ coupon: null, notice: null });

    await store.dispatch(removeCartItem('l1'));
    expect(info).toHaveBeenCalledTimes(1);
    info.mockRestore();
  });

  it('keeps a change answered while an older fetch was on its way', async () => {
    const held = deferred<Cart>();
    let answer: FakeHandler = () => makeCart([oxford]);
    const { store, cart } = await storeWith(makeCart([oxford]), {
      'GET /cart/details': (call) => answer(call),
      'POST /cart': () => makeCart([oxford, tee]),
    });
    answer = () => held.promise;
    const fetching = store.dispatch(fetchCart());
    await store.dispatch(addToCart({ productId: 'tee', size: 'M', quantity: 2 }));
    held.resolve(makeCart([oxford]));
    await fetching;
    expect(cart()?.itemCount).toBe(3);
  });

  it('takes the cart a refusal brought without asking the server', async () => {
    const { store, api, cart } = await storeWith(makeCart([oxford]));
    store.dispatch(cartReceived(makeCart([tee])));
    expect(cart()).toEqual(makeCart([tee]));
    expect(api.callsTo('GET /cart/details')).toHaveLength(1);
  });

  it('forgets the cart on sign-out', async () => {
    signIn();
    const { store, cart } = await storeWith(makeCart([oxford]));
    store.dispatch(signedOut({ reason: 'logout' }));
    expect(cart()).toBeNull();
  });

  it('ends the session, and forgets the cart, when a change is refused for the token', async () => {
    signIn();
    const { store, cart } = await storeWith(makeCart([oxford]), {
      'POST /cart': refuse(401, 'Your session is invalid or has expired. Please sign in again.', 'UNAUTHORIZED'),
    });
    await store.dispatch(addToCart({ productId: 'oxford', size: 'M', quantity: 1 }));
    expect(localStorage.getItem('token')).toBeNull();
    expect(selectUser(store.getState())).toBeNull();
    expect(cart()).toBeNull();
  });
});
