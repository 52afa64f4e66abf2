/**
 * The staff area's pages, under /admin. This module and everything it imports form one
 * chunk that only admins download (see `RequireAdmin`).
 */
import { Link, Route, Routes } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { AdminCouponsPage } from './coupons/admin-coupons-page.tsx';
import { DashboardPage } from './dashboard/dashboard-page.tsx';
import { AdminDeliveryPage } from './delivery/delivery-page.tsx';
import { AdminLayout } from './layout/admin-layout.tsx';
import { AdminMessageDetailPage } from './messages/message-detail-page.tsx';
import { AdminMessagesPage } from './messages/messages-page.tsx';
import { AdminOrderDetailPage } from './orders/order-detail-page.tsx';
import { AdminOrdersPage } from './orders/orders-page.tsx';
import { AdminProductEditPage, AdminProductsPage } from './products/admin-products-page.tsx';
import { AdminPageHeader } from './shared/admin-page.tsx';
import { TaxSettingsPage } from './tax/tax-settings-page.tsx';

export function AdminRoutes() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<DashboardPage />} />
        <Route path="orders" element={<AdminOrdersPage />} />
        <Route path="orders/:id" element={<AdminOrderDetailPage />} />
        <Route path="products" element={<AdminProductsPage />} />
        <Route path="products/new" element={<AdminProductEditPage />} />
        <Route path="products/:id" element={<AdminProductEditPage />} />
        <Route path="coupons" element={<AdminCouponsPage />} />
        <Route path="messages" element={<AdminMessagesPage />} />
        <Route path="messages/:id" element={<AdminMessageDetailPage />} />
        <Route path="delivery" element={<AdminDeliveryPage />} />
        <Route path="tax" element={<TaxSettingsPage />} />
        <Route path="*" element={<AdminNotFound />} />
      </Route>
    </Routes>
  );
}

function AdminNotFound() {
  return (
    <>
      <AdminPageHeader title="Page not found" description="There is no staff page at this address." />
      <Link to="/admin" className={buttonClass('secondary', 'sm')}>
        Go to the dashboard
      </Link>
    </>
  );
}
