/** What the dashboard reads besides the order stats and the orders list. */
import type { LowStockRow } from '@shop/core';
import type { ApiClient } from '../../../lib/http.ts';

/** Active products' sizes with stock at or below `threshold` (the server's default: 5). */
export function getLowStock(
  api: ApiClient,
  query: { threshold?: number; limit?: number },
  signal?: AbortSignal,
): Promise<LowStockRow[]> {
  return api.get<LowStockRow[]>('/admin/low-stock', { query, signal });
}
