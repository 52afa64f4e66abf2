/** Staff coupon requests (admin only; the client adds the bearer token). */
import type { AdminCoupon, AuditEntry, CouponCreateBody, CouponUpdateBody } from '@shop/core';
import { adminApi, changeMutation, listTags, recordPath, recordQuery } from '../shared/admin-api.ts';

export interface AdminCouponDetail {
  coupon: AdminCoupon;
  audit: AuditEntry[];
}

const coupons = { type: 'Coupon', path: '/admin/coupons' } as const;

const couponsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    listCoupons: build.query<AdminCoupon[], void>({
      query: () => ({ method: 'GET', path: coupons.path, fallback: 'Could not load the coupons.' }),
      providesTags: (list = []) =>
        listTags(
          'Coupon',
          list.map((coupon) => coupon._id),
        ),
    }),
    /** The coupon with its recorded changes. */
    getCoupon: recordQuery<AdminCouponDetail>(build, { ...coupons, fallback: 'Could not load the history.' }),
    createCoupon: changeMutation<AdminCoupon, CouponCreateBody>(
      build,
      (body) => ({ method: 'POST', path: coupons.path, body }),
      () => [{ type: 'Coupon', id: 'LIST' }],
    ),
    updateCoupon: changeMutation<AdminCoupon, { id: string; body: CouponUpdateBody }>(
      build,
      ({ id, body }) => ({ method: 'PATCH', path: recordPath(coupons.path, id), body }),
      ({ id }) => [{ type: 'Coupon', id }],
    ),
  }),
});

export const { useListCouponsQuery, useGetCouponQuery, useCreateCouponMutation, useUpdateCouponMutation } = couponsApi;
