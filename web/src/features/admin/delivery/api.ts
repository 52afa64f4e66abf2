/** Staff requests for the shop's settings and where it delivers (admin only). */
import type {
  AuditEntry,
  ServiceableRangeBody,
  ServiceableRangeData,
  ShopSettingsBody,
  ShopSettingsData,
} from '@shop/core';
import { adminApi, defaultStaffFallback, whenDone } from '../shared/admin-api.ts';

const rangePath = (id: string) => `/admin/delivery/${encodeURIComponent(id)}`;

/** The settings, and the ranges with the history of delivery changes: each change is in the history. */
const SETTINGS = { type: 'Delivery', id: 'SETTINGS' } as const;
const RANGES = { type: 'Delivery', id: 'RANGES' } as const;

const deliveryApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<ShopSettingsData, void>({
      query: () => ({ method: 'GET', path: '/admin/settings', fallback: defaultStaffFallback }),
      providesTags: [SETTINGS],
    }),
    saveSettings: build.mutation<ShopSettingsData, ShopSettingsBody>({
      query: (body) => ({ method: 'PUT', path: '/admin/settings', body, fallback: defaultStaffFallback }),
      invalidatesTags: whenDone(() => [SETTINGS, RANGES]),
    }),
    /** The ranges, and the history of delivery changes (newest first). */
    listRanges: build.query<{ ranges: ServiceableRangeData[]; audit: AuditEntry[] }, void>({
      query: () => ({ method: 'GET', path: '/admin/delivery', fallback: defaultStaffFallback }),
      providesTags: [RANGES],
    }),
    addRange: build.mutation<ServiceableRangeData, ServiceableRangeBody>({
      query: (body) => ({ method: 'POST', path: '/admin/delivery', body, fallback: defaultStaffFallback }),
      invalidatesTags: whenDone(() => [RANGES]),
    }),
    setRangeCod: build.mutation<ServiceableRangeData, { id: string; cod: boolean }>({
      query: ({ id, cod }) => ({ method: 'PATCH', path: rangePath(id), body: { cod }, fallback: defaultStaffFallback }),
      invalidatesTags: whenDone(() => [RANGES]),
    }),
    deleteRange: build.mutation<null, string>({
      query: (id) => ({ method: 'DELETE', path: rangePath(id), fallback: defaultStaffFallback }),
      invalidatesTags: whenDone(() => [RANGES]),
    }),
    /** Replaces every range with the file's (all or nothing; bad lines come back by number). */
    importRanges: build.mutation<{ imported: number }, string>({
      query: (csv) => ({ method: 'PUT', path: '/admin/delivery.csv', body: { csv }, fallback: defaultStaffFallback }),
      invalidatesTags: whenDone(() => [RANGES]),
    }),
  }),
});

export const {
  useGetSettingsQuery,
  useSaveSettingsMutation,
  useListRangesQuery,
  useAddRangeMutation,
  useSetRangeCodMutation,
  useDeleteRangeMutation,
  useImportRangesMutation,
} = deliveryApi;
