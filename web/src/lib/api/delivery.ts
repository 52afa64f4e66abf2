/**
 * Whether the shop delivers to a PIN code (`GET /api/delivery/:pin`), asked by the product page
 * and the checkout. Apart from the shop's details (`store-info.ts`), which every page reads, so
 * that only those pages download it.
 */
import type { DeliveryAnswerData } from '@shop/core';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { api } from './api.ts';

const deliveryApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkDelivery: build.query<DeliveryAnswerData, string>({
      query: (pinCode) => ({
        method: 'GET',
        path: `/delivery/${encodeURIComponent(pinCode)}`,
        auth: false,
        fallback: 'Could not check delivery. Please try again.',
      }),
    }),
  }),
});

export const { useLazyCheckDeliveryQuery } = deliveryApi;

/**
 * Whether the shop delivers to a saved address's PIN code: null while asking (or with no PIN).
 * Unknown (a failed check) is not a refusal either: the server still decides when the order is placed.
 */
export function useDeliveryTo(pinCode: string | null | undefined): DeliveryAnswerData | null {
  // `currentData`: another PIN's answer is never shown meanwhile.
  const { currentData } = deliveryApi.useCheckDeliveryQuery(pinCode || skipToken);
  return currentData ?? null;
}
