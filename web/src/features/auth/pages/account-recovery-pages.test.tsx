import { act, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../../lib/http.ts';
import { createFakeApi, deferred } from '../../../test/fake-api.ts';
import { makeStoreInfo, makeUser } from '../../../test/fixtures.ts';
import { renderWithProviders, signIn } from '../../../test/render.tsx';
import { ProfileDetails } from '../components/profile-details.tsx';
import { FORGOT_PASSWORD_SENT, ForgotPasswordPage } from './forgot-password-page.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';
import { SignInPage } from './sign-in-page.tsx';
import { VerifyEmailPage } from './verify-email-page.tsx';

const TOKEN = 'Zk3v_0a-Token';

describe('Forgot password? on the sign-in page', () => {
  it('links to /forgot-password, taking the email typed so far', async () => {
    const api = createFakeApi({
      'GET /store': () => makeStoreInfo(),
      'GET /auth/providers': () => ({ google: { enabled: false, development: false } }),
    });
    const { user, router } = renderWithProviders(<SignInPage />, { api, route: '/signin', path: '/signin' });
    await act(async () => {});
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(router.state.location.state).toEqual({ email: 'asha@example.com' });
  });
});

describe('forgot password page', () => {
  const render = (handler: () => unknown = () => null) => {
    const api = createFakeApi({
      'GET /store': () => makeStoreInfo(),
      'POST /auth/forgot-password': handler,
    });
    return {
      ...renderWithProviders(<ForgotPasswordPage />, {
        api,
        route: '/forgot-password',
        path: '/forgot-password',
        state: { email: 'asha@example.com' },
      }),
    };
  };

  it('sends the email and says the same thing whoever asked', async () => {
    const held = deferred<unknown>();
    const { user, api } = render(() => held.promise);
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot password?' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(api.callsTo('POST /auth/forgot-password')[0]?.body).toEqual({ email: 'asha@example.com' });
    held.resolve(null);
    expect(await screen.findByText(FORGOT_PASSWORD_SENT)).toBeInTheDocument();
    expect(FORGOT_PASSWORD_SENT).toBe("If an account exists for that email, we've sent a link to reset the password.");
    expect(screen.getByText(/works once, for 30 minutes/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/signin');
  });

  it('shows a refusal (too many requests) under the form', async () => {
    const { user } = render(() => {
      throw new ApiError('Too many attempts. Please wait an hour and try again.', {
        status: 429,
        code: 'RATE_LIMITED',
      });
    });
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait an hour and try again.');
    expect(screen.queryByText(FORGOT_PASSWORD_SENT)).not.toBeInTheDocument();
  });
});

describe('reset password page', () => {
  const render = (handler: () => unknown, route = `/reset-password?token=${TOKEN}`) => {
    const api = createFakeApi({
      'GET /store': () => makeStoreInfo(),
      'POST /auth/reset-password': handler,
    });
    return renderWithProviders(<ResetPasswordPage />, { api, route, path: '/reset-password' });
  };

  it('sets the new password with the token, signs in, toasts and opens the profile', async () => {
    const { user, api, router } = render(() => ({ accessToken: 'new-token', user: makeUser() }));
    await user.type(screen.getByLabelText('New password'), 'Saffron-Monsoon-9');
    await user.type(screen.getByLabelText('Confirm new password'), 'Saffron-Monsoon-9');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Your password has been changed. You are signed in.')).toBeInTheDocument();
    expect(api.callsTo('POST /auth/reset-password')[0]?.body).toEqual({ token: TOKEN, password: 'Saffron-Monsoon-9' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(JSON.parse(localStorage.getItem('user')!).email).toBe('asha@example.com');
  });

  it('refuses passwords that do not match, without asking the server', async () => {
    const { user, api } = render(() => null);
    await user.type(screen.getByLabelText('New password'), 'Saffron-Monsoon-9');
    await user.type(screen.getByLabelText('Confirm new password'), 'Saffron-Monsoon-8');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match.');
    expect(api.callsTo('POST /auth/reset-password')).toHaveLength(0);
  });

  it("shows the server's refusal and offers a new link when this one is spent", async () => {
    const { user, router } = render(() => {
      throw new ApiError('This link has expired. Please ask for a new one.', { status: 400, code: 'LINK_EXPIRED' });
    });
    await user.type(screen.getByLabelText('New password'), 'Saffron-Monsoon-9');
    await user.type(screen.getByLabelText('Confirm new password'), 'Saffron-Monsoon-9');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired. Please ask for a new one.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(router.state.location.pathname).toBe('/reset-password');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('says so when the link has no token', () => {
    render(() => null, '/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent('This link is not complete.');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});

describe('verify email page', () => {
  const SET_PASSWORD_TOKEN = 'Set_Password-Token-1';
  const render = (routes: Record<string, () => unknown>, route = `/verify-email?token=${TOKEN}`) => {
    const api = createFakeApi({ 'GET /store': () => makeStoreInfo(), ...routes });
    return renderWithProviders(<VerifyEmailPage />, { api, route, path: '/verify-email' });
  };

  it('opening the link uses nothing: the email is confirmed only by a click', async () => {
    const { api } = render({ 'POST /auth/verify-email': () => ({ setPasswordToken: SET_PASSWORD_TOKEN }) });
    await act(async () => {});
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your email' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm my email' })).toBeEnabled();
    expect(screen.getByText(/clears its password, saved addresses and phone number/)).toBeInTheDocument();
    expect(api.callsTo('POST /auth/verify-email')).toHaveLength(0);
  });

  it('confirms on the click, once, then has the owner choose a password and signs them in', async () => {
    const held = deferred<unknown>();
    const { user, api, router } = render({
      'POST /auth/verify-email': () => held.promise,
      'POST /auth/reset-password': () => ({ accessToken: 'owner-token', user: makeUser({ emailVerified: true }) }),
    });
    await user.click(screen.getByRole('button', { name: 'Confirm my email' }));
    expect(screen.getByRole('button', { name: 'Confirming...' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Confirming...' }));
    held.resolve({ setPasswordToken: SET_PASSWORD_TOKEN });
    expect(await screen.findByText('Your email address is verified.')).toBeInTheDocument();
    expect(api.callsTo('POST /auth/verify-email').map((c) => c.body)).toEqual([{ token: TOKEN }]);

    await user.type(screen.getByLabelText('New password'), 'Saffron-Monsoon-9');
    await user.type(screen.getByLabelText('Confirm new password'), 'Saffron-Monsoon-9');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Your password is set. You are signed in.')).toBeInTheDocument();
    expect(api.callsTo('POST /auth/reset-password').map((c) => c.body)).toEqual([
      { token: SET_PASSWORD_TOKEN, password: 'Saffron-Monsoon-9' },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(localStorage.getItem('token')).toBe('owner-token');
  });

  it('ends the session this browser held, which the confirmation ended on the server', async () => {
    signIn(makeUser({ emailVerified: false }), 'squatters-token');
    const { user, store } = render({
      'POST /auth/verify-email': () => ({ setPasswordToken: SET_PASSWORD_TOKEN }),
      'GET /auth/profile': () => {
        throw new ApiError('Your session is invalid or has expired. Please sign in again.', {
          status: 401,
          code: 'UNAUTHORIZED',
        });
      },
    });
    await user.click(screen.getByRole('button', { name: 'Confirm my email' }));
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
    await waitFor(() => expect(store.getState().auth.user).toBeNull());
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('refreshes a signed-in shopper whose email was verified already, and leads to the profile', async () => {
    signIn(makeUser({ emailVerified: false }));
    const { user, store } = render({
      'POST /auth/verify-email': () => ({ setPasswordToken: null }),
      'GET /auth/profile': () => makeUser({ emailVerified: true }),
    });
    await user.click(screen.getByRole('button', { name: 'Confirm my email' }));
    expect(await screen.findByText('Your email address is verified.')).toBeInTheDocument();
    await waitFor(() => expect(store.getState().auth.user?.emailVerified).toBe(true));
    expect(screen.getByRole('link', { name: 'Go to your profile' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it("shows the server's refusal after the click", async () => {
    const { user } = render({
      'POST /auth/verify-email': () => {
        throw new ApiError('This link has been used already. Please ask for a new one.', {
          status: 400,
          code: 'LINK_USED',
        });
      },
    });
    await user.click(screen.getByRole('button', { name: 'Confirm my email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has been used already.');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  });

  it('offers a new link when the password step comes too late', async () => {
    const { user } = render({
      'POST /auth/verify-email': () => ({ setPasswordToken: SET_PASSWORD_TOKEN }),
      'POST /auth/reset-password': () => {
        throw new ApiError('This link has expired. Please ask for a new one.', { status: 400, code: 'LINK_EXPIRED' });
      },
    });
    await user.click(screen.getByRole('button', { name: 'Confirm my email' }));
    await user.type(await screen.findByLabelText('New password'), 'Saffron-Monsoon-9');
    await user.type(screen.getByLabelText('Confirm new password'), 'Saffron-Monsoon-9');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('says so when the link has no token, and offers no button', () => {
    render({}, '/verify-email');
    expect(screen.getByRole('alert')).toHaveTextContent('This link is not complete.');
    expect(screen.queryByRole('button', { name: 'Confirm my email' })).not.toBeInTheDocument();
  });
});

describe('email verification on the profile', () => {
  const details = (emailVerified: boolean, handler: () => unknown = () => null) => {
    const api = createFakeApi({
      'GET /store': () => makeStoreInfo(),
      'POST /auth/verification-email': handler,
    });
    return {
      ...renderWithProviders(
        <ProfileDetails user={makeUser({ emailVerified })} onEditPhone={() => {}} onEditAddress={() => {}} />,
        { api },
      ),
    };
  };

  it('shows "Email verified" and no button for a verified email', () => {
    details(true);
    expect(screen.getByText('Email verified')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the link again' })).not.toBeInTheDocument();
  });

  it('shows "Email not verified" and sends the link again', async () => {
    const { user, api } = details(false);
    expect(screen.getByText('Email not verified')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('We have sent a new link to your email address.')).toBeInTheDocument();
    expect(api.callsTo('POST /auth/verification-email')).toHaveLength(1);
  });

  it("toasts the server's refusal", async () => {
    const { user } = details(false, () => {
      throw new ApiError('Too many attempts. Please wait an hour and try again.', {
        status: 429,
        code: 'RATE_LIMITED',
      });
    });
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('Too many attempts. Please wait an hour and try again.')).toBeInTheDocument();
  });
});
