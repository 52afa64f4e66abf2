import { INCLUSIVE_TAX_NOTE, type Totals } from '@shop/core';
import { formatPrice } from '../../../lib/format.ts';

/** The names the rows go by: the cart page and the checkout say it differently (spec §2). */
export interface TotalsLabels {
  subtotal: string;
  discount: string;
  shipping: string;
  gst: string;
  total: string;
}

export const cartTotalsLabels: TotalsLabels = {
  subtotal: 'Items Total',
  discount: 'Discount',
  shipping: 'Shipping Charges',
  gst: 'GST (18%)',
  total: 'Subtotal (Payable)',
};

export const checkoutTotalsLabels: TotalsLabels = {
  subtotal: 'Subtotal',
  discount: 'Discount',
  shipping: 'Shipping',
  gst: 'GST (18%)',
  total: 'Total',
};

/**
 * The labels with the GST row as the shop names it ("GST (18%)" while every category is taxed
 * at one rate, "GST" otherwise), once its settings have arrived.
 */
export function withGstLabel(labels: TotalsLabels, info: { texts: { gstLabel: string } } | null): TotalsLabels {
  return info ? { ...labels, gst: info.texts.gstLabel } : labels;
}

interface TotalsListProps {
  totals: Totals;
  labels: TotalsLabels;
  /** A change is on its way: the figures are about to be replaced. */
  updating?: boolean;
}

/**
 * The server's totals, in rupees the core way. The discount row shows only when there is one.
 * Totals whose prices include GST keep the GST row's name and say it is included (it is part of
 * the items and shipping, not added to them), and that the total is inclusive of all taxes.
 */
export function TotalsList({ totals, labels, updating = false }: TotalsListProps) {
  const row = 'flex items-baseline justify-between gap-4 py-1.5';
  const list = (
    <dl
      aria-busy={updating}
      className={`text-sm transition-opacity ${updating ? 'opacity-60' : ''}`}
      aria-label="Order summary"
    >
      <div className={row}>
        <dt className="text-muted">{labels.subtotal}</dt>
        <dd className="tabular-nums">{formatPrice(totals.subtotal)}</dd>
      </div>
      {totals.discountAmount > 0 && (
        <div className={row}>
          <dt className="text-muted">{labels.discount}</dt>
          <dd className="font-medium text-success tabular-nums">−{formatPrice(totals.discountAmount)}</dd>
        </div>
      )}
      <div className={row}>
        <dt className="text-muted">{labels.shipping}</dt>
        <dd className="tabular-nums">{formatPrice(totals.shipping)}</dd>
      </div>
      <div className={row}>
        <dt className="text-muted">
          {labels.gst}
          {totals.gstIncluded && ' included'}
        </dt>
        <dd className={`tabular-nums ${totals.gstIncluded ? 'text-muted' : ''}`}>{formatPrice(totals.gst)}</dd>
      </div>
      <div className={`${row} mt-3 border-t border-line pt-4`}>
        <dt className="font-semibold">{labels.total}</dt>
        <dd className="text-lg font-semibold tabular-nums">{formatPrice(totals.total)}</dd>
      </div>
    </dl>
  );
  if (!totals.gstIncluded) return list;
  return (
    <>
      {list}
      <p className="mt-1 text-right text-xs text-muted">{INCLUSIVE_TAX_NOTE}</p>
    </>
  );
}
