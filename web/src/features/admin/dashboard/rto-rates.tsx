import type { RtoRates } from '@shop/core';
import { EmptyState } from '../shared/admin-page.tsx';
import { ColumnHeads, type Column } from '../shared/column-heads.tsx';
import { shortDay } from './orders-chart.tsx';

/** The PIN codes shown at first, the highest rates; the rest behind "Show all". */
const FIRST_ROWS = 10;

const columns: Column[] = [
  'PIN code',
  { label: 'Shipped', className: 'text-right' },
  { label: 'Returned', className: 'text-right' },
  { label: 'RTO rate', className: 'text-right' },
];

function RateRow({ pin }: { pin: RtoRates['pins'][number] }) {
  return (
    <tr>
      <th scope="row" className="py-2 text-left font-mono font-normal">
        {pin.pinCode}
      </th>
      <td className="py-2 text-right">{pin.shipped}</td>
      <td className="py-2 text-right">{pin.returned}</td>
      <td className="py-2 pl-3 text-right">
        <span className="flex items-center justify-end gap-2">
          {/* The bar repeats the rate for the eye; the number is what is read. */}
          <span aria-hidden="true" className="hidden h-2 w-24 overflow-hidden rounded-full bg-line sm:block">
            <span className="block h-full rounded-full bg-accent" style={{ width: `${pin.ratePercent}%` }} />
          </span>
          <span className="w-14">{pin.ratePercent}%</span>
        </span>
      </td>
    </tr>
  );
}

/**
 * Returns to origin by PIN code over the last 30 days: parcels shipped there, how many came
 * back (or are on their way), and the rate, the highest first, each with a bar.
 */
export function RtoRatesTable({ rates }: { rates: RtoRates }) {
  const since = shortDay(rates.since);
  if (rates.pins.length === 0) {
    return (
      <EmptyState title="No parcels shipped in the last 30 days.">
        Each PIN code shipped to appears here with its returns to origin.
      </EmptyState>
    );
  }
  const first = rates.pins.slice(0, FIRST_ROWS);
  const rest = rates.pins.slice(FIRST_ROWS);
  const table = (pins: RtoRates['pins'], caption: string) => (
    <table className="w-full text-sm tabular-nums">
      <caption className="sr-only">{caption}</caption>
      <thead className="text-xs text-muted">
        <tr>
          <ColumnHeads columns={columns} className="py-1.5 text-left font-medium" />
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {pins.map((pin) => (
          <RateRow key={pin.pinCode} pin={pin} />
        ))}
      </tbody>
    </table>
  );
  return (
    <div>
      <p className="mb-2 text-xs text-muted">
        Parcels shipped since {since} (IST); returned counts those on their way back.
      </p>
      {table(first, 'Returns to origin by PIN code, highest rate first')}
      {rest.length > 0 && (
        <details className="mt-2">
          <summary className="cursor-pointer rounded-md text-sm font-medium text-accent">
            Show {rest.length} more PIN {rest.length === 1 ? 'code' : 'codes'}
          </summary>
          {table(rest, 'More PIN codes')}
        </details>
      )}
    </div>
  );
}
