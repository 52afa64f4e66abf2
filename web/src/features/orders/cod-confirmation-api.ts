/** The page a cash order's confirmation email links to: what its link does, and using it (no sign-in). */
import type { CodLinkView } from '@shop/core';
import { api } from '../../lib/api/api.ts';

const linkPath = '/cod-confirmation';

export const codConfirmationApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** What the link would do now: opening the page only reads. */
    getCodLink: build.query<CodLinkView, string>({
      query: (token) => ({
        method: 'GET',
        path: linkPath,
        query: { token },
        auth: false,
        fallback: {
          refused: 'This link is not valid.',
          unreachable: 'The shop could not be reached. Please try again.',
        },
      }),
    }),
    /** The shopper's button: confirms or cancels the order, once. */
    applyCodLink: build.mutation<CodLinkView, string>({
      query: (token) => ({
        method: 'POST',
        path: linkPath,
        auth: false,
        body: { token },
        fallback: {
          refused: 'The order could not be changed.',
          unreachable: 'The shop could not be reached. Please try again.',
        },
      }),
      // A shopper signed in here sees the order as it now is in My Orders.
      invalidatesTags: (_, error) => (error ? [] : ['MyOrders']),
    }),
  }),
});

export const { useGetCodLinkQuery, useApplyCodLinkMutation } = codConfirmationApi;
