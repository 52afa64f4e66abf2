/** The shopper's parcels: AWB, tracking link and timeline of each shipped order, and a request for another attempt. */
import type { ReattemptBody, ShipmentData } from '@shop/core';
import { api } from '../../lib/api/api.ts';

export const shipmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Tagged with the shopper's orders: whatever refreshes those refreshes these. */
    getMyShipments: build.query<ShipmentData[], void>({
      query: () => ({ method: 'GET', path: '/order/shipments', fallback: 'Failed to fetch your parcels' }),
      transformResponse: (data: { shipments: ShipmentData[] }) => data.shipments,
      providesTags: ['MyOrders'],
    }),
    requestReattempt: build.mutation<ShipmentData, { orderId: string; body: ReattemptBody }>({
      query: ({ orderId, body }) => ({
        method: 'POST',
        path: `/order/${encodeURIComponent(orderId)}/shipment/reattempt`,
        body,
        fallback: 'Could not ask for another attempt',
      }),
      invalidatesTags: (_, error) => (error ? [] : ['MyOrders']),
    }),
  }),
});

export const { useGetMyShipmentsQuery, useRequestReattemptMutation } = shipmentsApi;
