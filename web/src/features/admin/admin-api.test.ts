import { setupStore } from '../../lib/store/store.ts';
import { ApiError, NETWORK_ERROR } from '../../lib/http.ts';
import { signIn } from '../../test/render.tsx';
import { createFakeApi } from '../../test/fake-api.ts';
import { refusedFields } from './test-fixtures.ts';
import { adminApi } from './shared/admin-api.ts';
import './coupons/api.ts';
import './orders/api.ts';

type Endpoint = { initiate: (arg: unknown) => never };
const endpoint = (name: string) => (adminApi.endpoints as unknown as Record<string, Endpoint>)[name]!;

describe('the staff API', () => {
  function storeWithCouponsAndOrders(updateCoupon: () => unknown) {
    const api = createFakeApi({
      'GET /admin/coupons': () => [],
      'GET /admin/coupons/:id': () => ({ coupon: {}, audit: [] }),
      'GET /admin/orders': () => ({ orders: [], page: 1, totalPages: 0, total: 0, limit: 20 }),
      'PATCH /admin/coupons/:id': updateCoupon,
    });
    const store = setupStore({ api });
    for (const [name, arg] of [
      ['listCoupons', undefined],
      ['getCoupon', 'c1'],
      ['getAdminOrders', {}],
    ] as const) {
      store.dispatch(endpoint(name).initiate(arg));
    }
    return { api, store };
  }

  it('refetches what a change changed, and nothing else', async () => {
    const { api, store } = storeWithCouponsAndOrders(() => ({ _id: 'c1' }));
    await vi.waitFor(() => expect(api.calls).toHaveLength(3));
    await store.dispatch(endpoint('updateCoupon').initiate({ id: 'c1', body: { isActive: false } }));
    await vi.waitFor(() => expect(api.callsTo('GET /admin/coupons/:id')).toHaveLength(2));
    expect(api.callsTo('GET /admin/orders')).toHaveLength(1);
  });

  it("refetches nothing for a refused change, and keeps the server's field issues", async () => {
    const issues = [{ path: 'value', message: 'Value must be at most 100.' }];
    const { api, store } = storeWithCouponsAndOrders(() => {
      throw refusedFields(issues);
    });
    await vi.waitFor(() => expect(api.calls).toHaveLength(3));
    const result = await store.dispatch(endpoint('updateCoupon').initiate({ id: 'c1', body: { value: 500 } }));
    expect(result).toMatchObject({
      error: { message: 'Invalid body', status: 400, code: 'VALIDATION_FAILED', issues },
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.callsTo('GET /admin/coupons/:id')).toHaveLength(1);
    expect(api.callsTo('GET /admin/coupons')).toHaveLength(1);
  });

  it('signs the shopper out when a staff call is refused for the token', async () => {
    signIn();
    const api = createFakeApi({
      'GET /admin/orders': () => {
        throw new ApiError('Your session is invalid or has expired. Please sign in again.', {
          status: 401,
          code: 'UNAUTHORIZED',
        });
      },
    });
    const store = setupStore({ api });
    await store.dispatch(endpoint('getAdminOrders').initiate({}));
    expect(localStorage.getItem('token')).toBeNull();
    expect(store.getState().auth.user).toBeNull();
  });

  it('fails in the one shape: a validation failure and no answer at all', async () => {
    signIn();
    const issues = [{ path: 'value', message: 'Value must be at most 100.' }];
    let fail: () => never = () => {
      throw refusedFields(issues);
    };
    const store = setupStore({ api: createFakeApi({ 'PATCH /admin/coupons/:id': () => fail() }) });
    const update = () => store.dispatch(endpoint('updateCoupon').initiate({ id: 'c1', body: { value: 500 } }));
    expect(await update()).toEqual({
      error: { message: 'Invalid body', status: 400, code: 'VALIDATION_FAILED', issues },
    });
    fail = () => {
      throw new ApiError('Could not reach the server.', { status: 0, code: NETWORK_ERROR });
    };
    expect(await update()).toEqual({
      error: { message: 'Could not save the coupon.', status: null, code: NETWORK_ERROR, issues: [] },
    });
  });
});
