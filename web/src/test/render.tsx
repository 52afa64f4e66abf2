/**
 * Renders UI the way the app does: a real store (with an injected fake API), a memory
 * router at `route`, and the toast container. Tests assert on what a shopper sees.
 */
import type { User } from '@shop/core';
import { act, render, waitFor, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, type ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { setupStore, type RootState } from '../lib/store/store.ts';
import { AppToasts } from '../lib/toasts.tsx';
import type { ApiClient } from '../lib/http.ts';
import { createFakeApi, type FakeApi } from './fake-api.ts';
import { makeUser } from './fixtures.ts';

interface ProvidersOptions<Api extends ApiClient> extends Omit<RenderOptions, 'queries' | 'wrapper'> {
  preloadedState?: Partial<RootState>;
  api?: Api;
  /** The URL the memory router starts at. */
  route?: string;
  /** The route pattern the UI is mounted on, e.g. '/product/:id'. Other paths show a marker. */
  path?: string;
  /** Navigation state for the first entry (e.g. `{ product }`). */
  state?: unknown;
  /** Use the given route tree instead of mounting `ui` (e.g. the app's own routes). */
  routes?: RouteObject[];
  /** Render inside <StrictMode>, which runs effects twice, as the app does in development. */
  strict?: boolean;
  /** userEvent options, e.g. `{ advanceTimers: vi.advanceTimersByTime }` with fake timers. */
  userOptions?: Parameters<typeof userEvent.setup>[0];
}

export function renderWithProviders<Api extends ApiClient = FakeApi>(
  ui: ReactElement | null,
  options: ProvidersOptions<Api> = {},
) {
  const {
    preloadedState,
    api = createFakeApi() as ApiClient as Api,
    route = '/',
    path = '*',
    state,
    routes,
    userOptions,
    strict = false,
    ...renderOptions
  } = options;
  const store = setupStore({ api, preloadedState });
  const router = createMemoryRouter(
    routes ?? [{ path, element: ui }, ...(path === '*' ? [] : [{ path: '*', element: <p>Navigated away</p> }])],
    { initialEntries: [state === undefined ? route : { pathname: pathOf(route), search: searchOf(route), state }] },
  );
  const user = userEvent.setup(userOptions);
  const tree = (
    <Provider store={store}>
      <RouterProvider router={router} />
      {/* The app's own routes bring the layout, and its toasts, with them. */}
      {!routes && <AppToasts />}
    </Provider>
  );
  const result = render(strict ? <StrictMode>{tree}</StrictMode> : tree, renderOptions);
  /** Navigates like a link or the Back button would (`-1`), inside act(). */
  const navigate = (to: string | number) =>
    act(async () => {
      await (typeof to === 'number' ? router.navigate(to) : router.navigate(to));
    });
  return { store, router, navigate, user, api, ...result };
}

/**
 * The toast saying this text, as a shopper sees it (waits: react-toastify loads with the first
 * toast). A toast, not the same words in the page, such as a form's error line.
 */
export function findToast(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const toasts = [...document.querySelectorAll<HTMLElement>('.Toastify__toast')];
    const match = toasts.find((toast) => toast.textContent?.includes(text));
    if (!match) throw new Error(`No toast says "${text}"`);
    return match;
  });
}

function pathOf(route: string) {
  const index = route.indexOf('?');
  return index === -1 ? route : route.slice(0, index);
}

function searchOf(route: string) {
  const index = route.indexOf('?');
  return index === -1 ? '' : route.slice(index);
}

/** Stores a signed-in session the way the auth feature does (spec §3); call before rendering. */
export function signIn(user: User = makeUser(), token = 'test-token') {
  window.localStorage.setItem('user', JSON.stringify(user));
  window.localStorage.setItem('token', token);
  return user;
}
