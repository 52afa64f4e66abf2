import { failureFor } from './api/failure.ts';
import { ApiError, buildQuery, createApiClient, NETWORK_ERROR } from './http.ts';

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('api client', () => {
  it('unwraps the success envelope and sends JSON with the bearer token', async () => {
    const fetch = vi.fn(async () => jsonResponse({ success: true, data: { ok: 1 } }));
    const api = createApiClient({ baseUrl: '/api', fetch, getToken: () => 'tok' });

    await expect(api.post('/cart', { quantity: 1 })).resolves.toEqual({ ok: 1 });

    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/cart');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"quantity":1}');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok', 'Content-Type': 'application/json' });
  });

  it('sends extra headers, such as an Idempotency-Key', async () => {
    const fetch = vi.fn(async () => jsonResponse({ success: true, data: { ok: 1 } }, 201));
    const api = createApiClient({ fetch, getToken: () => 'tok' });
    await api.post('/order', {}, { headers: { 'Idempotency-Key': 'k-123456' } });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ 'Idempotency-Key': 'k-123456', Authorization: 'Bearer tok' });
  });

  it('sends no Authorization header without a token, or when auth is off', async () => {
    const fetch = vi.fn(async () => jsonResponse({ success: true, data: [] }));
    await createApiClient({ fetch, getToken: () => null }).get('/product');
    await createApiClient({ fetch, getToken: () => 'tok' }).get('/product', { auth: false });
    for (const call of fetch.mock.calls as unknown as [string, RequestInit][]) {
      expect(call[1].headers).not.toHaveProperty('Authorization');
    }
  });

  it('builds the query string and leaves out empty values', async () => {
    expect(buildQuery({ page: 2, limit: 6, color: undefined, q: '', tag: null })).toBe('?page=2&limit=6');
    expect(buildQuery({})).toBe('');
  });

  it("throws an ApiError with the server's message and code", async () => {
    const fetch = vi.fn(async () =>
      jsonResponse({ success: false, message: 'Product not found', code: 'NOT_FOUND' }, 404),
    );
    const api = createApiClient({ fetch, getToken: () => null });

    const error = await api.get('/product/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Product not found', code: 'NOT_FOUND', status: 404 });
    expect(failureFor(error, 'Fallback')).toEqual({
      message: 'Product not found',
      status: 404,
      code: 'NOT_FOUND',
      issues: [],
    });
  });

  it('turns a network failure into an ApiError, and the spec fallback is shown for it', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await createApiClient({ fetch })
      .get('/product')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(NETWORK_ERROR);
    expect(failureFor(error, 'Failed to fetch products').message).toBe('Failed to fetch products');
  });

  it('treats a non-JSON error page as a failure with a fallback message', async () => {
    const fetch = vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await createApiClient({ fetch })
      .get('/product')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(failureFor(error, 'Failed to fetch products').message).toBe('Failed to fetch products');
  });

  it('passes the abort signal on and lets an abort through unchanged', async () => {
    const controller = new AbortController();
    const fetch = vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const pending = createApiClient({ fetch }).get('/product', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(fetch.mock.calls[0]?.[1]?.signal).toBe(controller.signal);
  });
});
