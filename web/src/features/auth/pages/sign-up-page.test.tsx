import { screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../../../lib/http.ts';
import { createFakeApi, type FakeHandler } from '../../../test/fake-api.ts';
import { makeStoreInfo, makeUser } from '../../../test/fixtures.ts';
import { findToast, renderWithProviders } from '../../../test/render.tsx';
import { SignUpPage } from './sign-up-page.tsx';

function renderSignUp(handlers: Record<string, FakeHandler> = {}) {
  const api = createFakeApi({
    'GET /store': () => makeStoreInfo(),
    'GET /auth/providers': () => ({ google: { enabled: true, development: true } }),
    ...handlers,
  });
  return renderWithProviders(<SignUpPage />, { api, route: '/signup', path: '/signup' });
}

async function fillForm(
  user: ReturnType<typeof renderSignUp>['user'],
  confirm = 'Monsoon-Kurta-2026!',
  names = { firstName: 'Asha', lastName: 'Rao' },
) {
  await user.type(screen.getByLabelText('First name'), names.firstName);
  await user.type(screen.getByLabelText('Last name'), names.lastName);
  await user.type(screen.getByLabelText('Email'), 'asha@example.com');
  await user.type(screen.getByLabelText('Phone'), '9876543210');
  await user.type(screen.getByLabelText('Password'), 'Monsoon-Kurta-2026!');
  await user.type(screen.getByLabelText('Confirm password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('sign up page', () => {
  it('asks for six required fields, offers Google and links to sign in', async () => {
    renderSignUp();
    for (const label of ['First name', 'Last name', 'Email', 'Phone', 'Password', 'Confirm password']) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    expect(screen.getByLabelText('Phone')).toHaveAttribute('type', 'tel');
    expect(screen.getByRole('link', { name: 'Sign up with Google' })).toHaveAttribute('href', '/api/auth/google/start');
    expect(await screen.findByText('Development sign-in: no Google account needed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  });

  it('refuses passwords that do not match, without calling the server', async () => {
    const { user, api } = renderSignUp({ 'POST /auth/signup': () => makeUser() });
    await fillForm(user, 'Something-Else-2026!');
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match.');
    expect(api.callsTo('POST /auth/signup')).toHaveLength(0);
  });

  it('sends the form without the confirmation, toasts and goes to /signin', async () => {
    const { user, api, router } = renderSignUp({ 'POST /auth/signup': () => makeUser() });
    await fillForm(user);
    expect(await screen.findByText('Signup Successful')).toBeInTheDocument();
    // The server has emailed a link to prove the address: the shopper is told where to look.
    expect(screen.getByText('We have sent a verification email to asha@example.com.')).toBeInTheDocument();
    expect(api.callsTo('POST /auth/signup')[0]?.body).toEqual({
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'asha@example.com',
      phone: '9876543210',
      password: 'Monsoon-Kurta-2026!',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(localStorage.getItem('user')).toBeNull();
  });

  it.each([
    ['Winner: visit evil', 'Rao', "First name can contain only letters, spaces, and . ' -"],
    ['Asha', 'evil.example', 'Last name needs a space after a full stop'],
    ['...', 'Rao', 'First name must contain a letter.'],
  ])('refuses the names %j %j as the server would, without calling it', async (firstName, lastName, message) => {
    const { user, api } = renderSignUp({ 'POST /auth/signup': () => makeUser() });
    await fillForm(user, undefined, { firstName, lastName });
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(api.callsTo('POST /auth/signup')).toHaveLength(0);
  });

  it('sends names in any script, as the server keeps them', async () => {
    const { user, api } = renderSignUp({ 'POST /auth/signup': () => makeUser() });
    await fillForm(user, undefined, { firstName: ' रवि  शंकर ', lastName: 'D’Souza' });
    expect(await screen.findByText('Signup Successful')).toBeInTheDocument();
    expect(api.callsTo('POST /auth/signup')[0]?.body).toMatchObject({ firstName: 'रवि शंकर', lastName: "D'Souza" });
  });

  it('takes at most 50 characters of a name', () => {
    renderSignUp();
    for (const label of ['First name', 'Last name'])
      expect(screen.getByLabelText(label)).toHaveAttribute('maxlength', '50');
  });

  it("shows the server's message under the form and as a toast", async () => {
    const { user, router } = renderSignUp({
      'POST /auth/signup': () => {
        throw new ApiError('Email already registered', { status: 409, code: 'EMAIL_TAKEN' });
      },
    });
    await fillForm(user);
    const form = screen.getByLabelText('Email').closest('form')!;
    expect(await within(form).findByRole('alert')).toHaveTextContent('Email already registered');
    expect(await findToast('Email already registered')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup');
  });
});
