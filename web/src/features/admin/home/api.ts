/** Staff requests for the home page: deals, testimonials and the featured product (admin only). */
import type { Deal, DealBody, FeaturedProduct, Testimonial, TestimonialBody } from '@shop/core';
import { adminApi, changeMutation, recordPath } from '../shared/admin-api.ts';

const deals = '/admin/deals';
const testimonials = '/admin/testimonials';
const everything = () => [{ type: 'HomeContent' as const, id: 'ALL' }];

const homeContentApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    listDeals: build.query<Deal[], void>({
      query: () => ({ method: 'GET', path: deals, fallback: 'Could not load the deals.' }),
      transformResponse: (data: { deals: Deal[] }) => data.deals,
      providesTags: everything,
    }),
    saveDeal: changeMutation<Deal, { id: string | null; body: DealBody }>(
      build,
      ({ id, body }) => ({
        method: id === null ? 'POST' : 'PUT',
        path: id === null ? deals : recordPath(deals, id),
        body,
        fallback: 'Could not save the deal.',
      }),
      everything,
    ),
    deleteDeal: changeMutation<null, string>(
      build,
      (id) => ({ method: 'DELETE', path: recordPath(deals, id), fallback: 'Could not remove the deal.' }),
      everything,
    ),
    listTestimonials: build.query<Testimonial[], void>({
      query: () => ({ method: 'GET', path: testimonials, fallback: 'Could not load the testimonials.' }),
      transformResponse: (data: { testimonials: Testimonial[] }) => data.testimonials,
      providesTags: everything,
    }),
    saveTestimonial: changeMutation<Testimonial, { id: string | null; body: TestimonialBody }>(
      build,
      ({ id, body }) => ({
        method: id === null ? 'POST' : 'PUT',
        path: id === null ? testimonials : recordPath(testimonials, id),
        body,
        fallback: 'Could not save the testimonial.',
      }),
      everything,
    ),
    deleteTestimonial: changeMutation<null, string>(
      build,
      (id) => ({ method: 'DELETE', path: recordPath(testimonials, id), fallback: 'Could not remove the testimonial.' }),
      everything,
    ),
    getHomeFeature: build.query<{ productId: string | null; product: FeaturedProduct | null }, void>({
      query: () => ({ method: 'GET', path: '/admin/home-feature', fallback: 'Could not load the featured product.' }),
      providesTags: everything,
    }),
    setHomeFeature: changeMutation<{ productId: string | null }, string | null>(
      build,
      (productId) => ({
        method: 'PUT',
        path: '/admin/home-feature',
        body: { productId },
        fallback: 'Could not save the featured product.',
      }),
      everything,
    ),
  }),
});

export const {
  useListDealsQuery,
  useSaveDealMutation,
  useDeleteDealMutation,
  useListTestimonialsQuery,
  useSaveTestimonialMutation,
  useDeleteTestimonialMutation,
  useGetHomeFeatureQuery,
  useSetHomeFeatureMutation,
} = homeContentApi;
