import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { pageTitle } from '../../../lib/brand.ts';
import { useAppDispatch } from '../../../lib/store/hooks.ts';
import { toast, toastDurations } from '../../../lib/toasts.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { fetchProfile, googleLogin } from '../slice.ts';

const toastOptions = { autoClose: toastDurations.signIn };

/**
 * /auth/google/callback: where the identity provider sends the browser back (spec §2).
 * The code is exchanged exactly once, even when React runs the effect twice (StrictMode).
 */
export function GoogleCallbackPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code');
  const state = searchParams.get('state');
  const error = searchParams.get('error');
  // The provider's issuer (RFC 9207), when it sends one: the server checks it.
  const iss = searchParams.get('iss');
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;

    const backToSignIn = (message: string) => {
      navigate('/signin', { replace: true });
      // After this pass of effects: in development StrictMode remounts the toast container
      // right after the first one, and a toast raised during it would be lost.
      queueMicrotask(() => toast.error(message, toastOptions));
    };
    if (error) return backToSignIn('Google sign-in failed');
    if (!code || !state) return backToSignIn('Invalid authentication response');

    void (async () => {
      try {
        await dispatch(googleLogin(iss ? { code, state, iss } : { code, state })).unwrap();
      } catch {
        return backToSignIn('Login failed');
      }
      try {
        await dispatch(fetchProfile()).unwrap();
      } catch {
        return backToSignIn('Failed to load profile');
      }
      toast.success('Google Sign-in Successful', toastOptions);
      navigate('/', { replace: true });
    })();
  }, [code, state, iss, error, dispatch, navigate]);

  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32" aria-busy="true">
      <title>{pageTitle('Signing in')}</title>
      <Spinner size={44} />
      <div role="status">
        <h1 className="mt-6 font-display text-2xl sm:text-3xl">Signing in with Google...</h1>
        <p className="mt-3 text-sm text-muted">This takes a moment. Please keep this page open.</p>
      </div>
    </section>
  );
}
