import { screen, within } from '@testing-library/react';
import { createFakeApi } from '../test/fake-api.ts';
import { makeProductPage } from '../test/fixtures.ts';
import { renderWithProviders, signIn } from '../test/render.tsx';
import { routes } from './router.tsx';

function renderApp(route: string) {
  const api = createFakeApi({ 'GET /product': () => makeProductPage([]) });
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
    expect(screen.getByRole('link', { name: 'Your profile' })).toHaveAttribute('href', '/profile');
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
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Deals' }));
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.state).toEqual({ scrollTo: 'deals-section' });
    expect(document.getElementById('deals-section')).toBeInTheDocument();
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
    ['/signin', 'Sign in is coming soon'],
    ['/signup', 'Sign up is coming soon'],
    ['/collaboration', 'Collaborations are coming soon'],
    ['/auth/google/callback', 'Google sign-in is coming soon'],
    ['/cart', 'Your cart is coming soon'],
    ['/profile', 'Your profile is coming soon'],
    ['/checkout', 'Checkout is coming soon'],
    ['/no/such/page', 'Page not found'],
  ])('shows a page for %s inside the layout', (route, heading) => {
    renderApp(route);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('renders the products page at /products', async () => {
    renderApp('/products');
    expect(await screen.findByText('No products match these filters.')).toBeInTheDocument();
  });
});
