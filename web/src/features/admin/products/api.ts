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
import type { ApiClient } from '../../../lib/http.ts';

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

export function listAdminProducts(
  api: ApiClient,
  query: AdminProductQuery,
  signal?: AbortSignal,
): Promise<AdminProductPage> {
  return api.get<AdminProductPage>('/admin/products', { query: { ...query }, signal });
}

export function getAdminProduct(api: ApiClient, id: string, signal?: AbortSignal): Promise<AdminProductDetail> {
  return api.get<AdminProductDetail>(productPath(id), { signal });
}

export function createProduct(api: ApiClient, body: ProductCreateBody): Promise<Product> {
  return api.post<Product>('/product/create', body);
}

export function updateProduct(api: ApiClient, id: string, body: ProductUpdateBody): Promise<Product> {
  return api.patch<Product>(`/product/update/${encodeURIComponent(id)}`, body);
}

/** Answers the product as staff see it, with its history. */
export function setProductVisibility(api: ApiClient, id: string, isActive: boolean): Promise<AdminProductDetail> {
  return api.patch<AdminProductDetail>(`${productPath(id)}/visibility`, { isActive });
}

export function saveStockChanges(api: ApiClient, body: StockChangesBody): Promise<{ updated: number }> {
  return api.patch<{ updated: number }>('/admin/products/stock', body);
}

export function listCategories(api: ApiClient, signal?: AbortSignal): Promise<Category[]> {
  return api.get<Category[]>('/categories', { signal, auth: false });
}
