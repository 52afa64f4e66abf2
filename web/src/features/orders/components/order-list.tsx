import {
  awaitsOnlinePayment,
  customerCancellation,
  variantLabel,
  type Order,
  type ReturnData,
  type ShipmentData,
} from '@shop/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks.ts';
import { toast, toastDurations } from '../../../lib/toasts.tsx';
import { buttonClass } from '../../../components/button.ts';
import { Dialog } from '../../../components/dialog.tsx';
import { DocumentDownloads } from '../../../components/document-downloads.tsx';
import { BoxIcon } from '../../../components/icons/box.tsx';
import { ItemImage } from '../../../components/item-image.tsx';
import { LoadingShapes } from '../../../components/loading-shapes.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { isRequestFailure, isServerMessage } from '../../../lib/api/failure.ts';
import { useGetMyReturnsQuery } from '../returns-api.ts';
import { useGetMyShipmentsQuery } from '../shipments-api.ts';
import { cancelOrder, fetchOrders, selectOrderState, useMyOrders } from '../slice.ts';
import { ParcelPanel } from './parcel-panel.tsx';
import { OrderReturns } from './return-panel.tsx';

const placedOn = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

const paymentNotes: Record<Order['paymentStatus'], string> = {
  cod: 'Cash on delivery',
  awaiting_payment: 'Online payment · awaiting payment',
  paid: 'Paid online',
  failed: 'Online payment · payment failed',
  refunded: 'Refunded',
};

interface OrderListProps {
  /** After a cancellation: the account is refreshed (spec §4). */
  onCancelled?: () => void;
  /** Pays an online order waiting for its payment ("Pay now"); without it, no such button shows. */
  onPay?: (order: Order) => void;
  /** The order whose payment is under way, if any: its "Pay now" waits. */
  payingId?: string | null;
}

/**
 * My Orders (spec §2): each order's number, total, status and item count, newest first. Any
 * order not shipped yet can be cancelled within the terms' window (after a confirmation; a paid
 * one is refunded in full to the way it was paid), and an online one waiting for its payment
 * paid; a cancelled one says so in red; any other status shows in green.
 */
export function OrderList({ onCancelled, onPay, payingId = null }: OrderListProps) {
  const dispatch = useAppDispatch();
  const { orders, ordersStatus, error, cancellingId } = useAppSelector(selectOrderState);
  const [confirming, setConfirming] = useState<Order | null>(null);

  useMyOrders();
  // Parcels exist only for orders that have shipped (their history says so, whatever came after).
  const anyShipped = orders.some((order) => order.history.some((event) => event.status === 'shipped'));
  const { data: shipments } = useGetMyShipmentsQuery(undefined, { skip: !anyShipped, refetchOnMountOrArgChange: true });
  // Returns exist only for orders that were delivered.
  const anyDelivered = orders.some((order) => order.history.some((event) => event.status === 'delivered'));
  const { data: returns } = useGetMyReturnsQuery(undefined, { skip: !anyDelivered, refetchOnMountOrArgChange: true });

  async function handleCancel(order: Order) {
    setConfirming(null);
    try {
      await dispatch(cancelOrder(order._id)).unwrap();
    } catch (failure) {
      // Spec §8: the profile says "Failed to cancel order" where the server gave no reason.
      toast.error(isRequestFailure(failure) && isServerMessage(failure) ? failure.message : 'Failed to cancel order', {
        autoClose: toastDurations.orders,
      });
      return;
    }
    toast.success('Order cancelled', { autoClose: toastDurations.orders });
    void dispatch(fetchOrders());
    onCancelled?.();
  }

  const loaded = ordersStatus === 'succeeded' || orders.length > 0;

  if (!loaded && ordersStatus === 'failed') {
    return (
      <div role="alert" className="mt-6 rounded-2xl border border-sale/20 bg-sale/5 p-6">
        <p className="font-medium text-sale">Error: {error}</p>
        <button
          type="button"
          className={buttonClass('secondary', 'sm', 'mt-4')}
          onClick={() => void dispatch(fetchOrders())}
        >
          Try again
        </button>
      </div>
    );
  }

  if (!loaded) {
    return (
      <LoadingShapes label="Loading your orders…" className="mt-6" shapesClassName="space-y-4">
        {[0, 1].map((i) => (
          <div key={i} className="h-36 rounded-2xl bg-sand" />
        ))}
      </LoadingShapes>
    );
  }

  if (orders.length === 0) {
    return (
      <div className="flex flex-col items-center px-4 py-14 text-center">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-sand text-accent">
          <BoxIcon size={26} />
        </span>
        <p className="mt-5 font-medium">No orders placed yet.</p>
        <p className="mt-1 text-sm text-muted">Your orders will show here, with their status.</p>
        <Link to="/products" className={buttonClass('primary', 'sm', 'mt-6')}>
          Start shopping
        </Link>
      </div>
    );
  }

  return (
    <>
      <ul className="mt-6 space-y-4" aria-label="Your orders">
        {orders.map((order) => (
          <li key={order._id}>
            <OrderCard
              order={order}
              cancelling={cancellingId === order._id}
              shipment={shipments?.find((shipment) => shipment.orderId === order._id) ?? null}
              returns={returns?.filter((ret) => ret.orderId === order._id) ?? []}
              onCancel={() => setConfirming(order)}
              payment={
                onPay && awaitsOnlinePayment(order)
                  ? { paying: payingId === order._id, busy: payingId !== null, onPay: () => onPay(order) }
                  : null
              }
            />
          </li>
        ))}
      </ul>
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Cancel this order?"
        icon={<BoxIcon size={20} />}
        actions={
          <>
            <button type="button" className={buttonClass('secondary')} onClick={() => setConfirming(null)}>
              Keep order
            </button>
            <button
              type="button"
              className={buttonClass('primary', 'md', 'bg-sale hover:bg-sale/90')}
              onClick={() => confirming && void handleCancel(confirming)}
            >
              Yes, cancel it
            </button>
          </>
        }
      >
        <p>
          Order {confirming?.orderNumber} will be cancelled.
          {confirming?.paymentStatus === 'paid' &&
            ` Your payment of ${formatPrice(confirming.total)} will be refunded in full to the way you paid, in 7-10 business days.`}
        </p>
      </Dialog>
    </>
  );
}

