import {
  shipmentEventKinds,
  shipmentEventLabels,
  shipmentStatusLabels,
  type ShipmentData,
  type Order,
  type ShipmentEventKind,
} from '@shop/core';
import { useState, type FormEvent } from 'react';
import { buttonClass } from '../../../components/button.ts';
import { FormAlert } from '../../../components/form-field.tsx';
import { ParcelFacts, ParcelTimeline } from '../../../components/parcel-timeline.tsx';
import { AdminSection } from '../shared/admin-page.tsx';
import { formatDateTime } from '../shared/format.ts';
import { Field, smallControlClass } from '../shared/form-controls.tsx';
import { failureText, notifySuccess } from '../shared/notify.ts';
import { useGetOrderShipmentQuery, useRecordShipmentEventMutation } from './api.ts';

/**
 * An order's parcel on its staff page: courier, AWB, tracking, timeline, and what the courier
 * reported. Asked for only once the order has shipped (its history says so).
 */
export function ParcelSection({ order }: { order: Pick<Order, '_id' | 'history'> }) {
  const shipped = order.history.some((event) => event.status === 'shipped');
  const { data: shipment } = useGetOrderShipmentQuery(order._id, { skip: !shipped });
  if (!shipment) return null;
  return (
    <AdminSection title="Parcel">
      <p className="mb-1 text-sm font-semibold">
        {shipmentStatusLabels[shipment.status]}
        {shipment.failedAttempts > 0 && (
          <span className="font-normal text-muted">
            {' '}
            · {shipment.failedAttempts} failed {shipment.failedAttempts === 1 ? 'attempt' : 'attempts'}
          </span>
        )}
      </p>
      <ParcelFacts shipment={shipment} />
      {shipment.reattempt && (
        <p className="mt-2 text-sm text-ink-soft">
          The shopper asked for another attempt on {formatDateTime(shipment.reattempt.requestedAt)}
          {shipment.reattempt.phone ? `, phone ${shipment.reattempt.phone}` : ''}.
        </p>
      )}
      <div className="mt-4">
        <ParcelTimeline shipment={shipment} />
      </div>
      {shipment.status !== 'delivered' && shipment.status !== 'rto_delivered' && <EventForm shipment={shipment} />}
    </AdminSection>
  );
}

/** Staff record what the courier told them (a call, the courier's portal). */
export function EventForm({ shipment }: { shipment: ShipmentData }) {
  const [recordEvent, { isLoading }] = useRecordShipmentEventMutation();
  const [kind, setKind] = useState<ShipmentEventKind>('in_transit');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await recordEvent({
        shipmentId: shipment._id,
        orderId: shipment.orderId,
        body: { kind, reason: reason.trim() || null },
      }).unwrap();
      notifySuccess('Parcel updated');
      setReason('');
    } catch (failure) {
      setError(failureText(failure));
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="mt-4 space-y-3 border-t border-line pt-4"
      aria-label={`Record an event for AWB ${shipment.awb}`}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="What happened">
          {(control) => (
            <select
              {...control}
              className={smallControlClass}
              value={kind}
              onChange={(event) => setKind(event.target.value as ShipmentEventKind)}
            >
              {shipmentEventKinds.map((k) => (
                <option key={k} value={k}>
                  {shipmentEventLabels[k]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Reason" optional>
          {(control) => (
            <input
              {...control}
              className={smallControlClass}
              value={reason}
              maxLength={200}
              onChange={(event) => setReason(event.target.value)}
            />
          )}
        </Field>
      </div>
      <FormAlert message={error} />
      <button type="submit" className={buttonClass('secondary', 'sm')} disabled={isLoading}>
        {isLoading ? 'Saving…' : 'Record event'}
      </button>
    </form>
  );
}
