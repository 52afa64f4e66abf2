import { screen, within } from '@testing-library/react';
import { makeHomePage } from '../../test/fixtures.ts';
import { makeAdminOrderPage, renderAppAsAdmin } from './test-fixtures.ts';

// The product, coupon and message pages have their own tests; here they only show which page
// and id the staff routes handed them.
vi.mock('./products/admin-products-page.tsx', () => ({ AdminProductsPage: () => <h1>Products</h1> }));
vi.mock('./products/product-edit-page.tsx', async () => {
  const { useParams } = await import('react-router');
  return { AdminProductEditPage: () => <h1>Product {useParams().id ?? 'new'}</h1> };
});
vi.mock('./coupons/admin-coupons-page.tsx', () => ({ AdminCouponsPage: () => <h1>Coupons</h1> }));
vi.mock('./messages/messages-page.tsx', () => ({ AdminMessagesPage: () => <h1>Messages</h1> }));
vi.mock('./delivery/delivery-page.tsx', () => ({ AdminDeliveryPage: () => <h1>Delivery</h1> }));
vi.mock('./messages/message-detail-page.tsx', async () => {
  const { useParams } = await import('react-router');
  return { AdminMessageDetailPage: () => <h1>Message {useParams().id}</h1> };
});

function renderApp(route: string) {
  return renderAppAsAdmin(route, {
    'GET /order/stats': () => [],
    'GET /admin/return-stats': () => ({
      days: 30,
      delivered: 20,
      reasons: [
        { reason: 'damaged', returns: 2, ratePercent: 10 },
        { reason: 'defective', returns: 1, ratePercent: 5 },
        { reason: 'incorrect_item', returns: 0, ratePercent: 0 },
      ],
    }),
    'GET /admin/orders': () => makeAdminOrderPage([]),
    'GET /admin/low-stock': () => [],
    // The shop's home page, behind the staff area.
    'GET /home': () => makeHomePage(),
    'GET /admin/rto-by-pin': () => ({ since: '2026-10-29', pins: [] }),
  });
}

describe('the staff area for an admin', () => {
  it('opens the dashboard inside the staff frame, its tab marked as the current page', async () => {
    renderApp('/admin');
    // The first test also waits for the staff area's chunk to load.
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Staff area')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Staff' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/admin'],
      ['Orders', '/admin/orders'],
      ['Shipments', '/admin/shipments'],
      ['Returns', '/admin/returns'],
      ['Products', '/admin/products'],
      ['Coupons', '/admin/coupons'],
      ['Home page', '/admin/home'],
      ['Messages', '/admin/messages'],
      ['Delivery', '/admin/delivery'],
      ['Tax & invoices', '/admin/tax'],
      ['Complaints', '/admin/complaints'],
      ['Back to shop', '/'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Orders' })).not.toHaveAttribute('aria-current');
  });

  it('moves between staff pages from the tabs', async () => {
    const { user, router } = renderApp('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Staff' });

    await user.click(within(nav).getByRole('link', { name: 'Orders' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');

    await user.click(within(nav).getByRole('link', { name: 'Coupons' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Coupons' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/coupons');
  });

  it.each([
    ['/admin/products', 'Products', 'Products'],
    ['/admin/products/new', 'Product new', 'Products'],
    ['/admin/products/p7', 'Product p7', 'Products'],
    ['/admin/messages', 'Messages', 'Messages'],
    ['/admin/messages/m7', 'Message m7', 'Messages'],
    ['/admin/delivery', 'Delivery', 'Delivery'],
  ])('routes %s to its page (%s), under the %s tab', async (route, heading, tab) => {
    renderApp(route);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Staff' });
    expect(within(nav).getByRole('link', { name: tab })).toHaveAttribute('aria-current', 'page');
  });

  it('answers an unknown staff address inside the staff frame', async () => {
    renderApp('/admin/nowhere');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/admin');
  });

  it('shows the Staff link in the header, and in the phone menu', async () => {
    const { user } = renderApp('/');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Staff' })).toHaveAttribute('href', '/admin');

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(menu).getByRole('link', { name: 'Staff' })).toHaveAttribute('href', '/admin');
    // The home page's sections load behind it: done before the test ends, so no import outlives it.
    expect(await screen.findByRole('heading', { name: 'New Arrivals' }, { timeout: 5000 })).toBeInTheDocument();
  });
});
