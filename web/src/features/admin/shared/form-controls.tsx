/**
 * Labelled controls for staff forms: the label is tied to the control, and a field's message
 * (the client's check or the server's issue) sits under it, announced and linked with
 * `aria-describedby`, with the control marked `aria-invalid`.
 */
import { useId, type ReactNode } from 'react';
import { FieldHint, FieldLabel, focusOutlineClass, inputClass } from '../../../components/form-field.tsx';

export const controlClass = `${inputClass} aria-invalid:border-sale`;
export const smallControlClass = `h-10 w-full rounded-lg border border-line bg-white px-3 text-base text-ink transition-colors hover:border-ink/30 ${focusOutlineClass} aria-invalid:border-sale sm:text-sm`;

export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

interface FieldProps {
  label: ReactNode;
  /** The message to show under the control; marks it invalid. */
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

export function Field({ label, error, hint, optional = false, className = '', children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} optional={optional}>
        {label}
      </FieldLabel>
      {children({ id, 'aria-describedby': describedBy || undefined, 'aria-invalid': error ? true : undefined })}
      <FieldHint id={hintId} hint={hint} />
      <FieldMessage id={errorId} message={error} />
    </div>
  );
}

/**
 * A field's message. Not an alert of its own (a form with many would talk over itself): the
 * form announces one summary and moves focus to the first marked control, which reads it.
 */
export function FieldMessage({ id, message }: { id?: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-xs font-medium text-sale">
      {message}
    </p>
  );
}

/** A checkbox with its words beside it, for a switch of a list or a form ("Prices per variant"). */
export function CheckboxLabel({
  label,
  checked,
  onChange,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        className="h-4 w-4 accent-ink"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}
