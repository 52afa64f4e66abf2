import { act, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../../../lib/http.ts';
import { createFakeApi, deferred, type FakeHandler } from '../../../test/fake-api.ts';
import { makeStoreInfo, makeUser } from '../../../test/fixtures.ts';
import { findToast, renderWithProviders, signIn } from '../../../test/render.tsx';
import { SignInPage } from './sign-in-page.tsx';

async function renderSignIn(handlers: Record<string, FakeHandler> = {}, state?: unknown) {
  const api = createFakeApi({
    'GET /store': () => makeStoreInfo(),
    'GET /auth/providers': () => ({ google: { enabled: true, development: false } }),
    ...handlers,
  });
  const view = renderWithProviders(<SignInPage />, { api, route: '/signin', path: '/signin', state });
  await act(async () => {}); // Let the sign-in options arrive.
  return view;
}

describe('sign in page', () => {
  it('has the Google button, a required email-type field, a required password and Register Now', async () => {
    await renderSignIn();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in with Google' })).toHaveAttribute('href', '/api/auth/google/start');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByRole('link', { name: 'Register Now' })).toHaveAttribute('href', '/signup');
    expect(screen.queryByText(/Development sign-in/)).not.toBeInTheDocument();
  });

  it('offers no Google button when the server has Google sign-in turned off', async () => {
    await renderSignIn({ 'GET /auth/providers': () => ({ google: { enabled: false, development: false } }) });
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeDisabled();
    expect(screen.getByText('Google sign-in is not available right now.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in with Google' })).not.toBeInTheDocument();
  });

  it('says so when Google sign-in goes to the development provider', async () => {
    await renderSignIn({ 'GET /auth/providers': () => ({ google: { enabled: true, development: true } }) });
    expect(await screen.findByText('Development sign-in: no Google account needed')).toBeInTheDocument();
  });

  it('shows "Signing In..." while waiting, then toasts and goes home', async () => {
    const held = deferred<unknown>();
    const { user, api, router } = await renderSignIn({ 'POST /auth/login': () => held.promise });
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'Monsoon-Kurta-2026!');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(screen.getByRole('button', { name: 'Signing In...' })).toBeDisabled();
    expect(api.callsTo('POST /auth/login')[0]?.body).toEqual({
      email: 'asha@example.com',
      password: 'Monsoon-Kurta-2026!',
    });

    held.resolve({ accessToken: 'tok', user: makeUser() });
    expect(await screen.findByText('Login Successful')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('token')).toBe('tok');
  });

  it("shows the server's message under the form and as a toast, and stays on /signin", async () => {
    const { user, router } = await renderSignIn({
      'POST /auth/login': () => {
        throw new ApiError('Invalid email or password.', { status: 401, code: 'INVALID_CREDENTIALS' });
      },
    });
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const form = screen.getByRole('button', { name: 'Sign In' }).closest('form')!;
    expect(await within(form).findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(await findToast('Invalid email or password.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/signin');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('toasts "Login failed" when no answer comes', async () => {
    const { user } = await renderSignIn({
      'POST /auth/login': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'Monsoon-Kurta-2026!');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await findToast('Login failed')).toBeInTheDocument();
  });

  it('redirects a signed-in shopper to /', async () => {
    signIn();
    const { router } = await renderSignIn();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('Navigated away')).toBeInTheDocument();
  });

  it('prefills the email handed over by the sign-up page', async () => {
    await renderSignIn({}, { email: 'new@example.com' });
    expect(screen.getByLabelText('Email')).toHaveValue('new@example.com');
  });
});
