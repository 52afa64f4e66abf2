import type { ServiceableRangeData, ShopSettingsBody } from '@shop/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../../../lib/http.ts';
import { createFakeApi } from '../../../test/fake-api.ts';
import { makeStoreInfo } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { refusedFields } from '../test-fixtures.ts';
import { AdminDeliveryPage } from './delivery-page.tsx';

const ranges: ServiceableRangeData[] = [
  { _id: 'r1', from: '100000', to: '743999', cod: true },
  { _id: 'r2', from: '190000', to: '194999', cod: false },
];

const makeSettings = () => ({
  freeShippingThreshold: null as number | null,
  codMaxOrderValue: 50000,
  codMaxOpenOrders: 3,
  lowStockThreshold: 5,
  codConfirmHours: null as number | null,
  returnWindowDays: 3,
  allowSizeExchanges: false,
  pricesIncludeGst: false,
});

function renderPage(handlers: Parameters<typeof createFakeApi>[0] = {}) {
  let settings = makeSettings();
  const api = createFakeApi({
    'GET /admin/settings': () => settings,
    'PUT /admin/settings': ({ body }) => {
      settings = body as typeof settings;
      return settings;
    },
    'GET /admin/delivery': () => ({ ranges, audit: [] }),
    'GET /store': () => makeStoreInfo(),
    ...handlers,
  });
  return { ...renderWithProviders(<AdminDeliveryPage />, { api }), api };
}

describe('staff Delivery page', () => {
  it('lists the ranges with their cash on delivery, and saves the settings in rupees', async () => {
    const { api, user } = renderPage();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('100000 – 743999')).toBeInTheDocument();
    expect(within(table).getByLabelText('Cash on delivery for 190000 – 194999')).not.toBeChecked();

    await user.type(await screen.findByLabelText(/Free shipping from/), '999');
    await user.clear(screen.getByLabelText('Open COD orders per shopper'));
    await user.type(screen.getByLabelText('Open COD orders per shopper'), '5');
    await user.clear(screen.getByLabelText('Low stock at (pieces)'));
    await user.type(screen.getByLabelText('Low stock at (pieces)'), '3');
    await user.type(screen.getByLabelText(/Cancel unconfirmed COD orders after/), '24');
    await user.clear(screen.getByLabelText(/Returns within/));
    await user.type(screen.getByLabelText(/Returns within/), '7');
    await user.click(screen.getByRole('checkbox', { name: /Allow size exchanges/ }));
    const inclusive = screen.getByRole('checkbox', { name: /Prices include GST/ });
    expect(inclusive).not.toBeChecked();
    await user.click(inclusive);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(api.callsTo('PUT /admin/settings')).toHaveLength(1));
    expect(api.callsTo('PUT /admin/settings')[0]!.body).toEqual({
      freeShippingThreshold: 999,
      codMaxOrderValue: 50000,
      codMaxOpenOrders: 5,
      lowStockThreshold: 3,
      codConfirmHours: 24,
      returnWindowDays: 7,
      allowSizeExchanges: true,
      pricesIncludeGst: true,
    } satisfies ShopSettingsBody);
    // The shop's details every page shows are asked again, so they say what the totals now do.
    await waitFor(() => expect(api.callsTo('GET /store')).toHaveLength(1));
  });

  it('a switch left as it was is not sent: a page opened before another staff member turned GST-inclusive prices on does not turn them off', async () => {
    const { api, user } = renderPage({
      'PUT /admin/settings': ({ body }) => ({ ...makeSettings(), pricesIncludeGst: true, ...(body as object) }),
    });
    const cap = await screen.findByLabelText('Cash on delivery up to (₹)');
    expect(screen.getByRole('checkbox', { name: /Prices include GST/ })).not.toBeChecked();
    // Meanwhile, in another tab, the owner turns the setting on; this page still shows it off.
    await user.clear(cap);
    await user.type(cap, '20000');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(api.callsTo('PUT /admin/settings')).toHaveLength(1));
    const body = api.callsTo('PUT /admin/settings')[0]!.body as ShopSettingsBody;
    expect(body.codMaxOrderValue).toBe(20000);
    expect(body).not.toHaveProperty('pricesIncludeGst');
    expect(body).not.toHaveProperty('allowSizeExchanges');
  });

  it('a switch turned on, saved, then off again is sent each time', async () => {
    const { api, user } = renderPage();
    await user.click(await screen.findByRole('checkbox', { name: /Prices include GST/ }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Prices include GST/ })).toBeChecked());
    await waitFor(() => expect(api.callsTo('GET /admin/settings')).toHaveLength(2));
    await user.click(screen.getByRole('checkbox', { name: /Prices include GST/ }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(api.callsTo('PUT /admin/settings')).toHaveLength(2));
    expect(api.callsTo('PUT /admin/settings').map((call) => (call.body as ShopSettingsBody).pricesIncludeGst)).toEqual([
      true,
      false,
    ]);
  });

  it("shows a refused change's field message under its form, and the form keeps what was typed", async () => {
    const { user } = renderPage({
      'PUT /admin/settings': () => {
        throw refusedFields([{ path: 'codMaxOrderValue', message: 'Cash on delivery limit must be at least 1.' }]);
      },
    });
    const cap = await screen.findByLabelText('Cash on delivery up to (₹)');
    await user.clear(cap);
    await user.type(cap, '0');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const form = cap.closest('form')!;
    expect(await within(form).findByRole('alert')).toHaveTextContent('Cash on delivery limit must be at least 1.');
    expect(cap).toHaveValue('0');
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeEnabled();
  });

  it('adds a single code, leaving "To" out', async () => {
    const { api, user } = renderPage({ 'POST /admin/delivery': ({ body }) => ({ _id: 'r3', ...(body as object) }) });
    await user.type(await screen.findByLabelText('From PIN code'), '190001');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.callsTo('POST /admin/delivery')).toHaveLength(1));
    expect(api.callsTo('POST /admin/delivery')[0]!.body).toEqual({ from: '190001', to: '', cod: true });
  });

  it('a refused import lists every bad line, and says nothing changed', async () => {
    renderPage({
      'PUT /admin/delivery.csv': () => {
        throw new ApiError('The file was not imported.', {
          status: 400,
          code: 'INVALID_CSV',
          issues: [
            { path: 'line 3', message: '"11000" is not a PIN code (6 digits, the first 1 to 8).' },
            { path: 'line 4', message: 'cod must be yes or no, not "maybe".' },
          ],
        });
      },
    });
    const input = (await screen.findByText('Import CSV')).querySelector('input')!;
    fireEvent.change(input, { target: { files: [new File(['from,to,cod\n'], 'pins.csv', { type: 'text/csv' })] } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The file was not imported; nothing changed.');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Line 3: "11000" is not a PIN code (6 digits, the first 1 to 8).',
      'Line 4: cod must be yes or no, not "maybe".',
    ]);
  });
});
