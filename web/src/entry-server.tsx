/**
 * The server renderer's entry (built by `vite build --ssr`, loaded by the API server's
 * server-render plugin). It renders the public pages from the same routes, store and queries
 * the browser uses: the queries a page needs are asked first, through the API client the server
 * hands over (in-process, with no shopper's credentials), then the page is rendered and its store
 * is sent along for the browser to start from.
 *
 * The page is rendered to one string (renderToString), not streamed: every query is answered
 * before React starts, so nothing could be sent sooner, and crawlers read complete pages anyway.
 * React's streaming renderer encodes each of a page's thousands of small pieces into bytes as it
 * goes; for a product page that cost about a fifth of the server's time (docs/decisions.md).
 */
import {
  defaultStoreSettings,
  readProductsPageState,
  serverRenderedPaths,
  writeProductsPageState,
  type Product,
} from '@shop/core';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, matchPath, StaticRouterProvider } from 'react-router';
import { routes } from './app/router.tsx';
import { homeHead, plainHead, productHead, productsHead, type PageHead } from './app/ssr/head.ts';
import { setupStore, type AppStore, type RootState } from './lib/store/store.ts';
import { api } from './lib/api/api.ts';
import { fetchStoreInfo } from './lib/api/store-info.ts';
import { catalogApi, isRefusal } from './features/catalog/catalog-api.ts';
import { fetchHomePage } from './features/home/home-api.ts';
import { legalApi } from './features/legal/api.ts';
import { listQueryForSearch, productsHeading, productsPageTitle } from './features/catalog/pages/products-page.tsx';
import type { ApiClient } from './lib/http.ts';

export { headTags, scriptJson } from './app/ssr/head.ts';
export { SERVER_STATE_ID } from './app/ssr/server-state.ts';
export { createApiClient } from './lib/http.ts';

export interface RenderRequest {
  /** Path and query, e.g. `/products?color=navy`. */
  url: string;
  /** The shop's public origin, for canonical and preview addresses. */
  origin: string;
  /** Answers API calls in-process; sends no shopper's credentials. */
  api: ApiClient;
  /** Gives up the page (the promise rejects with the signal's reason) once this aborts. */
  signal?: AbortSignal;
}

export interface RenderedPage {
  status: 200 | 404;
  head: PageHead;
  /** What the browser's store starts from. */
  state: Partial<RootState>;
  /** The page's markup: the inside of #root. */
  markup: string;
}

export function isServerRendered(pathname: string): boolean {
  return serverRenderedPaths.some((pattern) => matchPath(pattern, pathname) !== null);
}

interface Prepared {
  status: 200 | 404;
  head: PageHead;
}

function isAvailable(product: Product): boolean {
  return !product.soldOut && (product.sizes.length === 0 || product.sizes.some((s) => s.stock > 0));
}

