import { DEFAULT_GST_PERCENT } from '@shop/core';
import { Link } from 'react-router';
import { MailIcon } from '../../components/icons/mail.tsx';
import { STORE_NAME, STORE_TAGLINE } from '../../lib/brand.ts';
import { SUPPORT_EMAIL } from '../../lib/contact.ts';
import { useStoreInfo } from '../../lib/store/store-info.ts';

/**
 * The support links open the policies page on their section; Contact on how to reach us. The
 * seller's details, complaints and the privacy notice are the law's (E-Commerce Rules, DPDP Act).
 */
const supportLinks = [
  { label: 'Shipping Policy', to: '/policies#shipping-policy' },
  { label: 'Terms and Conditions', to: '/policies#terms-and-conditions' },
  { label: 'Return and Refund Policy', to: '/policies#return-and-refund-policy' },
  { label: 'Contact', to: '/policies#contact' },
  { label: 'Seller Details and Grievance Officer', to: '/seller' },
  { label: 'File a Complaint', to: '/complaints' },
  { label: 'Privacy Notice', to: '/privacy' },
] as const;

const linkClass = 'rounded-sm text-sm text-white/75 transition-colors hover:text-white focus-visible:outline-white';

export function Footer() {
  const year = new Date().getFullYear();
  const info = useStoreInfo();
  // The rate is the shop's fixed setting; it is known before the shop's details arrive.
  const gstPercent = info?.gstPercent ?? DEFAULT_GST_PERCENT;
  return (
    <footer className="mt-24 bg-ink text-white">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-14 sm:px-6 md:grid-cols-12 lg:px-8">
        <div className="col-span-2 md:col-span-5">
          <p className="font-display text-2xl tracking-[0.18em]">{STORE_NAME}</p>
          <p className="mt-3 max-w-xs text-sm leading-6 text-white/75">
            {STORE_TAGLINE}. Easy shirts, T-shirts and accessories, delivered across most of India.
          </p>
          <a
            href={`mailto:${SUPPORT_EMAIL}`}
            className="mt-5 inline-flex items-center gap-2 rounded-sm text-sm text-white/75 transition-colors hover:text-white focus-visible:outline-white"
          >
            <MailIcon size={16} />
            {SUPPORT_EMAIL}
          </a>
        </div>

        <nav aria-label="Shop" className="md:col-span-3">
          <h2 className="text-xs font-semibold tracking-[0.2em] text-white/60 uppercase">Shop</h2>
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
          <h2 className="text-xs font-semibold tracking-[0.2em] text-white/60 uppercase">Support</h2>
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
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-xs text-white/60 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>
            © {year} {STORE_NAME}. All rights reserved.
          </p>
          <p>
            Prices in Indian rupees; {gstPercent}% GST is added at checkout.
            {info && ` ${info.texts.shippingPromise}.`} Delivery within India only.
          </p>
        </div>
      </div>
    </footer>
  );
}
