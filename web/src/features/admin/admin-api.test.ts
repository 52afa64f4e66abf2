import { setupStore } from '../../lib/store/store.ts';
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
    expect(result).toMatchObject({ error: { message: 'Invalid body', status: 400, issues, fromServer: true } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.callsTo('GET /admin/coupons/:id')).toHaveLength(1);
    expect(api.callsTo('GET /admin/coupons')).toHaveLength(1);
  });
});
