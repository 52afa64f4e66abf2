import { shipmentEventLabels, shipmentStatusLabels, type ShipmentData } from '@shop/core';

const when = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
const formatWhen = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : when.format(date);
};

/** The courier, the AWB number and the courier's tracking page (a new tab), when it has one. */
export function ParcelFacts({ shipment }: { shipment: ShipmentData }) {
  return (
    <p className="text-sm">
      <span className="text-muted">{shipment.courierName} · AWB </span>
      <span className="font-mono font-semibold">{shipment.awb}</span>
      {shipment.trackingUrl && (
        <>
          {' · '}
          <a
            href={shipment.trackingUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded-md font-medium text-accent hover:underline"
          >
            Track on {shipment.courierName}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </>
      )}
    </p>
  );
}

/** Where the parcel stands now, in words. */
export function parcelStatusText(shipment: ShipmentData): string {
  return shipmentStatusLabels[shipment.status];
}

/**
 * The parcel's timeline, oldest first: handed to the courier, then each event the courier
 * reported (a failed attempt with its reason).
 */
export function ParcelTimeline({ shipment }: { shipment: ShipmentData }) {
  const steps = [
    { key: 'shipped', label: shipmentEventLabels.shipped, at: shipment.shippedAt, note: null as string | null },
    ...shipment.events.map((event, i) => ({
      key: `${event.kind}-${i}`,
      label: shipmentEventLabels[event.kind],
      at: event.at,
      note: [event.reason, event.location].filter(Boolean).join(' · ') || null,
    })),
  ];
  return (
    <ol className="space-y-3 border-l border-line pl-4" aria-label="Parcel timeline">
      {steps.map((step) => (
        <li key={step.key} className="relative text-sm">
          <span className="absolute top-1.5 -left-[21px] h-2.5 w-2.5 rounded-full bg-accent" aria-hidden="true" />
          <span className="font-medium">{step.label}</span>{' '}
          <time dateTime={step.at} className="text-muted">
            {formatWhen(step.at)}
          </time>
          {step.note && <p className="mt-0.5 break-words text-ink-soft">{step.note}</p>}
        </li>
      ))}
    </ol>
  );
}
