/** Staff requests for the shop's settings and where it delivers (admin only). */
import type {
  AuditEntry,
  ServiceableRangeBody,
  ServiceableRangeData,
  ShopSettingsBody,
  ShopSettingsData,
} from '@shop/core';
import { adminApi, changeMutation, defaultStaffFallback, recordPath } from '../shared/admin-api.ts';

const rangePath = (id: string) => recordPath('/admin/delivery', id);

/** The settings, and the ranges with the history of delivery changes: each change is in the history. */
const SETTINGS = { type: 'Delivery', id: 'SETTINGS' } as const;
const RANGES = { type: 'Delivery', id: 'RANGES' } as const;
const rangesChanged = () => [RANGES];

const deliveryApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<ShopSettingsData, void>({
      query: () => ({ method: 'GET', path: '/admin/settings', fallback: defaultStaffFallback }),
      providesTags: [SETTINGS],
    }),
    saveSettings: changeMutation<ShopSettingsData, ShopSettingsBody>(
      build,
      (body) => ({ method: 'PUT', path: '/admin/settings', body, fallback: 'Could not save the settings.' }),
      () => [SETTINGS, RANGES],
    ),
    /** The ranges, and the history of delivery changes (newest first). */
    listRanges: build.query<{ ranges: ServiceableRangeData[]; audit: AuditEntry[] }, void>({
      query: () => ({ method: 'GET', path: '/admin/delivery', fallback: defaultStaffFallback }),
      providesTags: [RANGES],
    }),
    addRange: changeMutation<ServiceableRangeData, ServiceableRangeBody>(
      build,
      (body) => ({ method: 'POST', path: '/admin/delivery', body, fallback: 'Could not add the PIN codes.' }),
      rangesChanged,
    ),
    setRangeCod: changeMutation<ServiceableRangeData, { id: string; cod: boolean }>(
      build,
      ({ id, cod }) => ({
        method: 'PATCH',
        path: rangePath(id),
        body: { cod },
        fallback: 'Could not change cash on delivery.',
      }),
      rangesChanged,
    ),
    deleteRange: changeMutation<null, string>(
      build,
      (id) => ({ method: 'DELETE', path: rangePath(id), fallback: 'Could not remove the range.' }),
      rangesChanged,
    ),
    /** Replaces every range with the file's (all or nothing; bad lines come back by number). */
    importRanges: changeMutation<{ imported: number }, string>(
      build,
      (csv) => ({ method: 'PUT', path: '/admin/delivery.csv', body: { csv }, fallback: 'Could not import the file.' }),
      rangesChanged,
    ),
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
