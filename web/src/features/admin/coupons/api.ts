/** Staff coupon requests (admin only; the client adds the bearer token). */
import type { AdminCoupon, AuditEntry, CouponCreateBody, CouponUpdateBody } from '@shop/core';
import { adminApi, defaultStaffFallback, listTags, whenDone } from '../shared/admin-api.ts';

export interface AdminCouponDetail {
  coupon: AdminCoupon;
  audit: AuditEntry[];
}

const couponPath = (id: string) => `/admin/coupons/${encodeURIComponent(id)}`;

const couponsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    listCoupons: build.query<AdminCoupon[], void>({
      query: () => ({ method: 'GET', path: '/admin/coupons', fallback: 'Could not load the coupons.' }),
      providesTags: (coupons = []) =>
        listTags(
          'Coupon',
          coupons.map((coupon) => coupon._id),
        ),
    }),
    /** The coupon with its recorded changes. */
    getCoupon: build.query<AdminCouponDetail, string>({
      query: (id) => ({ method: 'GET', path: couponPath(id), fallback: 'Could not load the history.' }),
      providesTags: (_, __, id) => [{ type: 'Coupon', id }],
    }),
    createCoupon: build.mutation<AdminCoupon, CouponCreateBody>({
      query: (body) => ({ method: 'POST', path: '/admin/coupons', body, fallback: defaultStaffFallback }),
      invalidatesTags: whenDone(() => [{ type: 'Coupon', id: 'LIST' }]),
    }),
    updateCoupon: build.mutation<AdminCoupon, { id: string; body: CouponUpdateBody }>({
      query: ({ id, body }) => ({ method: 'PATCH', path: couponPath(id), body, fallback: defaultStaffFallback }),
      invalidatesTags: whenDone(({ id }) => [{ type: 'Coupon', id }]),
    }),
  }),
});

export const { useListCouponsQuery, useGetCouponQuery, useCreateCouponMutation, useUpdateCouponMutation } = couponsApi;
