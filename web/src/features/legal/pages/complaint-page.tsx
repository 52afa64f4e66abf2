import { complaintTopicNames, complaintTopics, type ComplaintTopic } from '@shop/core';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { buttonClass } from '../../../components/button.ts';
import { FieldLabel, inputClass } from '../../../components/form-field.tsx';
import { failureText, issuesOf } from '../../../lib/api/failure.ts';
import { useAppSelector } from '../../../lib/store/hooks.ts';
import { toast } from '../../../lib/toasts.tsx';
import { selectUser } from '../../auth/index.ts';
import { useFileComplaintMutation } from '../api.ts';
import { LegalPageFrame } from '../components/legal-page-frame.tsx';

interface ComplaintForm {
  name: string;
  email: string;
  phone: string;
  topic: ComplaintTopic | '';
  orderNumber: string;
  description: string;
}

/** The form's one-line fields. */
const textFields: {
  name: 'name' | 'email' | 'phone' | 'orderNumber';
  label: string;
  type?: 'email' | 'tel';
  autoComplete?: string;
  optional?: boolean;
  hint?: string;
}[] = [
  { name: 'name', label: 'Your name', autoComplete: 'name' },
  {
    name: 'email',
    label: 'Email',
    type: 'email',
    autoComplete: 'email',
    hint: 'We send your ticket’s link and our replies here.',
  },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', optional: true },
  { name: 'orderNumber', label: 'Order number', optional: true, hint: 'If it is about an order.' },
];

/** One field of the form: its label, its control, and the server's word on it. */
function Field({
  label,
  optional,
  error,
  hint,
  className = '',
  children,
}: {
  label: string;
  optional?: boolean;
  error?: string;
  hint?: string;
  className?: string;
  children: (control: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const noteId = `${id}-note`;
  const note = error ?? hint;
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} optional={optional}>
        {label}
      </FieldLabel>
      {children({ id, ...(error && { 'aria-invalid': true }), ...(note && { 'aria-describedby': noteId }) })}
      {note && (
        <p id={noteId} className={`mt-1.5 text-xs ${error ? 'text-sale' : 'text-muted'}`}>
          {note}
        </p>
      )}
    </div>
  );
}

/**
 * /complaints: a complaint to the grievance officer, signed in or not. It gets a ticket number
 * at once, and the shopper lands on the ticket's own page (the link we also email).
 */
export function ComplaintPage() {
  const user = useAppSelector(selectUser);
  const navigate = useNavigate();
  const [fileComplaint, { isLoading }] = useFileComplaintMutation();
  const [form, setForm] = useState<ComplaintForm>(() => ({
    name: user ? user.fullName : '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    topic: '',
    orderNumber: '',
    description: '',
  }));
  const [issues, setIssues] = useState<Record<string, string>>({});
  const set = (name: keyof ComplaintForm) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [name]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.topic) {
      setIssues({ topic: 'Please choose what your complaint is about.' });
      return;
    }
    setIssues({});
    try {
      const created = await fileComplaint({
        body: { ...form, topic: form.topic },
        signedIn: Boolean(user),
      }).unwrap();
      toast.success(`Complaint received. Your ticket number is ${created.ticket.ticketNumber}.`);
      navigate(created.link, { state: { justFiled: true } });
    } catch (error) {
      setIssues(Object.fromEntries(issuesOf(error).map((i) => [i.path, i.message])));
      toast.error(failureText(error, 'Could not send your complaint. Please try again.'));
    }
  }

  return (
    <LegalPageFrame
      eyebrow="Grievances"
      title="File a complaint"
      crumb="File a complaint"
      intro="Tell us what went wrong. You get a ticket number at once and an email with a link to follow it. Our grievance officer acknowledges every complaint within 48 hours and resolves it within one month."
    >
      <form
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-labelledby="complaint-form-heading"
        className="rounded-3xl border border-line bg-white p-6 sm:p-10"
      >
        <h2 id="complaint-form-heading" className="font-display text-2xl">
          Your complaint
        </h2>
        <div className="mt-6 grid gap-5 sm:grid-cols-2">
          {textFields.map((field) => (
            <Field
              key={field.name}
              label={field.label}
              optional={field.optional}
              hint={field.hint}
              error={issues[field.name]}
            >
              {(control) => (
                <input
                  {...control}
                  type={field.type ?? 'text'}
                  autoComplete={field.autoComplete}
                  className={inputClass}
                  value={form[field.name]}
                  onChange={set(field.name)}
                />
              )}
            </Field>
          ))}
          <Field label="What is it about?" error={issues.topic} className="sm:col-span-2">
            {(control) => (
              <select
                {...control}
                className={`${inputClass} appearance-none`}
                value={form.topic}
                onChange={set('topic')}
              >
                <option value="">Choose a topic</option>
                {complaintTopics.map((topic) => (
                  <option key={topic} value={topic}>
                    {complaintTopicNames[topic]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="What happened?" error={issues.description} className="sm:col-span-2">
            {(control) => (
              <textarea
                {...control}
                rows={6}
                maxLength={4000}
                className={`${inputClass} h-auto py-3`}
                value={form.description}
                onChange={set('description')}
              />
            )}
          </Field>
        </div>
        <button type="submit" className={buttonClass('primary', 'lg', 'mt-8 w-full sm:w-auto')} disabled={isLoading}>
          {isLoading ? 'Sending...' : 'Send complaint'}
        </button>
      </form>
    </LegalPageFrame>
  );
}
