/** What the dashboard reads besides the orders list. */
import { summariseOrderStats, toPaise, type LowStockRow, type OrderStatus, type RtoRates } from '@shop/core';
import { adminApi } from '../shared/admin-api.ts';

/** One row of GET /order/stats: orders and their money (rupees) per day, status and return to origin. */
export interface OrderStatsRow {
  date: string;
  status: OrderStatus;
  returnedToOrigin: boolean;
  orders: number;
  taken: number;
  refunded: number;
  revenue: number;
}

const dashboardApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    /** The stats summed for today, 7 and 30 days: "today" is the day of the answer, not of each render. */
    getOrderStatsSummary: build.query<ReturnType<typeof summariseOrderStats>, void>({
      query: () => ({ method: 'GET', path: '/order/stats', fallback: 'Failed to fetch stats' }),
      transformResponse: (rows: OrderStatsRow[]) =>
        summariseOrderStats(
          rows.map((row) => ({ ...row, taken: toPaise(row.taken), refunded: toPaise(row.refunded) })),
          new Date(),
        ),
      providesTags: ['OrderStats'],
    }),
    /** Active products' sizes with stock at or below `threshold` (the server's default: 5). */
    getLowStock: build.query<LowStockRow[], { threshold?: number; limit?: number }>({
      query: (query) => ({ method: 'GET', path: '/admin/low-stock', query, fallback: 'Failed to fetch low stock' }),
      providesTags: ['LowStock'],
    }),
    /** Parcels shipped and returned to origin per PIN code over the last 30 days. */
    getRtoRates: build.query<RtoRates, void>({
      query: () => ({ method: 'GET', path: '/admin/rto-by-pin', fallback: 'Failed to fetch returns to origin' }),
      providesTags: ['OrderStats'],
    }),
  }),
});

export const { useGetOrderStatsSummaryQuery, useGetLowStockQuery, useGetRtoRatesQuery } = dashboardApi;
