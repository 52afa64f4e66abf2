/**
 * The columns the cart and the checkout share: on wide screens the summary sticks to the
 * right of the content, and the shop's policies follow the content on the left.
 */
import { useId, type ReactNode } from 'react';
import type { StoreInfo } from '@shop/core';
import { PolicySections } from '../components/policy-sections.tsx';

/** The summary column: a card with its heading ("Order Summary", "Payment"). */
export function SummaryAside({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <aside aria-labelledby={headingId} className="lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1">
      <div className="rounded-3xl border border-line bg-white p-6 sm:p-7">
        <h2 id={headingId} className="font-display text-2xl">
          {title}
        </h2>
        {children}
      </div>
    </aside>
  );
}

/** "Before you order": the policy sections under the content. */
export function PoliciesBeforeOrder({ info }: { info: StoreInfo | null | undefined }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="min-w-0 lg:col-start-1">
      <h2 id={headingId} className="mb-3 font-display text-xl">
        Before you order
      </h2>
      <PolicySections info={info} />
    </section>
  );
}
