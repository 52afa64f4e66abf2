import type { Cart } from '@shop/core';
import { setupStore } from '../../app/store.ts';
import { signedOut } from '../../app/session-events.ts';
import { ApiError, NETWORK_ERROR } from '../../lib/http.ts';
import { createFakeApi, deferred, type FakeHandler } from '../../test/fake-api.ts';
import { makeCart, makeCartLine, makeCoupon } from '../../test/fixtures.ts';
import { signIn } from '../../test/render.tsx';
import {
  addToCart,
  applyCoupon,
  clearCart,
  fetchCart,
  removeCartItem,
  removeCoupon,
  selectCartItemCount,
  updateCartItemQuantity,
} from './slice.ts';

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

/** A store whose cart holds `cart` already (fetched through the fake API). */
async function storeWith(cart: Cart, handlers: Record<string, FakeHandler> = {}) {
  const api = createFakeApi({ 'GET /cart/details': () => cart, ...handlers });
  const store = setupStore({ api });
  await store.dispatch(fetchCart());
  return { api, store, cart: () => store.getState().cart };
}

describe('cart slice', () => {
  it('fetches the cart: loading while pending, then the data; a failure keeps the message', async () => {
    const held = deferred<Cart>();
    let answer: FakeHandler = () => held.promise;
    const api = createFakeApi({ 'GET /cart/details': (call) => answer(call) });
    const store = setupStore({ api });

    const pending = store.dispatch(fetchCart());
    expect(store.getState().cart).toMatchObject({ loading: true, error: null, data: null });
    // A second asker while one fetch is on its way gets no second request.
    void store.dispatch(fetchCart());
    expect(api.callsTo('GET /cart/details')).toHaveLength(1);
    held.resolve(makeCart([oxford]));
    await pending;
    expect(store.getState().cart).toMatchObject({ loading: false, error: null, data: makeCart([oxford]) });
    expect(selectCartItemCount(store.getState())).toBe(1);

    answer = unreachable;
    await store.dispatch(fetchCart());
    expect(store.getState().cart).toMatchObject({ loading: false, error: 'Failed to fetch cart' });
    expect(store.getState().cart.data).toEqual(makeCart([oxford]));
  });

  it('adds: sends the product, quantity and size in lower case, and keeps the whole cart answered', async () => {
    const { store, api, cart } = await storeWith(makeCart([]), {
      'POST /cart': () => makeCart([{ ...oxford, quantity: 2, lineTotal: 2398 }]),
    });
    await store.dispatch(addToCart({ productId: 'oxford', size: 'XL', quantity: 2 })).unwrap();
    expect(api.callsTo('POST /cart')[0]?.body).toEqual({ product: 'oxford', quantity: 2, size: 'xl' });
    expect(cart().data?.itemCount).toBe(2);
    expect(selectCartItemCount(store.getState())).toBe(2);
  });

  it("rejects an add with the server's message", async () => {
    const { store, cart } = await storeWith(makeCart([]), {
      'POST /cart': refuse(409, 'Only 2 left in size M', 'OUT_OF_STOCK'),
    });
    await expect(store.dispatch(addToCart({ productId: 'oxford', size: 'M', quantity: 3 })).unwrap()).rejects.toEqual({
      message: 'Only 2 left in size M',
      status: 409,
      code: 'OUT_OF_STOCK',
    });
    expect(cart().error).toBe('Only 2 left in size M');
  });

  it('changes a quantity at once, then keeps what the server answered', async () => {
    const held = deferred<Cart>();
    const { store, api, cart } = await storeWith(makeCart([oxford, tee]), { 'PUT /cart/:itemId': () => held.promise });

    const pending = store.dispatch(updateCartItemQuantity({ itemId: 'l2', quantity: 3 }));
    expect(cart().data?.items[1]).toMatchObject({ quantity: 3, lineTotal: 1497 });
    expect(cart().data?.itemCount).toBe(4);
    expect(cart().pendingItems).toHaveProperty('l2');
    expect(api.callsTo('PUT /cart/:itemId')[0]).toMatchObject({ path: '/cart/l2', body: { quantity: 3 } });

    const answered = makeCart([oxford, { ...tee, quantity: 3, lineTotal: 1497 }]);
    held.resolve(answered);
    await pending;
    expect(cart().data).toEqual(answered);
    expect(cart().pendingItems).toEqual({});
  });

  it('rolls a refused quantity change back, then fetches the cart again', async () => {
    const { store, api, cart } = await storeWith(makeCart([oxford, tee]), {
      'PUT /cart/:itemId': refuse(409, 'Only 2 left in size M', 'OUT_OF_STOCK'),
    });
    const result = store.dispatch(updateCartItemQuantity({ itemId: 'l2', quantity: 3 })).unwrap();
    expect(cart().data?.items[1]?.quantity).toBe(3);
    await expect(result).rejects.toMatchObject({ message: 'Only 2 left in size M' });
    expect(cart().data?.items[1]).toMatchObject({ quantity: 2, lineTotal: 998 });
    expect(cart().data?.itemCount).toBe(3);
    await vi.waitFor(() => expect(api.callsTo('GET /cart/details')).toHaveLength(2));
  });

  it('keeps the newest of two quick changes to one line, even when the first answers last', async () => {
    const first = deferred<Cart>();
    const second = deferred<Cart>();
    const answers = [first, second];
    const { store, cart } = await storeWith(makeCart([tee]), { 'PUT /cart/:itemId': () => answers.shift()!.promise });

    const a = store.dispatch(updateCartItemQuantity({ itemId: 'l2', quantity: 3 }));
    const b = store.dispatch(updateCartItemQuantity({ itemId: 'l2', quantity: 4 }));
    second.resolve(makeCart([{ ...tee, quantity: 4, lineTotal: 1996 }]));
    await b;
    first.resolve(makeCart([{ ...tee, quantity: 3, lineTotal: 1497 }]));
    await a;
    expect(cart().data?.items[0]?.quantity).toBe(4);
  });

  it('ignores a change to a quantity below 1 (spec §5)', async () => {
    const { store, api, cart } = await storeWith(makeCart([oxford]), { 'PUT /cart/:itemId': () => makeCart([oxford]) });
    await store.dispatch(updateCartItemQuantity({ itemId: 'l1', quantity: 0 }));
    expect(api.callsTo('PUT /cart/:itemId')).toHaveLength(0);
    expect(cart().data?.items[0]?.quantity).toBe(1);
    expect(cart().error).toBeNull();
  });

  it('removes a line locally at once, then fetches the cart again', async () => {
    const held = deferred<Cart>();
    let current = makeCart([oxford, tee]);
    const { store, api, cart } = await storeWith(current, {
      'GET /cart/details': () => current,
      'DELETE /cart/:itemId': () => held.promise,
    });
    const pending = store.dispatch(removeCartItem('l1'));
    expect(cart().data?.items.map((line) => line._id)).toEqual(['l2']);
    expect(cart().data?.itemCount).toBe(2);
    expect(api.callsTo('DELETE /cart/:itemId')[0]?.path).toBe('/cart/l1');

    current = makeCart([tee]);
    held.resolve(current);
    await pending;
    await vi.waitFor(() => expect(api.callsTo('GET /cart/details')).toHaveLength(2));
    expect(cart().data).toEqual(makeCart([tee]));
  });

  it('puts a line back where it was when the server refuses its removal', async () => {
    const { store, cart } = await storeWith(makeCart([oxford, tee]), {
      'DELETE /cart/:itemId': refuse(404, 'Cart item not found'),
    });
    await expect(store.dispatch(removeCartItem('l1'))).rejects.toMatchObject({ message: 'Cart item not found' });
    expect(cart().data?.items.map((line) => line._id)).toEqual(['l1', 'l2']);
    expect(cart().data?.itemCount).toBe(3);
  });

  it('clears: items and totals empty at once, the coupon gone', async () => {
    const coupon = makeCoupon();
    const held = deferred<Cart>();
    const { store, cart } = await storeWith(makeCart([oxford], { discount: 119.9, coupon }), {
      'DELETE /cart/clear': () => held.promise,
    });
    const pending = store.dispatch(clearCart());
    expect(cart().data).toMatchObject({
      items: [],
      itemCount: 0,
      coupon: null,
      totals: { subtotal: 0, discountAmount: 0, shipping: 0, gst: 0, total: 0 },
    });
    held.resolve(makeCart([]));
    await pending;
    expect(cart().data?.items).toEqual([]);
  });

  it('applies a coupon: the trimmed code is sent and the discounted cart kept', async () => {
    const coupon = makeCoupon({ code: 'SAVE10' });
    const discounted = makeCart([oxford], { discount: 119.9, coupon });
    const { store, api, cart } = await storeWith(makeCart([oxford]), { 'POST /cart/apply-discount': () => discounted });
    await store.dispatch(applyCoupon('  SAVE10 ')).unwrap();
    expect(api.callsTo('POST /cart/apply-discount')[0]?.body).toEqual({ code: 'SAVE10' });
    expect(cart().data?.coupon).toEqual(coupon);
    expect(cart().data?.totals.discountAmount).toBe(119.9);
  });

  it('sends no blank coupon code', async () => {
    const { store, api } = await storeWith(makeCart([oxford]), {
      'POST /cart/apply-discount': () => makeCart([oxford]),
    });
    await store.dispatch(applyCoupon('   '));
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
    await expect(store.dispatch(applyCoupon('NOPE')).unwrap()).rejects.toMatchObject({ message });
  });

  it('removes the applied coupon', async () => {
    const { store, cart } = await storeWith(makeCart([oxford], { discount: 119.9, coupon: makeCoupon() }), {
      'DELETE /cart/coupon': () => makeCart([oxford]),
    });
    await store.dispatch(removeCoupon()).unwrap();
    expect(cart().data?.coupon).toBeNull();
  });

  it('keeps a notice about a coupon the server took off, numbered; none when the cart emptied', async () => {
    const notice = 'Coupon SAVE10 was removed. Add ₹50.00 more to use coupon SAVE10 (minimum purchase ₹100.00).';
    const { store, cart } = await storeWith(makeCart([oxford, tee], { coupon: makeCoupon() }), {
      'PUT /cart/:itemId': () => makeCart([oxford, tee], { notice }),
      'DELETE /cart/:itemId': () => makeCart([], { notice: 'Coupon SAVE10 was removed. Your cart is empty.' }),
    });
    await store.dispatch(updateCartItemQuantity({ itemId: 'l2', quantity: 1 }));
    expect(cart().notice).toEqual({ id: 1, text: notice });
    expect(cart().data?.coupon).toBeNull();

    await store.dispatch(removeCartItem('l1'));
    expect(cart().notice?.id).toBe(1);
  });

  it('drops a cart fetched before a change answered', async () => {
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
    expect(cart().data?.itemCount).toBe(3);
  });

  it('forgets the cart on sign-out, and ends the session when a change is refused for the token', async () => {
    signIn();
    const { store, cart } = await storeWith(makeCart([oxford]), {
      'POST /cart': refuse(401, 'Your session is invalid or has expired. Please sign in again.', 'UNAUTHORIZED'),
    });
    store.dispatch(signedOut({ reason: 'logout' }));
    expect(cart().data).toBeNull();

    await store.dispatch(fetchCart());
    await store.dispatch(addToCart({ productId: 'oxford', size: 'M', quantity: 1 }));
    expect(localStorage.getItem('token')).toBeNull();
    expect(store.getState().auth.user).toBeNull();
    expect(cart().data).toBeNull();
  });
});
