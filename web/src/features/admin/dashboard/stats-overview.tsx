import { formatRupees, orderStatuses, type OrderStatsSummary, type StatsPeriod } from '@shop/core';
import { AdminSection } from '../shared/admin-page.tsx';
import { OrderStatusBadge } from '../shared/status-badge.tsx';
import { OrdersChart } from './orders-chart.tsx';

const periods: readonly { key: 'today' | 'last7Days' | 'last30Days'; label: string; short: string }[] = [
  { key: 'today', label: 'Today', short: 'Today' },
  { key: 'last7Days', label: 'Last 7 days', short: '7 days' },
  { key: 'last30Days', label: 'Last 30 days', short: '30 days' },
];

function PeriodCard({ label, period }: { label: string; period: StatsPeriod }) {
  return (
    <section aria-label={label} className="rounded-2xl border border-line bg-white p-4 sm:p-5">
      <h2 className="text-xs font-semibold tracking-[0.14em] text-muted uppercase">{label}</h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-1">
        <div>
          <dt className="text-xs text-muted">Orders</dt>
          <dd className="mt-0.5 text-2xl font-semibold tabular-nums">{period.orders}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Revenue</dt>
          <dd className="mt-0.5 text-lg font-semibold whitespace-nowrap tabular-nums sm:text-xl">
            {formatRupees(period.revenue)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Refunded</dt>
          <dd className="mt-0.5 text-sm whitespace-nowrap tabular-nums">{formatRupees(period.refunds)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Returned to origin</dt>
          <dd className="mt-0.5 text-sm tabular-nums">
            {period.returnedToOrigin} {period.returnedToOrigin === 1 ? 'parcel' : 'parcels'}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** The period cards, the 30-day chart and the orders by status, from one summary. */
export function StatsOverview({ summary }: { summary: OrderStatsSummary }) {
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-3">
        {periods.map(({ key, label }) => (
          <PeriodCard key={key} label={label} period={summary[key]} />
        ))}
      </div>
      <div className="grid gap-4 xl:grid-cols-2">
        <AdminSection title="Orders per day">
          <OrdersChart days={summary.days} />
        </AdminSection>
        <AdminSection title="Orders by status">
          <table className="w-full text-sm tabular-nums">
            <thead className="text-xs text-muted">
              <tr>
                <th scope="col" className="py-1.5 text-left font-medium">
                  Status
                </th>
                {periods.map(({ key, short }) => (
                  <th key={key} scope="col" className="py-1.5 text-right font-medium">
                    {short}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {orderStatuses.map((status) => (
                <tr key={status}>
                  <th scope="row" className="py-2 text-left font-normal">
                    <OrderStatusBadge status={status} />
                  </th>
                  {periods.map(({ key }) => (
                    <td key={key} className="py-2 text-right">
                      {summary[key].byStatus[status].orders}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </AdminSection>
      </div>
    </div>
  );
}
