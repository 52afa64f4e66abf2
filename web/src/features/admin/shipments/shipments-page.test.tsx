import type { CourierSettingData, DeliveryProblemData } from '@shop/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { createFakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { AdminShipmentsPage } from './shipments-page.tsx';

const problem: DeliveryProblemData = {
  shipment: {
    _id: 's1',
    orderId: 'o1',
    courier: 'dtdc',
    courierName: 'DTDC',
    awb: 'DT123456',
    trackingUrl: null,
    status: 'delivery_failed',
    failedAttempts: 2,
    shippedAt: '2026-11-20T10:00:00.000Z',
    reattempt: { phone: '9123456780', requestedAt: '2026-11-22T10:00:00.000Z' },
    events: [],
  },
  orderNumber: 'KP-1',
  customerName: 'Asha Rao',
  phone: '9876543210',
  pinCode: '560001',
  reason: 'Door locked',
  since: '2026-11-21T10:00:00.000Z',
  ageHours: 75,
};

const couriers: CourierSettingData[] = [
  { courier: 'delhivery', name: 'Delhivery', trackingUrlTemplate: 'https://www.delhivery.com/track/package/{awb}' },
  { courier: 'other', name: 'Other courier', trackingUrlTemplate: '' },
];

function renderPage(handlers: Parameters<typeof createFakeApi>[0] = {}) {
  const api = createFakeApi({
    'GET /admin/delivery-problems': () => ({ problems: [problem] }),
    'GET /admin/couriers': () => ({ couriers }),
    'GET /admin/shipment-settings': () => ({
      maxDeliveryAttempts: 3,
      rtoCodThresholdPercent: null,
      rtoCodMinOrders: 10,
    }),
    'GET /admin/returns-by-pin': () => ({
      pins: [{ pinCode: '560001', finished: 12, returned: 5, ratePercent: 41.67, codOff: true }],
    }),
    ...handlers,
  });
  return { ...renderWithProviders(<AdminShipmentsPage />, { api }), api };
}

describe('staff Shipments page', () => {
  it('lists delivery problems with the reason, the shopper’s request and how long they have waited', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Delivery problems' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: 'KP-1' })).toHaveAttribute('href', '/admin/orders/o1');
    expect(row).toHaveTextContent('9876543210 · PIN 560001');
    expect(row).toHaveTextContent('Asked for another attempt · call 9123456780');
    expect(row).toHaveTextContent('DT123456');
    expect(row).toHaveTextContent('2 failed attempts · Door locked');
    expect(row).toHaveTextContent('3 days');
    const returns = await screen.findByRole('table', { name: 'Returns by PIN code' });
    expect(returns).toHaveTextContent('42%');
    expect(returns).toHaveTextContent('Off (returns)');
  });

  it('uploads a CSV of AWB statuses and lists the lines not applied', async () => {
    const { api } = renderPage({
      'POST /admin/shipments/import': () => ({
        applied: 2,
        duplicates: 1,
        errors: [{ line: 4, message: 'No shipment has AWB number X1234.' }],
      }),
    });
    await screen.findByRole('table', { name: 'Delivery problems' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const csv = 'awb,status,time\nDT123456,Delivered,2026-11-28 10:00\n';
    fireEvent.change(input, { target: { files: [new File([csv], 'statuses.csv', { type: 'text/csv' })] } });
    expect(await screen.findByText('2 applied, 1 already known, 1 not applied.')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Lines not applied' })).toHaveTextContent(
      'Line 4: No shipment has AWB number X1234.',
    );
    expect(api.callsTo('POST /admin/shipments/import')).toMatchObject([{ body: { csv } }]);
  });

  it('saves the attempts and the return-rate rule, an empty rate meaning off', async () => {
    const { user, api } = renderPage({
      'PUT /admin/shipment-settings': ({ body }) => body,
      'PUT /admin/couriers/:courier': () => ({ couriers }),
    });
    const attempts = await screen.findByLabelText('Delivery attempts');
    await user.clear(attempts);
    await user.type(attempts, '2');
    await user.type(screen.getByLabelText(/No cash on delivery above/), '30');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /admin/shipment-settings')).toMatchObject([
      { body: { maxDeliveryAttempts: 2, rtoCodThresholdPercent: 30, rtoCodMinOrders: 10 } },
    ]);

    const other = screen.getByLabelText('Other courier');
    await user.type(other, 'https://track.example/{{awb}');
    const form = other.closest('form')!;
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(api.callsTo('PUT /admin/couriers/:courier')).toMatchObject([
      { path: '/admin/couriers/other', body: { trackingUrlTemplate: 'https://track.example/{awb}' } },
    ]);
  });
});
