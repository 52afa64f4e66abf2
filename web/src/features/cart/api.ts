/** Cart and coupon requests (spec §7, Cart and discounts). Every cart call answers the whole cart. */
import type { Cart } from '@shop/core';
import type { ApiClient } from '../../lib/http.ts';

export interface AddToCartInput {
  productId: string;
  /** As the size buttons show it; sent in lower case (spec §7). */
  size: string;
  quantity: number;
}

export function getCart(api: ApiClient, signal?: AbortSignal): Promise<Cart> {
  return api.get<Cart>('/cart/details', { signal });
}

export function postCartItem(api: ApiClient, { productId, size, quantity }: AddToCartInput): Promise<Cart> {
  return api.post<Cart>('/cart', { product: productId, quantity, size: size.toLowerCase() });
}

export function putCartItem(api: ApiClient, itemId: string, quantity: number): Promise<Cart> {
  return api.put<Cart>(`/cart/${encodeURIComponent(itemId)}`, { quantity });
}

export function deleteCartItem(api: ApiClient, itemId: string): Promise<Cart> {
  return api.delete<Cart>(`/cart/${encodeURIComponent(itemId)}`);
}

export function deleteAllCartItems(api: ApiClient): Promise<Cart> {
  return api.delete<Cart>('/cart/clear');
}

export function postCoupon(api: ApiClient, code: string): Promise<Cart> {
  return api.post<Cart>('/cart/apply-discount', { code });
}

export function deleteCoupon(api: ApiClient): Promise<Cart> {
  return api.delete<Cart>('/cart/coupon');
}
