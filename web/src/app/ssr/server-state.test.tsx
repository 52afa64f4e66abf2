import { act, screen } from '@testing-library/react';
import { renderPage } from '../../entry-server.tsx';
import { ApiError } from '../../lib/http.ts';
import type { RootState } from '../../lib/store/store.ts';
import { createFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { makeProduct, makeStoreInfo } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { routes } from '../router.tsx';

const notFound = () => {
  throw new ApiError('Product not found', { status: 404, code: 'NOT_FOUND' });
};

/** What the server renders `url` from, as the browser reads it back from the page. */
async function serverStateFor(url: string, api: FakeApi): Promise<{ status: number; state: Partial<RootState> }> {
  const page = await renderPage({ url, origin: 'https://shop.example', api });
  if (!page) throw new Error(`${url} is not server-rendered`);
  return { status: page.status, state: JSON.parse(JSON.stringify(page.state)) as Partial<RootState> };
}

/** The page started from the server's state, as main.tsx starts it, with its effects run. */
async function hydrateAt(url: string, state: Partial<RootState>, api: FakeApi) {
  renderWithProviders(null, { routes, route: url, api, strict: true, preloadedState: state });
  const shown = await screen.findByRole('heading', { level: 1 });
  // Anything the page asks for on mount has been asked by now.
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  return shown;
}

describe('the server-rendered state in the browser', () => {
  it("reuses the server's 404 for an unknown product: the browser asks nothing again", async () => {
    const server = await serverStateFor(
      '/product/nope',
      createFakeApi({
        'GET /store': () => makeStoreInfo(),
        'GET /product/:id': notFound,
      }),
    );
    expect(server.status).toBe(404);

    const browser = createFakeApi({ 'GET /product/:id': notFound, 'GET /product/:id/sizes': notFound });
    const heading = await hydrateAt('/product/nope', server.state, browser);

    expect(heading).toHaveTextContent('Product not found.');
    expect(browser.calls.map((call) => call.path)).toEqual([]);
  });

  it("reuses the server's answers for a product, its sizes read from the product in one call", async () => {
    const sizes = [{ size: 'M', stock: 3 }];
    const shirt = makeProduct({ _id: 'oxford', name: 'Oxford Shirt', sizes });
    // The server's fake knows no sizes route: asking for it would fail the render.
    const serverApi = createFakeApi({ 'GET /store': () => makeStoreInfo(), 'GET /product/:id': () => shirt });
    const server = await serverStateFor('/product/oxford', serverApi);
    expect(server.status).toBe(200);
    expect(serverApi.calls.map((call) => call.path)).toEqual(['/store', '/product/oxford']);

    const browser = createFakeApi({
      'GET /product/:id': () => shirt,
      'GET /product/:id/sizes': () => sizes,
      'POST /product/:id/viewers': () => ({ viewers: null }),
    });
    const heading = await hydrateAt('/product/oxford', server.state, browser);

    expect(heading).toHaveTextContent('Oxford Shirt');
    expect(screen.getByRole('button', { name: 'M' })).toBeEnabled();
    // Nothing is read again; the page only says it is open (the viewer count's heartbeat).
    expect(browser.calls.map((call) => call.path).filter((path) => path !== '/product/oxford/viewers')).toEqual([]);
  });

  it('leaves no timer behind a rendered product page (nothing holds its store once it is written)', async () => {
    const shirt = makeProduct({ _id: 'oxford', name: 'Oxford Shirt', sizes: [{ size: 'M', stock: 3 }] });
    const api = createFakeApi({ 'GET /store': () => makeStoreInfo(), 'GET /product/:id': () => shirt });
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    await serverStateFor('/product/oxford', api);
    const before = timers();
    for (let i = 0; i < 20; i++) await serverStateFor('/product/oxford', api);
    expect(timers() - before).toBeLessThan(3);
  });
});
