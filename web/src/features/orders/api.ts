/** Order requests (spec §7, Orders and payments). */
import type { Order, PlaceOrderBody } from '@shop/core';
import type { ApiClient } from '../../lib/http.ts';

/** POST /order answers the order, with its id again as `orderId`. */
export type PlacedOrder = Order & { orderId: string };

/** One key per checkout attempt: a retry of the same attempt answers the same order. */
export function postOrder(api: ApiClient, body: PlaceOrderBody, idempotencyKey: string): Promise<PlacedOrder> {
  return api.post<PlacedOrder>('/order', body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export async function getOrders(api: ApiClient, signal?: AbortSignal): Promise<Order[]> {
  const data = await api.get<{ orders: Order[] }>('/order/orders', { signal });
  return data.orders;
}

export function postCancelOrder(api: ApiClient, id: string): Promise<Order> {
  return api.post<Order>(`/order/${encodeURIComponent(id)}/cancel`);
}
