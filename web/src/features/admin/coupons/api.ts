/** Staff coupon requests (admin only; the client adds the bearer token). */
import type { AdminCoupon, AuditEntry, CouponCreateBody, CouponUpdateBody } from '@shop/core';
import type { ApiClient } from '../../../lib/http.ts';

export interface AdminCouponDetail {
  coupon: AdminCoupon;
  audit: AuditEntry[];
}

const couponPath = (id: string) => `/admin/coupons/${encodeURIComponent(id)}`;

export function listCoupons(api: ApiClient, signal?: AbortSignal): Promise<AdminCoupon[]> {
  return api.get<AdminCoupon[]>('/admin/coupons', { signal });
}

export function getCoupon(api: ApiClient, id: string, signal?: AbortSignal): Promise<AdminCouponDetail> {
  return api.get<AdminCouponDetail>(couponPath(id), { signal });
}

export function createCoupon(api: ApiClient, body: CouponCreateBody): Promise<AdminCoupon> {
  return api.post<AdminCoupon>('/admin/coupons', body);
}

export function updateCoupon(api: ApiClient, id: string, body: CouponUpdateBody): Promise<AdminCoupon> {
  return api.patch<AdminCoupon>(couponPath(id), body);
}
