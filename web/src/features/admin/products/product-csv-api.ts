/** Staff CSV import of products: a preview that writes nothing, then the same file applied. */
import type { ProductImportBody, ProductImportSummary } from '@shop/core';
import { adminApi, changeMutation } from '../shared/admin-api.ts';

const productCsvApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    previewProductImport: build.mutation<ProductImportSummary, ProductImportBody>({
      query: (body) => ({
        method: 'POST',
        path: '/admin/products/import/preview',
        body,
        fallback: 'Could not check the file.',
      }),
    }),
    // An import may change any product: every product answer and the low-stock list are read again.
    importProducts: changeMutation<ProductImportSummary, ProductImportBody>(
      build,
      (body) => ({ method: 'POST', path: '/admin/products/import', body, fallback: 'Could not import the file.' }),
      () => ['Product', 'LowStock'],
    ),
  }),
});

export const { usePreviewProductImportMutation, useImportProductsMutation } = productCsvApi;
