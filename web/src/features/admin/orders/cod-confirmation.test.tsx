import { screen, waitFor } from '@testing-library/react';
import { makeAdminOrderDetail, makeAdminOrderPage, makeAdminOrderRow, renderStaffPage } from '../test-fixtures.ts';
import { AdminOrderDetailPage } from './order-detail-page.tsx';
import { AdminOrdersPage } from './orders-page.tsx';

describe('cash-on-delivery confirmation in the staff area', () => {
  it('the list says which cash orders are confirmed, and by whom', async () => {
    const rows = [
      makeAdminOrderRow({ orderNumber: 'KP-A' }),
      makeAdminOrderRow({
        orderNumber: 'KP-B',
        codConfirmation: { state: 'confirmed', confirmedAt: '2026-11-28T10:00:00.000Z', via: 'email' },
      }),
      makeAdminOrderRow({
        orderNumber: 'KP-C',
        codConfirmation: { state: 'confirmed', confirmedAt: '2026-11-28T10:00:00.000Z', via: 'staff' },
      }),
      makeAdminOrderRow({ orderNumber: 'KP-D', paymentMethod: 'razorpay', paymentStatus: 'paid' }),
    ];
    renderStaffPage(<AdminOrdersPage />, '/admin/orders', {
      'GET /admin/orders': () => makeAdminOrderPage(rows),
    });
    const table = await screen.findByRole('table');
    const rowOf = (number: string) => screen.getAllByRole('row').find((r) => r.textContent?.includes(number))!;
    expect(table).toBeInTheDocument();
    expect(rowOf('KP-A')).toHaveTextContent('COD not confirmed');
    expect(rowOf('KP-B')).toHaveTextContent('COD confirmed by shopper');
    expect(rowOf('KP-C')).toHaveTextContent('COD confirmed by staff');
    expect(rowOf('KP-D')).not.toHaveTextContent('COD');
  });

  it('staff confirm a cash order from its page (after a call); the page then shows it confirmed', async () => {
    let detail = makeAdminOrderDetail({ _id: 'o1', orderNumber: 'KP-1' });
    const { api, user } = renderStaffPage(
      <AdminOrderDetailPage />,
      '/admin/orders/:id',
      {
        'GET /admin/orders/:id': () => detail,
        'POST /admin/orders/:id/cod-confirmation': () => {
          detail = {
            ...detail,
            codConfirmation: { state: 'confirmed', confirmedAt: '2026-11-28T10:00:00.000Z', via: 'staff' },
          };
          return detail;
        },
      },
      '/admin/orders/o1',
    );
    expect(await screen.findByText('COD not confirmed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm COD order' }));
    expect(await screen.findByText('Cash on delivery confirmed')).toBeInTheDocument();
    expect(api.callsTo('POST /admin/orders/:id/cod-confirmation')[0]).toMatchObject({
      path: '/admin/orders/o1/cod-confirmation',
    });
    await waitFor(() => expect(screen.getByText('COD confirmed by staff')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Confirm COD order' })).not.toBeInTheDocument();
  });
});
