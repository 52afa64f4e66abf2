/**
 * The orders list's filters live in the URL, so a filtered list can be bookmarked, shared and
 * restored with Back. Anything the URL holds that the API would refuse is left out.
 */
import { orderStatuses, type OrderStatus } from '@shop/core';
import type { AdminOrderFilters } from './api.ts';

export const ORDERS_PER_PAGE = 20;

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

export function filtersFromSearch(params: URLSearchParams): AdminOrderFilters {
  const status = params.get('status') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  const page = Number(params.get('page'));
  return {
    status: (orderStatuses as readonly string[]).includes(status) ? (status as OrderStatus) : undefined,
    from: isDay(from) ? from : undefined,
    to: isDay(to) ? to : undefined,
    q: q || undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}

/** The URL's query for these filters: blank ones and page 1 are left out. */
export function searchFromFilters(filters: AdminOrderFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['status', 'from', 'to', 'q', 'page'] as const) {
    const value = filters[key];
    if (value === undefined || value === '' || (key === 'page' && value === 1)) continue;
    params.set(key, String(value));
  }
  return params;
}

export function hasFilters(filters: AdminOrderFilters): boolean {
  return Boolean(filters.status || filters.from || filters.to || filters.q);
}
