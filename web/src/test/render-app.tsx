/**
 * The whole app at a URL: its own routes, layout and toasts, with a real store. Feature tests
 * reach the app through here, so the features themselves never import it.
 */
import { routes } from '../app/router.tsx';
import type { ApiClient } from '../lib/http.ts';
import type { FakeApi } from './fake-api.ts';
import { renderWithProviders } from './render.tsx';

export function renderAppAt<Api extends ApiClient = FakeApi>(route: string, api?: Api) {
  return renderWithProviders<Api>(null, { routes, route, ...(api && { api }) });
}
