import {
  businessDaysText,
  CHOOSE_COLOR_MESSAGE,
  DEFAULT_LOW_STOCK_THRESHOLD,
  itemsLeftNote,
  productAt,
  savingsPercent,
  DISPATCH_BUSINESS_DAYS,
  type Product,
  type ProductSize,
  type ProductSummary,
} from '@shop/core';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { pageTitle } from '../../../lib/brand.ts';
import { toast, toastDurations } from '../../../lib/toasts.tsx';
import { Breadcrumbs } from '../../../components/breadcrumbs.tsx';
import { buttonClass } from '../../../components/button.ts';
import { BagIcon } from '../../../components/icons/bag.tsx';
import { EyeIcon } from '../../../components/icons/eye.tsx';
import { ReturnIcon } from '../../../components/icons/return.tsx';
import { ShieldIcon } from '../../../components/icons/shield.tsx';
import { TruckIcon } from '../../../components/icons/truck.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { useIsSignedIn } from '../../auth/index.ts';
import { useStoreInfo } from '../../../lib/store/store-info.ts';
import { MiniCart, useAddSelectionToCart } from '../add-to-cart.ts';
import { ColorSwatches } from '../components/color-swatches.tsx';
import { DeliveryCheck } from '../components/delivery-check.tsx';
import { OfferCountdown } from '../components/offer-countdown.tsx';
import { PaymentMethods } from '../components/payment-methods.tsx';
import { ProductDeclarations } from '../components/product-declarations.tsx';
import { ProductGallery } from '../components/product-gallery.tsx';
import { QuantityStepper } from '../../../components/quantity-stepper.tsx';
import { ShareButton } from '../components/share-button.tsx';
import { SignInRequiredDialog } from '../components/sign-in-required-dialog.tsx';
import { SizePicker } from '../components/size-picker.tsx';
import { useViewerCount } from '../viewer-count.ts';
import { useSecondsUntil } from '../../../lib/use-countdown.ts';
import {
  PRODUCT_FRESH_SECONDS,
  useGetProductQuery,
  useGetProductSizesQuery,
  useLazyGetColorSizesQuery,
  type RequestStatus,
} from '../catalog-api.ts';
import { failureText } from '../../../lib/api/failure.ts';
import {
  askedColor,
  askedSize,
  COLOR_PARAM,
  colorInStock,
  galleryOfColor,
  preselectedColor,
  shownPrice,
  SIZE_PARAM,
  sizeInStock,
  sizesOfColor,
} from '../variant-choice.ts';

/**
 * What the page can show: the full product once fetched, or until then the summary the
 * products page handed over (no gallery or description yet).
 */
type ShownProduct = ProductSummary &
  Partial<
    Pick<Product, 'description' | 'images' | 'variants' | 'photos' | 'saleEndsAt' | 'declarations' | 'gstPercent'>
  >;

/** The product handed over by the products page through navigation state, if it is this one. */
function productFromNavigation(state: unknown, id: string): ShownProduct | null {
  const product = (state as { product?: unknown } | null)?.product;
  if (typeof product !== 'object' || product === null) return null;
  const candidate = product as Partial<ProductSummary>;
  return candidate._id === id &&
    typeof candidate.name === 'string' &&
    typeof candidate.price === 'number' &&
    Array.isArray(candidate.colors)
    ? (product as ShownProduct)
    : null;
}

/** How a query hook's answer reads as the page's request status. */
function statusOf(query: { isSuccess: boolean; isError: boolean }): RequestStatus {
  return query.isSuccess ? 'succeeded' : query.isError ? 'failed' : 'loading';
}

/**
 * /product/:id: shows the product from navigation state at once (when there is one) and
 * asks for the product and its sizes (again when the answers held are older than a moment).
 */
