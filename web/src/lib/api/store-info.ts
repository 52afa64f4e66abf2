/**
 * The shop's details (`GET /api/store`) through the data layer. Each answer is kept in the
 * `storeInfo` slice as it arrives, where every page reads it (`useStoreInfo`).
 */
import type { StoreInfo } from '@shop/core';
import { storeInfoReceived } from '../store/store-info-slice.ts';
import { api } from './api.ts';

const storeInfoApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStoreInfo: build.query<StoreInfo, void>({
      async queryFn(_, { dispatch }, _options, baseQuery) {
        const result = await baseQuery({
          method: 'GET',
          path: '/store',
          auth: false,
          fallback: 'Could not load the shop details',
        });
        // Kept before the query settles, so whoever awaited it reads the slice up to date.
        if (result.data) dispatch(storeInfoReceived(result.data as StoreInfo));
        return result.error ? { error: result.error } : { data: result.data as StoreInfo };
      },
    }),
  }),
});

/** Asks for the shop's details, once per visit: a cached answer is not asked again. */
export const fetchStoreInfo = () => storeInfoApi.endpoints.getStoreInfo.initiate(undefined, { subscribe: false });

/** The settings changed (staff saved them): asks again at once, so every page says what the totals now do. */
export const refreshStoreInfo = () =>
  storeInfoApi.endpoints.getStoreInfo.initiate(undefined, { subscribe: false, forceRefetch: true });
