import { useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch } from '../../../lib/store/hooks.ts';
import { toast } from '../../../lib/toasts.tsx';
import { useIsSignedIn } from '../session.ts';
import { buttonClass } from '../../../components/button.ts';
import type { RequestFailure } from '../../../lib/api/failure.ts';
import { AuthShell } from '../components/auth-shell.tsx';
import { NewPasswordForm } from '../components/new-password-form.tsx';
import { fetchProfile, verifyEmail } from '../slice.ts';

type Step =
  | { state: 'ready' }
  | { state: 'confirming' }
  | { state: 'verified'; setPasswordToken: string | null }
  | { state: 'refused'; message: string };

const INCOMPLETE = 'This link is not complete. Please open the link from the email again.';

/**
 * /verify-email?token=…: the link of the "Confirm your email address" email. Opening it
 * changes nothing (mail scanners open links too): the shopper confirms with a click. The first
 * confirmation clears what was set up on the account before it (anyone may have signed up
 * with this address), so the page then asks for the owner's own password.
 */
export function VerifyEmailPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signedIn = useIsSignedIn();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [step, setStep] = useState<Step>(token ? { state: 'ready' } : { state: 'refused', message: INCOMPLETE });
  // The link works once: a second click while the first is under way must not use it again.
  const used = useRef(false);

  function confirm() {
    if (used.current) return;
    used.current = true;
    setStep({ state: 'confirming' });
    dispatch(verifyEmail(token))
      .unwrap()
      .then(({ setPasswordToken }) => {
        setStep({ state: 'verified', setPasswordToken });
        // This browser's session ends here if it was the account's (the server ended them all).
        if (signedIn) void dispatch(fetchProfile());
      })
      .catch((failure: RequestFailure) => setStep({ state: 'refused', message: failure.message }));
  }

  return (
    <AuthShell
      title="Confirm your email"
      tabTitle="Confirm your email"
      subtitle="One click to show the address is yours."
    >
      {(step.state === 'ready' || step.state === 'confirming') && (
        <div className="space-y-5">
          <p className="text-sm leading-6 text-ink">Press the button to confirm that this email address is yours.</p>
          <button
            type="button"
            onClick={confirm}
            disabled={step.state === 'confirming'}
            className={buttonClass('primary', 'lg', 'w-full')}
          >
            {step.state === 'confirming' ? 'Confirming...' : 'Confirm my email'}
          </button>
          <p className="text-sm leading-6 text-muted">
            Anyone can type an email address when signing up. So that only you hold this account, confirming signs out
            every device signed in to it and clears its password, saved addresses and phone number. You choose your own
            password next.
          </p>
        </div>
      )}
      {step.state === 'verified' && step.setPasswordToken !== null && (
        <div className="space-y-5">
          <p role="status" className="text-base font-semibold text-ink">
            Your email address is verified.
          </p>
          <p className="text-sm leading-6 text-muted">Now choose the password you will sign in with.</p>
          <NewPasswordForm
            token={step.setPasswordToken}
            submitLabel="Set password"
            onDone={() => {
              toast.success('Your password is set. You are signed in.');
              navigate('/profile', { replace: true });
            }}
          />
        </div>
      )}
      {step.state === 'verified' && step.setPasswordToken === null && (
        <div role="status" className="space-y-5">
          <p className="text-base font-semibold text-ink">Your email address is verified.</p>
          <Link to={signedIn ? '/profile' : '/signin'} className={buttonClass('primary', 'md')}>
            {signedIn ? 'Go to your profile' : 'Sign in'}
          </Link>
        </div>
      )}
      {step.state === 'refused' && (
        <div className="space-y-5">
          <p
            role="alert"
            className="rounded-xl border border-sale/20 bg-sale/5 px-4 py-3 text-sm font-medium text-sale"
          >
            {step.message}
          </p>
          <p className="text-sm leading-6 text-muted">
            {signedIn
              ? 'Your profile can send a new link.'
              : 'Sign in: your profile can send a new link if the address is not verified yet.'}
          </p>
          <Link to={signedIn ? '/profile' : '/signin'} className={buttonClass('secondary', 'md')}>
            {signedIn ? 'Go to your profile' : 'Sign in'}
          </Link>
        </div>
      )}
    </AuthShell>
  );
}
