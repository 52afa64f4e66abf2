/**
 * Renders UI the way the app does: a real store (with an injected fake API), a memory
 * router at `route`, and the toast container. Tests assert on what a shopper sees.
 */
import { act, render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { setupStore, type RootState } from '../app/store.ts';
import { AppToasts } from '../app/toasts.tsx';
import type { ApiClient } from '../lib/http.ts';
import { createFakeApi } from './fake-api.ts';

interface ProvidersOptions extends Omit<RenderOptions, 'queries' | 'wrapper'> {
  preloadedState?: Partial<RootState>;
  api?: ApiClient;
  /** The URL the memory router starts at. */
  route?: string;
  /** The route pattern the UI is mounted on, e.g. '/product/:id'. Other paths show a marker. */
  path?: string;
  /** Navigation state for the first entry (e.g. `{ product }`). */
  state?: unknown;
  /** Use the given route tree instead of mounting `ui` (e.g. the app's own routes). */
  routes?: RouteObject[];
  /** userEvent options, e.g. `{ advanceTimers: vi.advanceTimersByTime }` with fake timers. */
  userOptions?: Parameters<typeof userEvent.setup>[0];
}

export function renderWithProviders(ui: ReactElement | null, options: ProvidersOptions = {}) {
  const {
    preloadedState,
    api = createFakeApi(),
    route = '/',
    path = '*',
    state,
    routes,
    userOptions,
    ...renderOptions
  } = options;
  const store = setupStore({ api, preloadedState });
  const router = createMemoryRouter(
    routes ?? [{ path, element: ui }, ...(path === '*' ? [] : [{ path: '*', element: <p>Navigated away</p> }])],
    { initialEntries: [state === undefined ? route : { pathname: pathOf(route), search: searchOf(route), state }] },
  );
  const user = userEvent.setup(userOptions);
  const result = render(
    <Provider store={store}>
      <RouterProvider router={router} />
      <AppToasts />
    </Provider>,
    renderOptions,
  );
  /** Navigates like a link or the Back button would (`-1`), inside act(). */
  const navigate = (to: string | number) =>
    act(async () => {
      await (typeof to === 'number' ? router.navigate(to) : router.navigate(to));
    });
  return { store, router, navigate, user, api, ...result };
}

function pathOf(route: string) {
  const index = route.indexOf('?');
  return index === -1 ? route : route.slice(0, index);
}

function searchOf(route: string) {
  const index = route.indexOf('?');
  return index === -1 ? '' : route.slice(index);
}

/** Stores a signed-in user the way the auth feature will (spec §3). */
export function signIn(user: Record<string, unknown> = { _id: 'u1', firstName: 'Asha', email: 'asha@example.com' }) {
  window.localStorage.setItem('user', JSON.stringify(user));
  window.localStorage.setItem('token', 'test-token');
}
