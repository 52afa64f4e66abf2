/** Whether a cash order is confirmed (the shopper's emailed link, or staff after a call), and staff confirming one. */
import type { AdminOrderDetail, CodConfirmation } from '@shop/core';
import { useState } from 'react';
import { buttonClass } from '../../../components/button.ts';
import { adminApi, changeMutation, recordPath } from '../shared/admin-api.ts';
import { notifyFailure, notifySuccess } from '../shared/notify.ts';
import { Badge } from '../shared/status-badge.tsx';

const codApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    /** Staff confirm a cash order after calling the shopper: the order and the lists show it. */
    postCodConfirmation: changeMutation<AdminOrderDetail, { id: string }>(
      build,
      ({ id }) => ({
        method: 'POST',
        path: `${recordPath('/admin/orders', id)}/cod-confirmation`,
        fallback: 'Failed to confirm the order',
      }),
      ({ id }) => [
        { type: 'Order', id },
        { type: 'Order', id: 'LIST' },
      ],
    ),
  }),
});

const { usePostCodConfirmationMutation } = codApi;

/** "COD not confirmed", "COD confirmed by the shopper" or "… by staff"; nothing for an online order or one past asking. */
export function CodConfirmationBadge({ confirmation }: { confirmation: CodConfirmation }) {
  if (!confirmation || confirmation.state === 'closed') return null;
  if (confirmation.state === 'awaiting') return <Badge tone="warning">COD not confirmed</Badge>;
  const by = confirmation.via === 'email' ? ' by shopper' : confirmation.via === 'staff' ? ' by staff' : '';
  return <Badge tone="success">{`COD confirmed${by}`}</Badge>;
}

/** The order page's button for a cash order waiting for its confirmation: staff confirm it after a call. */
export function ConfirmCodButton({ detail }: { detail: AdminOrderDetail }) {
  const [post] = usePostCodConfirmationMutation();
  const [busy, setBusy] = useState(false);
  if (detail.codConfirmation?.state !== 'awaiting') return null;

  async function confirm() {
    setBusy(true);
    try {
      await post({ id: detail.order._id }).unwrap();
      notifySuccess('Cash on delivery confirmed');
    } catch (error) {
      notifyFailure(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className={buttonClass('secondary', 'sm')}
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={() => void confirm()}
    >
      {busy ? 'Saving…' : 'Confirm COD order'}
    </button>
  );
}
