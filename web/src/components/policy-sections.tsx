import {
  businessDaysText,
  CUSTOMER_CANCEL_WINDOW_HOURS,
  DELIVERY_BUSINESS_DAYS,
  DISPATCH_BUSINESS_DAYS,
  defaultShopSettings,
  formatPromiseAmount,
  returnPolicyText,
  toPaise,
  type StoreInfo,
} from '@shop/core';
import { useId, useState } from 'react';

export interface Policy {
  /** Anchor id, e.g. "shipping-policy", so links can open one. */
  id: string;
  title: string;
  points: string[];
}

/**
 * What the policies say about shipping, cash on delivery and tax, from the settings the totals
 * use (`GET /api/store`); until those arrive, nothing (even whether GST is added or included
 * in the prices is the owner's setting).
 */
function storePoints(info: StoreInfo | null | undefined) {
  if (!info) return { shipping: [], terms: [] };
  const cap = formatPromiseAmount(toPaise(info.codMaxOrderValue));
  const open = info.codMaxOpenOrders;
  return {
    shipping: [
      info.texts.shippingPolicy,
      info.codMaxOrderValue === 0 || open === 0
        ? 'Cash on delivery is not taken at the moment: orders are paid online.'
        : `Cash on delivery is available on orders up to ${cap} in most PIN codes, with at most ${open} cash-on-delivery ${open === 1 ? 'order' : 'orders'} on the way at a time. Enter your PIN code on a product page to check yours.`,
    ],
    terms: [info.texts.taxPolicy],
  };
}

/** The shop's policies (spec §9), shown on the cart, the checkout and the policies page. */
function policiesFor(info?: StoreInfo | null): Policy[] {
  const points = storePoints(info);
  return [
    {
      id: 'shipping-policy',
      title: 'Shipping Policy',
      points: [
        `Orders are processed within ${businessDaysText(DISPATCH_BUSINESS_DAYS)}. Orders placed after 5 PM are processed the next business day.`,
        `Delivery takes ${businessDaysText(DELIVERY_BUSINESS_DAYS)} after dispatch.`,
        'We ship within India only; we do not ship internationally.',
        'If your parcel arrives damaged, please tell us within 24 hours of delivery.',
        ...points.shipping,
      ],
    },
    {
      id: 'terms-and-conditions',
      title: 'Terms and Conditions',
      points: [
        `Orders can be cancelled within ${CUSTOMER_CANCEL_WINDOW_HOURS} hours of placing them, unless they have already shipped.`,
        'Customers must be 18 or older, or shop under the supervision of a parent or guardian.',
        ...points.terms,
        'Delivery is within India only.',
      ],
    },
    {
      id: 'return-and-refund-policy',
      title: 'Return and Refund Policy',
      points: [
        // The owner's window and exchanges; the defaults until the shop's settings arrive.
        info?.texts.returnPolicy ?? returnPolicyText(defaultShopSettings),
        'Ask from My Orders: choose the items and the reason, and add a photo of any damage.',
        'Approved refunds reach your original payment method within 7-10 business days.',
        'Our support team replies within 24-48 hours.',
      ],
    },
  ];
}

/** The sections' anchors, which do not depend on the settings. */
export const policyIds = policiesFor().map((policy) => policy.id);

/**
 * The three collapsible policy sections, one open at a time (spec §2: cart and checkout).
 * Each is a disclosure button with its panel, reachable and operable by keyboard.
 */
export function PolicySections({
  initiallyOpen = null,
  info,
}: {
  initiallyOpen?: string | null;
  /** The shop's settings, for what shipping, cash on delivery and tax cost. */
  info?: StoreInfo | null;
}) {
  const [open, setOpen] = useState<string | null>(initiallyOpen);
  const baseId = useId();
  return (
    <div className="divide-y divide-line rounded-xl border border-line bg-white">
      {policiesFor(info).map((policy) => {
        const expanded = open === policy.id;
        const panelId = `${baseId}-${policy.id}`;
        return (
          <section key={policy.id} id={policy.id} className="scroll-mt-24">
            <h3>
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : policy.id)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-sm font-medium text-ink hover:bg-sand/40"
              >
                {policy.title}
                <span aria-hidden="true" className="text-lg leading-none text-muted">
                  {expanded ? '−' : '+'}
                </span>
              </button>
            </h3>
            <div id={panelId} hidden={!expanded} className="px-5 pb-5">
              <ul className="list-disc space-y-2 pl-5 text-sm leading-6 text-muted">
                {policy.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </div>
          </section>
        );
      })}
    </div>
  );
}
