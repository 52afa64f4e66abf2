/**
 * The seller page, complaints to the grievance officer and the shopper's data rights: the
 * seller page and complaints are public (no token; a signed-in shopper's complaint sends one,
 * so it is kept with their account), deleting the account is the shopper's own.
 */
import type { ComplaintBody, ComplaintCreated, ComplaintTicket, SellerPage } from '@shop/core';
import { api } from '../../lib/api/api.ts';

/** Exported for the server renderer, which asks the seller page's query before rendering it. */
export const legalApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSellerPage: build.query<SellerPage, void>({
      query: () => ({ method: 'GET', path: '/seller', auth: false, fallback: 'Could not load the seller details' }),
    }),
    fileComplaint: build.mutation<ComplaintCreated, { body: ComplaintBody; signedIn: boolean }>({
      query: ({ body, signedIn }) => ({
        method: 'POST',
        path: '/complaints',
        body,
        auth: signedIn,
        endsSessionOn401: false,
        fallback: 'Could not send your complaint. Please try again.',
      }),
    }),
    getComplaintTicket: build.query<ComplaintTicket, { ticket: string; key: string }>({
      query: ({ ticket, key }) => ({
        method: 'GET',
        path: `/complaints/${encodeURIComponent(ticket)}`,
        query: { key },
        auth: false,
        fallback: 'Could not load your complaint',
      }),
    }),
    deleteAccount: build.mutation<{ keptDocuments: { number: string; kind: string; keepUntil: string }[] }, void>({
      query: () => ({
        method: 'DELETE',
        path: '/account',
        fallback: 'Could not delete your account. Please try again.',
      }),
    }),
  }),
});

export const { useGetSellerPageQuery, useFileComplaintMutation, useGetComplaintTicketQuery, useDeleteAccountMutation } =
  legalApi;
