/**
 * The products list's search, status filter, "colours without stock" filter and page as the URL
 * holds them (`?q=&status=&needs=colour-stock&page=`).
 */
import { adminProductStatuses } from '@shop/core';
import type { AdminProductStatus } from './api.ts';

const NEEDS_COLOR_STOCK = 'colour-stock';

export interface ProductListState {
  q: string;
  status: AdminProductStatus;
  /** Only products with a colour that has no stock in any size. */
  needsColorStock: boolean;
  page: number;
}

/** Reads a shared or hand-typed URL leniently: anything unreadable is the default. */
export function readListState(params: URLSearchParams): ProductListState {
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').trim(),
    status: (adminProductStatuses as readonly string[]).includes(status ?? '') ? (status as AdminProductStatus) : 'all',
    needsColorStock: params.get('needs') === NEEDS_COLOR_STOCK,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** Defaults stay out of the URL, so the plain list is plain `/admin/products`. */
export function writeListState(state: ProductListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.status !== 'all') params.set('status', state.status);
  if (state.needsColorStock) params.set('needs', NEEDS_COLOR_STOCK);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}
