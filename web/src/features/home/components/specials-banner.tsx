import { useState } from 'react';
import { Link } from 'react-router';
import { useStoreInfo } from '../../../lib/store/store-info.ts';
import { buttonClass } from '../../../components/button.ts';
import { InclusiveTaxNote } from '../../../components/inclusive-tax-note.tsx';
import { formatPrice } from '../../../lib/format.ts';
import type { FeaturedProduct } from '@shop/core';
import { PLACEHOLDER_IMAGE } from '../../../components/placeholder-image.ts';
import { specialFeatures } from '../data.ts';
import { featureIcons } from './feature-icons.tsx';

/**
 * The specials banner (spec §2): the product staff feature, with the sizes it is made in (those
 * sold out shown so, and not chosen), its price and Buy Now, which opens the product.
 */
export function SpecialsBanner({ product }: { product: FeaturedProduct }) {
  const [size, setSize] = useState(() => product.sizes.find((s) => s.inStock)?.size ?? null);
  const info = useStoreInfo();
  // The shipping blurb says what the totals do (the shop's settings), never a fixed promise.
  const features = specialFeatures.map((feature) =>
    feature.id !== 'shipping'
      ? feature
      : info
        ? {
            ...feature,
            title: info.freeShippingThreshold === null ? 'Shipping' : 'Free Shipping',
            text: info.texts.shippingPromise,
          }
        : feature,
  );
  return (
    <section aria-labelledby="specials-heading" className="bg-paper">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-24 lg:px-8">
        <div className="grid overflow-hidden rounded-3xl bg-sand md:grid-cols-2">
          <div className="relative bg-sand-deep/40">
            <img
              src={product.image || PLACEHOLDER_IMAGE}
              alt={product.name}
              width={600}
              height={750}
              loading="lazy"
              decoding="async"
              className="aspect-[4/5] h-full w-full object-cover md:aspect-auto"
            />
          </div>
          <div className="flex flex-col justify-center px-6 py-10 sm:px-10 lg:px-16">
            <p className="text-xs font-semibold tracking-[0.25em] text-accent uppercase">{product.category}</p>
            <h2 id="specials-heading" className="mt-3 font-display text-3xl leading-tight sm:text-4xl lg:text-5xl">
              {product.name}
            </h2>
            <p className="mt-5 max-w-md text-base leading-7 text-ink-soft">{product.description}</p>

            <fieldset className="mt-8">
              <legend className="text-sm font-medium text-ink">
                Size: <span className="font-normal text-muted">{size ?? 'sold out'}</span>
              </legend>
              <div className="mt-3 flex gap-2">
                {product.sizes.map((option) => (
                  <button
                    key={option.size}
                    type="button"
                    aria-pressed={option.size === size}
                    disabled={!option.inStock}
                    aria-label={option.inStock ? option.size : `${option.size}, sold out`}
                    onClick={() => setSize(option.size)}
                    className={`h-11 min-w-11 rounded-full border px-3 text-sm font-medium transition-colors ${
                      option.size === size
                        ? 'border-ink bg-ink text-white'
                        : option.inStock
                          ? 'border-ink/20 bg-white text-ink hover:border-ink'
                          : 'border-ink/10 bg-white text-muted line-through'
                    }`}
                  >
                    {option.size}
                  </button>
                ))}
              </div>
            </fieldset>

            <div className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-4">
              <div>
                <p className="font-display text-3xl tabular-nums">{formatPrice(product.price)}</p>
                <InclusiveTaxNote className="mt-1" />
              </div>
              <Link to={`/product/${encodeURIComponent(product._id)}`} className={buttonClass('primary', 'lg')}>
                Buy Now
              </Link>
            </div>
          </div>
        </div>

        <ul className="mt-12 grid grid-cols-2 gap-x-6 gap-y-8 lg:grid-cols-4">
          {features.map((feature) => (
            <li key={feature.id} className="flex items-start gap-4">
              <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-white text-accent shadow-sm">
                {featureIcons[feature.id]}
              </span>
              <span>
                <span className="block text-sm font-semibold text-ink sm:text-base">{feature.title}</span>
                <span className="mt-0.5 block text-sm text-muted">{feature.text}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
