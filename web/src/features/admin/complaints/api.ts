/** Staff complaint requests: the queue, one complaint, and a step on it (acknowledge, reply, resolve). */
import type { ComplaintAction, ComplaintDetail, ComplaintQueue, ComplaintStatus } from '@shop/core';
import { adminApi, changeMutation, pageQuery, recordPath, recordQuery } from '../shared/admin-api.ts';

export interface ComplaintFilters {
  status?: ComplaintStatus;
  page?: number;
  limit?: number;
}

const complaints = { type: 'Complaint', path: '/admin/complaints' } as const;

const complaintsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getComplaints: pageQuery<ComplaintQueue, ComplaintFilters>(build, {
      ...complaints,
      fallback: 'Failed to fetch the complaints',
      rows: (page) => page.complaints,
    }),
    getComplaint: recordQuery<ComplaintDetail>(build, { ...complaints, fallback: 'Failed to fetch the complaint' }),
    takeComplaintStep: changeMutation<ComplaintDetail, { id: string; action: ComplaintAction; message: string }>(
      build,
      ({ id, action, message }) => ({
        method: 'POST',
        path: `${recordPath(complaints.path, id)}/${action}`,
        body: { message },
        fallback: 'Failed to send to the shopper',
      }),
      ({ id }) => [
        { type: 'Complaint', id },
        { type: 'Complaint', id: 'LIST' },
      ],
    ),
  }),
});

export const { useGetComplaintsQuery, useGetComplaintQuery, useTakeComplaintStepMutation } = complaintsApi;
