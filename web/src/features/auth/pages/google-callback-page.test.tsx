import { screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../../lib/http.ts';
import { createFakeApi, type FakeHandler } from '../../../test/fake-api.ts';
import { makeUser } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { GoogleCallbackPage } from './google-callback-page.tsx';

const refuse = (status: number, message: string) => () => {
  throw new ApiError(message, { status, code: 'REFUSED' });
};

function renderCallback(search: string, handlers: Record<string, FakeHandler> = {}) {
  const api = createFakeApi({
    'POST /auth/google': () => ({ accessToken: 'google-token' }),
    'GET /auth/profile': () => makeUser({ firstName: 'Gita' }),
    ...handlers,
  });
  // StrictMode runs the effect twice, as in development: the code must still be sent once.
  return renderWithProviders(<GoogleCallbackPage />, {
    api,
    route: `/auth/google/callback${search}`,
    path: '/auth/google/callback',
    strict: true,
  });
}

describe('Google sign-in callback', () => {
  it('shows a spinner while it signs in', () => {
    renderCallback('?code=abc&state=xyz', { 'POST /auth/google': () => new Promise(() => {}) });
    expect(screen.getByRole('heading', { name: 'Signing in with Google...' })).toBeInTheDocument();
  });

  it('exchanges the code once, loads the profile and goes home with history replaced', async () => {
    const { api, router, store } = renderCallback('?code=abc&state=xyz&iss=http%3A%2F%2Flocalhost%2Fdev-oidc');
    expect(await screen.findByText('Google Sign-in Successful')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');

    expect(api.callsTo('POST /auth/google')).toHaveLength(1);
    expect(api.callsTo('POST /auth/google')[0]?.body).toEqual({
      code: 'abc',
      state: 'xyz',
      iss: 'http://localhost/dev-oidc',
    });
    expect(api.callsTo('GET /auth/profile')).toHaveLength(1);
    expect(localStorage.getItem('token')).toBe('google-token');
    expect(store.getState().auth.user?.firstName).toBe('Gita');
  });

  it.each([
    ['the provider sent an error', '?error=access_denied', 'Google sign-in failed'],
    ['no code came back', '?state=xyz', 'Invalid authentication response'],
  ])('when %s: toasts and goes to /signin without calling the server', async (_, search, message) => {
    const { api, router } = renderCallback(search);
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(api.calls).toHaveLength(0);
  });

  it('when the exchange fails: "Login failed" and /signin', async () => {
    const { api, router } = renderCallback('?code=used&state=xyz', {
      'POST /auth/google': refuse(401, 'This sign-in link has expired.'),
    });
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(api.callsTo('POST /auth/google')).toHaveLength(1);
    expect(api.callsTo('GET /auth/profile')).toHaveLength(0);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('when the profile cannot be loaded: "Failed to load profile" and /signin', async () => {
    const { router, store } = renderCallback('?code=abc&state=xyz', {
      'GET /auth/profile': refuse(500, 'Internal error'),
    });
    expect(await screen.findByText('Failed to load profile')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(store.getState().auth.user).toBeNull();
  });
});
