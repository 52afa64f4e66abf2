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
  it('uses the link once on arrival and says the email is verified', async () => {
    const api = createFakeApi({
      'GET /store': () => makeStoreInfo(),
      'POST /auth/verify-email': () => null,
    });
    renderWithProviders(<VerifyEmailPage />, { api, route: `/verify-email?token=${TOKEN}`, path: '/verify-email' });
    expect(await screen.findByText('Your email address is verified.')).toBeInTheDocument();
    expect(api.callsTo('POST /auth/verify-email').map((c) => c.body)).toEqual([{ token: TOKEN }]);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  });

  it('refreshes the signed-in shopper, whose profile then shows the email verified', async () => {
    signIn(makeUser({ emailVerified: false }));
    const api = createFakeApi({
      'GET /store': () => makeStoreInfo(),
      'POST /auth/verify-email': () => null,
      'GET /auth/profile': () => makeUser({ emailVerified: true }),
    });
    const { store } = renderWithProviders(<VerifyEmailPage />, {
      api,
      route: `/verify-email?token=${TOKEN}`,
      path: '/verify-email',
    });
    expect(await screen.findByText('Your email address is verified.')).toBeInTheDocument();
    await waitFor(() => expect(store.getState().auth.user?.emailVerified).toBe(true));
    expect(screen.getByRole('link', { name: 'Go to your profile' })).toHaveAttribute('href', '/profile');
  });

  it("shows the server's refusal", async () => {
    const api = createFakeApi({
      'GET /store': () => makeStoreInfo(),
      'POST /auth/verify-email': () => {
        throw new ApiError('This link has been used already. Please ask for a new one.', {
          status: 400,
          code: 'LINK_USED',
        });
      },
    });
    renderWithProviders(<VerifyEmailPage />, { api, route: `/verify-email?token=${TOKEN}`, path: '/verify-email' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has been used already.');
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