export function ProductPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const fresh = { refetchOnMountOrArgChange: PRODUCT_FRESH_SECONDS };
  const productQuery = useGetProductQuery(id, fresh);
  const sizesQuery = useGetProductSizesQuery(id, fresh);

  const fetched = productQuery.currentData;
  const product: ShownProduct | null = fetched ?? productFromNavigation(location.state, id);
  const failure = productQuery.isError ? failureText(productQuery.error) : null;
  const sizesStatus = statusOf(sizesQuery);

  if (fetched === null) return <ProductNotFound />;
  if (!product) {
    return failure ? (
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div role="alert" className="rounded-2xl border border-sale/20 bg-sale/5 p-6">
          <p className="font-medium text-sale">Error: {failure}</p>
          <button
            type="button"
            className={buttonClass('secondary', 'sm', 'mt-4')}
            onClick={() => void productQuery.refetch()}
          >
            Try again
          </button>
        </div>
      </div>
    ) : (
      <ProductPageSkeleton />
    );
  }

  return (
    <ProductDetails
      key={product._id}
      product={product}
      sizes={sizesQuery.currentData ?? []}
      sizesStatus={sizesStatus}
      sizesError={sizesQuery.isError ? failureText(sizesQuery.error) : null}
      askedColor={askedColor(location.search)}
      askedSize={askedSize(location.search)}
    />
  );
}

interface ProductDetailsProps {
  product: ShownProduct;
  sizes: readonly ProductSize[];
  sizesStatus: RequestStatus;
  sizesError: string | null;
  /** The colour the address names (`?color=`), if any. */
  askedColor: string | null;
  /** The size the address names (`?size=`), chosen if the colour has it in stock. */
  askedSize: string | null;
}

