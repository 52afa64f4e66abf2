/**
 * A staff form that creates a record or edits a stored one (a product, a coupon): its state,
 * its messages and its submit. The submit checks the input with the server's schema, sends a
 * new record whole and an edit as only the fields that changed, and puts the server's
 * refusals under the fields they name.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { toast, toastDurations } from '../../../lib/toasts.tsx';
import { failureText } from './notify.ts';
import { changedFields, issuesOf, type FieldIssue } from './form-support.ts';
import { useFormIssues } from './use-form-issues.ts';

type BodyResult<Body> = { ok: true; body: Body } | { ok: false; issues: FieldIssue[] };

interface RecordFormOptions<Stored, Form, Body extends object> {
  /** The stored record; null to create one. */
  record: Stored | null;
  formFor: (record: Stored) => Form;
  emptyForm: () => Form;
  /** The body the server takes, or the issues that keep the form from being sent. */
  bodyFrom: (form: Form) => BodyResult<Body>;
  /** Where each issue is shown (see `useFormIssues`). */
  issueOptions: Parameters<typeof useFormIssues>[0];
  /** Sends a new record's body, or the changes to the stored one; answers the record as stored. */
  send: (body: Body, changes: Partial<Body>) => Promise<Stored>;
  onSaved: (saved: Stored) => void;
}

export function useRecordForm<Stored, Form, Body extends object>({
  record,
  formFor,
  emptyForm,
  bodyFrom,
  issueOptions,
  send,
  onSaved,
}: RecordFormOptions<Stored, Form, Body>) {
  const [form, setForm] = useState<Form>(() => (record ? formFor(record) : emptyForm()));
  const [saving, setSaving] = useState(false);
  // The form's own check of the input as it is now, so a message goes once its field is fixed.
  const check = useMemo(() => {
    const result = bodyFrom(form);
    return result.ok ? [] : result.issues;
  }, [bodyFrom, form]);
  const { formRef, errorFor, summary, showIssues, showMessage, noteChange } = useFormIssues(issueOptions, check);

  // What an edit is compared with: the stored record read through the same form.
  const initial = useMemo(() => {
    if (!record) return null;
    const result = bodyFrom(formFor(record));
    return result.ok ? result.body : null;
  }, [record, bodyFrom, formFor]);

  function set<K extends keyof Form>(key: K, value: Form[K]) {
    setForm((current) => ({ ...current, [key]: value }));
    noteChange(String(key));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const result = bodyFrom(form);
    if (!result.ok) {
      showIssues(result.issues, 'Please correct the marked fields.', 'check');
      return;
    }
    showMessage(null);
    const changes = initial ? changedFields(result.body, initial) : result.body;
    if (record && Object.keys(changes).length === 0) {
      toast.info('Nothing to save: no field has changed.', { autoClose: toastDurations.orders });
      return;
    }
    setSaving(true);
    try {
      const saved = await send(result.body, changes);
      setSaving(false);
      // The form shows the record as the server stored it.
      if (record) setForm(formFor(saved));
      onSaved(saved);
    } catch (error) {
      setSaving(false);
      const issues = issuesOf(error);
      if (issues.length > 0) showIssues(issues, 'The server refused some fields; they are marked below.', 'server');
      else showMessage(failureText(error));
    }
  }

  return { form, set, saving, formRef, errorFor, summary, handleSubmit };
}
