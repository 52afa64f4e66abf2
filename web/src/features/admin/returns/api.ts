/** Staff return requests: the Returns queue, its steps, and the return rate by reason. */
import type {
  ReturnDecisionBody,
  ReturnInspectionBody,
  ReturnPickupBody,
  ReturnRefundBody,
  ReturnStatsData,
  StaffReturnData,
} from '@shop/core';
import { adminApi, changeMutation, defaultStaffFallback, recordPath } from '../shared/admin-api.ts';

const QUEUE = { type: 'Order', id: 'RETURNS' } as const;
/** A step changes the queue, the order's history, stock (a restock) and the stats. */
const changed = [QUEUE, { type: 'Order' as const }, 'OrderStats' as const, 'LowStock' as const];

type Step =
  | { step: 'decision'; body: ReturnDecisionBody }
  | { step: 'pickup'; body: ReturnPickupBody }
  | { step: 'received'; body?: undefined }
  | { step: 'inspection'; body: ReturnInspectionBody }
  | { step: 'refund'; body: ReturnRefundBody }
  | { step: 'exchange'; body?: undefined };

const returnsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getReturnQueue: build.query<StaffReturnData[], 'open' | 'all'>({
      query: (view) => ({ method: 'GET', path: '/admin/returns', query: { view }, fallback: defaultStaffFallback }),
      transformResponse: (data: { returns: StaffReturnData[] }) => data.returns,
      providesTags: [QUEUE],
    }),
    returnStep: changeMutation<StaffReturnData, { id: string } & Step>(
      build,
      ({ id, step, body }) => ({
        method: 'POST',
        path: `${recordPath('/admin/returns', id)}/${step}`,
        ...(body && { body }),
        fallback: 'Could not record this step of the return.',
      }),
      () => changed,
    ),
    getReturnStats: build.query<ReturnStatsData, number>({
      query: (days) => ({
        method: 'GET',
        path: '/admin/return-stats',
        query: { days },
        fallback: defaultStaffFallback,
      }),
      providesTags: [QUEUE, 'OrderStats'],
    }),
  }),
});

export const { useGetReturnQueueQuery, useReturnStepMutation, useGetReturnStatsQuery } = returnsApi;
