import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { STORE_NAME } from '../../../lib/brand.ts';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks.ts';
import { useIsSignedIn } from '../session.ts';
import { toast, toastDurations } from '../../../lib/toasts.tsx';
import { buttonClass } from '../../../components/button.ts';
import { FormField } from '../../../components/form-field.tsx';
import type { RequestFailure } from '../../../lib/api/failure.ts';
import { AuthForm, authLinkClass, EmailField } from '../components/auth-form.tsx';
import { AuthShell } from '../components/auth-shell.tsx';
import { GoogleSignIn, OrDivider } from '../components/google-sign-in.tsx';
import { emailFrom, returnPathFrom } from '../return-path.ts';
import { authErrorCleared, selectAuth } from '../auth-state.ts';
import { login } from '../slice.ts';

/** /signin: Google, or email and password (spec §2). A signed-in shopper is sent on. */
export function SignInPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = useIsSignedIn();
  const { loading, error } = useAppSelector(selectAuth);
  const [email, setEmail] = useState(() => emailFrom(location.state));
  const [password, setPassword] = useState('');
  const returnPath = returnPathFrom(location.state);

  // An error from another page (or an earlier visit) is not about this form.
  useEffect(() => {
    dispatch(authErrorCleared());
  }, [dispatch]);

  if (signedIn) return <Navigate to={returnPath} replace />;

  async function handleSubmit() {
    try {
      await dispatch(login({ email, password })).unwrap();
    } catch (failure) {
      // Spec §8: the message shows under the form, and as a toast.
      toast.error((failure as Partial<RequestFailure>).message || 'Login failed', { autoClose: toastDurations.signIn });
      return;
    }
    toast.success('Login Successful', { autoClose: toastDurations.signIn });
    navigate(returnPath, { replace: true });
  }

  return (
    <AuthShell
      title="Sign In"
      tabTitle="Sign in"
      subtitle="Welcome back. Sign in to see your cart, your address and your orders."
    >
      <GoogleSignIn />
      <OrDivider />
      <AuthForm onSubmit={handleSubmit} busy={loading} submitLabel="Sign In" busyLabel="Signing In..." error={error}>
        <EmailField value={email} onChange={setEmail} />
        <div>
          <FormField
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <p className="mt-2 text-right text-sm">
            <Link to="/forgot-password" state={{ email }} className={authLinkClass}>
              Forgot password?
            </Link>
          </p>
        </div>
      </AuthForm>

      <div className="mt-10 flex flex-col items-center gap-3 border-t border-line pt-8 text-center">
        <p className="text-sm text-muted">New to {STORE_NAME}?</p>
        <Link to="/signup" className={buttonClass('secondary', 'md', 'w-full')}>
          Register Now
        </Link>
      </div>
    </AuthShell>
  );
}
