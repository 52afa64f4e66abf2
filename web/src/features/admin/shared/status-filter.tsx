import { useId } from 'react';
import { inputClass } from '../../../components/form-field.tsx';

interface StatusFilterProps<Status extends string> {
  statuses: readonly Status[];
  labels: Readonly<Record<Status, string>>;
  /** The first choice, which filters nothing ("All statuses"). */
  anyLabel: string;
  value: Status | undefined;
  onChange: (status: Status | undefined) => void;
  className?: string;
  selectClassName?: string;
}

/** A staff list's "Status" choice: one status, or all of them. */
export function StatusFilter<Status extends string>({
  statuses,
  labels,
  anyLabel,
  value,
  onChange,
  className,
  selectClassName = '',
}: StatusFilterProps<Status>) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink">
        Status
      </label>
      <select
        id={id}
        className={`${inputClass} ${selectClassName}`.trim()}
        value={value ?? ''}
        onChange={(event) => onChange((event.target.value || undefined) as Status | undefined)}
      >
        <option value="">{anyLabel}</option>
        {statuses.map((status) => (
          <option key={status} value={status}>
            {labels[status]}
          </option>
        ))}
      </select>
    </div>
  );
}
