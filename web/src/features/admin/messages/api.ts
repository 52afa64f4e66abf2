/** Staff message requests (README, Staff): the outbox, one message, and sending one again. */
import type { AdminMessageDetail, AdminMessagePage, MessageStatus } from '@shop/core';
import { adminApi, changeMutation, pageQuery, recordPath, recordQuery } from '../shared/admin-api.ts';

export interface AdminMessageFilters {
  status?: MessageStatus;
  page?: number;
  limit?: number;
}

const messages = { type: 'Message', path: '/admin/messages' } as const;

const messagesApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminMessages: pageQuery<AdminMessagePage, AdminMessageFilters>(build, {
      ...messages,
      fallback: 'Failed to fetch messages',
      rows: (page) => page.messages,
    }),
    getAdminMessage: recordQuery<AdminMessageDetail>(build, { ...messages, fallback: 'Failed to fetch the message' }),
    /** Queues a copy of a sent or failed message: answers the copy. */
    postResend: changeMutation<AdminMessageDetail, string>(
      build,
      (id) => ({
        method: 'POST',
        path: `${recordPath(messages.path, id)}/resend`,
        body: {},
        fallback: 'Failed to send the message again',
      }),
      (id) => [
        { type: 'Message', id },
        { type: 'Message', id: 'LIST' },
      ],
    ),
  }),
});

export const { useGetAdminMessagesQuery, useGetAdminMessageQuery, usePostResendMutation } = messagesApi;
