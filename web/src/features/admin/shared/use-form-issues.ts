/**
 * The messages a staff form shows: one per field (from its own check or the server's issues),
 * plus a summary line that also carries any issue about a field the form does not show.
 * Showing them takes keyboard focus to the first marked control.
 */
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { fieldErrorsFrom, type FieldErrors, type FieldIssue } from './form-support.ts';

interface FormIssuesOptions {
  /** Field labels by path (`price`, `sizes.*.stock`), for messages that name the field. */
  labels: Readonly<Record<string, string>>;
  /** Top-level fields the form shows a message under. */
  fields: readonly string[];
  /** Fields that show a message beside each entry (`sizes.2.stock`) rather than one for all. */
  entryFields?: readonly string[];
}

export function useFormIssues({ labels, fields, entryFields = [] }: FormIssuesOptions) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [summary, setSummary] = useState<string | null>(null);

  /** A field's message: its own, else (for a list shown as one) the first about one of its entries. */
  function errorFor(path: string): string | undefined {
    if (errors[path]) return errors[path];
    if (path.includes('.') || entryFields.includes(path)) return undefined;
    const entry = Object.keys(errors).find((p) => p.startsWith(`${path}.`));
    return entry ? errors[entry] : undefined;
  }

  function showIssues(issues: readonly FieldIssue[], message: string) {
    const byPath = fieldErrorsFrom(issues, labels);
    const unplaced = Object.entries(byPath)
      .filter(([path]) => !fields.includes(path.split('.')[0]!))
      .map(([, text]) => text);
    flushSync(() => {
      setErrors(byPath);
      setSummary([message, ...unplaced].join(' '));
    });
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }

  /** A failure that names no field. */
  function showMessage(message: string | null) {
    setErrors({});
    setSummary(message);
  }

  return { formRef, errorFor, summary, showIssues, showMessage };
}
