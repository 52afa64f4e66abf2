import { NavLink, Outlet } from 'react-router';

interface AdminNavItem {
  label: string;
  to: string;
  /** Active only on exactly this path (the dashboard), not on the pages below it. */
  end?: boolean;
}

export const adminNavItems: readonly AdminNavItem[] = [
  { label: 'Dashboard', to: '/admin', end: true },
  { label: 'Orders', to: '/admin/orders' },
  { label: 'Shipments', to: '/admin/shipments' },
  { label: 'Returns', to: '/admin/returns' },
  { label: 'Products', to: '/admin/products' },
  { label: 'Coupons', to: '/admin/coupons' },
  { label: 'Home page', to: '/admin/home' },
  { label: 'Messages', to: '/admin/messages' },
  { label: 'Delivery', to: '/admin/delivery' },
  { label: 'Tax & invoices', to: '/admin/tax' },
  { label: 'Complaints', to: '/admin/complaints' },
];

const tabClass = (active: boolean) =>
  `inline-flex shrink-0 items-center rounded-full px-3.5 py-1.5 text-sm whitespace-nowrap transition-colors sm:px-4 sm:py-2 lg:flex lg:rounded-xl ${
    active ? 'bg-ink font-semibold text-white' : 'text-ink-soft hover:bg-sand'
  }`;

/**
 * The staff area's frame: its name and one navigation, tabs that wrap onto more rows on narrow
 * screens (every tab, the current one included, in sight; a row that scrolled sideways hid
 * half of them on a phone) and a sidebar from large screens up. NavLink marks the current
 * page (aria-current).
 */
export function AdminLayout() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-10 lg:px-8 lg:py-10">
      <div className="lg:sticky lg:top-24 lg:self-start">
        <p className="text-xs font-semibold tracking-[0.2em] text-muted uppercase">Staff area</p>
        <nav aria-label="Staff" className="mt-3 pb-2">
          <ul className="flex flex-wrap gap-1.5 lg:flex-col lg:flex-nowrap">
            {adminNavItems.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={({ isActive }) => tabClass(isActive)}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li className="lg:mt-4 lg:border-t lg:border-line lg:pt-4">
              <NavLink to="/" className={tabClass(false)}>
                Back to shop
              </NavLink>
            </li>
          </ul>
        </nav>
      </div>
      <div className="mt-4 min-w-0 lg:mt-0">
        <Outlet />
      </div>
    </div>
  );
}
