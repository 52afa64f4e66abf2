/**
 * The messages a staff form shows: one per field (from its own check or the server's issues),
 * plus a summary line that also carries any issue about a field the form does not show.
 * Showing them takes keyboard focus to the first marked control.
 *
 * Messages appear when the form is sent and then follow the input: a field the form's own check
 * now finds valid loses its message (and one still wrong says what is wrong now), and a message
 * from the server goes once its field is changed, since the server judged the old value. No new
 * message appears while typing; the summary goes when no field is marked any more.
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

/** Where a shown set of messages came from. */
type Origin = 'check' | 'server';

interface Shown {
  errors: FieldErrors;
  origin: Origin;
  summary: string | null;
}

const topKey = (path: string) => path.split('.')[0]!;

/**
 * `check` is what the form's own check finds in the input as it is now (the issues that would
 * keep it from being sent); the messages shown are measured against it on every render.
 */
export function useFormIssues(
  { labels, fields, entryFields = [] }: FormIssuesOptions,
  check: readonly FieldIssue[] = [],
) {
  const formRef = useRef<HTMLFormElement>(null);
  const [shown, setShown] = useState<Shown>({ errors: {}, origin: 'check', summary: null });
  // Top-level fields changed since the messages were shown.
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
  const current = fieldErrorsFrom(check, labels);

  /** The message at exactly this path, as it stands for the input now. */
  function liveError(path: string): string | undefined {
    const shownText = shown.errors[path];
    if (shownText === undefined) return undefined;
    if (current[path] !== undefined) return current[path];
    if (shown.origin === 'check' || changed.has(topKey(path))) return undefined;
    return shownText;
  }

  /** A field's message: its own, else (for a list shown as one) the first about one of its entries. */
  function errorFor(path: string): string | undefined {
    const own = liveError(path);
    if (own !== undefined || path.includes('.') || entryFields.includes(path)) return own;
    for (const entry of Object.keys(shown.errors)) {
      if (!entry.startsWith(`${path}.`)) continue;
      const text = liveError(entry);
      if (text !== undefined) return text;
    }
    return undefined;
  }

  const anyMarked = Object.keys(shown.errors).some((path) => liveError(path) !== undefined);
  // A summary about marked fields goes with the last of them; a failure naming none stays.
  const summary = Object.keys(shown.errors).length === 0 || anyMarked ? shown.summary : null;

  function showIssues(issues: readonly FieldIssue[], message: string, origin: Origin) {
    const byPath = fieldErrorsFrom(issues, labels);
    const unplaced = Object.entries(byPath)
      .filter(([path]) => !fields.includes(topKey(path)))
      .map(([, text]) => text);
    flushSync(() => {
      setShown({ errors: byPath, origin, summary: [message, ...unplaced].join(' ') });
      setChanged(new Set());
    });
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }

  /** A failure that names no field. */
  function showMessage(message: string | null) {
    setShown({ errors: {}, origin: 'check', summary: message });
    setChanged(new Set());
  }

  /** Notes that a top-level field was changed, so a server's message about it goes. */
  function noteChange(key: string) {
    setChanged((keys) => (keys.has(key) ? keys : new Set(keys).add(key)));
  }

  return { formRef, errorFor, summary, showIssues, showMessage, noteChange };
}