/** Writes the colour or size into the address without a navigation (no scroll, no new history entry). */
function showInAddress(param: typeof COLOR_PARAM | typeof SIZE_PARAM, value: string) {
  if (typeof window === 'undefined') return;
  const url = new URL(window.location.href);
  url.searchParams.set(param, value);
  // The router's own entry state is kept, so Back and Forward still find their way.
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/**
 * The product as it sells now: once its sale end passes with the page open, at its original
 * prices (core's `productAt`), as the cart and the order charge it from that moment.
 */
function useSellingNow(product: ShownProduct): ShownProduct {
  const left = useSecondsUntil(product.saleEndsAt);
  if (!product.saleEndsAt || left !== null) return product;
  const end = Date.parse(product.saleEndsAt);
  return productAt({ ...product, saleEndsAt: product.saleEndsAt, variants: product.variants ?? [] }, end);
}

function ProductDetails({
  product,
  sizes: everyColorSizes,
  sizesStatus: sizesQueryStatus,
  sizesError,
  askedColor,
  askedSize,
}: ProductDetailsProps) {
  const viewers = useViewerCount(product._id);
  const signedIn = useIsSignedIn();
  const info = useStoreInfo();
  const { addSelectionToCart, adding, miniCartOpen, closeMiniCart } = useAddSelectionToCart();
  const [refetchColorSizes, refetched] = useLazyGetColorSizesQuery();
  const [chosenColor, setChosenColor] = useState<string | null>(null);
  const [size, setSize] = useState<string | null>(askedSize);
  const [quantity, setQuantity] = useState(1);
  const [signInOpen, setSignInOpen] = useState(false);

  const selling = useSellingNow(product);
  const { variants } = selling;
  // The shopper's choice, else the address's colour or the first in stock (known with the variants).
  const color =
    chosenColor !== null && product.colors.includes(chosenColor)
      ? chosenColor
      : preselectedColor(product.colors, variants, askedColor);
  // The chosen colour's sizes and stock: as asked again after an add was refused for stock, else
  // from the variants once known; until then every colour's.
  const colorSizes =
    (refetched.currentData && refetched.originalArgs?.color === color ? refetched.currentData : null) ??
    sizesOfColor(variants, color);
  const sizes = colorSizes ?? everyColorSizes;
  const sizesStatus: RequestStatus = colorSizes ? 'succeeded' : sizesQueryStatus;
  const images = galleryOfColor(product, color);

  // A size that is no longer offered (sizes refreshed, or one the address named) is not a choice.
  const chosenSize = sizeInStock(sizes, size);
  // Nothing can be bought: the urgency texts (viewers, offer countdown, items left) would be false.
  const nothingToBuy = product.soldOut || (sizesStatus === 'succeeded' && !sizes.some((s) => s.stock > 0));
  // "+" goes no further than can be had: nothing when sold out, the chosen size's stock.
  const quantityLimit = nothingToBuy ? 0 : sizes.find((s) => s.size === chosenSize)?.stock;
  const price = shownPrice(selling, variants, color, chosenSize);
  // The sale's countdown is for a price on sale: the chosen variant's, as it sold until the end.
  const listed = shownPrice(product, product.variants, color, chosenSize);
  const onSale = savingsPercent(listed.price, listed.originalPrice) !== null;
  const hasOriginalPrice = price.originalPrice !== null && price.originalPrice !== undefined;
  const saved = savingsPercent(price.price, price.originalPrice);
  // The chosen size's stock in the chosen colour; before a size is chosen, the colour's sizes together.
  const stockInView = chosenSize
    ? (sizes.find((s) => s.size === chosenSize)?.stock ?? 0)
    : sizesStatus === 'succeeded'
      ? sizes.reduce((sum, s) => sum + Math.max(0, s.stock), 0)
      : null;

  /** Another colour: its photos, sizes and price, and its address (the size stays if that colour has it). */
  function chooseColor(next: string) {
    setChosenColor(next);
    showInAddress(COLOR_PARAM, next);
  }

  /** A size with less in stock than the quantity chosen brings the quantity down to it. */
  function chooseSize(next: string) {
    setSize(next);
    showInAddress(SIZE_PARAM, next);
    const stock = sizes.find((s) => s.size === next)?.stock;
    if (stock !== undefined && stock > 0) setQuantity((current) => Math.min(current, stock));
  }

  function handleAddToCart() {
    if (!signedIn) {
      setSignInOpen(true);
      return;
    }
    if (product.colors.length > 1 && color === null) {
      toast.error(CHOOSE_COLOR_MESSAGE, { autoClose: toastDurations.product });
      return;
    }
    if (!chosenSize) {
      toast.error('Please select a size before adding to cart.', { autoClose: toastDurations.product });
      return;
    }
    if (!product._id) {
      toast.error('Missing productId! Cannot add to cart.', { autoClose: toastDurations.product });
      return;
    }
    if (adding) return;
    void addToCart(product._id, color, chosenSize);
  }

  /** Adds the choice; refused for stock, asks the colour's sizes again so those sold out show so. */
  async function addToCart(productId: string, chosen: string | null, chosenSizeNow: string) {
    const outcome = await addSelectionToCart({ productId, color: chosen || undefined, size: chosenSizeNow, quantity });
    if (outcome === 'short') void refetchColorSizes({ id: productId, color: chosen ?? '' }, false);
  }

  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">
      <title>{pageTitle(product.name)}</title>
      <Breadcrumbs
        items={[{ label: 'Home', to: '/' }, { label: 'Products', to: '/products' }, { label: product.name }]}
      />

      <div className="mt-6 grid gap-10 md:grid-cols-2 lg:gap-16">
        {/* A new colour starts its gallery at its first photo. */}
        <ProductGallery key={color ?? ''} images={images} name={product.name} />

        <div className="min-w-0">
          {product.category && (
            <p className="text-xs font-semibold tracking-[0.2em] text-accent uppercase">{product.category}</p>
          )}
          <h1 className="mt-2 font-display text-3xl leading-tight sm:text-4xl">{product.name}</h1>

          <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2">
            <p className="text-2xl font-semibold">
              <span className="sr-only">Price </span>
              {formatPrice(price.price)}
            </p>
            {hasOriginalPrice && (
              <>
                <s className="text-base text-muted">
                  <span className="sr-only">Original price </span>
                  {formatPrice(price.originalPrice!)}
                </s>
                {saved !== null && (
                  <span className="rounded-full bg-sale px-2.5 py-1 text-xs font-semibold text-white">
                    Save {saved}%
                  </span>
                )}
              </>
            )}
            {product.soldOut && (
              <span className="rounded-full border border-ink px-2.5 py-0.5 text-xs font-semibold uppercase">
                Sold Out
              </span>
            )}
          </div>
          <p className="mt-1 min-h-4 text-xs text-muted">{info?.texts.taxNote}</p>

          {!nothingToBuy && (
            <UrgencyNotes
              viewers={viewers}
              saleEndsAt={onSale ? product.saleEndsAt : null}
              stock={stockInView}
              threshold={info?.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD}
            />
          )}

          {product.colors.length > 0 && (
            <div className="mt-6">
              <ColorSwatches
                colors={product.colors}
                selected={color}
                onSelect={chooseColor}
                inStock={(c) => colorInStock(variants, c)}
              />
            </div>
          )}

          <section className="mt-6" aria-labelledby="size-heading" aria-busy={sizesStatus === 'loading'}>
            <div className="mb-3 flex items-baseline justify-between">
              <h2 id="size-heading" className="text-sm font-medium">
                Size{chosenSize && <span className="font-normal text-muted">: {chosenSize}</span>}
              </h2>
            </div>
            {sizesStatus === 'failed' ? (
              <p className="text-sm text-sale">Error: {sizesError}</p>
            ) : sizesStatus === 'succeeded' ? (
              <SizePicker sizes={sizes} selected={chosenSize} onSelect={chooseSize} />
            ) : (
              <div className="flex gap-2" aria-hidden="true">
                {[0, 1, 2, 3].map((i) => (
                  <span key={i} className="animate-shimmer h-11 w-12 rounded-lg bg-sand" />
                ))}
              </div>
            )}
          </section>

          {/* One row where the column is wide (a phone on its side, a desktop); where it is
              narrow (a phone, the tablet's half) the quantity and Share share a row above a
              full-width Add to Cart, rather than Share falling to a row of its own. */}
          <div className="mt-6 flex flex-wrap items-center gap-3">
            <QuantityStepper value={quantity} onChange={setQuantity} max={quantityLimit} />
            <button
              type="button"
              className={buttonClass(
                'primary',
                'lg',
                'order-last w-full whitespace-nowrap sm:order-none sm:w-auto sm:flex-1 md:order-last md:w-full md:flex-none lg:order-none lg:w-auto lg:flex-1',
              )}
              disabled={nothingToBuy}
              aria-busy={adding}
              onClick={handleAddToCart}
            >
              <BagIcon size={18} />
              {nothingToBuy ? 'Sold Out' : adding ? 'Adding...' : 'Add to Cart'}
            </button>
            <ShareButton
              className="ml-auto sm:ml-0 md:ml-auto lg:ml-0"
              title={product.name}
              url={typeof window === 'undefined' ? '' : window.location.href}
            />
          </div>

          <ul className="mt-8 divide-y divide-line rounded-2xl border border-line bg-white text-sm">
            <li className="flex gap-3 p-4">
              <TruckIcon size={20} className="shrink-0 text-accent" />
              <span>
                <span className="block min-h-5 font-medium">{info?.texts.shippingPromise}</span>
                <span className="block text-muted">
                  Dispatched in {businessDaysText(DISPATCH_BUSINESS_DAYS)}, delivered across most of India.
                </span>
                <DeliveryCheck />
              </span>
            </li>
            <li className="flex gap-3 p-4">
              <ReturnIcon size={20} className="shrink-0 text-accent" />
              <span>
                <span className="block font-medium">Easy returns</span>
                <span className="block text-muted">
                  Damaged, defective or wrong item? Tell us within 3 days of delivery.
                </span>
              </span>
            </li>
            <li className="flex gap-3 p-4">
              <ShieldIcon size={20} className="shrink-0 text-accent" />
              <span className="min-w-0">
                <span className="block font-medium">Secure checkout</span>
                <PaymentMethods className="mt-2" />
              </span>
            </li>
          </ul>

          {product.description && (
            <section className="mt-8 border-t border-line pt-6" aria-labelledby="description-heading">
              <h2 id="description-heading" className="font-display text-xl">
                Description
              </h2>
              <p className="mt-3 text-sm leading-7 whitespace-pre-line text-ink-soft">{product.description}</p>
            </section>
          )}
          {/* The MRP follows whether prices include GST: it waits for the shop's settings. */}
          {product.declarations && product.gstPercent !== undefined && info && (
            <ProductDeclarations
              declarations={product.declarations}
              price={price.price}
              originalPrice={price.originalPrice ?? null}
              gstPercent={product.gstPercent}
              pricesIncludeGst={info.pricesIncludeGst}
              consumerCare={info.consumerCare}
            />
          )}
        </div>
      </div>

      <SignInRequiredDialog open={signInOpen} onClose={() => setSignInOpen(false)} />
      <MiniCart open={miniCartOpen} onClose={closeMiniCart} />
    </div>
  );
}

