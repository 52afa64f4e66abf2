/** Staff order requests (README, Staff): every shopper's orders, one order, its moves and refunds. */
import type { AdminOrderDetail, AdminOrderPage, Order, OrderStatus } from '@shop/core';
import { adminApi, defaultStaffFallback, listTags, whenDone } from '../shared/admin-api.ts';

/** The list's filters as the URL and the API both spell them; blank values are left out. */
export interface AdminOrderFilters {
  status?: OrderStatus;
  /** Placed on or after this UTC day, YYYY-MM-DD. */
  from?: string;
  /** Placed on or before this UTC day, YYYY-MM-DD. */
  to?: string;
  /** Order number or customer email, partial. */
  q?: string;
  page?: number;
  limit?: number;
}

const orderPath = (id: string) => `/admin/orders/${encodeURIComponent(id)}`;

/** What a move or a refund of one order changes: the order, the lists, the revenue and (a cancel restocks) stock. */
const orderChanged = (id: string) => [
  { type: 'Order' as const, id },
  { type: 'Order' as const, id: 'LIST' },
  'OrderStats' as const,
  'LowStock' as const,
];

const ordersApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminOrders: build.query<AdminOrderPage, AdminOrderFilters>({
      query: (filters) => ({
        method: 'GET',
        path: '/admin/orders',
        query: { ...filters },
        fallback: 'Failed to fetch orders',
      }),
      providesTags: (page) =>
        listTags(
          'Order',
          page?.orders.map((order) => order._id),
        ),
    }),
    getAdminOrder: build.query<AdminOrderDetail, string>({
      query: (id) => ({ method: 'GET', path: orderPath(id), fallback: 'Failed to fetch the order' }),
      providesTags: (_, __, id) => [{ type: 'Order', id }],
    }),
    /** The spec's status update; the server checks the move is allowed and restocks on cancel. */
    patchOrderStatus: build.mutation<Order, { id: string; status: OrderStatus }>({
      query: ({ id, status }) => ({
        method: 'PATCH',
        path: `/order/${encodeURIComponent(id)}/status`,
        body: { status },
        fallback: defaultStaffFallback,
      }),
      invalidatesTags: whenDone(({ id }) => orderChanged(id)),
    }),
    /** Without a reference the provider refunds the payment; with one, a refund made elsewhere is recorded. */
    postRefund: build.mutation<unknown, { id: string; reference?: string }>({
      query: ({ id, reference }) => ({
        method: 'POST',
        path: `${orderPath(id)}/refund`,
        body: reference === undefined ? {} : { reference },
        fallback: defaultStaffFallback,
      }),
      invalidatesTags: whenDone(({ id }) => orderChanged(id)),
    }),
  }),
});

export const { useGetAdminOrdersQuery, useGetAdminOrderQuery, usePatchOrderStatusMutation, usePostRefundMutation } =
  ordersApi;
