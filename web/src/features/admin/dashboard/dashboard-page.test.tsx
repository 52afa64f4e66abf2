import { screen, within } from '@testing-library/react';
import { ApiError, NETWORK_ERROR } from '../../../lib/http.ts';
import { createFakeApi, type FakeHandler } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { makeAdminOrderPage, makeAdminOrderRow } from '../test-fixtures.ts';
import { DashboardPage } from './dashboard-page.tsx';

/** A stats row as the API sends it (rupees); `revenue` is what the server kept, which the page recomputes. */
const statsRow = (date: string, status: string, orders: number, taken: number, extra: object = {}) => ({
  date,
  status,
  returnedToOrigin: false,
  orders,
  taken,
  refunded: 0,
  revenue: status === 'cancelled' ? 0 : taken,
  ...extra,
});

const stats = [
  statsRow('2026-11-21', 'pending', 2, 2000),
  statsRow('2026-11-21', 'cancelled', 1, 500, { refunded: 500 }),
  statsRow('2026-11-18', 'delivered', 3, 4500.5),
  statsRow('2026-11-01', 'shipped', 4, 10000),
];

const rtoRates = {
  since: '2026-10-23',
  pins: [
    { pinCode: '560100', shipped: 4, returned: 3, ratePercent: 75 },
    { pinCode: '560001', shipped: 10, returned: 1, ratePercent: 10 },
  ],
};

function renderDashboard(handlers: Record<string, FakeHandler> = {}) {
  const api = createFakeApi({
    'GET /order/stats': () => stats,
    'GET /admin/return-stats': () => ({
      days: 30,
      delivered: 20,
      reasons: [
        { reason: 'damaged', returns: 2, ratePercent: 10 },
        { reason: 'defective', returns: 1, ratePercent: 5 },
        { reason: 'incorrect_item', returns: 0, ratePercent: 0 },
      ],
    }),
    'GET /admin/rto-by-pin': () => rtoRates,
    'GET /admin/low-stock': () => [
      {
        productId: 'oxford',
        name: 'Oxford Shirt',
        color: 'navy',
        size: 'M',
        sku: 'KP-OXF-NAV-M',
        stock: 0,
        threshold: 5,
      },
      { productId: 'chino', name: 'Slim Chinos', color: '', size: '32', sku: 'KP-SLI-32', stock: 3, threshold: 4 },
    ],
    'GET /admin/orders': () =>
      makeAdminOrderPage([
        makeAdminOrderRow({ _id: 'o9', orderNumber: 'KP-20261121-0009', total: 1299, status: 'shipped' }),
      ]),
    ...handlers,
  });
  return renderWithProviders(<DashboardPage />, { api });
}

