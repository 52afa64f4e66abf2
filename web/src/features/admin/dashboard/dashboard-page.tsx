import { variantLabel, type AdminOrderRow, type LowStockRow } from '@shop/core';
import { Link } from 'react-router';
import { formatPrice } from '../../../lib/format.ts';
import { useGetAdminOrdersQuery } from '../orders/index.ts';
import { ReturnRateByReason } from '../returns/index.ts';
import { AdminPageHeader, AdminSection, EmptyState, ResourceView } from '../shared/admin-page.tsx';
import { formatDateTime } from '../shared/format.ts';
import { OrderStatusBadge } from '../shared/status-badge.tsx';
import { asResource } from '../shared/use-resource.ts';
import { useGetLowStockQuery, useGetOrderStatsSummaryQuery, useGetRtoRatesQuery } from './api.ts';
import { RtoRatesTable } from './rto-rates.tsx';
import { StatsOverview } from './stats-overview.tsx';

/** How many of the variants running low the dashboard lists, the emptiest first. */
const LOW_STOCK_ROWS = 10;
const LATEST_ORDERS = 5;

/**
 * The shop at a glance: orders and revenue for today, 7 and 30 days, a chart of the month,
 * orders by status, returns to origin by PIN code, variants at or below their low-stock threshold (the product's, else the
 * shop's), the latest orders and the return rate by reason. Each part loads on its own, so
 * one failing leaves the others readable.
 */
export function DashboardPage() {
  const stats = asResource(useGetOrderStatsSummaryQuery());
  const lowStock = asResource(useGetLowStockQuery({ limit: LOW_STOCK_ROWS }));
  const latest = asResource(useGetAdminOrdersQuery({ limit: LATEST_ORDERS }));
  const rtoRates = asResource(useGetRtoRatesQuery());

  return (
    <>
      <AdminPageHeader
        title="Dashboard"
        description="Revenue is money kept: cash once delivered, online payments once captured, less refunds, cancelled orders and parcels returned to origin. Days are counted in Indian time (IST)."
      />
      <ResourceView resource={stats} label="Loading the stats…">
        {(summary) => <StatsOverview summary={summary} />}
      </ResourceView>
      <AdminSection title="Returns to origin by PIN code" className="mt-4">
        <ResourceView resource={rtoRates} label="Loading returns to origin…">
          {(rates) => <RtoRatesTable rates={rates} />}
        </ResourceView>
      </AdminSection>
      <div className="mt-4 grid gap-4 xl:grid-cols-2">
        <AdminSection title="Low stock">
          <ResourceView resource={lowStock} label="Loading low stock…">
            {(rows) => <LowStockList rows={rows} />}
          </ResourceView>
        </AdminSection>
        <AdminSection
          title="Latest orders"
          actions={
            <Link to="/admin/orders" className="rounded-md text-sm font-medium text-accent hover:underline">
              All orders
            </Link>
          }
        >
          <ResourceView resource={latest} label="Loading the latest orders…">
            {(page) => <LatestOrders orders={page.orders} />}
          </ResourceView>
        </AdminSection>
      </div>
      <div className="mt-4">
        <AdminSection
          title="Return rate by reason (last 30 days)"
          actions={
            <Link to="/admin/returns" className="rounded-md text-sm font-medium text-accent hover:underline">
              Returns
            </Link>
          }
        >
          <ReturnRateByReason />
        </AdminSection>
      </div>
    </>
  );
}

function LowStockList({ rows }: { rows: LowStockRow[] }) {
  if (rows.length === 0) {
    return (
      <EmptyState title="Nothing is running low.">
        Every variant has more in stock than its low-stock threshold.
      </EmptyState>
    );
  }
  return (
    <ul className="divide-y divide-line" aria-label="Variants running low">
      {rows.map((row) => (
        <li key={row.sku} className="flex items-center justify-between gap-3 py-2.5 text-sm">
          <Link
            to={`/admin/products/${encodeURIComponent(row.productId)}`}
            className="min-w-0 rounded-md hover:underline"
          >
            <span className="font-medium break-words">{row.name}</span>
            <span className="text-muted">
              {' '}
              · {row.color === '' ? `size ${row.size}` : variantLabel(row)} ·{' '}
              <span className="font-mono text-xs">{row.sku}</span>
            </span>
          </Link>
          <span
            className={`shrink-0 text-right tabular-nums ${row.stock === 0 ? 'font-semibold text-sale' : 'text-ink-soft'}`}
          >
            {row.stock === 0 ? 'Sold out' : `${row.stock} left`}
            <span className="block text-xs font-normal text-muted">low at {row.threshold}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function LatestOrders({ orders }: { orders: AdminOrderRow[] }) {
  if (orders.length === 0) return <EmptyState title="No orders yet." />;
  return (
    <ul className="divide-y divide-line" aria-label="Latest orders">
      {orders.map((order) => (
        <li key={order._id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5 text-sm">
          <div className="min-w-0">
            <Link
              to={`/admin/orders/${encodeURIComponent(order._id)}`}
              className="rounded-md font-mono text-sm font-semibold break-all hover:underline"
            >
              {order.orderNumber}
            </Link>
            <p className="text-xs text-muted">
              {order.customer.name || order.customer.email} · {formatDateTime(order.createdAt)}
            </p>
          </div>
          <div className="flex items-center gap-3">
            <span className="font-medium tabular-nums">{formatPrice(order.total)}</span>
            <OrderStatusBadge status={order.status} />
          </div>
        </li>
      ))}
    </ul>
  );
}
