import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

/**
 * Focus shows as a 2 px accent outline outside the border (WCAG 2.2 focus appearance), not a
 * change of the 1 px border alone; a field marked invalid has a red border.
 */
export const focusOutlineClass = 'focus:border-ink focus:outline-2 focus:outline-offset-2 focus:outline-accent';

export const inputClass = `h-12 w-full rounded-xl border border-line bg-white px-4 text-base text-ink placeholder:text-muted/70 transition-colors hover:border-ink/30 ${focusOutlineClass} aria-invalid:border-sale sm:text-sm`;

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string;
  /** A short help line under the input, tied to it for screen readers. */
  hint?: ReactNode;
  /** Marks the label with "(optional)". */
  optional?: boolean;
  className?: string;
}

/** A labelled text input in the shop's style. */
export function FormField({ label, hint, optional = false, className = '', ...input }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} optional={optional}>
        {label}
      </FieldLabel>
      <input id={id} aria-describedby={hint ? hintId : undefined} className={inputClass} {...input} />
      <FieldHint id={hintId} hint={hint} />
    </div>
  );
}

/** A control's label in the shop's style, marked "(optional)" when it may be left blank. */
export function FieldLabel({
  htmlFor,
  optional = false,
  children,
}: {
  htmlFor: string;
  optional?: boolean;
  children: ReactNode;
}) {
  return (
    <label htmlFor={htmlFor} className="mb-1.5 block text-sm font-medium text-ink">
      {children}
      {optional && <span className="font-normal text-muted"> (optional)</span>}
    </label>
  );
}

/** A short help line under a control; the control names its id in `aria-describedby`. */
export function FieldHint({ id, hint }: { id: string; hint: ReactNode }) {
  if (!hint) return null;
  return (
    <p id={id} className="mt-1.5 text-xs text-muted">
      {hint}
    </p>
  );
}

/** A message about the form above or below it, announced when it appears. */
export function FormAlert({ message, className = '' }: { message: string | null; className?: string }) {
  return (
    <div role="alert" className={className}>
      {message && (
        <p className="rounded-xl border border-sale/20 bg-sale/5 px-4 py-3 text-sm font-medium text-sale">{message}</p>
      )}
    </div>
  );
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> {
  label: string;
  options: readonly string[];
  /** The first, empty choice ("Select a band"). */
  placeholder: string;
}

/** A labelled select, styled like the text inputs. */
export function SelectField({ label, options, placeholder, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <div>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <div className="relative">
        <select id={id} className={`${inputClass} appearance-none pr-10`} {...select}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        <svg
          aria-hidden="true"
          width={16}
          height={16}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.8}
          className="pointer-events-none absolute top-1/2 right-4 -translate-y-1/2 text-muted"
        >
          <path d="m6 9 6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
    </div>
  );
}
