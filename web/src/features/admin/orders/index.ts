/** The staff order pages' public entry; the dashboard lists the latest orders with the same query. */
export { AdminOrdersPage } from './orders-page.tsx';
export { AdminOrderDetailPage } from './order-detail-page.tsx';
export { useGetAdminOrdersQuery } from './api.ts';
