import { act, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../lib/http.ts';
import { createFakeApi, type FakeHandler } from '../test/fake-api.ts';
import { makeCart, makeHomePage, makeProductPage, makeStoreInfo, makeUser } from '../test/fixtures.ts';
import { renderWithProviders, signIn } from '../test/render.tsx';
import { routes } from './router.tsx';

function renderApp(route: string, handlers: Record<string, FakeHandler> = {}) {
  const api = createFakeApi({
    'GET /store': () => makeStoreInfo(),
    'GET /home': () => makeHomePage(),
    'GET /cart/details': () => makeCart([]),
    'GET /payments/options': () => ({ online: { available: true, sandbox: false } }),
    'GET /order/orders': () => ({ orders: [] }),
    'GET /product': () => makeProductPage([]),
    'GET /auth/profile': () => makeUser(),
    'GET /auth/providers': () => ({ google: { enabled: true, development: false } }),
    ...handlers,
  });
  return renderWithProviders(null, { routes, route, api });
}

describe('app shell', () => {
  it('shows the header links, Sign In and Sign Up to a visitor, and the footer support links', () => {
    renderApp('/');
    const main = screen.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Deals', 'New Arrivals', 'Products']) {
      expect(within(main).getByRole('link', { name })).toBeInTheDocument();
    }
    const banner = screen.getByRole('banner');
    expect(within(banner).getAllByRole('link', { name: 'Sign In' })[0]).toHaveAttribute('href', '/signin');
    expect(within(banner).getAllByRole('link', { name: 'Sign Up' })[0]).toHaveAttribute('href', '/signup');
    expect(screen.queryByRole('link', { name: /^Cart/ })).not.toBeInTheDocument();

    const support = screen.getByRole('navigation', { name: 'Support' });
    for (const name of ['Shipping Policy', 'Terms and Conditions', 'Return and Refund Policy', 'Contact']) {
      expect(within(support).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(screen.getByText(/All rights reserved/)).toBeInTheDocument();
  });

  it('shows the profile and cart icons with a quantity badge to a signed-in shopper', () => {
    signIn();
    renderApp('/');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    const cart = screen.getByRole('link', { name: 'Cart, 0 items' });
    expect(cart).toHaveAttribute('href', '/cart');
    expect(cart).toHaveTextContent('0');
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('opens and closes the mobile menu from the hamburger button', async () => {
    const { user } = renderApp('/');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    const menu = screen.getByRole('navigation', { name: 'Mobile' });

    await user.click(within(menu).getByRole('link', { name: 'Products' }));
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('sends Deals and New Arrivals to the home page with a hint of the section to show', async () => {
    const { user, router } = renderApp('/products');
    await user.click(
      within(await screen.findByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Deals' }),
    );
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.state).toEqual({ scrollTo: 'deals-section' });
    // The sections under the hero are a chunk of their own, fetched at once for the hint.
    await waitFor(() => expect(document.getElementById('deals-section')).toBeInTheDocument(), { timeout: 10_000 });
    expect(document.getElementById('newarrivals')).toBeInTheDocument();
  });

  it('points SHOP NOW to sign in for a visitor and to the products for a signed-in shopper', () => {
    const { unmount } = renderApp('/');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('ULTIMATE SALENEW COLLECTION');
    expect(screen.getByRole('link', { name: /SHOP NOW/ })).toHaveAttribute('href', '/signin');
    unmount();

    signIn();
    renderApp('/');
    expect(screen.getByRole('link', { name: /SHOP NOW/ })).toHaveAttribute('href', '/products');
  });

  it.each([
    ['/signin', 'Sign In'],
    ['/signup', 'Create your account'],
    ['/collaboration', 'Collaborate with us'],
    ['/policies', 'Shipping, terms and returns'],
    ['/no/such/page', 'Page not found'],
  ])('shows a page for %s inside the layout', async (route, heading) => {
    renderApp(route);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it.each([
    ['/cart', 'Your Cart'],
    ['/profile', 'My Account'],
    ['/checkout', 'Checkout'],
  ])('shows %s to a signed-in shopper', async (route, heading) => {
    signIn();
    renderApp(route);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it.each(['/cart', '/profile', '/checkout?step=pay'])(
    'sends a visitor from %s to sign in, and back after',
    async (route) => {
      const user = makeUser();
      const { router, user: shopper } = renderApp(route, {
        'POST /auth/login': () => ({ accessToken: 'fresh-token', user }),
      });
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/signin');

      await shopper.type(screen.getByLabelText('Email'), 'asha@example.com');
      await shopper.type(screen.getByLabelText('Password'), 'Monsoon-Kurta-2026!');
      await shopper.click(screen.getByRole('button', { name: 'Sign In' }));
      await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(route));
    },
  );

  it('loads the current user at start-up when a token is held, once', async () => {
    signIn(makeUser({ firstName: 'Old' }));
    const { api } = renderApp('/profile', { 'GET /auth/profile': () => makeUser({ firstName: 'Asha' }) });
    expect(await screen.findByText('Hello, Asha')).toBeInTheDocument();
    expect(api.callsTo('GET /auth/profile')).toHaveLength(1);
    expect(JSON.parse(window.localStorage.getItem('user')!)).toMatchObject({ firstName: 'Asha' });
  });

  it('signs out once, with one notice, when the held token has expired', async () => {
    const notice = 'Your session is invalid or has expired. Please sign in again.';
    signIn(makeUser(), 'expired-token');
    const { api, router } = renderApp('/profile', {
      'GET /auth/profile': () => {
        throw new ApiError(notice, { status: 401, code: 'UNAUTHORIZED' });
      },
    });
    expect(await screen.findByText(notice)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(within(screen.getByRole('banner')).getAllByRole('link', { name: 'Sign In' })[0]).toBeInTheDocument();

    // Nothing keeps retrying: still one call, one notice.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.callsTo('GET /auth/profile')).toHaveLength(1);
    expect(screen.getAllByText(notice)).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
  });

  it('forgets a stored user when no token is held, without calling the API', async () => {
    window.localStorage.setItem('user', JSON.stringify(makeUser()));
    const { api } = renderApp('/');
    await waitFor(() => expect(window.localStorage.getItem('user')).toBeNull());
    expect(screen.queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /auth/profile')).toHaveLength(0);
  });

  it('follows a sign-out in another tab', async () => {
    signIn();
    renderApp('/');
    expect(screen.getByRole('link', { name: 'Profile' })).toBeInTheDocument();
    await act(async () => {
      window.localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: null, storageArea: window.localStorage }));
    });
    expect(screen.queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
  });

  it('renders the products page at /products', async () => {
    renderApp('/products');
    expect(await screen.findByText('No products match these filters.')).toBeInTheDocument();
  });
});
