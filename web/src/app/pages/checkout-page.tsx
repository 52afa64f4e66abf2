import {
  awaitsOnlinePayment,
  DEFAULT_DELIVERY_NOTE,
  type Address,
  type Cart,
  type Order,
  type PaymentMethod,
  type PlaceOrderBody,
} from '@shop/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { fetchProfile, selectUser } from '../../features/auth/slice.ts';
import { checkoutTotalsLabels, TotalsList, withGstLabel } from '../../features/cart/components/totals-list.tsx';
import { cartReceived, fetchCart, selectCart } from '../../features/cart/slice.ts';
import { attemptKey, cartSignature, forgetAttemptKey } from '../../features/orders/idempotency-key.ts';
import { fetchOrders, placeOrder, selectOrderState } from '../../features/orders/slice.ts';
import { Breadcrumbs } from '../../components/breadcrumbs.tsx';
import { EmptyCart } from '../../features/cart/components/empty-cart.tsx';
import { CartLoadError } from '../../features/cart/components/cart-load-error.tsx';
import { buttonClass } from '../../components/button.ts';
import { BoxIcon, LockIcon, PinIcon, TruckIcon } from '../../components/icons.tsx';
import { ItemImage } from '../../components/item-image.tsx';
import { PolicySections } from '../../components/policy-sections.tsx';
import { DeliveryNotice, useDeliveryVerdict } from '../delivery-notice.tsx';
import { useStoreInfo } from '../store-info.ts';
import { isRequestFailure, type RequestFailure } from '../../lib/http.ts';
import { formatPrice } from '../../lib/format.ts';
import { pageTitle } from '../brand.ts';
import { useAppDispatch, useAppSelector } from '../hooks.ts';
import { toast, toastDurations } from '../toasts.tsx';
import { usePayForOrder, type PayHandlers } from '../use-pay-for-order.tsx';
import { useOnlinePaymentAvailable } from '../../features/payments/use-online-payment.ts';

/** Spec §9: the contact phone on an order when the shopper has none. */
export const DEFAULT_CONTACT_PHONE = '0000000000';

const orderToast = { autoClose: toastDurations.orders };

type Step = 'cod' | 'razorpay' | 'verifying';

/** "12B, MG Road, Near the park, Bengaluru, Karnataka, 560001" */
export function shippingLine(address: Pick<Address, 'addressLine1' | 'addressLine2' | 'city' | 'state' | 'pinCode'>) {
  return [address.addressLine1, address.addressLine2, address.city, address.state, address.pinCode]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}

/** A refusal because the cart is not what the shopper saw: it brings the cart as it is now. */
function changedCart(failure: unknown): { failure: RequestFailure; cart: Cart } | null {
  if (!isRequestFailure(failure) || failure.code !== 'CART_CHANGED') return null;
  const cart = failure.data as Partial<Cart> | undefined;
  return Array.isArray(cart?.items) && typeof cart.totals === 'object' ? { failure, cart: cart as Cart } : null;
}

/**
 * /checkout (spec §2, §4): the cart's lines and the server's totals, where they go, and the
 * two ways to pay. Cash on delivery places the order; online payment places it, starts a
 * payment and opens the payment window (the sandbox's, or Razorpay's). Either order takes
 * the cart's lines, so an online order whose window was closed is shown as waiting for its
 * payment, with a way to pay it (here, or later from My Orders). The total shown is sent
 * with the order: if the server's differs, the new cart is shown to confirm again. One
 * Idempotency-Key per attempt and way of paying, so a retry answers the same order. It
 * composes the account, the cart, orders and payments, so it lives in app/.
 */
