import type { ShipmentData } from '@shop/core';
import { useId, useState, type FormEvent } from 'react';
import { buttonClass } from '../../../components/button.ts';
import { FormAlert, FormField } from '../../../components/form-field.tsx';
import { failureText } from '../../../lib/api/failure.ts';
import { toast, toastDurations } from '../../../lib/toasts.tsx';
import { useRequestReattemptMutation } from '../shipments-api.ts';
import { ParcelFacts, ParcelTimeline, parcelStatusText } from '../../../components/parcel-timeline.tsx';

/**
 * A shipped order's parcel in My Orders: courier, AWB and tracking link, where it stands, and
 * its timeline (folded away until asked for). After a failed attempt the shopper may ask for
 * another, with a phone number that reaches them.
 */
export function ParcelPanel({ shipment, orderNumber }: { shipment: ShipmentData; orderNumber: string }) {
  const [open, setOpen] = useState(shipment.status === 'delivery_failed');
  const timelineId = useId();
  return (
    <section aria-label={`Parcel of order ${orderNumber}`} className="mt-4 rounded-xl bg-sand/50 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold">{parcelStatusText(shipment)}</p>
        <button
          type="button"
          className="rounded-md text-sm font-medium text-accent hover:underline"
          aria-expanded={open}
          aria-controls={timelineId}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide tracking' : 'Track parcel'}
        </button>
      </div>
      <div className="mt-1">
        <ParcelFacts shipment={shipment} />
      </div>
      <div id={timelineId} hidden={!open} className="mt-4">
        <ParcelTimeline shipment={shipment} />
        {shipment.status === 'delivery_failed' && <Reattempt shipment={shipment} />}
      </div>
    </section>
  );
}

function Reattempt({ shipment }: { shipment: ShipmentData }) {
  const [requestReattempt, { isLoading }] = useRequestReattemptMutation();
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (shipment.reattempt) {
    return (
      <p className="mt-4 text-sm text-ink-soft">
        You asked for another attempt
        {shipment.reattempt.phone ? `; the courier will call ${shipment.reattempt.phone}` : ''}.
      </p>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const trimmed = phone.trim();
      await requestReattempt({ orderId: shipment.orderId, body: trimmed ? { phone: trimmed } : {} }).unwrap();
      toast.success('We have asked the courier to try again.', { autoClose: toastDurations.orders });
    } catch (failure) {
      setError(failureText(failure));
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-3">
      <p className="text-sm">
        The courier could not deliver this parcel. Ask for another attempt, and give a phone number that reaches you if
        yours has changed.
      </p>
      <FormField
        label="Phone number for the courier"
        optional
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={phone}
        maxLength={20}
        onChange={(event) => setPhone(event.target.value)}
      />
      <FormAlert message={error} />
      <button type="submit" className={buttonClass('primary', 'sm')} disabled={isLoading}>
        {isLoading ? 'Asking…' : 'Ask for another attempt'}
      </button>
    </form>
  );
}
