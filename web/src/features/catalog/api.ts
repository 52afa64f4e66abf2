/** Catalogue requests (spec §7, Products). Public reads: no bearer token is sent. */
import type { Product, ProductSize, ProductSuggestions } from '@shop/core';
import type { ApiClient } from '../../lib/http.ts';

export function getProduct(api: ApiClient, id: string, signal?: AbortSignal): Promise<Product> {
  return api.get<Product>(`/product/${encodeURIComponent(id)}`, { signal, auth: false });
}

export function getProductSizes(api: ApiClient, id: string, signal?: AbortSignal): Promise<ProductSize[]> {
  return api.get<ProductSize[]>(`/product/${encodeURIComponent(id)}/sizes`, { signal, auth: false });
}

export function getSuggestions(api: ApiClient, q: string, signal?: AbortSignal): Promise<ProductSuggestions> {
  return api.get<ProductSuggestions>('/product/suggestions', { query: { q }, signal, auth: false });
}
