import { setupStore } from '../../lib/store/store.ts';
import { signedOut } from '../../lib/store/session-events.ts';
import { ApiError } from '../../lib/http.ts';
import { createFakeApi, type FakeHandler, unreachable } from '../../test/fake-api.ts';
import { makeOrder } from '../../test/fixtures.ts';
import { cancelOrder, fetchOrders, placeOrder, selectOrderState, type OrderState } from './slice.ts';

const badAnswer = () => {
  throw new ApiError('Something went wrong. Please try again.', { status: 502, code: 'BAD_RESPONSE' });
};

function storeWith(handlers: Record<string, FakeHandler>) {
  const api = createFakeApi(handlers);
  const store = setupStore({ api });
  return { api, store, order: () => selectOrderState(store.getState()) };
}

const body = {
  shippingAddress: {
    name: 'Home',
    addressLine1: '12B, MG Road',
    addressLine2: '',
    city: 'Bengaluru',
    state: 'Karnataka',
    pinCode: '560001',
    country: 'India' as const,
    phone: '9876543210',
  },
  paymentMethod: 'cod' as const,
};

describe('order slice', () => {
  it('places an order with its Idempotency-Key and keeps it as the current order', async () => {
    const placed = { ...makeOrder({ _id: 'o1' }), orderId: 'o1' };
    const { store, api, order } = storeWith({ 'POST /order': () => placed });
    await store.dispatch(placeOrder({ body, idempotencyKey: 'key-0001' })).unwrap();
    expect(api.callsTo('POST /order')[0]).toMatchObject({ body, headers: { 'Idempotency-Key': 'key-0001' } });
    expect(order()).toMatchObject({ currentOrder: placed, loading: false, error: null });
  });

  it.each([
    [
      'the server message',
      () => {
        throw new ApiError('Your cart is empty.', { status: 400, code: 'EMPTY_CART' });
      },
      'Your cart is empty.',
    ],
    ['"Failed to place order" for an answer without one', badAnswer, 'Failed to place order'],
    ['"Order placement failed" when unreachable', unreachable, 'Order placement failed'],
  ])('a refused order stores %s and stops loading', async (_, handler, message) => {
    const { store, order } = storeWith({ 'POST /order': handler });
    await store.dispatch(placeOrder({ body, idempotencyKey: 'key-0001' }));
    expect(order()).toMatchObject({ loading: false, error: message });
  });

  it.each([
    ['"Failed to fetch orders"', badAnswer, 'Failed to fetch orders'],
    ['"Error fetching orders" when unreachable', unreachable, 'Error fetching orders'],
  ])('a failed order list stores %s', async (_, handler, message) => {
    const { store, order } = storeWith({ 'GET /order/orders': handler });
    await store.dispatch(fetchOrders());
    expect(order()).toMatchObject({ loading: false, error: message, ordersStatus: 'failed' });
  });

  it('lists the orders, and replaces a cancelled one in the list', async () => {
    const first = makeOrder({ _id: 'o1' });
    const second = makeOrder({ _id: 'o2' });
    const { store, order } = storeWith({
      'GET /order/orders': () => ({ orders: [second, first] }),
      'POST /order/:id/cancel': () => ({ ...first, status: 'cancelled' }),
    });
    await store.dispatch(fetchOrders());
    expect(order().orders.map((o) => o._id)).toEqual(['o2', 'o1']);
    const cancelling = store.dispatch(cancelOrder('o1'));
    expect(order().cancellingId).toBe('o1');
    await cancelling;
    expect(order().orders.map((o) => o.status)).toEqual(['pending', 'cancelled']);
    expect(order().cancellingId).toBeNull();
  });

  it.each([
    ['"Cancel failed"', badAnswer, 'Cancel failed'],
    ['"Cancel error" when unreachable', unreachable, 'Cancel error'],
  ])('a failed cancellation stores %s', async (_, handler, message) => {
    const { store, order } = storeWith({ 'POST /order/:id/cancel': handler });
    await store.dispatch(cancelOrder('o1'));
    expect(order()).toMatchObject({ loading: false, error: message, cancellingId: null });
  });

  it('forgets everything on sign-out', async () => {
    const { store, order } = storeWith({ 'GET /order/orders': () => ({ orders: [makeOrder()] }) });
    await store.dispatch(fetchOrders());
    store.dispatch(signedOut({ reason: 'logout' }));
    expect(order()).toEqual<OrderState>({
      currentOrder: null,
      orders: [],
      loading: false,
      error: null,
      ordersStatus: 'idle',
      cancellingId: null,
    });
  });
});
