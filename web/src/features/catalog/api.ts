/** Catalogue requests (spec §7, Products). Public reads: no bearer token is sent. */
import type { Product, ProductListQuery, ProductPage, ProductSize, ProductSuggestions } from '@shop/core';
import type { ApiClient } from '../../lib/http.ts';

export function getProductPage(
  api: ApiClient,
  query: Partial<ProductListQuery>,
  signal?: AbortSignal,
): Promise<ProductPage> {
  return api.get<ProductPage>('/product', { query: { sort: 'price', ...query }, signal, auth: false });
}

export function getProduct(api: ApiClient, id: string, signal?: AbortSignal): Promise<Product> {
  return api.get<Product>(`/product/${encodeURIComponent(id)}`, { signal, auth: false });
}

export function getProductSizes(api: ApiClient, id: string, signal?: AbortSignal): Promise<ProductSize[]> {
  return api.get<ProductSize[]>(`/product/${encodeURIComponent(id)}/sizes`, { signal, auth: false });
}

export function searchProducts(
  api: ApiClient,
  query: { q: string; page?: number; limit?: number },
  signal?: AbortSignal,
): Promise<ProductPage> {
  return api.get<ProductPage>('/product/search', { query, signal, auth: false });
}

export function getCategoryProducts(
  api: ApiClient,
  categoryId: string,
  query: { page?: number; limit?: number } = {},
  signal?: AbortSignal,
): Promise<ProductPage> {
  return api.get<ProductPage>(`/product/category/${encodeURIComponent(categoryId)}`, {
    query,
    signal,
    auth: false,
  });
}

export function getSuggestions(api: ApiClient, q: string, signal?: AbortSignal): Promise<ProductSuggestions> {
  return api.get<ProductSuggestions>('/product/suggestions', { query: { q }, signal, auth: false });
}