interface OrderCardProps {
  order: Order;
  cancelling: boolean;
  /** The order's parcel once it has shipped. */
  shipment: ShipmentData | null;
  /** The order's returns, the newest first. */
  returns: ReturnData[];
  onCancel: () => void;
  /** Set for an online order waiting for its payment: its "Pay now". */
  payment: { paying: boolean; busy: boolean; onPay: () => void } | null;
}

function OrderCard({ order, cancelling, shipment, returns, onCancel, payment }: OrderCardProps) {
  const shown = order.items.slice(0, 4);
  const more = order.items.length - shown.length;
  return (
    <article
      aria-label={`Order ${order.orderNumber}`}
      className="rounded-2xl border border-line bg-white p-5 transition-shadow hover:shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-1">
        <div>
          <p className="text-xs font-semibold tracking-[0.16em] text-muted uppercase">Order number</p>
          <h3 className="mt-1 font-mono text-sm font-semibold tracking-wide break-all">{order.orderNumber}</h3>
        </div>
        <p className="text-sm text-muted">
          Placed <time dateTime={order.createdAt}>{placedOn.format(new Date(order.createdAt))}</time>
        </p>
      </div>

      <div className="mt-4 flex flex-wrap items-center gap-4">
        <div className="flex -space-x-3" aria-hidden="true">
          {shown.map((item, i) => (
            <ItemImage
              key={`${item.productId}-${item.size}-${i}`}
              src={item.image}
              alt=""
              className="w-11 rounded-lg ring-2 ring-white"
            />
          ))}
          {more > 0 && (
            <span className="flex h-[55px] w-11 items-center justify-center rounded-lg bg-sand text-xs font-semibold ring-2 ring-white">
              +{more}
            </span>
          )}
        </div>
        <dl className="grid grid-cols-2 gap-x-8 gap-y-1 text-sm">
          <dt className="text-muted">Items</dt>
          <dd className="font-medium tabular-nums">{order.itemCount}</dd>
          <dt className="text-muted">Total</dt>
          <dd className="font-semibold tabular-nums">{formatPrice(order.total)}</dd>
        </dl>
      </div>
      <p className="mt-3 text-xs text-muted">
        {order.items
          .map(
            (item) => `${item.name} (${variantLabel({ color: item.color ?? '', size: item.size })}) × ${item.quantity}`,
          )
          .join(', ')}
      </p>
      <DocumentDownloads
        documents={order.documents}
        basePath={`/order/${order._id}`}
        orderNumber={order.orderNumber}
        onError={(message) => toast.error(message, { autoClose: toastDurations.orders })}
        className="mt-3"
      />
      {shipment && <ParcelPanel shipment={shipment} orderNumber={order.orderNumber} />}
      {(order.status === 'delivered' || returns.length > 0) && <OrderReturns order={order} returns={returns} />}

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4">
        <p className="text-xs text-muted">{paymentNotes[order.paymentStatus]}</p>
        <div className="flex flex-wrap items-center gap-3">
          {order.status === 'cancelled' ? (
            <p className="text-sm font-semibold text-sale">Order Cancelled</p>
          ) : order.status === 'pending' ? (
            <span className="text-sm font-medium text-accent">Status: pending</span>
          ) : (
            <p className="text-sm font-semibold text-success">Status: {order.status}</p>
          )}
          {payment && (
            <button
              type="button"
              className={buttonClass('primary', 'sm')}
              onClick={payment.onPay}
              disabled={payment.busy || cancelling}
              aria-label={`Pay now for Order ${order.orderNumber}`}
            >
              {payment.paying ? 'Opening payment...' : 'Pay now'}
            </button>
          )}
          {/* Any order not shipped, paid or not, within the terms' window (core's rule; the server applies it again). */}
          {customerCancellation(order, new Date()).ok && (
            <button
              type="button"
              className={buttonClass('secondary', 'sm')}
              onClick={onCancel}
              disabled={cancelling}
              aria-label={`Cancel Order ${order.orderNumber}`}
            >
              {cancelling ? 'Cancelling...' : 'Cancel Order'}
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
