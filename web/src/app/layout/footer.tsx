import { Link } from 'react-router';
import { STORE_NAME, STORE_TAGLINE } from '../brand.ts';

const supportLinks = [
  { label: 'Shipping Policy', to: '/#shipping-policy' },
  { label: 'Terms and Conditions', to: '/#terms-and-conditions' },
  { label: 'Return and Refund Policy', to: '/#return-and-refund-policy' },
  { label: 'Contact', to: '/#contact' },
] as const;

const linkClass = 'rounded-sm text-sm text-white/70 transition-colors hover:text-white';

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-24 bg-ink text-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-12 lg:px-8">
        <div className="md:col-span-5">
          <p className="font-display text-2xl tracking-[0.18em]">{STORE_NAME}</p>
          <p className="mt-3 max-w-xs text-sm leading-6 text-white/70">
            {STORE_TAGLINE}. Easy shirts, T-shirts and accessories, delivered across India with cash on delivery.
          </p>
        </div>

        <nav aria-label="Shop" className="md:col-span-3">
          <h2 className="text-xs font-semibold tracking-[0.2em] text-white/50 uppercase">Shop</h2>
          <ul className="mt-4 space-y-3">
            <li>
              <Link to="/products" className={linkClass}>
                All products
              </Link>
            </li>
            <li>
              <Link to="/" state={{ scrollTo: 'deals-section' }} className={linkClass}>
                Deals
              </Link>
            </li>
            <li>
              <Link to="/" state={{ scrollTo: 'newarrivals' }} className={linkClass}>
                New Arrivals
              </Link>
            </li>
            <li>
              <Link to="/collaboration" className={linkClass}>
                Collaborate with us
              </Link>
            </li>
          </ul>
        </nav>

        <nav aria-label="Support" className="md:col-span-4">
          <h2 className="text-xs font-semibold tracking-[0.2em] text-white/50 uppercase">Support</h2>
          <ul className="mt-4 space-y-3">
            {supportLinks.map((link) => (
              <li key={link.label}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-xs text-white/50 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>
            © {year} {STORE_NAME}. All rights reserved.
          </p>
          <p>Prices in Indian rupees, inclusive of all taxes. Delivery within India only.</p>
        </div>
      </div>
    </footer>
  );
}
