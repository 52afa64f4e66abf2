import { accountLinkMinutes } from '@shop/core';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useAppDispatch } from '../../../lib/store/hooks.ts';
import { buttonClass } from '../../../components/button.ts';
import { failureText } from '../../../lib/api/failure.ts';
import { AuthForm, authLinkClass, EmailField } from '../components/auth-form.tsx';
import { AuthShell } from '../components/auth-shell.tsx';
import { emailFrom } from '../return-path.ts';
import { forgotPassword } from '../slice.ts';

export const FORGOT_PASSWORD_SENT = "If an account exists for that email, we've sent a link to reset the password.";

/** /forgot-password: asks for a reset link. The answer never says whether the email has an account. */
export function ForgotPasswordPage() {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const [email, setEmail] = useState(() => emailFrom(location.state));
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit() {
    setSending(true);
    setError(null);
    try {
      await dispatch(forgotPassword({ email })).unwrap();
      setSentTo(email.trim());
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setSending(false);
    }
  }

  return (
    <AuthShell
      title="Forgot password?"
      tabTitle="Forgot password"
      subtitle="Enter the email of your account and we will send you a link to choose a new password."
    >
      {sentTo ? (
        <div role="status" className="space-y-4 rounded-2xl border border-line bg-white p-6 text-sm leading-6">
          <p className="font-semibold text-ink">{FORGOT_PASSWORD_SENT}</p>
          <p className="text-muted">
            Look for an email to <span className="break-all text-ink">{sentTo}</span>. The link works once, for{' '}
            {accountLinkMinutes['password-reset']} minutes. Nothing there? Check your spam folder, or ask again.
          </p>
          <div className="flex flex-wrap gap-3 pt-2">
            <Link to="/signin" className={buttonClass('primary', 'md')}>
              Back to Sign In
            </Link>
            <button type="button" className={buttonClass('secondary', 'md')} onClick={() => setSentTo(null)}>
              Ask again
            </button>
          </div>
        </div>
      ) : (
        <AuthForm
          onSubmit={handleSubmit}
          busy={sending}
          submitLabel="Send the link"
          busyLabel="Sending..."
          error={error}
          footer={
            <p className="text-center text-sm text-muted">
              Remembered it?{' '}
              <Link to="/signin" className={authLinkClass}>
                Sign in
              </Link>
            </p>
          }
        >
          <EmailField value={email} onChange={setEmail} />
        </AuthForm>
      )}
    </AuthShell>
  );
}
