/** Staff catalogue requests (admin only; the client adds the bearer token). */
import type {
  adminProductStatuses,
  AdminProductDetail,
  AdminProductPage,
  Product,
  ProductCreateBody,
  ProductPhotosBody,
  ProductUpdateBody,
  StockChangesBody,
  VariantGridBody,
} from '@shop/core';
import { adminApi, changeMutation, pageQuery, recordPath, recordQuery } from '../shared/admin-api.ts';

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
  /** Only products with a colour that has no stock in any size. */
  needsColorStock?: boolean;
  /** Only products lacking some Legal Metrology declaration. */
  needsDeclarations?: boolean;
  page?: number;
  limit?: number;
}

const products = { type: 'Product', path: '/admin/products' } as const;

/** What a change to one product changes: the product, the lists and the sizes running low. */
const productChanged = ({ id }: { id: string }) => [
  { type: 'Product' as const, id },
  { type: 'Product' as const, id: 'LIST' },
  'LowStock' as const,
];

const productsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    listAdminProducts: pageQuery<AdminProductPage, AdminProductQuery>(build, {
      ...products,
      fallback: 'Could not load the products.',
      rows: (page) => page.products,
    }),
    getAdminProduct: recordQuery<AdminProductDetail>(build, { ...products, fallback: 'Could not load the product.' }),
    createProduct: changeMutation<Product, ProductCreateBody>(
      build,
      (body) => ({ method: 'POST', path: '/product/create', body, fallback: 'Could not create the product.' }),
      () => [{ type: 'Product', id: 'LIST' }, 'LowStock'],
    ),
    updateProduct: changeMutation<Product, { id: string; body: ProductUpdateBody }>(
      build,
      ({ id, body }) => ({
        method: 'PATCH',
        path: recordPath('/product/update', id),
        body,
        fallback: 'Could not save the product.',
      }),
      productChanged,
    ),
    /** Answers the product as staff see it, with its history. */
    setProductVisibility: changeMutation<AdminProductDetail, { id: string; isActive: boolean }>(
      build,
      ({ id, isActive }) => ({
        method: 'PATCH',
        path: `${recordPath(products.path, id)}/visibility`,
        body: { isActive },
        fallback: isActive ? 'Could not unhide the product.' : 'Could not hide the product.',
      }),
      productChanged,
    ),
    saveStockChanges: changeMutation<{ updated: number }, StockChangesBody>(
      build,
      (body) => ({ method: 'PATCH', path: `${products.path}/stock`, body, fallback: 'Could not update the stock.' }),
      (body) => [
        { type: 'Product', id: 'LIST' },
        'LowStock',
        ...[...new Set(body.changes.map((change) => change.productId))].map((id) => ({ type: 'Product' as const, id })),
      ],
    ),
    /** The whole colour × size grid, saved at once; answers the product as staff see it. */
    saveVariantGrid: changeMutation<AdminProductDetail, { id: string; body: VariantGridBody }>(
      build,
      ({ id, body }) => ({
        method: 'PUT',
        path: `${recordPath(products.path, id)}/variants`,
        body,
        fallback: 'Could not save the variants.',
      }),
      productChanged,
    ),
    /** The photos in their order, each with its colour. */
    saveProductPhotos: changeMutation<AdminProductDetail, { id: string; body: ProductPhotosBody }>(
      build,
      ({ id, body }) => ({
        method: 'PUT',
        path: `${recordPath(products.path, id)}/photos`,
        body,
        fallback: 'Could not save the photos.',
      }),
      productChanged,
    ),
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
  useSaveVariantGridMutation,
  useSaveProductPhotosMutation,
  useListCategoriesQuery,
} = productsApi;
