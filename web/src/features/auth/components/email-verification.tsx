import { useState } from 'react';
import { useAppDispatch } from '../../../lib/store/hooks.ts';
import { toast } from '../../../lib/toasts.tsx';
import type { RequestFailure } from '../../../lib/http.ts';
import { sendVerificationEmail } from '../slice.ts';

/** Whether the account's email is verified; if not, a way to have the link sent again. */
export function EmailVerification({ verified }: { verified: boolean }) {
  const dispatch = useAppDispatch();
  const [sending, setSending] = useState(false);

  if (verified) {
    return (
      <span className="inline-flex items-center gap-1.5 rounded-full bg-success/10 px-2.5 py-0.5 text-xs font-semibold text-success">
        <span aria-hidden="true">✓</span>
        Email verified
      </span>
    );
  }

  async function send() {
    setSending(true);
    try {
      await dispatch(sendVerificationEmail()).unwrap();
      toast.success('We have sent a new link to your email address.');
    } catch (failure) {
      toast.error((failure as RequestFailure).message);
    } finally {
      setSending(false);
    }
  }

  return (
    <span className="flex flex-wrap items-center gap-x-4 gap-y-1">
      <span className="inline-flex items-center rounded-full bg-sand px-2.5 py-0.5 text-xs font-semibold text-ink">
        Email not verified
      </span>
      <button
        type="button"
        className="rounded-sm text-sm font-medium text-accent underline underline-offset-4 hover:text-ink disabled:opacity-60"
        onClick={send}
        disabled={sending}
      >
        {sending ? 'Sending...' : 'Send the link again'}
      </button>
    </span>
  );
}
