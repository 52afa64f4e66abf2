/** Staff requests for the seller's details and category taxes that tax invoices print (admin only). */
import type { CategoryTaxBody, SellerContact, SellerContactBody, SellerDetailsBody, TaxSettings } from '@shop/core';
import { adminApi, changeMutation, recordPath } from '../shared/admin-api.ts';

const taxApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getTaxSettings: build.query<TaxSettings, void>({
      query: () => ({ method: 'GET', path: '/admin/tax-settings', fallback: 'Failed to fetch the tax settings' }),
      providesTags: ['Tax'],
    }),
    saveSeller: changeMutation<TaxSettings, SellerDetailsBody>(
      build,
      (body) => ({
        method: 'PUT',
        path: '/admin/tax-settings/seller',
        body,
        fallback: 'Failed to save the seller details',
      }),
      () => ['Tax'],
    ),
    saveCategoryTax: changeMutation<TaxSettings, { categoryId: string; body: CategoryTaxBody }>(
      build,
      ({ categoryId, body }) => ({
        method: 'PUT',
        path: recordPath('/admin/tax-settings/categories', categoryId),
        body,
        fallback: 'Failed to save the category tax',
      }),
      () => ['Tax'],
    ),
    getSellerContact: build.query<SellerContact, void>({
      query: () => ({
        method: 'GET',
        path: '/admin/seller-contact',
        fallback: 'Failed to fetch the seller page details',
      }),
      providesTags: ['SellerContact'],
    }),
    saveSellerContact: changeMutation<SellerContact, SellerContactBody>(
      build,
      (body) => ({ method: 'PUT', path: '/admin/seller-contact', body, fallback: 'Failed to save the seller page' }),
      () => ['SellerContact', 'Tax'],
    ),
  }),
});

export const {
  useGetTaxSettingsQuery,
  useSaveSellerMutation,
  useSaveCategoryTaxMutation,
  useGetSellerContactQuery,
  useSaveSellerContactMutation,
} = taxApi;
