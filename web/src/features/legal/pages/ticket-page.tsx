import { complaintTopicNames, SHOP_TIME_ZONE, type ComplaintTicket } from '@shop/core';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { useGetComplaintTicketQuery } from '../api.ts';
import { FactCard, LegalPageFrame, LoadState } from '../components/legal-page-frame.tsx';

const statusNames: Record<ComplaintTicket['status'], string> = {
  open: 'Received, waiting for acknowledgement',
  acknowledged: 'Acknowledged, being looked into',
  resolved: 'Resolved',
};

const stepNames = {
  complaint: 'Your complaint',
  acknowledgement: 'Acknowledged',
  reply: 'Reply',
  resolution: 'Resolved',
} as const;

/** A moment as the shopper reads it, in India's time: "28 Nov 2026, 3:30 pm". */
function when(iso: string): string {
  return new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: SHOP_TIME_ZONE }).format(
    new Date(iso),
  );
}

/**
 * /complaints/:ticket?key=…: a complaint as its link opens it (the link the shopper got on
 * filing it, and by email). Without the right key it shows nothing.
 */
export function TicketPage() {
  const { ticket = '' } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const key = search.get('key') ?? '';
  const justFiled = (location.state as { justFiled?: boolean } | null)?.justFiled === true;
  const { data, error, isLoading } = useGetComplaintTicketQuery({ ticket, key }, { skip: !key });

  return (
    <LegalPageFrame eyebrow="Grievances" title={`Complaint ${ticket}`} crumb="Your complaint">
      {!key && (
        <p role="alert" className="text-sale">
          This link is incomplete. Please open the link from your email.
        </p>
      )}
      <LoadState loading={isLoading} error={error} label="Loading your complaint…" />
      {data && (
        <div className="space-y-6">
          {justFiled && (
            <p role="status" className="rounded-2xl bg-sand p-5 text-sm leading-6 text-ink">
              Your ticket number is <strong>{data.ticketNumber}</strong>. We have emailed you this page’s link: keep it
              to follow your complaint.
            </p>
          )}
          <FactCard
            id="ticket-heading"
            title="Where it stands"
            rows={[
              ['Ticket number', <span className="font-mono">{data.ticketNumber}</span>],
              ['Status', statusNames[data.status]],
              ['About', complaintTopicNames[data.topic]],
              ...(data.orderNumber ? [['Order', data.orderNumber] as [string, string]] : []),
              ['Received', when(data.receivedAt)],
              [
                'Acknowledgement',
                data.acknowledgedAt
                  ? `Acknowledged ${when(data.acknowledgedAt)}`
                  : `Due by ${when(data.acknowledgeBy)}`,
              ],
              ['Resolution', data.resolvedAt ? `Resolved ${when(data.resolvedAt)}` : `Due by ${when(data.resolveBy)}`],
            ]}
          />
          <section
            aria-labelledby="ticket-thread-heading"
            className="rounded-3xl border border-line bg-white p-6 sm:p-8"
          >
            <h2 id="ticket-thread-heading" className="font-display text-2xl">
              Messages
            </h2>
            <ol className="mt-5 space-y-5">
              {data.messages.map((message) => (
                <li
                  key={`${message.kind}-${message.createdAt}`}
                  className={`rounded-2xl p-4 ${message.author === 'staff' ? 'bg-sand/60' : 'border border-line'}`}
                >
                  <p className="text-xs font-semibold tracking-wider text-ink-soft uppercase">
                    {stepNames[message.kind]} · <time dateTime={message.createdAt}>{when(message.createdAt)}</time>
                  </p>
                  <p className="mt-2 text-sm leading-6 whitespace-pre-line text-ink">{message.body}</p>
                </li>
              ))}
            </ol>
          </section>
        </div>
      )}
    </LegalPageFrame>
  );
}
