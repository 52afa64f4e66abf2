/**
 * /admin/coupons: every coupon with its terms and how often it was used; create, edit,
 * deactivate and activate. The form opens as a panel above the list.
 */
import type { AdminCoupon } from '@shop/core';
import { useRef, useState } from 'react';
import { buttonClass } from '../../../components/button.ts';
import { formatPrice } from '../../../lib/format.ts';
import { AdminPageHeader, EmptyState, ErrorState, LoadingState } from '../shared/admin-page.tsx';
import { ColumnHeads, type Column } from '../shared/column-heads.tsx';
import { formatDateTime } from '../shared/format.ts';
import { notifyFailure, notifySuccess } from '../shared/notify.ts';
import { Badge } from '../shared/status-badge.tsx';
import { usePendingIds } from '../shared/use-pending-ids.ts';
import { asResource } from '../shared/use-resource.ts';
import { useListCouponsQuery, useSetCouponActiveMutation } from './api.ts';
import { CouponEditor } from './coupon-editor.tsx';

/** What the panel shows: nothing, the form for a new coupon, or the form for one coupon. */
type Panel = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; coupon: AdminCoupon };

const typeLabels: Record<AdminCoupon['discountType'], string> = {
  percentage: 'Percentage',
  buyXgetY: 'Buy X get Y',
};

/** "Always", "From …", "Until …" or "… – …". */
function validityText(coupon: Pick<AdminCoupon, 'startsAt' | 'endsAt'>): string {
  const { startsAt, endsAt } = coupon;
  if (startsAt && endsAt) return `${formatDateTime(startsAt)} – ${formatDateTime(endsAt)}`;
  if (startsAt) return `From ${formatDateTime(startsAt)}`;
  if (endsAt) return `Until ${formatDateTime(endsAt)}`;
  return 'Always';
}

const limitText = (limit: number | null) => (limit === null ? 'no limit' : String(limit));

/** Staff coupons: list, create, edit, deactivate. */
export function AdminCouponsPage() {
  const coupons = asResource(useListCouponsQuery());
  const [setCouponActive] = useSetCouponActiveMutation();
  const [panel, setPanel] = useState<Panel>({ mode: 'closed' });
  const { pending, track } = usePendingIds();
  /** The button that opened the panel: focus goes back to it when the panel closes. */
  const openerRef = useRef<HTMLElement | null>(null);

  function openPanel(next: Panel) {
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setPanel(next);
  }

  function closePanel() {
    setPanel({ mode: 'closed' });
    openerRef.current?.focus();
  }

  function saved(wasNew: boolean) {
    notifySuccess(wasNew ? 'Coupon created' : 'Coupon updated');
    closePanel();
  }

  function setActive(coupon: AdminCoupon, isActive: boolean) {
    return track(coupon._id, async () => {
      try {
        await setCouponActive({ id: coupon._id, isActive }).unwrap();
        notifySuccess(isActive ? 'Coupon activated' : 'Coupon deactivated');
      } catch (error) {
        notifyFailure(error);
      }
    });
  }

  const list = coupons.data;
  return (
    <>
      <AdminPageHeader
        title="Coupons"
        description={list ? `${list.length} ${list.length === 1 ? 'coupon' : 'coupons'}` : undefined}
        actions={
          <button
            type="button"
            className={buttonClass('primary', 'sm')}
            aria-expanded={panel.mode === 'create'}
            onClick={() => openPanel({ mode: 'create' })}
          >
            Create coupon
          </button>
        }
      />

      {panel.mode !== 'closed' && (
        <CouponEditor
          // A fresh form for each coupon opened.
          key={panel.mode === 'edit' ? panel.coupon._id : 'new'}
          coupon={panel.mode === 'edit' ? panel.coupon : null}
          onSaved={() => saved(panel.mode === 'create')}
          onClose={closePanel}
        />
      )}

      <section aria-label="Coupon list" aria-busy={coupons.loading}>
        {coupons.error ? (
          <ErrorState message={coupons.error.message} onRetry={coupons.reload} retrying={coupons.loading} />
        ) : !list ? (
          <LoadingState label="Loading coupons…" />
        ) : list.length === 0 ? (
          <EmptyState title="No coupons yet.">Create the first with "Create coupon".</EmptyState>
        ) : (
          <CouponTable
            coupons={list}
            busyIds={pending}
            onEdit={(coupon) => openPanel({ mode: 'edit', coupon })}
            onSetActive={setActive}
          />
        )}
      </section>
    </>
  );
}

