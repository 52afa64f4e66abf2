import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../../../lib/http.ts';
import type { FakeApi, FakeHandler } from '../../../test/fake-api.ts';
import { makeAdminOrderPage, makeAdminOrderRow, renderStaffPage } from '../test-fixtures.ts';
import { AdminOrdersPage } from './orders-page.tsx';

const shipped = makeAdminOrderRow({
  _id: 'o1',
  orderNumber: 'KP-20261121-0001',
  status: 'shipped',
  paymentMethod: 'razorpay',
  paymentStatus: 'paid',
  total: 2842,
  itemCount: 2,
});
const pending = makeAdminOrderRow({
  _id: 'o2',
  orderNumber: 'KP-20261120-0002',
  customer: { _id: 'u2', name: 'Vikram Shah', email: 'vikram@example.com' },
  total: 599,
  itemCount: 1,
});

function renderOrders(route = '/admin/orders', handler?: FakeHandler) {
  return renderStaffPage(
    <AdminOrdersPage />,
    '/admin/orders',
    { 'GET /admin/orders': handler ?? (() => makeAdminOrderPage([shipped, pending], { total: 2 })) },
    route,
  );
}

const lastQuery = (api: FakeApi) => api.callsTo('GET /admin/orders').at(-1)?.query;

describe('staff orders list', () => {
  it('shows each order with its customer, total, payment and status, linking to its page', async () => {
    const { api } = renderOrders();
    const table = await screen.findByRole('table');
    const row = within(table).getByRole('row', { name: /KP-20261121-0001/ });
    expect(within(row).getByRole('link', { name: 'KP-20261121-0001' })).toHaveAttribute('href', '/admin/orders/o1');
    expect(row).toHaveTextContent('Asha Rao');
    expect(row).toHaveTextContent('asha@example.com');
    expect(row).toHaveTextContent('₹2,842.00');
    expect(within(row).getByText('Paid')).toBeInTheDocument();
    expect(within(row).getByText('Shipped')).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /KP-20261120-0002/ })).toHaveTextContent('Cash on delivery');

    // Phones get the same orders as cards, each card one link.
    const cards = screen.getByRole('list', { name: 'Orders' });
    expect(within(cards).getByRole('link', { name: /KP-20261120-0002/ })).toHaveAttribute('href', '/admin/orders/o2');
    expect(screen.getByText('2 orders')).toBeInTheDocument();
    expect(lastQuery(api)).toEqual({ limit: '20' });
  });

  it('reads the filters from the URL and sends them to the API', async () => {
    const { api } = renderOrders('/admin/orders?status=shipped&from=2026-11-01&to=2026-11-20&q=asha&page=2', () =>
      makeAdminOrderPage([shipped], { page: 2, total: 21, totalPages: 2 }),
    );
    await screen.findByRole('table');
    expect(lastQuery(api)).toEqual({
      status: 'shipped',
      from: '2026-11-01',
      to: '2026-11-20',
      q: 'asha',
      page: '2',
      limit: '20',
    });
    expect(screen.getByLabelText('Status')).toHaveValue('shipped');
    expect(screen.getByLabelText('Placed from')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('Placed to')).toHaveValue('2026-11-20');
    expect(screen.getByLabelText('Order number or email')).toHaveValue('asha');
  });

  it('leaves out what the API would refuse', async () => {
    const { api } = renderOrders('/admin/orders?status=lost&from=yesterday&page=-3');
    await screen.findByRole('table');
    expect(lastQuery(api)).toEqual({ limit: '20' });
  });

  it('puts each filter in the URL, back on page 1, and asks the API again', async () => {
    const { user, router, api } = renderOrders('/admin/orders?page=3');
    await screen.findByRole('table');

    await user.selectOptions(screen.getByLabelText('Status'), 'pending');
    expect(router.state.location.search).toBe('?status=pending');
    await waitFor(() => expect(lastQuery(api)).toEqual({ status: 'pending', limit: '20' }));

    fireEvent.change(screen.getByLabelText('Placed from'), { target: { value: '2026-11-01' } });
    expect(router.state.location.search).toBe('?status=pending&from=2026-11-01');

    await user.type(screen.getByLabelText('Order number or email'), ' vikram@ ');
    // Typing alone asks nothing; the search is sent when submitted.
    expect(router.state.location.search).toBe('?status=pending&from=2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.search).toBe('?status=pending&from=2026-11-01&q=vikram%40');
    await waitFor(() =>
      expect(lastQuery(api)).toEqual({ status: 'pending', from: '2026-11-01', q: 'vikram@', limit: '20' }),
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('Order number or email')).toHaveValue('');
    await waitFor(() => expect(lastQuery(api)).toEqual({ limit: '20' }));
  });

  it('pages through the orders', async () => {
    const { user, router, api } = renderOrders('/admin/orders?status=pending', (call) =>
      makeAdminOrderPage([pending], { page: Number(call.query.page ?? 1), total: 45, totalPages: 3 }),
    );
    await screen.findByText('45 orders · page 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(router.state.location.search).toBe('?status=pending&page=2');
    expect(await screen.findByText('45 orders · page 2 of 3')).toBeInTheDocument();
    expect(lastQuery(api)).toEqual({ status: 'pending', page: '2', limit: '20' });
  });

  it('says when no order matches, and when there are no orders at all', async () => {
    const { unmount } = renderOrders('/admin/orders?status=delivered', () => makeAdminOrderPage([]));
    expect(await screen.findByText('No orders match these filters.')).toBeInTheDocument();
    unmount();

    renderOrders('/admin/orders', () => makeAdminOrderPage([]));
    expect(await screen.findByText('No orders yet.')).toBeInTheDocument();
  });

  it("shows the server's message when the list cannot be loaded, and Retry asks again", async () => {
    let fail = true;
    const { user } = renderOrders('/admin/orders?from=2026-11-20&to=2026-11-01', () => {
      if (fail) throw new ApiError('to must not come before from.', { status: 400, code: 'VALIDATION' });
      return makeAdminOrderPage([shipped]);
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('to must not come before from.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});
