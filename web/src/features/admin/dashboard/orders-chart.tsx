import { formatRupees, type StatsDay } from '@shop/core';
import { useId } from 'react';
import { ColumnHeads, type Column } from '../shared/column-heads.tsx';

const WIDTH = 300;
const HEIGHT = 100;

const dayColumns: Column[] = [
  'Day (IST)',
  { label: 'Orders', className: 'text-right' },
  { label: 'Revenue', className: 'text-right' },
];

/**
 * Days are the shop's (India's) and come as dates; a date read as UTC midnight and written in
 * UTC keeps its name whatever the browser's own zone.
 */
const dayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** "21 Nov" from "2026-11-21". */
export function shortDay(date: string): string {
  return dayFormat.format(new Date(`${date}T00:00:00Z`));
}

/**
 * Orders per day as bars, drawn inline (no chart library). The picture is one image with a
 * summary for screen readers; the numbers themselves are a table anyone can open.
 */
export function OrdersChart({ days }: { days: readonly StatsDay[] }) {
  const captionId = useId();
  const max = Math.max(1, ...days.map((day) => day.orders));
  const total = days.reduce((sum, day) => sum + day.orders, 0);
  const busiest = days.reduce<StatsDay | null>((best, day) => (day.orders > (best?.orders ?? 0) ? day : best), null);
  const slot = WIDTH / Math.max(1, days.length);
  const summary =
    `Orders per day over the last ${days.length} days: ${total} in all` +
    (busiest ? `, the busiest day ${shortDay(busiest.date)} with ${busiest.orders}.` : '.');

  return (
    <figure>
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-32 w-full"
      >
        <line x1={0} y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="stroke-line" strokeWidth={1} />
        {days.map((day, i) => {
          const height = (day.orders / max) * (HEIGHT - 4);
          return (
            <rect
              key={day.date}
              x={i * slot + slot * 0.15}
              y={HEIGHT - height}
              width={slot * 0.7}
              height={height}
              rx={1}
              className="fill-accent"
            >
              <title>{`${shortDay(day.date)}: ${day.orders} orders`}</title>
            </rect>
          );
        })}
      </svg>
      {days.length > 0 && (
        <div className="mt-1 flex justify-between text-xs text-muted" aria-hidden="true">
          <span>{shortDay(days[0]!.date)}</span>
          <span>{shortDay(days[days.length - 1]!.date)}</span>
        </div>
      )}
      <figcaption id={captionId} className="mt-2 text-xs text-muted">
        {summary}
      </figcaption>
      <details className="mt-3 text-sm">
        <summary className="w-fit cursor-pointer rounded-md text-ink-soft hover:text-ink">Show the numbers</summary>
        <div className="mt-2 max-h-64 overflow-y-auto">
          <table className="w-full text-left text-sm tabular-nums" aria-describedby={captionId}>
            <thead className="text-xs text-muted">
              <tr>
                <ColumnHeads columns={dayColumns} className="py-1 font-medium" />
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {days.map((day) => (
                <tr key={day.date}>
                  <th scope="row" className="py-1 font-normal">
                    {shortDay(day.date)}
                  </th>
                  <td className="py-1 text-right">{day.orders}</td>
                  <td className="py-1 text-right">{formatRupees(day.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
