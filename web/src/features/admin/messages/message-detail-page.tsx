import type { AdminMessageDetail } from '@shop/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { buttonClass } from '../../../components/button.ts';
import { AdminPageHeader, AdminSection } from '../shared/admin-page.tsx';
import { AuditTrail } from '../shared/audit-trail.tsx';
import { formatDateTime } from '../shared/format.ts';
import { notifyFailure, notifySuccess } from '../shared/notify.ts';
import { Fact, Facts, RecordPage } from '../shared/record-page.tsx';
import { asResource } from '../shared/use-resource.ts';
import { useGetAdminMessageQuery, usePostResendMutation } from './api.ts';
import { MessageStatusBadge, templateLabels } from './message-status.tsx';

/** One message: to whom, about what, how delivery went, what it said, and "Send again". */
export function AdminMessageDetailPage() {
  const { id = '' } = useParams();
  const detail = asResource(useGetAdminMessageQuery(id));

  return (
    <RecordPage
      back={{ to: '/admin/messages', label: '← All messages' }}
      resource={detail}
      label="Loading the message…"
    >
      {(data) => <MessageDetail detail={data} />}
    </RecordPage>
  );
}

function MessageDetail({ detail }: { detail: AdminMessageDetail }) {
  const { message, content, contentWithheld, audit } = detail;
  return (
    <>
      <AdminPageHeader
        title={message.subject ?? templateLabels[message.template] ?? message.template}
        tabTitle="Message"
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span>To {message.to}</span>
            <MessageStatusBadge status={message.status} />
          </span>
        }
        actions={<ResendButton detail={detail} />}
      />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-4">
          <AdminSection title="Content">
            <MessageContent content={content} withheld={contentWithheld} />
          </AdminSection>
        </div>
        <div className="space-y-4">
          <AdminSection title="Delivery">
            <Facts>
              <Fact label="Template">{templateLabels[message.template] ?? message.template}</Fact>
              <Fact label="Queued">{formatDateTime(message.createdAt)}</Fact>
              {message.sentAt && <Fact label="Sent">{formatDateTime(message.sentAt)}</Fact>}
              {message.nextAttemptAt && <Fact label="Next attempt">{formatDateTime(message.nextAttemptAt)}</Fact>}
              <Fact label="Attempts">{message.attempts}</Fact>
              {message.lastError && (
                <Fact label="Last error">
                  <span className="break-words text-sale">{message.lastError}</span>
                </Fact>
              )}
              {message.order && (
                <Fact label="Order">
                  <Link
                    to={`/admin/orders/${encodeURIComponent(message.order._id)}`}
                    className="text-accent hover:underline"
                  >
                    {message.order.orderNumber}
                  </Link>
                </Fact>
              )}
              {message.resentFrom && (
                <Fact label="Copy of">
                  <Link
                    to={`/admin/messages/${encodeURIComponent(message.resentFrom)}`}
                    className="text-accent hover:underline"
                  >
                    the earlier message
                  </Link>
                </Fact>
              )}
            </Facts>
          </AdminSection>
          <AdminSection title="Staff actions">
            <AuditTrail entries={audit} />
          </AdminSection>
        </div>
      </div>
    </>
  );
}

/** The HTML in a sandboxed frame (no scripts, its own origin), and the text part below it. */
function MessageContent({ content, withheld }: Pick<AdminMessageDetail, 'content'> & { withheld: boolean }) {
  if (withheld) {
    return (
      <p className="text-sm text-muted">
        Not shown: this message holds a link into the shopper&apos;s account. If it did not arrive, ask the shopper to
        request a new one.
      </p>
    );
  }
  if (!content) return <p className="text-sm text-muted">Shown here once the message has been sent.</p>;
  return (
    <div className="space-y-4">
      <iframe
        title="The message as HTML"
        sandbox=""
        srcDoc={content.html}
        className="h-[36rem] w-full rounded-xl border border-line bg-white"
      />
      <details>
        <summary className="cursor-pointer text-sm font-medium">Plain-text part</summary>
        <pre className="mt-2 overflow-x-auto rounded-xl bg-sand/50 p-3 text-xs whitespace-pre-wrap">{content.text}</pre>
      </details>
    </div>
  );
}

/** Queues a copy of a sent or failed message, then opens the copy. */
function ResendButton({ detail }: { detail: AdminMessageDetail }) {
  const [postResend] = usePostResendMutation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (!detail.resendable) return null;

  async function resend() {
    setBusy(true);
    try {
      const copy = await postResend(detail.message._id).unwrap();
      notifySuccess('Message queued to be sent again');
      navigate(`/admin/messages/${encodeURIComponent(copy.message._id)}`);
    } catch (error) {
      notifyFailure(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className={buttonClass('primary', 'sm')} onClick={() => void resend()} disabled={busy}>
      {busy ? 'Sending again…' : 'Send again'}
    </button>
  );
}
