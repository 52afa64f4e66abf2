import { colorGallery, colorName, type ProductSummary } from '@shop/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { InclusiveTaxNote } from '../../../components/inclusive-tax-note.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { productColorPath } from '../../../lib/product-path.ts';
import { useGetProductQuery } from '../catalog-api.ts';
import { swatchFor } from './color-dots.tsx';
import { ProductImage } from './product-image.tsx';

interface ProductCardProps {
  product: ProductSummary;
  /** Cards in the first row load at once; the rest wait until they are near the viewport. */
  eager?: boolean;
}

/** Cards sit two to a row on phones, three beside the filters from 1024 px, in a page at most 1280 px wide. */
const productCardSizes = '(min-width: 1280px) 330px, (min-width: 1024px) 26vw, 50vw';

/**
 * A product in a list: its picture, name and price open the product; its colours (those in
 * stock) are small swatches beside them. Pointing at a swatch or focusing it shows that colour's
 * photo, choosing it opens the product in that colour. The list carries no photos per colour:
 * the first swatch pointed at asks for the product (once; the product page then has it at once).
 */
export function ProductCard({ product, eager = false }: ProductCardProps) {
  const [previewed, setPreviewed] = useState<string | null>(null);
  const { currentData: full } = useGetProductQuery(product._id, { skip: previewed === null });
  const colorPhoto = previewed !== null && full?.photos.length ? colorGallery(full.photos, previewed)[0] : undefined;
  return (
    <div className="group">
      <Link
        to={`/product/${encodeURIComponent(product._id)}`}
        state={{ product }}
        className="block rounded-xl focus-visible:outline-offset-4"
      >
        <CardBody product={product} eager={eager} image={colorPhoto ?? product.image} />
      </Link>
      {product.colors.length > 0 && (
        <ul className="mt-1 flex flex-wrap items-center" aria-label={`Colours of ${product.name}`}>
          {product.colors.map((color) => (
            <li key={color}>
              <Link
                to={productColorPath(product._id, color)}
                state={{ product }}
                aria-label={`${product.name} in ${colorName(color)}`}
                title={colorName(color)}
                onPointerEnter={() => setPreviewed(color)}
                onFocus={() => setPreviewed(color)}
                // 24 px to point at or touch; the dot inside is the colour.
                className="flex h-6 w-6 items-center justify-center rounded-full"
              >
                <span
                  className={`block h-3.5 w-3.5 rounded-full border shadow-[inset_0_0_0_1px_rgba(255,255,255,0.25)] ${
                    previewed === color ? 'border-ink ring-1 ring-ink ring-offset-1' : 'border-ink/15'
                  }`}
                  style={{ backgroundColor: swatchFor(color) }}
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CardBody({ product, eager, image }: { product: ProductSummary; eager: boolean; image: string }) {
  return (
    <>
      <div className="relative aspect-[4/5] overflow-hidden rounded-xl bg-sand">
        <ProductImage
          src={image}
          alt=""
          sizes={productCardSizes}
          width={400}
          height={500}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          className={`h-full w-full object-cover transition-transform duration-500 ease-out group-hover:scale-[1.04] ${product.soldOut ? 'opacity-60 grayscale-[30%]' : ''}`}
        />
        {product.soldOut && (
          <span className="absolute top-3 left-3 rounded-full bg-white/95 px-2.5 py-1 text-[11px] font-semibold tracking-wider text-ink uppercase shadow-sm">
            Sold Out
          </span>
        )}
        {!product.soldOut && product.originalPrice !== null && product.originalPrice > product.price && (
          <span className="absolute top-3 left-3 rounded-full bg-accent px-2.5 py-1 text-[11px] font-semibold tracking-wider text-white uppercase">
            Sale
          </span>
        )}
      </div>
      <div className="mt-3 space-y-1.5 px-0.5">
        <p className="text-[11px] tracking-[0.14em] text-muted uppercase">{product.category}</p>
        <h3 className="line-clamp-2 text-sm leading-5 font-medium text-ink group-hover:underline group-hover:decoration-ink/30 group-hover:underline-offset-4">
          {product.name}
        </h3>
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold">{formatPrice(product.price)}</span>
          {product.originalPrice !== null && product.originalPrice > product.price && (
            <s className="text-xs text-muted">
              <span className="sr-only">Was </span>
              {formatPrice(product.originalPrice)}
            </s>
          )}
        </p>
        <InclusiveTaxNote />
      </div>
    </>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="animate-shimmer" aria-hidden="true">
      <div className="aspect-[4/5] rounded-xl bg-sand" />
      <div className="mt-3 space-y-2 px-0.5">
        <div className="h-2.5 w-1/3 rounded bg-sand" />
        <div className="h-3.5 w-3/4 rounded bg-sand" />
        <div className="h-3.5 w-1/4 rounded bg-sand" />
      </div>
    </div>
  );
}
