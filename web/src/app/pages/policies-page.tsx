import { defaultShopSettings } from '@shop/core';
import { useLocation } from 'react-router';
import { Breadcrumbs } from '../../components/breadcrumbs.tsx';
import { MailIcon } from '../../components/icons/mail.tsx';
import { PhoneIcon } from '../../components/icons/phone.tsx';
import { policyIds, PolicySections } from '../../components/policy-sections.tsx';
import { useStoreInfo } from '../../lib/store/store-info.ts';
import { pageTitle } from '../../lib/brand.ts';
import { SUPPORT_EMAIL, SUPPORT_HOURS, SUPPORT_PHONE } from '../../lib/contact.ts';

/** The policy a link asks for (`/policies#shipping-policy`), if it is one. */
export function policyFromHash(hash: string): string | null {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  return policyIds.includes(id) ? id : null;
}

/**
 * /policies: shipping, terms, and returns and refunds, the one named in the link open; and
 * how to reach us (`#contact`). The footer's support links lead here.
 */
export function PoliciesPage() {
  const { hash } = useLocation();
  const open = policyFromHash(hash);
  const info = useStoreInfo();
  const returnDays = info?.returnWindowDays ?? defaultShopSettings.returnWindowDays;

  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-4 sm:px-6 lg:px-8">
      <title>{pageTitle('Policies')}</title>
      <Breadcrumbs items={[{ label: 'Home', to: '/' }, { label: 'Policies' }]} />

      <div className="mt-8 grid gap-12 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-16">
        <div>
          <p className="text-xs font-semibold tracking-[0.25em] text-accent uppercase">Help</p>
          <h1 className="mt-3 font-display text-4xl leading-tight sm:text-5xl">Shipping, terms and returns</h1>
          <p className="mt-5 max-w-xl text-base leading-7 text-muted">
            The short version: we ship across India only, dispatch within 2-5 business days, and take back damaged,
            defective or incorrect items within {returnDays} {returnDays === 1 ? 'day' : 'days'} of delivery.
          </p>
          <div className="mt-8">
            <h2 className="sr-only">Our policies</h2>
            {/* A new hash opens its section: the key starts the sections afresh. */}
            <PolicySections key={open ?? 'none'} initiallyOpen={open} info={info} />
          </div>
        </div>

        <section
          id="contact"
          aria-labelledby="contact-heading"
          className="scroll-mt-24 self-start rounded-3xl bg-sand p-6 sm:p-8 lg:sticky lg:top-24"
        >
          <h2 id="contact-heading" className="font-display text-2xl">
            Contact us
          </h2>
          <p className="mt-3 text-sm leading-6 text-ink-soft">
            Questions about an order, a return or a refund? Write or call; we reply within 24-48 hours.
          </p>
          <ul className="mt-6 space-y-4 text-sm">
            <li>
              <a
                href={`mailto:${SUPPORT_EMAIL}`}
                className="inline-flex items-center gap-3 rounded-md font-medium text-ink underline decoration-ink/30 underline-offset-4 hover:decoration-ink"
              >
                <MailIcon size={18} />
                {SUPPORT_EMAIL}
              </a>
            </li>
            <li>
              <a
                href={`tel:${SUPPORT_PHONE.replace(/\s+/g, '')}`}
                className="inline-flex items-center gap-3 rounded-md font-medium text-ink underline decoration-ink/30 underline-offset-4 hover:decoration-ink"
              >
                <PhoneIcon size={18} />
                {SUPPORT_PHONE}
              </a>
            </li>
          </ul>
          <p className="mt-6 text-xs text-muted">{SUPPORT_HOURS}</p>
        </section>
      </div>
    </div>
  );
}
