/**
 * What every server call shares, whichever feature makes it: a refused token ends the session,
 * and a failure has one shape (message, status, code, field issues). The staff area's calls are
 * tested beside them (`features/admin/shared/admin-api.test.ts`).
 */
import { setupStore } from '../lib/store/store.ts';
import { ApiError, BAD_RESPONSE, NETWORK_ERROR } from '../lib/http.ts';
import { createFakeApi, type FakeHandler } from '../test/fake-api.ts';
import { signIn } from '../test/render.tsx';
import { selectUser } from '../features/auth/index.ts';
import { userRestored } from '../features/auth/auth-state.ts';
import { addToCart, fetchCart, selectCart } from '../features/cart/cart-api.ts';
import { makeCart, makeUser } from '../test/fixtures.ts';
import { placeOrder } from '../features/orders/slice.ts';
import { initiatePayment } from '../features/payments/slice.ts';

type Store = ReturnType<typeof setupStore>;

const expired = 'Your session is invalid or has expired. Please sign in again.';
const refusedToken: FakeHandler = () => {
  throw new ApiError(expired, { status: 401, code: 'UNAUTHORIZED' });
};

/** The calls under test, each as a page makes it, by the route it reaches. */
interface Call {
  route: string;
  run: (store: Store) => Promise<unknown>;
}

const calls = {
  payment: {
    route: 'POST /payments/initiate',
    run: (store) => store.dispatch(initiatePayment({ orderId: 'o1', userId: 'u1' })),
  },
  cart: {
    route: 'POST /cart',
    run: (store) => store.dispatch(addToCart({ productId: 'p1', size: 'M', quantity: 1 })),
  },
  order: {
    route: 'POST /order',
    run: (store) => store.dispatch(placeOrder({ body: { paymentMethod: 'cod' } as never, idempotencyKey: 'key-0001' })),
  },
} satisfies Record<string, Call>;

function storeAnswering(route: string, handler: FakeHandler) {
  const api = createFakeApi({ [route]: handler });
  return { api, store: setupStore({ api }) };
}

describe('the data layer', () => {
  it.each(['payment'] as const)('signs the shopper out when a %s call is refused for the token', async (name) => {
    const { route, run } = calls[name];
    signIn();
    const { api, store } = storeAnswering(route, refusedToken);
    expect(selectUser(store.getState())).not.toBeNull();

    await run(store);

    expect(api.callsTo(route)).toHaveLength(1);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(selectUser(store.getState())).toBeNull();
  });

  it("forgets the last shopper's answers when another session replaces theirs without a sign-out", async () => {
    signIn(makeUser({ _id: 'u-a' }), 'token-a');
    const { store } = storeAnswering('GET /cart/details', () => makeCart());
    await store.dispatch(fetchCart());
    expect(selectCart(store.getState())).not.toBeNull();

    store.dispatch(userRestored(makeUser({ _id: 'u-b' }), 'token-b'));

    expect(selectCart(store.getState())).toBeNull();
  });

  const failures: [string, FakeHandler, object][] = [
    [
      'a validation failure',
      () => {
        throw new ApiError('Invalid body', {
          status: 400,
          code: 'VALIDATION_FAILED',
          issues: [{ path: 'quantity', message: 'Quantity must be at least 1.' }],
        });
      },
      {
        message: 'Invalid body',
        status: 400,
        code: 'VALIDATION_FAILED',
        issues: [{ path: 'quantity', message: 'Quantity must be at least 1.' }],
      },
    ],
    [
      'a network failure',
      () => {
        throw new ApiError('Could not reach the server.', { status: 0, code: NETWORK_ERROR });
      },
      { status: null, code: NETWORK_ERROR, issues: [] },
    ],
    [
      'a 5xx',
      () => {
        throw new ApiError('Something went wrong. Please try again.', { status: 502, code: BAD_RESPONSE });
      },
      { status: 502, code: BAD_RESPONSE, issues: [] },
    ],
  ];

  describe.each(['cart', 'order', 'payment'] as const)('a %s call', (name) => {
    it.each(failures)('fails with the one shape for %s', async (_, handler, shape) => {
      const { route, run } = calls[name];
      signIn();
      const { store } = storeAnswering(route, handler);
      const result = (await run(store)) as { payload?: unknown; error?: unknown };
      // A mutation answers its failure as `error`; what a page awaits (`unwrap`) throws the same.
      const failure = 'payload' in result ? result.payload : result.error;
      expect(Object.keys(failure as object).sort()).toEqual(['code', 'issues', 'message', 'status']);
      expect(failure).toMatchObject({ ...shape, message: expect.any(String) });
    });
  });
});
