import { createFakeApi, unstubbedRequests } from './fake-api.ts';

describe('the fake API', () => {
  it('answers a stubbed route with its handler, and records the call', async () => {
    const api = createFakeApi({ 'GET /product/:id': ({ params }) => ({ id: params.id }) });
    await expect(api.get('/product/p1')).resolves.toEqual({ id: 'p1' });
    expect(api.callsTo('GET /product/:id')).toHaveLength(1);
  });

  it('refuses a route no test stubbed, naming its method and path, and keeps it for the test to fail on', async () => {
    const api = createFakeApi({ 'GET /cart': () => ({}) });
    await expect(api.get('/cart/details')).rejects.toThrow('No fake route for GET /cart/details');
    await expect(api.post('/cart', {})).rejects.toThrow('No fake route for POST /cart');
    // Taken back here, or setup.ts would fail this test for the calls it makes on purpose.
    expect(unstubbedRequests.splice(0)).toEqual(['GET /cart/details', 'POST /cart']);
  });
});
