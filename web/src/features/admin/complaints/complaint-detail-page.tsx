import { complaintActionAllowed, complaintTopicNames, type ComplaintAction, type ComplaintDetail } from '@shop/core';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { buttonClass } from '../../../components/button.ts';
import { AdminPageHeader, AdminSection } from '../shared/admin-page.tsx';
import { controlClass, Field } from '../shared/form-controls.tsx';
import { formatDateTime } from '../shared/format.ts';
import { issuesIn, notifyFailure, notifySuccess } from '../shared/notify.ts';
import { Fact, Facts, RecordPage } from '../shared/record-page.tsx';
import { asResource } from '../shared/use-resource.ts';
import { useGetComplaintQuery, useTakeComplaintStepMutation } from './api.ts';
import { ComplaintClock, ComplaintStatusBadge } from './complaint-labels.tsx';

const stepNames = {
  complaint: 'Complaint',
  acknowledgement: 'Acknowledgement',
  reply: 'Reply',
  resolution: 'Resolution',
} as const;

const actionButtons: { action: ComplaintAction; label: string; done: string }[] = [
  { action: 'acknowledge', label: 'Acknowledge', done: 'Acknowledged: the shopper is told' },
  { action: 'reply', label: 'Reply', done: 'Reply sent to the shopper' },
  { action: 'resolve', label: 'Resolve', done: 'Resolved: the shopper is told' },
];

/** One complaint: who, about what, its deadlines, its thread, and the steps staff take. */
export function AdminComplaintDetailPage() {
  const { id = '' } = useParams();
  const detail = asResource(useGetComplaintQuery(id));
  return (
    <RecordPage
      back={{ to: '/admin/complaints', label: '← All complaints' }}
      resource={detail}
      label="Loading the complaint…"
    >
      {(data) => <ComplaintView detail={data} />}
    </RecordPage>
  );
}

function ComplaintView({ detail }: { detail: ComplaintDetail }) {
  const { complaint, messages } = detail;
  return (
    <>
      <AdminPageHeader
        title={`Complaint ${complaint.ticketNumber}`}
        tabTitle="Complaint"
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span>{complaintTopicNames[complaint.topic]}</span>
            <ComplaintStatusBadge status={complaint.status} />
          </span>
        }
      />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-4">
          <AdminSection title="Thread">
            <ol className="space-y-4">
              {messages.map((message) => (
                <li
                  key={`${message.kind}-${message.createdAt}`}
                  className={`rounded-xl p-4 ${message.author === 'staff' ? 'bg-sand/60' : 'border border-line'}`}
                >
                  <p className="text-xs font-semibold tracking-wider text-ink-soft uppercase">
                    {stepNames[message.kind]} · {formatDateTime(message.createdAt)}
                  </p>
                  <p className="mt-2 text-sm whitespace-pre-line">{message.body}</p>
                </li>
              ))}
            </ol>
          </AdminSection>
          {complaint.status !== 'resolved' && <StepForm detail={detail} />}
        </div>
        <div className="space-y-4">
          <AdminSection title="Complainant">
            <Facts>
              <Fact label="Name">{complaint.name}</Fact>
              <Fact label="Email">{complaint.email || 'Erased'}</Fact>
              {complaint.phone && <Fact label="Phone">{complaint.phone}</Fact>}
              {complaint.orderNumber && <Fact label="Order">{complaint.orderNumber}</Fact>}
              <Fact label="Account">{complaint.signedIn ? 'Signed in when filing' : 'Not signed in'}</Fact>
            </Facts>
          </AdminSection>
          <AdminSection title="Deadlines">
            <Facts>
              <Fact label="Received">{formatDateTime(complaint.receivedAt)}</Fact>
            </Facts>
            <div className="mt-3">
              <ComplaintClock complaint={complaint} />
            </div>
          </AdminSection>
        </div>
      </div>
    </>
  );
}

function StepForm({ detail }: { detail: ComplaintDetail }) {
  const { complaint } = detail;
  const [takeStep] = useTakeComplaintStepMutation();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState<ComplaintAction | null>(null);

  async function take(event: FormEvent, action: ComplaintAction, done: string) {
    event.preventDefault();
    setBusy(action);
    setError(undefined);
    try {
      await takeStep({ id: complaint._id, action, message }).unwrap();
      setMessage('');
      notifySuccess(done);
    } catch (failure) {
      setError(issuesIn(failure).find((i) => i.path === 'message')?.message);
      notifyFailure(failure);
    } finally {
      setBusy(null);
    }
  }

  return (
    <AdminSection title="Write to the shopper">
      <form onSubmit={(e) => e.preventDefault()} noValidate className="space-y-4">
        <Field label="Message" error={error} hint="Emailed to the shopper and shown on their ticket.">
          {(control) => (
            <textarea
              {...control}
              rows={5}
              maxLength={4000}
              className={`${controlClass} h-auto py-2`}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          )}
        </Field>
        <div className="flex flex-wrap gap-2">
          {actionButtons
            .filter(({ action }) => complaintActionAllowed(complaint.status, action))
            .map(({ action, label, done }) => (
              <button
                key={action}
                type="submit"
                className={buttonClass(action === 'resolve' ? 'primary' : 'secondary', 'sm')}
                disabled={busy !== null}
                onClick={(e) => void take(e, action, done)}
              >
                {busy === action ? 'Sending…' : label}
              </button>
            ))}
        </div>
      </form>
    </AdminSection>
  );
}
