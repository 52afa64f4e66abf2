import type { AdminOrderDetail, OrderStatus } from '@shop/core';
import { useState } from 'react';
import { buttonClass } from '../../../components/button.ts';
import { Dialog } from '../../../components/dialog.tsx';
import { BoxIcon } from '../../../components/icons/box.tsx';
import { failureText, notifyFailure, notifySuccess } from '../shared/notify.ts';
import { usePatchOrderStatusMutation, usePostRefundMutation } from './api.ts';
import { RefundDialog } from './refund-dialog.tsx';
import { ShipDialog } from '../shipments/index.ts';

/**
 * The button for each move the server allows from here, and what it says once done: the
 * spec's "Order status updated" (§8), or "Order cancelled" for a cancellation (the page then
 * shows the new status and its history line).
 */
const statusUpdated = 'Order status updated';
const moves: Record<OrderStatus, { button: string; done: string }> = {
  pending: { button: 'Mark pending', done: statusUpdated },
  confirmed: { button: 'Mark confirmed', done: statusUpdated },
  shipped: { button: 'Mark shipped', done: statusUpdated },
  delivered: { button: 'Mark delivered', done: statusUpdated },
  cancelled: { button: 'Cancel order', done: 'Order cancelled' },
};

type Busy = OrderStatus | 'refund' | null;

interface OrderActionsProps {
  /** After a change the order is loaded again (new status, history, audit): its tag is invalidated. */
  detail: AdminOrderDetail;
}

/**
 * Moves the order along (only the moves `nextStatuses` lists), cancels it after a
 * confirmation, and records a refund when there is a captured payment to refund. One change
 * at a time: every button waits while one runs.
 */
export function OrderActions({ detail }: OrderActionsProps) {
  const [patchOrderStatus] = usePatchOrderStatusMutation();
  const [postRefund] = usePostRefundMutation();
  const { order, payment, nextStatuses, refundable } = detail;
  const [busy, setBusy] = useState<Busy>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [refundOpen, setRefundOpen] = useState(false);
  // "Mark shipped" asks for the courier and the AWB number first.
  const [shipping, setShipping] = useState(false);
  const [refundError, setRefundError] = useState<string | null>(null);

  async function move(status: OrderStatus) {
    setBusy(status);
    try {
      // The server delivers an order with a parcel through its parcel: one rule for every client.
      await patchOrderStatus({ id: order._id, status }).unwrap();
      notifySuccess(moves[status].done);
      setConfirmingCancel(false);
    } catch (error) {
      notifyFailure(error);
    } finally {
      setBusy(null);
    }
  }

  async function refund(reference: string | undefined) {
    setBusy('refund');
    setRefundError(null);
    try {
      await postRefund({ id: order._id, reference }).unwrap();
      notifySuccess(reference ? 'Refund recorded' : 'Payment refunded');
      setRefundOpen(false);
    } catch (error) {
      setRefundError(failureText(error));
    } finally {
      setBusy(null);
    }
  }

  if (nextStatuses.length === 0 && !refundable) return null;

  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Order actions">
      {nextStatuses.map((status) =>
        status === 'cancelled' ? (
          <button
            key={status}
            type="button"
            className={buttonClass('secondary', 'sm', 'text-sale')}
            disabled={busy !== null}
            onClick={() => setConfirmingCancel(true)}
          >
            {moves.cancelled.button}
          </button>
        ) : (
          <button
            key={status}
            type="button"
            className={buttonClass('primary', 'sm')}
            disabled={busy !== null}
            aria-busy={busy === status || undefined}
            onClick={() => (status === 'shipped' ? setShipping(true) : void move(status))}
          >
            {busy === status ? 'Saving…' : moves[status].button}
          </button>
        ),
      )}
      {refundable && payment && (
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          disabled={busy !== null}
          onClick={() => {
            setRefundError(null);
            setRefundOpen(true);
          }}
        >
          Record refund
        </button>
      )}

      <Dialog
        open={confirmingCancel}
        onClose={() => busy === null && setConfirmingCancel(false)}
        title="Cancel this order?"
        icon={<BoxIcon size={20} />}
        actions={
          <>
            <button
              type="button"
              className={buttonClass('secondary')}
              disabled={busy !== null}
              onClick={() => setConfirmingCancel(false)}
            >
              Keep order
            </button>
            <button
              type="button"
              className={buttonClass('primary', 'md', 'bg-sale hover:bg-sale/90')}
              disabled={busy !== null}
              onClick={() => void move('cancelled')}
            >
              {busy === 'cancelled' ? 'Cancelling…' : 'Yes, cancel it'}
            </button>
          </>
        }
      >
        <p>
          Order {order.orderNumber} will be cancelled and its items put back in stock.
          {order.paymentStatus === 'paid' && ' The captured online payment is refunded through the payment provider.'}
        </p>
      </Dialog>

      {shipping && (
        <ShipDialog orderId={order._id} orderNumber={order.orderNumber} onClose={() => setShipping(false)} />
      )}

      {refundOpen && payment && (
        <RefundDialog
          open
          orderNumber={order.orderNumber}
          payment={payment}
          busy={busy === 'refund'}
          error={refundError}
          onClose={() => setRefundOpen(false)}
          onRefund={(reference) => void refund(reference)}
        />
      )}
    </div>
  );
}
