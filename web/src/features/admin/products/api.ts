/** Staff catalogue requests (admin only; the client adds the bearer token). */
import type {
  adminProductStatuses,
  AdminProductDetail,
  AdminProductPage,
  Product,
  ProductCreateBody,
  ProductUpdateBody,
  StockChangesBody,
} from '@shop/core';
import { adminApi, defaultStaffFallback, listTags, whenDone } from '../shared/admin-api.ts';

export interface Category {
  _id: string;
  name: string;
  parentId: string | null;
}

export type AdminProductStatus = (typeof adminProductStatuses)[number];

/** The list's query as the page sends it (the contract's input type leaves these open). */
export interface AdminProductQuery {
  q?: string;
  status?: AdminProductStatus;
  page?: number;
  limit?: number;
}

const productPath = (id: string) => `/admin/products/${encodeURIComponent(id)}`;

/** What a change to one product changes: the product, the lists and the sizes running low. */
const productChanged = (id: string) => [
  { type: 'Product' as const, id },
  { type: 'Product' as const, id: 'LIST' },
  'LowStock' as const,
];

const productsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    listAdminProducts: build.query<AdminProductPage, AdminProductQuery>({
      query: (query) => ({
        method: 'GET',
        path: '/admin/products',
        query: { ...query },
        fallback: 'Could not load the products.',
      }),
      providesTags: (page) =>
        listTags(
          'Product',
          page?.products.map((product) => product._id),
        ),
    }),
    getAdminProduct: build.query<AdminProductDetail, string>({
      query: (id) => ({ method: 'GET', path: productPath(id), fallback: 'Could not load the product.' }),
      providesTags: (_, __, id) => [{ type: 'Product', id }],
    }),
    createProduct: build.mutation<Product, ProductCreateBody>({
      query: (body) => ({ method: 'POST', path: '/product/create', body, fallback: defaultStaffFallback }),
      invalidatesTags: whenDone(() => [{ type: 'Product', id: 'LIST' }, 'LowStock']),
    }),
    updateProduct: build.mutation<Product, { id: string; body: ProductUpdateBody }>({
      query: ({ id, body }) => ({
        method: 'PATCH',
        path: `/product/update/${encodeURIComponent(id)}`,
        body,
        fallback: defaultStaffFallback,
      }),
      invalidatesTags: whenDone(({ id }) => productChanged(id)),
    }),
    /** Answers the product as staff see it, with its history. */
    setProductVisibility: build.mutation<AdminProductDetail, { id: string; isActive: boolean }>({
      query: ({ id, isActive }) => ({
        method: 'PATCH',
        path: `${productPath(id)}/visibility`,
        body: { isActive },
        fallback: defaultStaffFallback,
      }),
      invalidatesTags: whenDone(({ id }) => productChanged(id)),
    }),
    saveStockChanges: build.mutation<{ updated: number }, StockChangesBody>({
      query: (body) => ({ method: 'PATCH', path: '/admin/products/stock', body, fallback: defaultStaffFallback }),
      invalidatesTags: whenDone((body) => [
        { type: 'Product', id: 'LIST' },
        'LowStock',
        ...[...new Set(body.changes.map((change) => change.productId))].map((id) => ({ type: 'Product' as const, id })),
      ]),
    }),
    listCategories: build.query<Category[], void>({
      query: () => ({ method: 'GET', path: '/categories', auth: false, fallback: 'Could not load the categories.' }),
      providesTags: ['Category'],
    }),
  }),
});

export const {
  useListAdminProductsQuery,
  useGetAdminProductQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useSetProductVisibilityMutation,
  useSaveStockChangesMutation,
  useListCategoriesQuery,
} = productsApi;
