import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAppDispatch } from '../../../lib/store/hooks.ts';
import { useIsSignedIn } from '../session.ts';
import { buttonClass } from '../../../components/button.ts';
import type { RequestFailure } from '../../../lib/http.ts';
import { AuthShell } from '../components/auth-shell.tsx';
import { fetchProfile, verifyEmail } from '../slice.ts';

type Outcome = { state: 'checking' } | { state: 'verified' } | { state: 'refused'; message: string };

/** /verify-email?token=…: uses the link from the sign-up email once, on arrival, and says how it went. */
export function VerifyEmailPage() {
  const dispatch = useAppDispatch();
  const signedIn = useIsSignedIn();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(
    token
      ? { state: 'checking' }
      : { state: 'refused', message: 'This link is not complete. Please open the link from the email again.' },
  );
  // The link works once: React's development double effect must not use it twice.
  const used = useRef(false);

  useEffect(() => {
    if (!token || used.current) return;
    used.current = true;
    dispatch(verifyEmail(token))
      .unwrap()
      .then(() => {
        setOutcome({ state: 'verified' });
        if (signedIn) void dispatch(fetchProfile());
      })
      .catch((failure: RequestFailure) => setOutcome({ state: 'refused', message: failure.message }));
  }, [dispatch, token, signedIn]);

  return (
    <AuthShell
      title="Confirm your email"
      tabTitle="Confirm your email"
      subtitle="One click to show the address is yours."
    >
      {outcome.state === 'checking' && (
        <p role="status" className="text-sm text-muted">
          Checking your link...
        </p>
      )}
      {outcome.state === 'verified' && (
        <div role="status" className="space-y-5">
          <p className="text-base font-semibold text-ink">Your email address is verified.</p>
          <Link to={signedIn ? '/profile' : '/signin'} className={buttonClass('primary', 'md')}>
            {signedIn ? 'Go to your profile' : 'Sign in'}
          </Link>
        </div>
      )}
      {outcome.state === 'refused' && (
        <div className="space-y-5">
          <p
            role="alert"
            className="rounded-xl border border-sale/20 bg-sale/5 px-4 py-3 text-sm font-medium text-sale"
          >
            {outcome.message}
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
