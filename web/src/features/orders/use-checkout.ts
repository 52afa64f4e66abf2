/**
 * The checkout's sequences (spec §4), apart from the page that shows them. Cash on delivery
 * places the order; online payment places it, then pays for it as an order waiting for its
 * payment (payments' `usePayForOrder`). Either order takes the cart's lines, so an online
 * order whose window was closed stays waiting for its payment, with a way to pay it (here, or
 * later from My Orders). The total shown is sent with the order: if the server's differs, the
 * new cart is shown to confirm again. One Idempotency-Key per attempt and way of paying, so a
 * retry answers the same order.
 */
import {
  addressToShipTo,
  awaitsOnlinePayment,
  isAddressComplete,
  shippingAddressOf,
  type Address,
  type Cart,
  type Order,
  type PaymentMethod,
} from '@shop/core';
import { useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { isRequestFailure } from '../../lib/api/failure.ts';
import { useAppDispatch, useAppSelector } from '../../lib/store/hooks.ts';
import { toast, toastDurations } from '../../lib/toasts.tsx';
import { fetchProfile, selectUser } from '../auth/index.ts';
import { cartReceived, fetchCart, useCart } from '../cart/index.ts';
import { usePayForOrder, type PayHandlers } from '../payments/index.ts';
import { attemptScope, changedCart, orderBodyFor } from './checkout.ts';
import { attemptKey, forgetAttemptKey } from './idempotency-key.ts';
import { placeOrder, selectOrderState, useMyOrders } from './slice.ts';

const orderToast = { autoClose: toastDurations.orders };

/** What is under way: placing a cash order, opening the payment, or the server checking it. */
export type CheckoutStep = 'cod' | 'razorpay' | 'verifying';

export interface Checkout {
  /** The cart as the server last answered it; null until it has. */
  cart: Cart | null;
  /** Why the cart could not be loaded, if it could not. */
  cartError: string | null;
  retryCart: () => void;
  /** Where the order goes, shown as "Shipping to": the saved address picked, else the default. */
  address: Address | null;
  /** The shopper's saved addresses, to pick another for this order. */
  addresses: Address[];
  /** Ships this order to another saved address (by its id). */
  chooseAddress: (addressId: string) => void;
  /** An online order of this shopper's waiting for its payment (just placed here, or found with an empty cart). */
  waiting: Order | null;
  step: CheckoutStep | null;
  /** Why the order could not be placed, when the server gave no better answer. */
  problem: string | null;
  /** Why the order was not placed when the cart changed (another total, other items): shown by the totals. */
  changed: string | null;
  /**
   * The shopper must confirm their email address before ordering (the account says so, or the
   * server refused the order with EMAIL_NOT_VERIFIED): the page says so, with a way to have
   * the link sent again.
   */
  needsVerifiedEmail: boolean;
  payOnDelivery: () => Promise<void>;
  payOnline: () => Promise<void>;
  /** Pays the order waiting for its payment (the window was closed, or could not open). */
  payWaiting: (order: Order) => Promise<void>;
  /** Render this: the sandbox's payment window shows here while it is open. */
  paymentWindow: ReactNode;
}

export function useCheckout(): Checkout {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { cart, error: cartError, retry: retryCart } = useCart();
  const user = useAppSelector(selectUser);
  const { orders } = useAppSelector(selectOrderState);
  const { payFor, paymentWindow } = usePayForOrder();
  const [step, setStep] = useState<CheckoutStep | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [changed, setChanged] = useState<string | null>(null);
  /** The server refused the last attempt for an unverified email (the account held may be older). */
  const [refusedUnverified, setRefusedUnverified] = useState(false);
  /** The online order just placed here: it took the cart's lines and waits for its payment. */
  const [placedOnline, setPlacedOnline] = useState<Order | null>(null);
  /** The saved address picked for this order; none: the default address. */
  const [chosenAddressId, setChosenAddressId] = useState<string | null>(null);
  /** The double-submit guard: set at once, before any render. */
  const submitting = useRef(false);

  const cartEmpty = cart !== null && cart.items.length === 0;
  // Back at checkout with an empty cart: an online order of theirs may be waiting for payment.
  useMyOrders({ skip: !cartEmpty });

  const waiting = placedOnline ?? (cartEmpty ? (orders.find(awaitsOnlinePayment) ?? null) : null);
  const addresses = user?.addresses ?? [];
  // A pick no longer saved (the list was saved again meanwhile) falls back to the default.
  const address = addressToShipTo(addresses, chosenAddressId) ?? shippingAddressOf(addresses);

  function start(next: CheckoutStep): boolean {
    if (submitting.current) return false;
    submitting.current = true;
    setStep(next);
    setProblem(null);
    setChanged(null);
    setRefusedUnverified(false);
    return true;
  }

  function release() {
    submitting.current = false;
    setStep(null);
  }

  /** The attempt is over (placed, paid, or given up): the next one is a new attempt. */
  function forgetKey(method: PaymentMethod) {
    forgetAttemptKey(attemptScope(user?._id ?? '', method, cart, address?._id));
  }

  /**
   * Places the order under the attempt's key. A key that answers an order which is over
   * (cancelled meanwhile, or paid) belonged to an earlier attempt: once, a new key is made.
   */
  async function placeFor(method: PaymentMethod, shipping: Address) {
    const body = orderBodyFor({ method, shipping, phone: user?.phone, cart });
    // Another address is another attempt: a retry never answers an order sent elsewhere.
    const key = () => attemptKey(attemptScope(user?._id ?? '', method, cart, shipping._id));
    const placed = await dispatch(placeOrder({ body, idempotencyKey: key() })).unwrap();
    if (!placed || placed.status === 'pending') return placed;
    forgetKey(method);
    return dispatch(placeOrder({ body, idempotencyKey: key() })).unwrap();
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
    if (isRequestFailure(failure) && (failure.code === 'ADDRESS_NOT_FOUND' || failure.code === 'ADDRESS_INCOMPLETE')) {
      // The saved addresses changed since they were loaded: show them as they are now.
      void dispatch(fetchProfile());
      return;
    }
    if (isRequestFailure(failure) && failure.code === 'EMAIL_NOT_VERIFIED') {
      // Nothing is wrong with the cart: the notice says what to do, and the account is fetched
      // again so every page knows it is not verified.
      setRefusedUnverified(true);
      void dispatch(fetchProfile());
      return;
    }
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

  /** The address an order can go to, or null once the shopper has been told what is missing. */
  function deliverableAddress(): Address | null {
    if (isAddressComplete(address)) return address;
    toast.error('Shipping address or pincode is incomplete.', orderToast);
    return null;
  }

  async function payOnDelivery() {
    if (submitting.current) return;
    const shipping = deliverableAddress();
    if (!shipping) return;
    start('cod');
    try {
      await placeFor('cod', shipping);
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
    const shipping = deliverableAddress();
    if (!shipping || !user) return;
    start('razorpay');

    let placed;
    try {
      placed = await placeFor('razorpay', shipping);
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

  async function payWaiting(order: Order) {
    if (!start('razorpay')) return;
    await payFor(order._id, paying);
  }

  return {
    cart,
    cartError,
    retryCart,
    address,
    addresses,
    chooseAddress: setChosenAddressId,
    waiting,
    step,
    problem,
    changed,
    needsVerifiedEmail: user?.emailVerified === false || refusedUnverified,
    payOnDelivery,
    payOnline,
    payWaiting,
    paymentWindow,
  };
}
