/** The staff coupons page's public entry. */
export { AdminCouponsPage } from './admin-coupons-page.tsx';