const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('dashboard', () => {
  beforeEach(() => {
    // Late on 21 Nov in India (22:00 IST): the stats count India's days.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T16:30:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('sums orders and revenue for today, 7 and 30 days, leaving cancelled orders out of revenue', async () => {
    renderDashboard();
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(within(today).getByText('3')).toBeInTheDocument();
    expect(within(today).getByText('₹2,000.00')).toBeInTheDocument();

    const week = screen.getByRole('region', { name: 'Last 7 days' });
    expect(within(week).getByText('6')).toBeInTheDocument();
    expect(within(week).getByText('₹6,500.50')).toBeInTheDocument();

    const month = screen.getByRole('region', { name: 'Last 30 days' });
    expect(within(month).getByText('10')).toBeInTheDocument();
    expect(within(month).getByText('₹16,500.50')).toBeInTheDocument();

    expect(screen.getByText(/Revenue is money kept/)).toBeInTheDocument();
  });

  it('nets refunds and parcels returned to origin out of the revenue, and shows both', async () => {
    renderDashboard({
      'GET /order/stats': () => [
        statsRow('2026-11-21', 'delivered', 2, 3000, { refunded: 400 }),
        statsRow('2026-11-21', 'shipped', 1, 900, { returnedToOrigin: true }),
        statsRow('2026-11-20', 'cancelled', 2, 1200, { refunded: 1200, returnedToOrigin: true }),
      ],
    });
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(within(today).getByText('₹2,600.00')).toBeInTheDocument();
    expect(within(today).getByText('₹400.00')).toBeInTheDocument();
    expect(within(today).getByText('1 parcel')).toBeInTheDocument();
    const week = screen.getByRole('region', { name: 'Last 7 days' });
    expect(within(week).getByText('₹2,600.00')).toBeInTheDocument();
    expect(within(week).getByText('₹1,600.00')).toBeInTheDocument();
    expect(within(week).getByText('3 parcels')).toBeInTheDocument();
  });

  it('rates returns to origin by PIN code, the highest first, and says when nothing shipped', async () => {
    const { unmount } = renderDashboard();
    const section = await screen.findByRole('region', { name: 'Returns to origin by PIN code' });
    const table = await within(section).findByRole('table', { name: /highest rate first/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [within(row).getByRole('rowheader').textContent, ...cellTexts(row)])).toEqual([
      ['560100', '4', '3', '75%'],
      ['560001', '10', '1', '10%'],
    ]);
    expect(within(section).getByText(/shipped since 23 Oct \(IST\)/)).toBeInTheDocument();
    unmount();

    renderDashboard({ 'GET /admin/rto-by-pin': () => ({ since: '2026-10-23', pins: [] }) });
    expect(await screen.findByText('No parcels shipped in the last 30 days.')).toBeInTheDocument();
  });

  it("starts a new day at midnight in India, 18:30 UTC: the 21st's orders are yesterday's at 20:00 UTC", async () => {
    vi.setSystemTime(new Date('2026-11-21T20:00:00Z'));
    renderDashboard();
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(within(today).getAllByText('0')).not.toHaveLength(0);
    // Revenue and refunds alike.
    expect(within(today).getAllByText('₹0.00')).toHaveLength(2);
    expect(within(screen.getByRole('region', { name: 'Last 7 days' })).getByText('6')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Orders per day/ })).toHaveAccessibleName(
      'Orders per day over the last 30 days: 10 in all, the busiest day 1 Nov with 4.',
    );
    expect(screen.getByRole('columnheader', { name: 'Day (IST)' })).toBeInTheDocument();
    // The chart's days run to the 22nd, today in India.
    expect(cellTexts(screen.getByRole('row', { name: /22 Nov/ }))).toEqual(['0', '₹0.00']);
    expect(screen.getByText(/Days are counted in Indian time \(IST\)/)).toBeInTheDocument();
  });

  it('draws the month as bars with a text alternative, and counts orders by status', async () => {
    renderDashboard();
    const chart = await screen.findByRole('img', { name: /Orders per day over the last 30 days: 10 in all/ });
    expect(chart).toHaveAccessibleName(
      'Orders per day over the last 30 days: 10 in all, the busiest day 1 Nov with 4.',
    );
    expect(chart.querySelectorAll('rect')).toHaveLength(30);
    // The numbers behind the bars, as a table.
    const dayRow = screen.getByRole('row', { name: /18 Nov/ });
    expect(cellTexts(dayRow)).toEqual(['3', '₹4,500.50']);

    const byStatus = within(screen.getByRole('region', { name: 'Orders by status' })).getByRole('table');
    const cancelled = within(byStatus).getByRole('row', { name: /Cancelled/ });
    expect(cellTexts(cancelled)).toEqual(['1', '1', '1']);
    const shipped = within(byStatus).getByRole('row', { name: /Shipped/ });
    expect(cellTexts(shipped)).toEqual(['0', '0', '4']);
  });

  it('lists the variants at or below their thresholds, each linking to its product, and the latest orders', async () => {
    const { api } = renderDashboard();
    const lowStock = await screen.findByRole('list', { name: 'Variants running low' });
    const oxford = within(lowStock).getByRole('link', { name: /Oxford Shirt/ });
    expect(oxford).toHaveAttribute('href', '/admin/products/oxford');
    expect(oxford).toHaveTextContent('Navy / M · KP-OXF-NAV-M');
    expect(within(lowStock).getByRole('link', { name: /Slim Chinos/ })).toHaveTextContent('size 32 · KP-SLI-32');
    expect(within(lowStock).getByText('Sold out')).toBeInTheDocument();
    expect(within(lowStock).getByText('3 left')).toBeInTheDocument();
    expect(within(lowStock).getByText('low at 4')).toBeInTheDocument();
    // Each variant held to its own threshold: none is asked for.
    expect(api.callsTo('GET /admin/low-stock')[0]!.query).toEqual({ limit: '10' });

    const latest = await screen.findByRole('list', { name: 'Latest orders' });
    expect(within(latest).getByRole('link', { name: 'KP-20261121-0009' })).toHaveAttribute('href', '/admin/orders/o9');
    expect(within(latest).getByText('₹1,299.00')).toBeInTheDocument();
    expect(within(latest).getByText('Shipped')).toBeInTheDocument();
    expect(api.callsTo('GET /admin/orders')[0]!.query).toEqual({ limit: '5' });
  });

  it('says when nothing runs low and no order exists yet', async () => {
    renderDashboard({ 'GET /admin/low-stock': () => [], 'GET /admin/orders': () => makeAdminOrderPage([]) });
    expect(await screen.findByText('Nothing is running low.')).toBeInTheDocument();
    expect(await screen.findByText('No orders yet.')).toBeInTheDocument();
  });

  it('shows "Failed to fetch stats" when the stats cannot be loaded, and loads them again on Retry', async () => {
    let fail = true;
    const { user, api } = renderDashboard({
      'GET /order/stats': () => {
        if (fail) throw new ApiError('offline', { status: 0, code: NETWORK_ERROR });
        return stats;
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch stats');
    // The rest of the page does not depend on the stats.
    expect(await screen.findByRole('list', { name: 'Latest orders' })).toBeInTheDocument();

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Today' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch stats')).not.toBeInTheDocument();
    expect(api.callsTo('GET /order/stats')).toHaveLength(2);
  });

  it("shows the server's message when it gives one", async () => {
    renderDashboard({
      'GET /admin/low-stock': () => {
        throw new ApiError('Admins only.', { status: 403, code: 'FORBIDDEN' });
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Admins only.');
  });
});
