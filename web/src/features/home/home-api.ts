/** The home page's requests: everything it shows at once, and further New Arrivals. Public. */
import type { HomePage, NewArrivalsPage, NewArrivalTab } from '@shop/core';
import { api } from '../../lib/api/api.ts';
import { homePageReceived } from './home-slice.ts';

export const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getHomePage: build.query<HomePage, void>({
      async queryFn(_, { dispatch }, _options, baseQuery) {
        const result = await baseQuery({
          method: 'GET',
          path: '/home',
          auth: false,
          fallback: 'Could not load the home page',
        });
        // Kept before the query settles, so whoever awaited it reads the slice up to date.
        if (result.data) dispatch(homePageReceived(result.data as HomePage));
        return result.error ? { error: result.error } : { data: result.data as HomePage };
      },
    }),
    getNewArrivals: build.query<NewArrivalsPage, { tab: NewArrivalTab; page: number }>({
      query: ({ tab, page }) => ({
        method: 'GET',
        path: '/home/new-arrivals',
        query: { tab, page: String(page) },
        auth: false,
        fallback: 'Could not load the new arrivals',
      }),
    }),
  }),
});

/** Asks for the home page's data, once per visit: a cached answer is not asked again. */
export const fetchHomePage = () => homeApi.endpoints.getHomePage.initiate(undefined, { subscribe: false });
