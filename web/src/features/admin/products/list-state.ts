/**
 * The products list's search, status filter, "colours without stock" and "declarations missing"
 * filters and page as the URL holds them (`?q=&status=&needs=colour-stock&needs=declarations&page=`).
 */
import { adminProductStatuses } from '@shop/core';
import type { AdminProductStatus } from './api.ts';

const NEEDS_COLOR_STOCK = 'colour-stock';
const NEEDS_DECLARATIONS = 'declarations';

export interface ProductListState {
  q: string;
  status: AdminProductStatus;
  /** Only products with a colour that has no stock in any size. */
  needsColorStock: boolean;
  /** Only products lacking some Legal Metrology declaration. */
  needsDeclarations: boolean;
  page: number;
}

/** Reads a shared or hand-typed URL leniently: anything unreadable is the default. */
export function readListState(params: URLSearchParams): ProductListState {
  const status = params.get('status');
  const page = Number(params.get('page'));
  const needs = params.getAll('needs');
  return {
    q: (params.get('q') ?? '').trim(),
    status: (adminProductStatuses as readonly string[]).includes(status ?? '') ? (status as AdminProductStatus) : 'all',
    needsColorStock: needs.includes(NEEDS_COLOR_STOCK),
    needsDeclarations: needs.includes(NEEDS_DECLARATIONS),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** Defaults stay out of the URL, so the plain list is plain `/admin/products`. */
export function writeListState(state: ProductListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.status !== 'all') params.set('status', state.status);
  if (state.needsColorStock) params.append('needs', NEEDS_COLOR_STOCK);
  if (state.needsDeclarations) params.append('needs', NEEDS_DECLARATIONS);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}
