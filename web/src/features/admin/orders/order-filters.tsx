import { orderStatuses } from '@shop/core';
import { useId, useState } from 'react';
import { buttonClass } from '../../../components/button.ts';
import { inputClass } from '../../../components/form-field.tsx';
import { orderStatusLabels } from '../shared/status-badge.tsx';
import { StatusFilter } from '../shared/status-filter.tsx';
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
  const change = (patch: Partial<AdminOrderFilters>) => onChange({ ...filters, ...patch, page: undefined });

  return (
    <div className="mb-5 grid grid-cols-2 gap-x-2 gap-y-3 rounded-2xl border border-line bg-white p-3 sm:gap-3 sm:p-4 xl:grid-cols-[repeat(3,minmax(0,1fr))_minmax(0,2fr)]">
      <StatusFilter
        className="col-span-2 xl:col-span-1"
        statuses={orderStatuses}
        labels={orderStatusLabels}
        anyLabel="All statuses"
        value={filters.status}
        onChange={(status) => change({ status })}
      />
      <DayField label="Placed from" value={filters.from} max={filters.to} onChange={(from) => change({ from })} />
      <DayField label="Placed to" value={filters.to} min={filters.from} onChange={(to) => change({ to })} />
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

/** A day in India, YYYY-MM-DD; blank is no limit. */
function DayField({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string | undefined;
  min?: string;
  max?: string;
  onChange: (day: string | undefined) => void;
}) {
  const id = useId();
  return (
    // Each date takes the whole row on a phone, where half of it could not show its format.
    <div className="col-span-2 sm:col-span-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        type="date"
        className={inputClass}
        value={value ?? ''}
        min={min}
        max={max}
        onChange={(event) => onChange(event.target.value || undefined)}
      />
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
