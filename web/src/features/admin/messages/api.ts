/** Staff message requests (README, Staff): the outbox, one message, and sending one again. */
import type { AdminMessageDetail, AdminMessagePage, MessageStatus } from '@shop/core';
import type { ApiClient } from '../../../lib/http.ts';

export interface AdminMessageFilters {
  status?: MessageStatus;
  page?: number;
  limit?: number;
}

const messagePath = (id: string) => `/admin/messages/${encodeURIComponent(id)}`;

export function getAdminMessages(
  api: ApiClient,
  filters: AdminMessageFilters,
  signal?: AbortSignal,
): Promise<AdminMessagePage> {
  return api.get<AdminMessagePage>('/admin/messages', { query: { ...filters }, signal });
}

export function getAdminMessage(api: ApiClient, id: string, signal?: AbortSignal): Promise<AdminMessageDetail> {
  return api.get<AdminMessageDetail>(messagePath(id), { signal });
}

/** Queues a copy of a sent or failed message: answers the copy. */
export function postResend(api: ApiClient, id: string): Promise<AdminMessageDetail> {
  return api.post<AdminMessageDetail>(`${messagePath(id)}/resend`, {});
}
