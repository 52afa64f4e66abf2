/** Staff order requests (README, Staff): every shopper's orders, one order, its moves and refunds. */
import type { AdminOrderDetail, AdminOrderPage, Order, OrderStatus } from '@shop/core';
import { adminApi, changeMutation, pageQuery, recordPath, recordQuery } from '../shared/admin-api.ts';

/** The list's filters as the URL and the API both spell them; blank values are left out. */
export interface AdminOrderFilters {
  status?: OrderStatus;
  /** Placed on or after this day in India, YYYY-MM-DD. */
  from?: string;
  /** Placed on or before this day in India, YYYY-MM-DD. */
  to?: string;
  /** Order number or customer email, partial. */
  q?: string;
  page?: number;
  limit?: number;
}

const orders = { type: 'Order', path: '/admin/orders' } as const;

/** What a move or a refund of one order changes: the order, the lists, the revenue and (a cancel restocks) stock. */
const orderChanged = ({ id }: { id: string }) => [
  { type: 'Order' as const, id },
  // Delivering an order delivers its parcel too.
  { type: 'Order' as const, id: `SHIPMENT-${id}` },
  { type: 'Order' as const, id: 'LIST' },
  'OrderStats' as const,
  'LowStock' as const,
];

const ordersApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminOrders: pageQuery<AdminOrderPage, AdminOrderFilters>(build, {
      ...orders,
      fallback: 'Failed to fetch orders',
      rows: (page) => page.orders,
    }),
    getAdminOrder: recordQuery<AdminOrderDetail>(build, { ...orders, fallback: 'Failed to fetch the order' }),
    /** The spec's status update; the server checks the move is allowed and restocks on cancel. */
    patchOrderStatus: changeMutation<Order, { id: string; status: OrderStatus }>(
      build,
      ({ id, status }) => ({
        method: 'PATCH',
        path: `${recordPath('/order', id)}/status`,
        body: { status },
        fallback: 'Failed to update the order status',
      }),
      orderChanged,
    ),
    /** Without a reference the provider refunds the payment; with one, a refund made elsewhere is recorded. */
    postRefund: changeMutation<unknown, { id: string; reference?: string }>(
      build,
      ({ id, reference }) => ({
        method: 'POST',
        path: `${recordPath(orders.path, id)}/refund`,
        body: reference === undefined ? {} : { reference },
        fallback: 'Failed to record the refund',
      }),
      orderChanged,
    ),
  }),
});

export const { useGetAdminOrdersQuery, useGetAdminOrderQuery, usePatchOrderStatusMutation, usePostRefundMutation } =
  ordersApi;
