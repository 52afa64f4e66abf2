import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { routes } from './app/router.tsx';
import { readServerState } from './app/ssr/server-state.ts';
import { readToken } from './lib/session.ts';
import { setupStore } from './lib/store/store.ts';
import './index.css';

/**
 * The page this address opens is loaded before the app starts, so the first render shows it
 * (no empty fallback while its chunk arrives) and, on a server-rendered page, matches the HTML.
 */
async function loadFirstPage() {
  const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? [];
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<object>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/**
 * A server-rendered page is painted before it is hydrated: the scripts, already here on a fast
 * connection, would otherwise run first and hold the first paint of HTML that is ready. The
 * browser's own paint entry says when; it also comes while the page's timers are held (a test's
 * clock), which a frame callback does not.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    // A tab opened in the background paints nothing: it hydrates at once.
    if (document.visibilityState === 'hidden') return resolve();
    // Older browsers without paint timing wait for a frame instead.
    const paintTiming = typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes;
    if (!paintTiming || !paintTiming.includes('paint')) {
      requestAnimationFrame(() => setTimeout(resolve, 0));
      return;
    }
    const observer = new PerformanceObserver(() => {
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

void Promise.all([loadFirstPage(), readServerState() ? afterFirstPaint() : null]).then(start);

function start() {
  const serverState = readServerState();
  const root = document.getElementById('root')!;

  if (serverState) {
    // The server rendered this page signed out, from the store it sends along: the first render
    // here must say the same, so the stored session joins once the page is hydrated
    // (SessionKeeper).
    // The token is no part of the markup: the data layer sends it from the first request on.
    const auth = { user: null, loading: false, error: null, token: readToken() };
    const store = setupStore({ preloadedState: { ...serverState, auth } });
    const app = (
      <StrictMode>
        <Provider store={store}>
          <RouterProvider router={createBrowserRouter(routes)} />
        </Provider>
      </StrictMode>
    );
    hydrateRoot(root, app);
  } else {
    const store = setupStore();
    createRoot(root).render(
      <StrictMode>
        <Provider store={store}>
          <RouterProvider router={createBrowserRouter(routes)} />
        </Provider>
      </StrictMode>,
    );
  }
}
