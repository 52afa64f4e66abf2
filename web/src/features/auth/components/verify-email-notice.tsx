import { buttonClass } from '../../../components/button.ts';
import { useResendVerification } from '../use-resend-verification.ts';

/**
 * Why an account whose email is not verified cannot order yet, and a way to have the link sent
 * again: shown at the checkout (the shop takes orders from verified accounts only).
 */
export function VerifyEmailNotice({ email, className = '' }: { email: string; className?: string }) {
  const { send, sending } = useResendVerification();
  return (
    <section
      aria-labelledby="verify-email-heading"
      className={`rounded-xl border border-accent/30 bg-sand px-4 py-3 text-sm leading-6 text-ink ${className}`}
    >
      <h3 id="verify-email-heading" className="font-semibold">
        Confirm your email address to place your order
      </h3>
      <p className="mt-1 text-ink-soft">
        We sent a link to <span className="font-medium break-all text-ink">{email}</span>. Open it to confirm your
        address, then place your order here.
      </p>
      <button
        type="button"
        className={buttonClass('secondary', 'sm', 'mt-3')}
        onClick={() => void send()}
        disabled={sending}
      >
        {sending ? 'Sending...' : 'Send the link again'}
      </button>
    </section>
  );
}