/**
 * The urgency the specification shows, only where true (issue 26): the visitors with the
 * product open (counted by the server from the pages' heartbeats), the countdown to the sale
 * end staff set, and "Only N item(s) left" at or below the owner's threshold. Shown only while
 * something can be bought.
 */
function UrgencyNotes({
  viewers,
  saleEndsAt,
  stock,
  threshold,
}: {
  /** From two upwards (the server's rule), else null and nothing is shown. */
  viewers: number | null;
  saleEndsAt: string | null | undefined;
  stock: number | null;
  threshold: number;
}) {
  const left = stock === null ? null : itemsLeftNote(stock, threshold);
  return (
    <>
      {/* The line's place is kept while the count is unknown or under two: a count arriving
          after the page has drawn must not push the buttons down under the shopper's finger. */}
      <p className="mt-5 flex min-h-[18px] items-center gap-2 text-sm text-ink-soft">
        {viewers !== null && (
          <>
            <EyeIcon size={18} className="text-accent" />
            {viewers} people are viewing this right now
          </>
        )}
      </p>

      {saleEndsAt && (
        <div className="mt-4">
          <OfferCountdown endsAt={saleEndsAt} />
        </div>
      )}

      {left !== null && (
        <div className="mt-4">
          <p className="text-sm font-medium text-sale">Only {left} item(s) left</p>
          <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-sand" aria-hidden="true">
            <div
              className="h-full rounded-full bg-sale"
              style={{ width: `${Math.max(4, Math.round((left * 100) / Math.max(threshold, 1)))}%` }}
            />
          </div>
        </div>
      )}
    </>
  );
}

function ProductNotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <title>{pageTitle('Product not found')}</title>
      <h1 className="font-display text-3xl sm:text-4xl">Product not found.</h1>
      <p className="mt-4 text-base leading-7 text-muted">
        This product may have been removed, or the link is not quite right.
      </p>
      <Link to="/products" className={buttonClass('primary', 'md', 'mt-8')}>
        Back to products
      </Link>
    </section>
  );
}

function ProductPageSkeleton() {
  return (
    // At least a screen tall: the product's details always are, so the footer never shows
    // below a short skeleton only to be pushed away when the product arrives (a layout shift).
    <div
      className="mx-auto min-h-screen max-w-7xl px-4 pt-6 sm:px-6 lg:px-8"
      aria-busy="true"
      aria-label="Loading product"
    >
      <div className="h-3 w-40 rounded bg-sand" />
      <div className="animate-shimmer mt-6 grid gap-10 md:grid-cols-2 lg:gap-16">
        <div className="aspect-[4/5] rounded-2xl bg-sand" />
        <div className="space-y-4">
          <div className="h-3 w-24 rounded bg-sand" />
          <div className="h-9 w-3/4 rounded bg-sand" />
          <div className="h-7 w-32 rounded bg-sand" />
          <div className="h-12 w-full rounded-xl bg-sand" />
          <div className="h-11 w-2/3 rounded-lg bg-sand" />
          <div className="h-13 w-full rounded-full bg-sand" />
        </div>
      </div>
    </div>
  );
}
