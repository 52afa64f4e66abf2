import {
  courierNames,
  couriers,
  returnReasonLabels,
  returnStatusLabels,
  toPaise,
  formatRupees,
  variantLabel,
  type Courier,
  type StaffReturnData,
} from '@shop/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/button.ts';
import { AdminPageHeader, AdminSection, EmptyState, ResourceView } from '../shared/admin-page.tsx';
import { smallControlClass } from '../shared/form-controls.tsx';
import { notifyFailure, notifySuccess } from '../shared/notify.ts';
import { asResource } from '../shared/use-resource.ts';
import { useGetReturnQueueQuery, useReturnStepMutation } from './api.ts';
import { ReturnRateByReason } from './return-stats.tsx';

const ageText = (hours: number) => (hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} days`);

/**
 * /admin/returns: the Returns queue, the oldest first with its age, each return's lines,
 * photos and refund destination, and the step it waits for (approve or reject, the pickup,
 * receipt, inspection per line, then the refund or the exchange); and the return rate by reason.
 */
export function AdminReturnsPage() {
  const [view, setView] = useState<'open' | 'all'>('open');
  const queue = asResource(useGetReturnQueueQuery(view));
  return (
    <>
      <AdminPageHeader title="Returns" description="Returns to decide, collect, inspect and refund." />
      <div className="space-y-6">
        <AdminSection title={view === 'open' ? 'Waiting for you' : 'Every return'}>
          <label className="mb-4 flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-ink"
              checked={view === 'all'}
              onChange={(event) => setView(event.target.checked ? 'all' : 'open')}
            />
            Show finished returns too
          </label>
          <ResourceView resource={queue} label="Loading returns…">
            {(data) =>
              data.length === 0 ? (
                <EmptyState title="No returns waiting.">Returns shoppers ask for show here.</EmptyState>
              ) : (
                <ul className="space-y-4" aria-label="Returns">
                  {data.map((ret) => (
                    <li key={ret._id}>
                      <ReturnCard ret={ret} />
                    </li>
                  ))}
                </ul>
              )
            }
          </ResourceView>
        </AdminSection>
        <AdminSection title="Return rate by reason (last 30 days)">
          <ReturnRateByReason />
        </AdminSection>
      </div>
    </>
  );
}

function ReturnCard({ ret }: { ret: StaffReturnData }) {
  return (
    <article aria-label={`Return ${ret.number}`} className="rounded-xl border border-line p-4 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-mono font-semibold">{ret.number}</p>
          <p className="text-muted">
            Order{' '}
            <Link to={`/admin/orders/${encodeURIComponent(ret.orderId)}`} className="text-accent hover:underline">
              {ret.orderNumber}
            </Link>{' '}
            · {ret.customerName} ({ret.customerEmail}) ·{' '}
            {ret.paymentMethod === 'cod' ? 'Cash on delivery' : 'Paid online'}
          </p>
        </div>
        <p className="text-right">
          <span className="block font-semibold">{returnStatusLabels[ret.status]}</span>
          <span className="block text-muted">Waiting {ageText(ret.ageHours)}</span>
        </p>
      </div>
      <p className="mt-2">
        <span className="font-medium">{returnReasonLabels[ret.reason]}</span>
        {ret.details && <span className="text-muted"> · {ret.details}</span>}
      </p>
      <ul className="mt-1 text-muted">
        {ret.lines.map((l) => (
          <li key={l.position}>
            {l.name} ({variantLabel({ color: l.color ?? '', size: l.size })}) × {l.quantity}
            {l.exchangeSize && ` → size ${l.exchangeSize}`}
            {l.inspection && ` · ${l.inspection === 'restock' ? 'back to stock' : 'written off'}`}
          </li>
        ))}
      </ul>
      {ret.photos.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Photos">
          {ret.photos.map((url, i) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noopener noreferrer">
                <img
                  src={url}
                  alt={`Photo ${i + 1} of return ${ret.number}`}
                  className="h-16 w-16 rounded-lg object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2">
        <span className="text-muted">Refund to: </span>
        {ret.exchange ? 'Another size (no refund)' : ret.refundDestination}
      </p>
      {ret.pickup && (
        <p>
          <span className="text-muted">Pickup: </span>
          {courierNames[ret.pickup.courier]} · AWB <span className="font-mono">{ret.pickup.awb}</span>
        </p>
      )}
      {ret.refund && (
        <p>
          <span className="text-muted">Refunded: </span>
          {formatRupees(toPaise(ret.refund.amount))} · {ret.refund.reference}
          {ret.refund.creditNote && ` · credit note ${ret.refund.creditNote}`}
        </p>
      )}
      {ret.decisionReason && <p className="text-muted">Rejected: {ret.decisionReason}</p>}
      <NextStep ret={ret} />
    </article>
  );
}

/** The step the return waits for, and its form. */
function NextStep({ ret }: { ret: StaffReturnData }) {
  const [returnStep, { isLoading }] = useReturnStepMutation();
  const [reason, setReason] = useState('');
  const [courier, setCourier] = useState<Courier>('delhivery');
  const [awb, setAwb] = useState('');
  const [reference, setReference] = useState('');
  const [outcomes, setOutcomes] = useState<Record<number, 'restock' | 'write_off'>>({});

  async function run(step: Parameters<typeof returnStep>[0], done: string) {
    try {
      await returnStep(step).unwrap();
      notifySuccess(done);
    } catch (failure) {
      notifyFailure(failure);
    }
  }
  const submit = (step: Parameters<typeof returnStep>[0], done: string) => (event: FormEvent) => {
    event.preventDefault();
    void run(step, done);
  };
  const id = ret._id;
  const row = 'mt-3 flex flex-wrap items-end gap-2 border-t border-line pt-3';

  switch (ret.status) {
    case 'requested':
      return (
        <form
          className={row}
          onSubmit={submit({ id, step: 'decision', body: { decision: 'reject', reason } }, 'Return rejected')}
        >
          <button
            type="button"
            className={buttonClass('primary', 'sm')}
            disabled={isLoading}
            onClick={() => void run({ id, step: 'decision', body: { decision: 'approve' } }, 'Return approved')}
          >
            Approve
          </button>
          <label className="flex min-w-48 flex-1 flex-col gap-1">
            <span className="text-xs text-muted">Reason to reject (the shopper is told)</span>
            <input className={smallControlClass} value={reason} onChange={(e) => setReason(e.target.value)} />
          </label>
          <button type="submit" className={buttonClass('secondary', 'sm')} disabled={isLoading || !reason.trim()}>
            Reject
          </button>
        </form>
      );
    case 'approved':
    case 'pickup_scheduled':
      return (
        <form
          className={row}
          onSubmit={submit({ id, step: 'pickup', body: { courier, awb } }, 'Pickup recorded')}
          aria-label={`Pickup of return ${ret.number}`}
        >
          <label className="flex flex-col gap-1">
            <span className="text-xs text-muted">Pickup courier</span>
            <select
              className={smallControlClass}
              value={courier}
              onChange={(e) => setCourier(e.target.value as Courier)}
            >
              {couriers.map((c) => (
                <option key={c} value={c}>
                  {courierNames[c]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1">
            <span className="text-xs text-muted">Pickup AWB</span>
            <input className={smallControlClass} value={awb} onChange={(e) => setAwb(e.target.value)} />
          </label>
          <button type="submit" className={buttonClass('secondary', 'sm')} disabled={isLoading || !awb.trim()}>
            Record pickup
          </button>
          <button
            type="button"
            className={buttonClass('primary', 'sm')}
            disabled={isLoading}
            onClick={() => void run({ id, step: 'received' }, 'Marked received')}
          >
            Mark received
          </button>
        </form>
      );
    case 'received':
      return (
        <form
          className={row}
          onSubmit={submit(
            {
              id,
              step: 'inspection',
              body: {
                lines: ret.lines.map((l) => ({ position: l.position, outcome: outcomes[l.position] ?? 'restock' })),
              },
            },
            'Inspection recorded',
          )}
        >
          {ret.lines.map((l) => (
            <label key={l.position} className="flex flex-col gap-1">
              <span className="text-xs text-muted">
                {l.name} ({l.size})
              </span>
              <select
                className={smallControlClass}
                value={outcomes[l.position] ?? 'restock'}
                onChange={(e) => setOutcomes({ ...outcomes, [l.position]: e.target.value as 'restock' | 'write_off' })}
              >
                <option value="restock">Back to stock</option>
                <option value="write_off">Write off</option>
              </select>
            </label>
          ))}
          <button type="submit" className={buttonClass('primary', 'sm')} disabled={isLoading}>
            Record inspection
          </button>
        </form>
      );
    case 'inspected':
      if (ret.exchange) {
        return (
          <div className={row}>
            <button
              type="button"
              className={buttonClass('primary', 'sm')}
              disabled={isLoading}
              onClick={() => void run({ id, step: 'exchange' }, 'Exchange recorded')}
            >
              Send the other size
            </button>
          </div>
        );
      }
      return ret.paymentMethod === 'cod' ? (
        <form
          className={row}
          onSubmit={submit({ id, step: 'refund', body: { reference: reference.trim() } }, 'Refund recorded')}
        >
          <label className="flex min-w-48 flex-1 flex-col gap-1">
            <span className="text-xs text-muted">Transfer reference (UTR) of your payment to the shopper</span>
            <input className={smallControlClass} value={reference} onChange={(e) => setReference(e.target.value)} />
          </label>
          <button type="submit" className={buttonClass('primary', 'sm')} disabled={isLoading || !reference.trim()}>
            Record refund
          </button>
        </form>
      ) : (
        <div className={row}>
          <button
            type="button"
            className={buttonClass('primary', 'sm')}
            disabled={isLoading}
            onClick={() => void run({ id, step: 'refund', body: {} }, 'Refunded')}
          >
            {isLoading ? 'Refunding…' : 'Refund to the payment'}
          </button>
        </div>
      );
    default:
      return null;
  }
}
