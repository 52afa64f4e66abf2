import { useId } from 'react';
import { formatPrice } from '../../../lib/format.ts';
import type { SampleItem } from '../data.ts';
import { Stars } from './stars.tsx';

/**
 * A New Arrivals card (spec §2): image, name, brand, "(Nk) Customer Reviews", the price in
 * rupees with two decimals, always five gold stars and "Almost Sold Out".
 */
export function SampleProductCard({ item, eager = false }: { item: SampleItem; eager?: boolean }) {
  const nameId = useId();
  return (
    <article aria-labelledby={nameId} className="group flex h-full flex-col">
      <div className="relative aspect-[4/5] overflow-hidden rounded-2xl bg-sand">
        <img
          src={item.image}
          alt=""
          width={600}
          height={750}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="h-full w-full object-cover transition-transform duration-500 ease-out group-hover:scale-[1.04] motion-reduce:transition-none"
        />
        <span className="absolute top-3 left-3 rounded-full bg-white/95 px-2.5 py-1 text-[11px] font-semibold tracking-wider text-sale uppercase shadow-sm">
          Almost Sold Out
        </span>
      </div>
      <div className="mt-4 flex flex-1 flex-col px-0.5">
        <h3 id={nameId} className="text-sm leading-5 font-medium text-ink sm:text-base sm:leading-6">
          {item.name}
        </h3>
        <p className="mt-0.5 text-xs text-muted sm:text-sm">{item.brand}</p>
        <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1">
          <Stars filled={5} size={14} />
          <span className="text-xs text-muted">({item.reviews}k) Customer Reviews</span>
        </div>
        <p className="mt-2 text-base font-semibold text-ink tabular-nums">{formatPrice(item.price)}</p>
      </div>
    </article>
  );
}
