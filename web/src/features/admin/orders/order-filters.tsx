import { orderStatuses, type OrderStatus } from '@shop/core';
import { useId, useState } from 'react';
import { buttonClass } from '../../../components/button.ts';
import { inputClass } from '../../../components/form-field.tsx';
import { orderStatusLabels } from '../shared/status-badge.tsx';
import type { AdminOrderFilters } from './api.ts';
import { hasFilters } from './filters.ts';

interface OrderFiltersProps {
  filters: AdminOrderFilters;
  /** A new set of filters; the list goes back to its first page. */
  onChange: (filters: AdminOrderFilters) => void;
}

const labelClass = 'mb-1.5 block text-sm font-medium text-ink';

/**
 * Status and dates apply as soon as they change; the search text applies when submitted, so
 * the list is not fetched on every keystroke. One row from 1280 px up, where every field shows
 * its whole text; below, status and search take a row each and the dates share one (on a phone
 * they take one each).
 */
export function OrderFilters({ filters, onChange }: OrderFiltersProps) {
  const id = useId();
  const change = (patch: Partial<AdminOrderFilters>) => onChange({ ...filters, ...patch, page: undefined });

  return (
    <div className="mb-5 grid grid-cols-2 gap-x-2 gap-y-3 rounded-2xl border border-line bg-white p-3 sm:gap-3 sm:p-4 xl:grid-cols-[repeat(3,minmax(0,1fr))_minmax(0,2fr)]">
      <div className="col-span-2 xl:col-span-1">
        <label htmlFor={`${id}-status`} className={labelClass}>
          Status
        </label>
        <select
          id={`${id}-status`}
          className={inputClass}
          value={filters.status ?? ''}
          onChange={(event) => change({ status: (event.target.value || undefined) as OrderStatus | undefined })}
        >
          <option value="">All statuses</option>
          {orderStatuses.map((status) => (
            <option key={status} value={status}>
              {orderStatusLabels[status]}
            </option>
          ))}
        </select>
      </div>
      {/* Each date takes the whole row on a phone, where half of it could not show its format. */}
      <div className="col-span-2 sm:col-span-1">
        <label htmlFor={`${id}-from`} className={labelClass}>
          Placed from
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className={inputClass}
          value={filters.from ?? ''}
          max={filters.to}
          onChange={(event) => change({ from: event.target.value || undefined })}
        />
      </div>
      <div className="col-span-2 sm:col-span-1">
        <label htmlFor={`${id}-to`} className={labelClass}>
          Placed to
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className={inputClass}
          value={filters.to ?? ''}
          min={filters.from}
          onChange={(event) => change({ to: event.target.value || undefined })}
        />
      </div>
      {/* Keyed by the applied text, so clearing the filters also clears the box. */}
      <SearchField key={filters.q ?? ''} applied={filters.q ?? ''} onSearch={(q) => change({ q: q || undefined })} />
      {hasFilters(filters) && (
        <div className="col-span-2 xl:col-span-4">
          <button type="button" className={buttonClass('ghost', 'sm', '-ml-3')} onClick={() => onChange({})}>
            Clear filters
          </button>
        </div>
      )}
    </div>
  );
}

function SearchField({ applied, onSearch }: { applied: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [text, setText] = useState(applied);
  return (
    <form
      role="search"
      className="col-span-2 xl:col-span-1"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label htmlFor={id} className={labelClass}>
        Order number or email
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="search"
          className={inputClass}
          value={text}
          maxLength={100}
          // Short enough to show whole beside the button on a 375 px phone.
          placeholder="KP-2026 or asha@"
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className={buttonClass('primary', 'md', 'h-12 shrink-0')}>
          Search
        </button>
      </div>
    </form>
  );
}
