import { CUSTOMER_CANCEL_WINDOW_HOURS, DEFAULT_DELIVERY_NOTE, type Order } from '@shop/core';
import { Link } from 'react-router';
import { checkoutTotalsLabels, TotalsList, withGstLabel } from '../../features/cart/components/totals-list.tsx';
import { shippingLine } from '../../features/orders/checkout.ts';
import { useCheckout, type CheckoutStep } from '../../features/orders/use-checkout.ts';
import { ShipToPicker } from '../../features/orders/components/ship-to-picker.tsx';
import { VerifyEmailNotice } from '../../features/auth/components/verify-email-notice.tsx';
import { selectUser } from '../../features/auth/index.ts';
import { useAppSelector } from '../../lib/store/hooks.ts';
import { Breadcrumbs } from '../../components/breadcrumbs.tsx';
import { EmptyCart } from '../../features/cart/components/empty-cart.tsx';
import { CartLoadError } from '../../features/cart/components/cart-load-error.tsx';
import { buttonClass } from '../../components/button.ts';
import { BoxIcon } from '../../components/icons/box.tsx';
import { LockIcon } from '../../components/icons/lock.tsx';
import { PinIcon } from '../../components/icons/pin.tsx';
import { TruckIcon } from '../../components/icons/truck.tsx';
import { ItemImage } from '../../components/item-image.tsx';
import { LoadingShapes } from '../../components/loading-shapes.tsx';
import { PoliciesBeforeOrder, SummaryAside } from '../order-columns.tsx';
import { DeliveryNotice, useDeliveryVerdict } from '../delivery-notice.tsx';
import { useStoreInfo } from '../../lib/store/store-info.ts';
import { formatPrice, variantText } from '../../lib/format.ts';
import { pageTitle } from '../../lib/brand.ts';
import { useOnlinePaymentAvailable } from '../../features/payments/index.ts';

/**
 * /checkout (spec §2, §4): the cart's lines and the server's totals, where they go, and the
 * two ways to pay. The sequences behind the buttons (placing, paying, the attempt keys) are
 * the orders feature's `useCheckout`; this page shows them, with what the shop's rules say of
 * the address (delivery and cash on delivery) and its policies.
 */