export function CheckoutPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { data: cart, error } = useAppSelector(selectCart);
  const user = useAppSelector(selectUser);
  const { orders } = useAppSelector(selectOrderState);
  const { payFor, paymentWindow } = usePayForOrder();
  const onlinePayment = useOnlinePaymentAvailable();
  const [step, setStep] = useState<Step | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** Why the order was not placed when the cart changed (another total, other items): shown by the totals. */
  const [changed, setChanged] = useState<string | null>(null);
  /** The online order just placed here: it took the cart's lines and waits for its payment. */
  const [placedOnline, setPlacedOnline] = useState<Order | null>(null);
  /** The double-submit guard: set at once, before any render. */
  const submitting = useRef(false);

  useEffect(() => {
    void dispatch(fetchCart());
  }, [dispatch]);

  const cartEmpty = cart !== null && cart.items.length === 0;
  // Back at checkout with an empty cart: an online order of theirs may be waiting for payment.
  useEffect(() => {
    if (!cartEmpty) return;
    const request = dispatch(fetchOrders());
    return () => request.abort();
  }, [cartEmpty, dispatch]);

  const waiting = placedOnline ?? (cartEmpty ? (orders.find(awaitsOnlinePayment) ?? null) : null);
  const address = user?.addresses[0] ?? null;
  const info = useStoreInfo();
  const verdict = useDeliveryVerdict(address, cart?.totals.total ?? 0);

  function start(next: Step): boolean {
    if (submitting.current) return false;
    submitting.current = true;
    setStep(next);
    setProblem(null);
    setChanged(null);
    return true;
  }

  function release() {
    submitting.current = false;
    setStep(null);
  }

  /** One attempt: this shopper paying this way for this cart content. */
  function attemptScope(method: PaymentMethod): string {
    return `${user?._id ?? ''}:${method}:${cart ? cartSignature(cart) : ''}`;
  }

  /** The attempt is over (placed, paid, or given up): the next one is a new attempt. */
  function forgetKey(method: PaymentMethod) {
    forgetAttemptKey(attemptScope(method));
  }

  /**
   * Places the order under the attempt's key. A key that answers an order which is over
   * (cancelled meanwhile, or paid) belonged to an earlier attempt: once, a new key is made.
   */
  async function placeFor(method: PaymentMethod, shipping: Address) {
    const body = orderBody(method, shipping);
    const placed = await dispatch(placeOrder({ body, idempotencyKey: attemptKey(attemptScope(method)) })).unwrap();
    if (!placed || placed.status === 'pending') return placed;
    forgetKey(method);
    return dispatch(placeOrder({ body, idempotencyKey: attemptKey(attemptScope(method)) })).unwrap();
  }

  function orderBody(method: PaymentMethod, shipping: Address): PlaceOrderBody {
    const orderAddress = {
      name: 'Home',
      addressLine1: shipping.addressLine1,
      addressLine2: shipping.addressLine2,
      city: shipping.city,
      state: shipping.state,
      pinCode: shipping.pinCode,
      country: 'India' as const,
      phone: user?.phone?.trim() || DEFAULT_CONTACT_PHONE,
    };
    return {
      shippingAddress: orderAddress,
      billingAddress: orderAddress,
      notes: DEFAULT_DELIVERY_NOTE,
      paymentMethod: method,
      // The total shown: the server refuses the order if its own differs (a price changed meanwhile).
      ...(cart && { expectedTotal: cart.totals.total }),
      ...(method === 'cod' && {
        items: (cart?.items ?? []).map((line) => ({
          productId: line.productId,
          quantity: line.quantity,
          size: line.size,
        })),
      }),
    };
  }

  /**
   * The order was refused (stock, coupon, a changed cart): say why, and show the cart as it is
   * now. A changed cart comes with the refusal: its totals are shown at once, to confirm again.
   */
  function orderRefused(failure: unknown) {
    toast.error(
      isRequestFailure(failure) ? failure.message : 'Something went wrong while placing the order.',
      orderToast,
    );
    const refusal = changedCart(failure);
    if (refusal) {
      dispatch(cartReceived(refusal.cart));
      setChanged(refusal.failure.message);
      return;
    }
    setProblem('Something went wrong while placing the order.');
    void dispatch(fetchCart());
  }

  /** Done: the shopper's orders, with the account and the (now empty) cart fetched again. */
  async function showOrders() {
    await dispatch(fetchProfile());
    navigate('/profile', { state: { view: 'orders' } });
    void dispatch(fetchCart());
  }

  const paying: PayHandlers = {
    onPaid: showOrders,
    onStopped: release,
    onVerifying: () => setStep('verifying'),
  };

  async function payOnDelivery() {
    if (submitting.current) return;
    if (!address?.pinCode.trim()) {
      toast.error('Shipping address or pincode is incomplete.', orderToast);
      return;
    }
    start('cod');
    try {
      await placeFor('cod', address);
    } catch (failure) {
      orderRefused(failure);
      release();
      return;
    }
    forgetKey('cod');
    toast.success('Order placed successfully', orderToast);
    await showOrders();
  }

  async function payOnline() {
    if (submitting.current) return;
    if (!address) {
      toast.error('Shipping address is incomplete.', orderToast);
      return;
    }
    if (!address.pinCode.trim()) {
      toast.error('Shipping address or pincode is incomplete.', orderToast);
      return;
    }
    if (!user) return;
    start('razorpay');

    let placed;
    try {
      placed = await placeFor('razorpay', address);
    } catch (failure) {
      orderRefused(failure);
      release();
      return;
    }
    forgetKey('razorpay');
    if (!placed?.orderId) {
      toast.error('Missing order ID', orderToast);
      release();
      return;
    }
    // The order holds the cart's lines now: until it is paid, it is an order waiting for payment.
    setPlacedOnline(placed);
    void dispatch(fetchCart());
    await payFor(placed.orderId, paying);
  }

  /** Pays the online order waiting for its payment (the window was closed, or could not open). */
  async function payWaiting(order: Order) {
    if (!start('razorpay')) return;
    await payFor(order._id, paying);
  }

  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">
      <title>{pageTitle('Checkout')}</title>
      <Breadcrumbs items={[{ label: 'Home', to: '/' }, { label: 'Cart', to: '/cart' }, { label: 'Checkout' }]} />
      <h1 className="mt-6 font-display text-3xl sm:text-4xl">Checkout</h1>

      {waiting ? (
        <AwaitingPayment order={waiting} step={step} onPay={() => void payWaiting(waiting)} />
      ) : !cart ? (
        error ? (
          <CartLoadError error={error} onRetry={() => void dispatch(fetchCart())} />
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
                        Size {line.size} · {line.quantity} × {formatPrice(line.product.price)}
                      </p>
                    </div>
                    <p className="text-sm font-semibold tabular-nums">{formatPrice(line.lineTotal)}</p>
                  </li>
                ))}
              </ul>
            </section>
          </div>

          <aside
            aria-labelledby="payment-heading"
            className="lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1"
          >
            <div className="rounded-3xl border border-line bg-white p-6 sm:p-7">
              <h2 id="payment-heading" className="font-display text-2xl">
                Payment
              </h2>
              <div role="status" className="empty:hidden">
                {changed && (
                  <p className="mt-4 rounded-xl border border-accent/30 bg-sand px-4 py-3 text-sm leading-6 font-medium text-ink">
                    {changed}
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
              <div className="mt-6 grid gap-3" aria-busy={step !== null}>
                <button
                  type="button"
                  className={buttonClass('primary', 'lg', 'w-full')}
                  onClick={payOnDelivery}
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
                    onClick={payOnline}
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
                {problem && (
                  <p className="mt-4 rounded-xl border border-sale/20 bg-sale/5 px-4 py-3 text-sm font-medium text-sale">
                    {problem}
                  </p>
                )}
              </div>
              <p className="mt-4 text-center text-xs leading-5 text-muted">
                By placing your order you agree to our terms. Orders can be cancelled within 12 hours unless shipped.
              </p>
            </div>
          </aside>

          <section aria-labelledby="checkout-policies-heading" className="min-w-0 lg:col-start-1">
            <h2 id="checkout-policies-heading" className="mb-3 font-display text-xl">
              Before you order
            </h2>
            <PolicySections info={info} />
          </section>
        </div>
      )}
      {paymentWindow}
    </div>
  );
}

/** An online order placed from this cart, waiting for its payment: pay it now, or later from My Orders. */
function AwaitingPayment({ order, step, onPay }: { order: Order; step: Step | null; onPay: () => void }) {
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
    <div aria-busy="true" className="mt-8">
      <p className="sr-only" role="status">
        Loading your order…
      </p>
      <div className="animate-shimmer grid gap-8 lg:grid-cols-[minmax(0,1fr)_400px] lg:gap-10" aria-hidden="true">
        <div className="space-y-6">
          <div className="h-32 rounded-3xl bg-sand" />
          <div className="h-64 rounded-3xl bg-sand" />
        </div>
        <div className="h-96 rounded-3xl bg-sand" />
      </div>
    </div>
  );
}
