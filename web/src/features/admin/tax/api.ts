/** Staff requests for the seller's details and category taxes that tax invoices print (admin only). */
import type { CategoryTaxBody, SellerDetailsBody, TaxSettings } from '@shop/core';
import type { ApiClient } from '../../../lib/http.ts';

export function getTaxSettings(api: ApiClient, signal?: AbortSignal): Promise<TaxSettings> {
  return api.get<TaxSettings>('/admin/tax-settings', { signal });
}

export function saveSeller(api: ApiClient, body: SellerDetailsBody): Promise<TaxSettings> {
  return api.put<TaxSettings>('/admin/tax-settings/seller', body);
}

export function saveCategoryTax(api: ApiClient, categoryId: string, body: CategoryTaxBody): Promise<TaxSettings> {
  return api.put<TaxSettings>(`/admin/tax-settings/categories/${encodeURIComponent(categoryId)}`, body);
}
