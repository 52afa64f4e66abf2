/** The shopper's order endpoints (spec §7, Orders and payments). */
import type { Order, PlaceOrderBody } from '@shop/core';
import { api } from '../../lib/api/api.ts';

/** POST /order answers the order, with its id again as `orderId`. */
export type PlacedOrder = Order & { orderId: string };

export interface PlaceOrderInput {
  body: PlaceOrderBody;
  /** One per checkout attempt (sent as the Idempotency-Key header): a retry of the same attempt answers the same order. */
  idempotencyKey: string;
}

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    placeOrder: build.mutation<PlacedOrder, PlaceOrderInput>({
      query: ({ body, idempotencyKey }) => ({
        method: 'POST',
        path: '/order',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
        fallback: { refused: 'Failed to place order', unreachable: 'Order placement failed' },
      }),
      invalidatesTags: (_, error) => (error ? [] : ['MyOrders']),
    }),

    /** The shopper's orders, newest first. */
    getOrders: build.query<Order[], void>({
      query: () => ({
        method: 'GET',
        path: '/order/orders',
        fallback: { refused: 'Failed to fetch orders', unreachable: 'Error fetching orders' },
      }),
      transformResponse: (data: { orders: Order[] }) => data.orders,
      providesTags: ['MyOrders'],
    }),

    cancelOrder: build.mutation<Order, string>({
      query: (id) => ({
        method: 'POST',
        path: `/order/${encodeURIComponent(id)}/cancel`,
        fallback: { refused: 'Cancel failed', unreachable: 'Cancel error' },
      }),
      // The cancelled order replaces its row at once.
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data: cancelled } = await queryFulfilled.catch(() => ({ data: null }));
        if (!cancelled) return;
        dispatch(
          ordersApi.util.updateQueryData('getOrders', undefined, (orders) =>
            orders.map((order) => (order._id === cancelled._id ? cancelled : order)),
          ),
        );
      },
    }),
  }),
});
