/** Staff requests for the seller's details and category taxes that tax invoices print (admin only). */
import type { CategoryTaxBody, SellerDetailsBody, TaxSettings } from '@shop/core';
import { adminApi, whenDone } from '../shared/admin-api.ts';

const taxApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getTaxSettings: build.query<TaxSettings, void>({
      query: () => ({ method: 'GET', path: '/admin/tax-settings', fallback: 'Failed to fetch the tax settings' }),
      providesTags: ['Tax'],
    }),
    saveSeller: build.mutation<TaxSettings, SellerDetailsBody>({
      query: (body) => ({
        method: 'PUT',
        path: '/admin/tax-settings/seller',
        body,
        fallback: 'Failed to save the seller details',
      }),
      invalidatesTags: whenDone(() => ['Tax']),
    }),
    saveCategoryTax: build.mutation<TaxSettings, { categoryId: string; body: CategoryTaxBody }>({
      query: ({ categoryId, body }) => ({
        method: 'PUT',
        path: `/admin/tax-settings/categories/${encodeURIComponent(categoryId)}`,
        body,
        fallback: 'Failed to save the category tax',
      }),
      invalidatesTags: whenDone(() => ['Tax']),
    }),
  }),
});

export const { useGetTaxSettingsQuery, useSaveSellerMutation, useSaveCategoryTaxMutation } = taxApi;
