/**
 * Field messages for staff forms. The forms check their input with the same zod schemas the
 * server uses, and the server answers bad input with `issues: [{ path, message }]`; both end
 * up here as one map from a dotted path (`price`, `sizes.0.stock`) to the text shown under
 * that field.
 */
import { issuesIn } from './notify.ts';

export interface FieldIssue {
  path: string;
  message: string;
}

export type FieldErrors = Readonly<Record<string, string>>;

/** A schema's issues in the server's shape: the path joined with dots. */
export function issuesFromSchema(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldIssue[] {
  return issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/**
 * Messages by path, the first per path winning, worded to stand alone under the field.
 * Schema messages are fragments ("is required"), name the field by its key ("code must be
 * 3 to 40 characters.") or are sentences; the first two get the field's label instead:
 * "Name is required.", "Code must be 3 to 40 characters.".
 */
export function fieldErrorsFrom(issues: readonly FieldIssue[], labels: Readonly<Record<string, string>>): FieldErrors {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    if (errors[issue.path] !== undefined) continue;
    errors[issue.path] = readable(issue, labelFor(issue.path, labels));
  }
  return errors;
}

/** The label of a path, trying the path itself, then with indexes as `*` (`sizes.*.stock`), then its first key. */
function labelFor(path: string, labels: Readonly<Record<string, string>>): string {
  return labels[path] ?? labels[path.replace(/\.\d+(?=\.|$)/g, '.*')] ?? labels[path.split('.')[0]!] ?? path;
}

function readable(issue: FieldIssue, label: string): string {
  const text = issue.message.trim();
  const key = issue.path.split('.').at(-1)!;
  let worded = text;
  if (text.startsWith(`${key} `)) worded = `${label}${text.slice(key.length)}`;
  else if (/^[a-z]/.test(text)) worded = `${label} ${text}`;
  return /[.!?]$/.test(worded) ? worded : `${worded}.`;
}

/** Field messages carried by a failed request (400 with issues); empty for other failures. */
export function issuesOf(error: unknown): readonly FieldIssue[] {
  return issuesIn(error);
}

/** A number field as typed: blank is null; text that reads as no number is an issue (and null). */
export function readNumber(text: string, path: string, issues: FieldIssue[]): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  if (Number.isFinite(value)) return value;
  issues.push({ path, message: 'must be a number' });
  return null;
}

/** The fields of `body` that differ from `initial`, so an edit never resets what it did not touch. */
export function changedFields<T extends object>(body: T, initial: T): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(body) as (keyof T)[]) {
    if (JSON.stringify(body[key]) !== JSON.stringify(initial[key])) changes[key] = body[key];
  }
  return changes;
}
