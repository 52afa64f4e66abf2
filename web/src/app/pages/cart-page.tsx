import { isAddressComplete, shippingAddressOf } from '@shop/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { selectUser } from '../../features/auth/auth-state.ts';
import { CartLines } from '../../features/cart/components/cart-lines.tsx';
import { CouponForm } from '../../features/cart/components/coupon-form.tsx';
import { cartTotalsLabels, TotalsList, withGstLabel } from '../../features/cart/components/totals-list.tsx';
import { clearCart, selectQuantityChangePending, useCart } from '../../features/cart/cart-api.ts';
import { Breadcrumbs } from '../../components/breadcrumbs.tsx';
import { EmptyCart } from '../../features/cart/components/empty-cart.tsx';
import { CartLoadError } from '../../features/cart/components/cart-load-error.tsx';
import { buttonClass } from '../../components/button.ts';
import { Dialog } from '../../components/dialog.tsx';
import { ArrowRightIcon } from '../../components/icons/arrow-right.tsx';
import { BagIcon } from '../../components/icons/bag.tsx';
import { LockIcon } from '../../components/icons/lock.tsx';
import { LoadingShapes } from '../../components/loading-shapes.tsx';
import { PoliciesBeforeOrder, SummaryAside } from '../order-columns.tsx';
import { failureText } from '../../lib/api/failure.ts';
import { pageTitle } from '../../lib/brand.ts';
import { DeliveryNotice, useDeliveryVerdict } from '../delivery-notice.tsx';
import { useStoreInfo } from '../../lib/store/store-info.ts';
import { useAppDispatch, useAppSelector } from '../../lib/store/hooks.ts';
import { toast, toastDurations } from '../../lib/toasts.tsx';

/**
 * /cart (spec §2): the lines with their quantities, the coupon, the server's totals and the
 * way to checkout, which needs a complete shipping address. It composes the cart and the
 * account, so it lives in app/.
 */
export function CartPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { cart, error, retry } = useCart();
  const updating = useAppSelector(selectQuantityChangePending);
  const user = useAppSelector(selectUser);
  const [confirmClear, setConfirmClear] = useState(false);
  const info = useStoreInfo();
  // The address the checkout will ship to, checked here by the same rules.
  const shipTo = shippingAddressOf(user?.addresses ?? []);
  const verdict = useDeliveryVerdict(shipTo, cart?.totals.total ?? 0);

  function handleCheckout() {
    if (isAddressComplete(shipTo)) {
      navigate('/checkout');
      return;
    }
    toast.warn('Please add your address to proceed.', { autoClose: toastDurations.orders });
    navigate('/profile', { state: { view: 'address' } });
  }

  async function handleClear() {
    setConfirmClear(false);
    try {
      await dispatch(clearCart()).unwrap();
      toast.info('Cart cleared', { autoClose: toastDurations.orders });
    } catch (failure) {
      toast.error(failureText(failure), { autoClose: toastDurations.orders });
    }
  }

  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">
      <title>{pageTitle('Your Cart')}</title>
      <Breadcrumbs items={[{ label: 'Home', to: '/' }, { label: 'Cart' }]} />
      <div className="mt-6 flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
        <h1 className="font-display text-3xl sm:text-4xl">Your Cart</h1>
        {cart && cart.items.length > 0 && (
          <p className="text-sm text-muted">
            {cart.itemCount} {cart.itemCount === 1 ? 'item' : 'items'}
          </p>
        )}
      </div>

      {!cart ? (
        error ? (
          <CartLoadError error={error} onRetry={retry} />
        ) : (
          <CartSkeleton />
        )
      ) : cart.items.length === 0 ? (
        <EmptyCart hint="Shirts, T-shirts and accessories are waiting in the collection." />
      ) : (
        <div className="mt-8 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_380px] lg:gap-10">
          <div className="min-w-0">
            <section
              aria-label="Cart items"
              className="rounded-3xl border border-line bg-white px-5 py-2 sm:px-8 sm:py-6"
            >
              <CartLines lines={cart.items} />
              <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-5 pb-3 sm:pb-0">
                <Link to="/products" className="rounded-sm text-sm font-medium underline-offset-4 hover:underline">
                  ← Continue shopping
                </Link>
                <button
                  type="button"
                  onClick={() => setConfirmClear(true)}
                  className="rounded-sm text-sm text-muted underline-offset-4 hover:text-sale hover:underline"
                >
                  Clear cart
                </button>
              </div>
            </section>
          </div>

          <SummaryAside title="Order Summary">
            <div className="mt-5">
              <CouponForm applied={cart.coupon} />
            </div>
            <div className="mt-5 border-t border-line pt-4">
              <TotalsList totals={cart.totals} labels={withGstLabel(cartTotalsLabels, info)} updating={updating} />
            </div>
            {info && <p className="mt-3 text-xs leading-5 text-muted">{info.texts.shippingPolicy}</p>}
            <DeliveryNotice verdict={verdict} className="mt-4" />
            <button
              type="button"
              className={buttonClass('primary', 'lg', 'mt-6 w-full')}
              onClick={handleCheckout}
              disabled={updating}
            >
              Checkout
              <ArrowRightIcon size={18} />
            </button>
            <p className="mt-4 flex items-center justify-center gap-2 text-xs text-muted">
              <LockIcon size={14} />
              Cash on delivery or secure online payment
            </p>
          </SummaryAside>

          <PoliciesBeforeOrder info={info} />
        </div>
      )}

      <Dialog
        open={confirmClear}
        onClose={() => setConfirmClear(false)}
        title="Clear your cart?"
        icon={<BagIcon size={20} />}
        actions={
          <>
            <button type="button" className={buttonClass('secondary')} onClick={() => setConfirmClear(false)}>
              Keep items
            </button>
            <button type="button" className={buttonClass('primary')} onClick={handleClear}>
              Clear cart
            </button>
          </>
        }
      >
        <p>Every item will be taken out of your cart.</p>
      </Dialog>
    </div>
  );
}

function CartSkeleton() {
  return (
    <LoadingShapes
      label="Loading your cart…"
      className="mt-8"
      shapesClassName="grid gap-8 lg:grid-cols-[minmax(0,1fr)_380px] lg:gap-10"
    >
      <div className="space-y-4 rounded-3xl border border-line bg-white p-6 sm:p-8">
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex gap-4">
            <div className="h-25 w-20 rounded-xl bg-sand" />
            <div className="flex-1 space-y-3 pt-1">
              <div className="h-4 w-1/2 rounded bg-sand" />
              <div className="h-3 w-20 rounded bg-sand" />
              <div className="h-9 w-28 rounded-full bg-sand" />
            </div>
          </div>
        ))}
      </div>
      <div className="h-96 rounded-3xl bg-sand" />
    </LoadingShapes>
  );
}
