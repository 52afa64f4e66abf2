/** The shopper's returns: what an order may return, the request, and each return's timeline. */
import type { ReturnData, ReturnOptionsData, ReturnRequestBody } from '@shop/core';
import { api } from '../../lib/api/api.ts';

export const returnsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Tagged with the shopper's orders: whatever refreshes those refreshes these. */
    getMyReturns: build.query<ReturnData[], void>({
      query: () => ({ method: 'GET', path: '/order/returns', fallback: 'Failed to fetch your returns' }),
      transformResponse: (data: { returns: ReturnData[] }) => data.returns,
      providesTags: ['MyOrders'],
    }),
    getReturnOptions: build.query<ReturnOptionsData, string>({
      query: (orderId) => ({
        method: 'GET',
        path: `/order/${encodeURIComponent(orderId)}/return-options`,
        fallback: 'Failed to fetch what can be returned',
      }),
      providesTags: ['MyOrders'],
    }),
    requestReturn: build.mutation<ReturnData, { orderId: string; body: ReturnRequestBody }>({
      query: ({ orderId, body }) => ({
        method: 'POST',
        path: `/order/${encodeURIComponent(orderId)}/returns`,
        body,
        fallback: 'Could not ask for the return',
      }),
      invalidatesTags: (_, error) => (error ? [] : ['MyOrders']),
    }),
  }),
});

export const { useGetMyReturnsQuery, useGetReturnOptionsQuery, useRequestReturnMutation } = returnsApi;
