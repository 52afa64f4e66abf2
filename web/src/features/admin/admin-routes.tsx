/**
 * The staff area's pages, under /admin. This module and everything it imports form one
 * chunk that only admins download (see `RequireAdmin`).
 */
import { Link, Route, Routes } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { AdminComplaintDetailPage, AdminComplaintsPage } from './complaints/index.ts';
import { AdminCouponsPage } from './coupons/index.ts';
import { DashboardPage } from './dashboard/index.ts';
import { AdminDeliveryPage } from './delivery/index.ts';
import { AdminHomePage } from './home/index.ts';
import { AdminLayout } from './layout/index.ts';
import { AdminMessageDetailPage, AdminMessagesPage } from './messages/index.ts';
import { AdminOrderDetailPage, AdminOrdersPage } from './orders/index.ts';
import { AdminProductEditPage, AdminProductsPage, ProductCsvPage } from './products/index.ts';
import { AdminReturnsPage } from './returns/index.ts';
import { AdminShipmentsPage } from './shipments/index.ts';
import { AdminPageHeader } from './shared/admin-page.tsx';
import { TaxSettingsPage } from './tax/index.ts';

export function AdminRoutes() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<DashboardPage />} />
        <Route path="orders" element={<AdminOrdersPage />} />
        <Route path="orders/:id" element={<AdminOrderDetailPage />} />
        <Route path="products" element={<AdminProductsPage />} />
        <Route path="products/new" element={<AdminProductEditPage />} />
        <Route path="products/csv" element={<ProductCsvPage />} />
        <Route path="products/:id" element={<AdminProductEditPage />} />
        <Route path="coupons" element={<AdminCouponsPage />} />
        <Route path="messages" element={<AdminMessagesPage />} />
        <Route path="messages/:id" element={<AdminMessageDetailPage />} />
        <Route path="shipments" element={<AdminShipmentsPage />} />
        <Route path="returns" element={<AdminReturnsPage />} />
        <Route path="delivery" element={<AdminDeliveryPage />} />
        <Route path="tax" element={<TaxSettingsPage />} />
        <Route path="complaints" element={<AdminComplaintsPage />} />
        <Route path="complaints/:id" element={<AdminComplaintDetailPage />} />
        <Route path="home" element={<AdminHomePage />} />
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
