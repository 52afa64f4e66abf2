import {
  makerRoleLabel,
  missingDeclarations,
  mrpOf,
  toPaise,
  toRupees,
  type ListingDeclarations,
  type StoreInfo,
} from '@shop/core';
import { formatPrice } from '../../../lib/format.ts';

/**
 * "Product details": what the Legal Metrology rules ask a listing to declare. The MRP is the
 * chosen variant's (its own price when it has one), inclusive of all taxes.
 */
export function ProductDeclarations({
  declarations,
  price,
  originalPrice,
  gstPercent,
  pricesIncludeGst,
  consumerCare,
}: {
  declarations: ListingDeclarations;
  /** Rupees, as the page shows the chosen variant. */
  price: number;
  originalPrice: number | null;
  gstPercent: number;
  /** The shop's prices include GST: they are the MRP as they are. */
  pricesIncludeGst: boolean;
  consumerCare: StoreInfo['consumerCare'];
}) {
  // A product from before the declarations may still be on sale: nothing half-said is shown.
  if (missingDeclarations(declarations).length > 0) return null;
  const mrp = mrpOf(
    toPaise(price),
    originalPrice === null ? null : toPaise(originalPrice),
    gstPercent,
    pricesIncludeGst,
  );
  const rows: [string, string][] = [
    ['Generic name', declarations.genericName],
    ['Net quantity', declarations.netQuantity],
    ['MRP', `${formatPrice(toRupees(mrp))} (incl. of all taxes)`],
    ['Country of origin', declarations.countryOfOrigin],
    [makerRoleLabel(declarations.makerRole), `${declarations.makerName}, ${declarations.makerAddress}`],
  ];
  if (consumerCare) {
    rows.push(['Consumer care', `${consumerCare.name}, ${consumerCare.email}, ${consumerCare.phone}`]);
  }
  return (
    <section className="mt-8 border-t border-line pt-6" aria-labelledby="product-details-heading">
      <h2 id="product-details-heading" className="font-display text-xl">
        Product details
      </h2>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-ink">{term}</dt>
            <dd className="mb-2 text-ink-soft [overflow-wrap:anywhere] sm:mb-0">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
