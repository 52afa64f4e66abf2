/** Staff requests for the shop's settings and where it delivers (admin only). */
import type {
  AuditEntry,
  ServiceableRangeBody,
  ServiceableRangeData,
  ShopSettingsBody,
  ShopSettingsData,
} from '@shop/core';
import type { ApiClient } from '../../../lib/http.ts';

const rangePath = (id: string) => `/admin/delivery/${encodeURIComponent(id)}`;

export function getSettings(api: ApiClient, signal?: AbortSignal): Promise<ShopSettingsData> {
  return api.get<ShopSettingsData>('/admin/settings', { signal });
}

export function saveSettings(api: ApiClient, body: ShopSettingsBody): Promise<ShopSettingsData> {
  return api.put<ShopSettingsData>('/admin/settings', body);
}

/** The ranges, and the history of delivery changes (newest first). */
export function listRanges(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<{ ranges: ServiceableRangeData[]; audit: AuditEntry[] }> {
  return api.get('/admin/delivery', { signal });
}

export function addRange(api: ApiClient, body: ServiceableRangeBody): Promise<ServiceableRangeData> {
  return api.post<ServiceableRangeData>('/admin/delivery', body);
}

export function setRangeCod(api: ApiClient, id: string, cod: boolean): Promise<ServiceableRangeData> {
  return api.patch<ServiceableRangeData>(rangePath(id), { cod });
}

export function deleteRange(api: ApiClient, id: string): Promise<null> {
  return api.delete<null>(rangePath(id));
}

/** Replaces every range with the file's (all or nothing; bad lines come back by number). */
export function importRanges(api: ApiClient, csv: string): Promise<{ imported: number }> {
  return api.put<{ imported: number }>('/admin/delivery.csv', { csv });
}