/** Asks what the page at `url` shows, and says what its head holds. */
async function prepare(store: AppStore, url: URL, origin: string): Promise<Prepared> {
  const { data: info } = await store.dispatch(fetchStoreInfo());
  // Every page shows the shop's details (banner, footer, policies): without them the API is away.
  if (!info) throw new Error('The shop details could not be read');
  const product = matchPath('/product/:id', url.pathname);
  if (product) {
    const id = product.params.id ?? '';
    const answer = await store.dispatch(catalogApi.endpoints.getProduct.initiate(id));
    if (answer.data === undefined)
      throw new Error(`The product ${id} could not be read: ${JSON.stringify(answer.error)}`);
    // The product carries its sizes: one API call, not two, and the two answers agree.
    store.dispatch(
      catalogApi.util.upsertQueryEntries([
        { endpointName: 'getProductSizes', arg: id, value: answer.data?.sizes ?? null },
      ]),
    );
    if (answer.data === null) {
      return {
        status: 404,
        head: plainHead(origin, url.pathname, 'Product not found', 'This product is not in the shop.'),
      };
    }
    return { status: 200, head: productHead(origin, answer.data, isAvailable(answer.data), info) };
  }
  if (url.pathname === '/products') {
    const pageState = readProductsPageState(url.searchParams, defaultStoreSettings);
    const answer = await store.dispatch(
      catalogApi.endpoints.getProducts.initiate(listQueryForSearch(url.searchParams)),
    );
    // A page past the last (or one the API refuses as out of range) is no page of the list.
    if (
      (!answer.data && isRefusal(answer.error)) ||
      (answer.data && pageState.page > answer.data.totalPages && pageState.page > 1)
    ) {
      return {
        status: 404,
        head: plainHead(origin, url.pathname, 'Page not found', 'This page of the list does not exist.'),
      };
    }
    if (!answer.data) throw new Error(`The product list could not be read: ${JSON.stringify(answer.error)}`);
    return {
      status: 200,
      head: productsHead(origin, info, {
        title: productsPageTitle(pageState),
        heading: productsHeading(pageState),
        canonicalQuery: writeProductsPageState(pageState).toString(),
        prevQuery:
          pageState.page > 1 ? writeProductsPageState({ ...pageState, page: pageState.page - 1 }).toString() : null,
        nextQuery:
          pageState.page < answer.data.totalPages
            ? writeProductsPageState({ ...pageState, page: pageState.page + 1 }).toString()
            : null,
        total: answer.data.total,
        search: pageState.q.trim(),
      }),
    };
  }
  if (url.pathname === '/collaboration') {
    return {
      status: 200,
      head: plainHead(
        origin,
        '/collaboration',
        'Collaboration',
        'Creators on YouTube and Instagram: work with us on menswear for India.',
      ),
    };
  }
  if (url.pathname === '/policies') {
    return {
      status: 200,
      head: plainHead(
        origin,
        '/policies',
        'Policies',
        info
          ? `Shipping, returns, cancellation and privacy. ${info.texts.shippingPolicy}`
          : 'Shipping, returns, cancellation and privacy.',
      ),
    };
  }
  if (url.pathname === '/') {
    const answer = await store.dispatch(fetchHomePage());
    if (!answer.data) throw new Error(`The home page could not be read: ${JSON.stringify(answer.error)}`);
  }
  const legal = legalPages[url.pathname];
  if (legal) {
    // Both pages name the seller and the grievance officer: the page is whole in the HTML.
    const answer = await store.dispatch(legalApi.endpoints.getSellerPage.initiate());
    if (!answer.data) throw new Error(`The seller details could not be read: ${JSON.stringify(answer.error)}`);
    return { status: 200, head: plainHead(origin, url.pathname, legal.title, legal.description) };
  }
  return { status: 200, head: homeHead(origin, info) };
}

/** The legal pages' titles and descriptions, as their pages and search results show them. */
const legalPages: Partial<Record<string, { title: string; description: string }>> = {
  '/seller': {
    title: 'Seller details',
    description:
      'Who sells on this shop: legal name, registered and operating addresses, GSTIN, customer care and the grievance officer.',
  },
  '/privacy': {
    title: 'Privacy notice',
    description:
      'What personal data the shop keeps, why and for how long, your rights to download and erase it, and whom to contact.',
  },
};

/** `work`, or its rejection with the signal's reason once the signal aborts (a stuck API call). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

const staticHandler = createStaticHandler(routes);

/** Renders one public page, or answers null for an address the browser renders alone. */
export async function renderPage(request: RenderRequest): Promise<RenderedPage | null> {
  const url = new URL(request.url, request.origin);
  if (!isServerRendered(url.pathname)) return null;
  const store = setupStore({ api: request.api });
  const { status, head } = await untilAborted(prepare(store, url, request.origin), request.signal);
  const context = await staticHandler.query(new Request(url));
  if (context instanceof Response)
    throw new Error(`Unexpected ${context.status} answer from the routes for ${url.pathname}`);
  const router = createStaticRouter(staticHandler.dataRoutes, context);
  // The shop's details and the data layer's answers: the browser starts from them and asks nothing again.
  const { storeInfo, home, api: answers } = store.getState();
  const state: Partial<RootState> = { storeInfo, home, api: answers };

  const markup = renderToString(
    <StrictMode>
      <Provider store={store}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Provider>
    </StrictMode>,
  );
  // The store lives for this page only. RTK Query keeps an answer nobody uses for 60 s on a
  // timer: an entry set here (the sizes) would hold this page's store in memory that long.
  store.dispatch(api.util.resetApiState());
  return { status, head, state, markup };
}
