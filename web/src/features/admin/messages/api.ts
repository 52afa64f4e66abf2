/** Staff message requests (README, Staff): the outbox, one message, and sending one again. */
import type { AdminMessageDetail, AdminMessagePage, MessageStatus } from '@shop/core';
import { adminApi, defaultStaffFallback, listTags, whenDone } from '../shared/admin-api.ts';

export interface AdminMessageFilters {
  status?: MessageStatus;
  page?: number;
  limit?: number;
}

const messagePath = (id: string) => `/admin/messages/${encodeURIComponent(id)}`;

const messagesApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminMessages: build.query<AdminMessagePage, AdminMessageFilters>({
      query: (filters) => ({
        method: 'GET',
        path: '/admin/messages',
        query: { ...filters },
        fallback: 'Failed to fetch messages',
      }),
      providesTags: (page) =>
        listTags(
          'Message',
          page?.messages.map((message) => message._id),
        ),
    }),
    getAdminMessage: build.query<AdminMessageDetail, string>({
      query: (id) => ({ method: 'GET', path: messagePath(id), fallback: 'Failed to fetch the message' }),
      providesTags: (_, __, id) => [{ type: 'Message', id }],
    }),
    /** Queues a copy of a sent or failed message: answers the copy. */
    postResend: build.mutation<AdminMessageDetail, string>({
      query: (id) => ({ method: 'POST', path: `${messagePath(id)}/resend`, body: {}, fallback: defaultStaffFallback }),
      invalidatesTags: whenDone((id) => [
        { type: 'Message', id },
        { type: 'Message', id: 'LIST' },
      ]),
    }),
  }),
});

export const { useGetAdminMessagesQuery, useGetAdminMessageQuery, usePostResendMutation } = messagesApi;
