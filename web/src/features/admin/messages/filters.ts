/** The messages list's filters live in the URL (bookmarks, Back), as the orders list's do. */
import { messageStatuses, type MessageStatus } from '@shop/core';
import type { AdminMessageFilters } from './api.ts';

export const MESSAGES_PER_PAGE = 20;

export function filtersFromSearch(params: URLSearchParams): AdminMessageFilters {
  const status = params.get('status') ?? '';
  const page = Number(params.get('page'));
  return {
    status: (messageStatuses as readonly string[]).includes(status) ? (status as MessageStatus) : undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}

/** The URL's query for these filters: blank ones and page 1 are left out. */
export function searchFromFilters(filters: AdminMessageFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.page && filters.page > 1) params.set('page', String(filters.page));
  return params;
}
