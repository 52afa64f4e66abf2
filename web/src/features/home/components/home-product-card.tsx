import type { HomeCard } from '@shop/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { InclusiveTaxNote } from '../../../components/inclusive-tax-note.tsx';
import { PLACEHOLDER_IMAGE } from '../../../components/placeholder-image.ts';
import { formatPrice } from '../../../lib/format.ts';
import { Stars } from './stars.tsx';

/**
 * A New Arrivals card (spec §2): image, name, its line (the category: the catalogue names no
 * brands), the stars, the price in rupees with two decimals, and "Almost Sold Out", each true:
 * the catalogue's own price, no rating until there are reviews, and "Almost Sold Out" only when
 * even the best-stocked size is at or below the low-stock threshold. The whole card opens the product.
 */
export function HomeProductCard({ item, eager = false }: { item: HomeCard; eager?: boolean }) {
  const nameId = useId();
  const badge = item.soldOut ? 'Sold out' : item.almostSoldOut ? 'Almost Sold Out' : null;
  return (
    <article aria-labelledby={nameId} className="group flex h-full flex-col">
      <Link
        to={`/product/${encodeURIComponent(item._id)}`}
        className="block rounded-2xl focus-visible:outline-offset-4"
      >
        <div className="relative aspect-[4/5] overflow-hidden rounded-2xl bg-sand">
          <img
            src={item.image || PLACEHOLDER_IMAGE}
            alt=""
            width={600}
            height={750}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className="h-full w-full object-cover transition-transform duration-500 ease-out group-hover:scale-[1.04] motion-reduce:transition-none"
          />
          {badge && (
            <span className="absolute top-3 left-3 rounded-full bg-white/95 px-2.5 py-1 text-[11px] font-semibold tracking-wider text-sale uppercase shadow-sm">
              {badge}
            </span>
          )}
        </div>
        <div className="mt-4 flex flex-1 flex-col px-0.5">
          <h3 id={nameId} className="text-sm leading-5 font-medium text-ink sm:text-base sm:leading-6">
            {item.name}
          </h3>
          <p className="mt-0.5 text-xs text-muted sm:text-sm">{item.category}</p>
          <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1">
            <Stars filled={0} size={14} label="No reviews yet" />
            <span className="text-xs text-muted">No reviews yet</span>
          </div>
          <p className="mt-2 flex items-baseline gap-2 text-base font-semibold text-ink tabular-nums">
            {formatPrice(item.price)}
            {item.originalPrice !== null && item.originalPrice > item.price && (
              <s className="text-sm font-normal text-muted">
                <span className="sr-only">was </span>
                {formatPrice(item.originalPrice)}
              </s>
            )}
          </p>
          <InclusiveTaxNote className="mt-0.5" />
        </div>
      </Link>
    </article>
  );
}
