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
      (body) => ({ method: 'POST', path: coupons.path, body, fallback: 'Could not create the coupon.' }),
      () => [{ type: 'Coupon', id: 'LIST' }],
    ),
    updateCoupon: changeMutation<AdminCoupon, { id: string; body: CouponUpdateBody }>(
      build,
      ({ id, body }) => ({
        method: 'PATCH',
        path: recordPath(coupons.path, id),
        body,
        fallback: 'Could not save the coupon.',
      }),
      ({ id }) => [{ type: 'Coupon', id }],
    ),
    /** The list's switch: the same change as an edit of `isActive`, said as what it does. */
    setCouponActive: changeMutation<AdminCoupon, { id: string; isActive: boolean }>(
      build,
      ({ id, isActive }) => ({
        method: 'PATCH',
        path: recordPath(coupons.path, id),
        body: { isActive },
        fallback: isActive ? 'Could not activate the coupon.' : 'Could not deactivate the coupon.',
      }),
      ({ id }) => [{ type: 'Coupon', id }],
    ),
  }),
});

export const {
  useListCouponsQuery,
  useGetCouponQuery,
  useCreateCouponMutation,
  useUpdateCouponMutation,
  useSetCouponActiveMutation,
} = couponsApi;
