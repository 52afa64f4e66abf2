import { useResendVerification } from '../use-resend-verification.ts';

/** Whether the account's email is verified; if not, a way to have the link sent again. */
export function EmailVerification({ verified }: { verified: boolean }) {
  const { send, sending } = useResendVerification();

  if (verified) {
    return (
      <span className="inline-flex items-center gap-1.5 rounded-full bg-success/10 px-2.5 py-0.5 text-xs font-semibold text-success">
        <span aria-hidden="true">✓</span>
        Email verified
      </span>
    );
  }

  return (
    <span className="flex flex-wrap items-center gap-x-4 gap-y-1">
      <span className="inline-flex items-center rounded-full bg-sand px-2.5 py-0.5 text-xs font-semibold text-ink">
        Email not verified
      </span>
      <button
        type="button"
        className="rounded-sm text-sm font-medium text-accent underline underline-offset-4 hover:text-ink disabled:opacity-60"
        onClick={() => void send()}
        disabled={sending}
      >
        {sending ? 'Sending...' : 'Send the link again'}
      </button>
    </span>
  );
}
