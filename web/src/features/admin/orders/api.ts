/** Staff order requests (README, Staff): every shopper's orders, one order, its moves and refunds. */
import type { AdminOrderDetail, AdminOrderPage, Order, OrderStatus } from '@shop/core';
import type { ApiClient } from '../../../lib/http.ts';

/** The list's filters as the URL and the API both spell them; blank values are left out. */
export interface AdminOrderFilters {
  status?: OrderStatus;
  /** Placed on or after this UTC day, YYYY-MM-DD. */
  from?: string;
  /** Placed on or before this UTC day, YYYY-MM-DD. */
  to?: string;
  /** Order number or customer email, partial. */
  q?: string;
  page?: number;
  limit?: number;
}

const orderPath = (id: string) => `/admin/orders/${encodeURIComponent(id)}`;

export function getAdminOrders(
  api: ApiClient,
  filters: AdminOrderFilters,
  signal?: AbortSignal,
): Promise<AdminOrderPage> {
  return api.get<AdminOrderPage>('/admin/orders', { query: { ...filters }, signal });
}

export function getAdminOrder(api: ApiClient, id: string, signal?: AbortSignal): Promise<AdminOrderDetail> {
  return api.get<AdminOrderDetail>(orderPath(id), { signal });
}

/** The spec's status update; the server checks the move is allowed and restocks on cancel. */
export function patchOrderStatus(api: ApiClient, id: string, status: OrderStatus): Promise<Order> {
  return api.patch<Order>(`/order/${encodeURIComponent(id)}/status`, { status });
}

/** Without a reference the provider refunds the payment; with one, a refund made elsewhere is recorded. */
export function postRefund(api: ApiClient, id: string, reference?: string): Promise<unknown> {
  return api.post<unknown>(`${orderPath(id)}/refund`, reference === undefined ? {} : { reference });
}
