import type { AdminOrderPage, AdminOrderRow } from '@shop/core';
import { Link, useSearchParams } from 'react-router';
import { formatPrice } from '../../../lib/format.ts';
import { AdminPageHeader, EmptyState } from '../shared/admin-page.tsx';
import { ColumnHeads, type Column } from '../shared/column-heads.tsx';
import { formatDateTime } from '../shared/format.ts';
import { PagedList, ResultCount } from '../shared/paged-list.tsx';
import { OrderStatusBadge, PaymentStatusBadge } from '../shared/status-badge.tsx';
import { CodConfirmationBadge } from './cod-confirmation.tsx';
import { asResource } from '../shared/use-resource.ts';
import { useGetAdminOrdersQuery, type AdminOrderFilters } from './api.ts';
import { filtersFromSearch, hasFilters, ORDERS_PER_PAGE, searchFromFilters } from './filters.ts';
import { OrderFilters } from './order-filters.tsx';

const detailPath = (order: AdminOrderRow) => `/admin/orders/${encodeURIComponent(order._id)}`;

/** Every shopper's orders, newest first, filtered by status, days and text through the URL. */
export function AdminOrdersPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearch(searchParams);
  const orders = asResource(useGetAdminOrdersQuery({ ...filters, limit: ORDERS_PER_PAGE }), { keepPreviousData: true });

  const apply = (next: AdminOrderFilters) => setSearchParams(searchFromFilters(next));

  return (
    <>
      <AdminPageHeader title="Orders" description="Every shopper's orders, newest first." />
      <OrderFilters filters={filters} onChange={apply} />
      <PagedList resource={orders} label="Loading orders…" onPageChange={(page) => apply({ ...filters, page })}>
        {(page) => <OrderResults page={page} filtered={hasFilters(filters)} />}
      </PagedList>
    </>
  );
}

function OrderResults({ page, filtered }: { page: AdminOrderPage; filtered: boolean }) {
  if (page.orders.length === 0) {
    return filtered ? (
      <EmptyState title="No orders match these filters.">Try another status, other days or less text.</EmptyState>
    ) : (
      <EmptyState title="No orders yet.">Orders appear here as soon as shoppers place them.</EmptyState>
    );
  }
  return (
    <>
      <ResultCount page={page} one="order" many="orders" />
      <OrdersTable orders={page.orders} />
      <OrderCards orders={page.orders} />
    </>
  );
}

const cell = 'px-4 py-3 align-middle';
const orderColumns: Column[] = [
  'Order',
  'Placed',
  'Customer',
  { label: 'Items', className: 'text-right' },
  { label: 'Total', className: 'text-right' },
  'Payment',
  'Status',
];

/** Wide screens: one row per order. */
function OrdersTable({ orders }: { orders: AdminOrderRow[] }) {
  return (
    <div className="hidden overflow-x-auto rounded-2xl border border-line bg-white md:block">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-line text-xs text-muted">
          <tr>
            <ColumnHeads columns={orderColumns} className={`${cell} font-medium`} />
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {orders.map((order) => (
            <tr key={order._id} className="hover:bg-sand/30">
              <td className={cell}>
                <Link to={detailPath(order)} className="rounded-md font-mono font-semibold hover:underline">
                  {order.orderNumber}
                </Link>
              </td>
              <td className={`${cell} whitespace-nowrap text-muted`}>{formatDateTime(order.createdAt)}</td>
              <td className={cell}>
                <span className="block">{order.customer.name}</span>
                <span className="block text-xs break-all text-muted">{order.customer.email}</span>
              </td>
              <td className={`${cell} text-right tabular-nums`}>{order.itemCount}</td>
              <td className={`${cell} text-right font-medium whitespace-nowrap tabular-nums`}>
                {formatPrice(order.total)}
              </td>
              <td className={cell}>
                <span className="flex flex-wrap gap-1">
                  <PaymentStatusBadge status={order.paymentStatus} />
                  <CodConfirmationBadge confirmation={order.codConfirmation} />
                </span>
              </td>
              <td className={cell}>
                <OrderStatusBadge status={order.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: one card per order, the whole card a link. */
function OrderCards({ orders }: { orders: AdminOrderRow[] }) {
  return (
    <ul className="space-y-3 md:hidden" aria-label="Orders">
      {orders.map((order) => (
        <li key={order._id}>
          <Link
            to={detailPath(order)}
            className="block rounded-2xl border border-line bg-white p-4 transition-colors hover:border-ink/30"
          >
            <span className="flex items-start justify-between gap-3">
              <span className="font-mono text-sm font-semibold break-all">{order.orderNumber}</span>
              <OrderStatusBadge status={order.status} />
            </span>
            <span className="mt-1 block text-xs text-muted">{formatDateTime(order.createdAt)}</span>
            <span className="mt-2 block text-sm break-all">{order.customer.name || order.customer.email}</span>
            <span className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="tabular-nums">
                {order.itemCount} {order.itemCount === 1 ? 'item' : 'items'} ·{' '}
                <span className="font-semibold">{formatPrice(order.total)}</span>
              </span>
              <span className="flex flex-wrap gap-1">
                <PaymentStatusBadge status={order.paymentStatus} />
                <CodConfirmationBadge confirmation={order.codConfirmation} />
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