export function CheckoutPage() {
  const checkout = useCheckout();
  const { cart, address, waiting, step } = checkout;
  const user = useAppSelector(selectUser);
  const onlinePayment = useOnlinePaymentAvailable();
  const info = useStoreInfo();
  const verdict = useDeliveryVerdict(address, cart?.totals.total ?? 0);

  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">
      <title>{pageTitle('Checkout')}</title>
      <Breadcrumbs items={[{ label: 'Home', to: '/' }, { label: 'Cart', to: '/cart' }, { label: 'Checkout' }]} />
      <h1 className="mt-6 font-display text-3xl sm:text-4xl">Checkout</h1>

      {waiting ? (
        <AwaitingPayment order={waiting} step={step} onPay={() => void checkout.payWaiting(waiting)} />
      ) : !cart ? (
        checkout.cartError ? (
          <CartLoadError error={checkout.cartError} onRetry={checkout.retryCart} />
        ) : (
          <CheckoutSkeleton />
        )
      ) : cart.items.length === 0 ? (
        <EmptyCart hint="Add something you like, then come back to check out." />
      ) : (
        <div className="mt-8 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_400px] lg:gap-10">
          <div className="min-w-0 space-y-6">
            <section aria-labelledby="shipping-heading" className="rounded-3xl border border-line bg-white p-6 sm:p-8">
              <div className="flex items-start gap-4">
                <span className="hidden h-11 w-11 shrink-0 items-center justify-center rounded-full bg-sand text-accent sm:flex">
                  <PinIcon size={20} />
                </span>
                <div className="min-w-0 flex-1">
                  <h2 id="shipping-heading" className="font-display text-xl">
                    Delivery address
                  </h2>
                  {address ? (
                    <p className="mt-2 text-sm leading-6 text-ink-soft">
                      <span className="font-medium text-ink">Shipping to:</span> {shippingLine(address)}
                    </p>
                  ) : (
                    <p className="mt-2 text-sm text-sale">Add a delivery address to place your order.</p>
                  )}
                  <p className="mt-1 text-xs text-muted">{DEFAULT_DELIVERY_NOTE}</p>
                  <DeliveryNotice verdict={verdict} className="mt-3" />
                  <ShipToPicker
                    addresses={checkout.addresses}
                    chosen={address}
                    onChoose={checkout.chooseAddress}
                    disabled={step !== null}
                  />
                </div>
                <Link
                  to="/profile"
                  state={{ view: 'address' }}
                  className="shrink-0 rounded-sm text-sm font-medium text-accent underline underline-offset-4 hover:text-ink"
                >
                  {address ? 'Change' : 'Add address'}
                </Link>
              </div>
            </section>

            <section aria-labelledby="items-heading" className="rounded-3xl border border-line bg-white p-6 sm:p-8">
              <h2 id="items-heading" className="font-display text-xl">
                Your items <span className="font-sans text-sm font-normal text-muted">({cart.itemCount})</span>
              </h2>
              <ul className="mt-4 divide-y divide-line">
                {cart.items.map((line) => (
                  <li key={line._id} className="flex items-center gap-4 py-4">
                    <ItemImage
                      src={line.product.image || line.product.images[0]}
                      alt={line.product.name}
                      className="w-16"
                    />
                    <div className="min-w-0 flex-1 text-sm">
                      <p className="font-medium leading-snug">{line.product.name}</p>
                      <p className="mt-1 text-xs text-muted">
                        {variantText(line)} · {line.quantity} × {formatPrice(line.product.price)}
                      </p>
                    </div>
                    <p className="text-sm font-semibold tabular-nums">{formatPrice(line.lineTotal)}</p>
                  </li>
                ))}
              </ul>
            </section>
          </div>

          <SummaryAside title="Payment">
            <div role="status" className="empty:hidden">
              {checkout.changed && (
                <p className="mt-4 rounded-xl border border-accent/30 bg-sand px-4 py-3 text-sm leading-6 font-medium text-ink">
                  {checkout.changed}
                </p>
              )}
            </div>
            <div className="mt-4">
              <TotalsList totals={cart.totals} labels={withGstLabel(checkoutTotalsLabels, info)} />
            </div>
            {cart.coupon && (
              <p className="mt-2 text-xs text-success">
                Coupon {cart.coupon.code} applied: {cart.coupon.label}
              </p>
            )}
            {checkout.needsVerifiedEmail && user && <VerifyEmailNotice email={user.email} className="mt-6" />}
            <div className="mt-6 grid gap-3" aria-busy={step !== null}>
              <button
                type="button"
                className={buttonClass('primary', 'lg', 'w-full')}
                onClick={() => void checkout.payOnDelivery()}
                disabled={step !== null || verdict.noDelivery !== null || verdict.noCod !== null}
                aria-describedby={verdict.noCod ? 'cod-unavailable' : undefined}
              >
                <TruckIcon size={20} />
                {step === 'cod' ? 'Placing order...' : 'Cash on Delivery'}
              </button>
              {onlinePayment ? (
                <button
                  type="button"
                  className={buttonClass('secondary', 'lg', 'w-full')}
                  onClick={() => void checkout.payOnline()}
                  disabled={step !== null || verdict.noDelivery !== null}
                >
                  <LockIcon size={18} />
                  {step === 'razorpay'
                    ? 'Opening payment...'
                    : step === 'verifying'
                      ? 'Confirming payment...'
                      : 'Pay with Razorpay'}
                </button>
              ) : (
                <p className="rounded-xl border border-line bg-sand px-4 py-3 text-center text-sm text-muted">
                  Online payment is not available right now. Please pay on delivery.
                </p>
              )}
            </div>
            {(verdict.noCod ?? verdict.noDelivery) && (
              <p id="cod-unavailable" className="mt-3 text-center text-xs text-muted">
                {verdict.noCod ?? verdict.noDelivery}
              </p>
            )}
            <div role="alert" className="empty:hidden">
              {checkout.problem && (
                <p className="mt-4 rounded-xl border border-sale/20 bg-sale/5 px-4 py-3 text-sm font-medium text-sale">
                  {checkout.problem}
                </p>
              )}
            </div>
            <p className="mt-4 text-center text-xs leading-5 text-muted">
              By placing your order you agree to our terms. Orders can be cancelled within{' '}
              {CUSTOMER_CANCEL_WINDOW_HOURS} hours unless shipped.
            </p>
          </SummaryAside>

          <PoliciesBeforeOrder info={info} />
        </div>
      )}
      {checkout.paymentWindow}
    </div>
  );
}

/** An online order placed from this cart, waiting for its payment: pay it now, or later from My Orders. */
function AwaitingPayment({ order, step, onPay }: { order: Order; step: CheckoutStep | null; onPay: () => void }) {
  return (
    <section
      aria-labelledby="awaiting-heading"
      className="mx-auto mt-8 max-w-2xl rounded-3xl border border-line bg-white p-6 text-center sm:p-10"
    >
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-sand text-accent">
        <BoxIcon size={26} />
      </span>
      <h2 id="awaiting-heading" className="mt-5 font-display text-2xl sm:text-3xl">
        Your order is waiting for payment
      </h2>
      <p className="mt-3 text-sm leading-6 text-ink-soft">
        Order <span className="font-mono font-semibold tracking-wide text-ink">{order.orderNumber}</span> ·{' '}
        <span className="font-semibold text-ink tabular-nums">{formatPrice(order.total)}</span>
      </p>
      <p className="mt-2 text-sm leading-6 text-muted">
        Its items are in the order now, not in your cart. We keep them for you for a short while: pay now to confirm the
        order, or pay it later from My Orders.
      </p>
      <div className="mt-6 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
        <button
          type="button"
          className={buttonClass('primary', 'lg')}
          onClick={onPay}
          disabled={step !== null}
          aria-busy={step !== null}
        >
          <LockIcon size={18} />
          {step === 'verifying' ? 'Confirming payment...' : step ? 'Opening payment...' : 'Pay now'}
        </button>
        <Link to="/profile" state={{ view: 'orders' }} className={buttonClass('secondary', 'lg')}>
          Go to My Orders
        </Link>
      </div>
    </section>
  );
}

function CheckoutSkeleton() {
  return (
    <LoadingShapes
      label="Loading your order…"
      className="mt-8"
      shapesClassName="grid gap-8 lg:grid-cols-[minmax(0,1fr)_400px] lg:gap-10"
    >
      <div className="space-y-6">
        <div className="h-32 rounded-3xl bg-sand" />
        <div className="h-64 rounded-3xl bg-sand" />
      </div>
      <div className="h-96 rounded-3xl bg-sand" />
    </LoadingShapes>
  );
}