const cell = 'block md:table-cell md:border-b md:border-line md:px-3 md:py-3 md:align-middle';
const head = 'md:px-3 md:pb-2 md:font-medium';
const couponColumns: Column[] = [
  'Code',
  'Offer',
  'Min purchase',
  'Valid',
  'Used / limit',
  'Per customer',
  'Status',
  { label: 'Actions', srOnly: true },
];

/** A table from `md` up; on phones each coupon stacks as a card, so nothing scrolls sideways. */
function CouponTable({
  coupons,
  busyIds,
  onEdit,
  onSetActive,
}: {
  coupons: readonly AdminCoupon[];
  busyIds: ReadonlySet<string>;
  onEdit: (coupon: AdminCoupon) => void;
  onSetActive: (coupon: AdminCoupon, isActive: boolean) => void;
}) {
  return (
    // A narrow desktop column scrolls the table inside its box, never the page.
    <div className="md:overflow-x-auto">
      <table className="block w-full text-sm md:table">
        <thead className="sr-only md:not-sr-only md:table-header-group">
          <tr className="text-left text-xs tracking-wide text-muted uppercase">
            <ColumnHeads columns={couponColumns} className={head} />
          </tr>
        </thead>
        <tbody className="block space-y-3 md:table-row-group md:space-y-0">
          {coupons.map((coupon) => (
            <tr
              key={coupon._id}
              className="block space-y-1.5 rounded-2xl border border-line bg-white p-4 md:table-row md:space-y-0 md:rounded-none md:border-0 md:p-0"
            >
              <td className={`${cell} font-mono font-semibold break-all`}>{coupon.code}</td>
              <td className={cell}>
                <span className="font-medium">{coupon.label}</span>
                <span className="block text-xs text-muted">{typeLabels[coupon.discountType]}</span>
              </td>
              <td className={`${cell} whitespace-nowrap`}>
                <span className="text-muted md:hidden">Min purchase: </span>
                {coupon.minPurchase > 0 ? formatPrice(coupon.minPurchase) : 'None'}
              </td>
              <td className={cell}>
                <span className="text-muted md:hidden">Valid: </span>
                {validityText(coupon)}
              </td>
              <td className={`${cell} whitespace-nowrap tabular-nums`}>
                <span className="text-muted md:hidden">Used: </span>
                {coupon.timesRedeemed} / {limitText(coupon.usageLimit)}
              </td>
              <td className={`${cell} whitespace-nowrap`}>
                <span className="text-muted md:hidden">Per customer: </span>
                {limitText(coupon.perCustomerLimit)}
              </td>
              <td className={cell}>
                {coupon.isActive ? <Badge tone="success">Active</Badge> : <Badge tone="neutral">Inactive</Badge>}
              </td>
              <td className={`${cell} pt-2 md:pt-3`}>
                <div className="flex flex-wrap gap-2 md:justify-end">
                  <button
                    type="button"
                    className={buttonClass('secondary', 'sm')}
                    aria-label={`Edit ${coupon.code}`}
                    onClick={() => onEdit(coupon)}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className={buttonClass('ghost', 'sm')}
                    aria-label={`${coupon.isActive ? 'Deactivate' : 'Activate'} ${coupon.code}`}
                    disabled={busyIds.has(coupon._id)}
                    onClick={() => onSetActive(coupon, !coupon.isActive)}
                  >
                    {coupon.isActive ? 'Deactivate' : 'Activate'}
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
