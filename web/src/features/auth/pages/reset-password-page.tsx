import { PASSWORD_MIN_LENGTH } from '@shop/core';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch } from '../../../lib/store/hooks.ts';
import { toast } from '../../../lib/toasts.tsx';
import { buttonClass } from '../../../components/button.ts';
import { FormField } from '../../../components/form-field.tsx';
import type { RequestFailure } from '../../../lib/http.ts';
import { AuthForm, authLinkClass } from '../components/auth-form.tsx';
import { AuthShell } from '../components/auth-shell.tsx';
import { resetPassword } from '../slice.ts';

/**
 * /reset-password?token=…: the page a reset email links to. A new password (twice), under
 * the sign-up rules; once set, the shopper is signed in and sent to their profile.
 */
export function ResetPasswordPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit() {
    if (password !== confirmPassword) {
      setError('Passwords do not match.');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await dispatch(resetPassword({ token, password })).unwrap();
    } catch (failure) {
      setSaving(false);
      setError((failure as RequestFailure).message);
      return;
    }
    toast.success('Your password has been changed. You are signed in.');
    navigate('/profile', { replace: true });
  }

  if (!token) {
    return (
      <AuthShell
        title="Choose a new password"
        tabTitle="Reset password"
        subtitle="This page needs the link from the email."
      >
        <p role="alert" className="text-sm leading-6 text-ink">
          This link is not complete. Please open the link from the email again, or ask for a new one.
        </p>
        <Link to="/forgot-password" className={buttonClass('primary', 'md', 'mt-6')}>
          Ask for a new link
        </Link>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Choose a new password"
      tabTitle="Reset password"
      subtitle="Every device signed in to your account will be signed out."
    >
      <AuthForm
        onSubmit={handleSubmit}
        busy={saving}
        submitLabel="Set new password"
        busyLabel="Saving..."
        error={error}
        footer={
          error &&
          /new one/.test(error) && (
            <p className="text-center text-sm">
              <Link to="/forgot-password" className={authLinkClass}>
                Ask for a new link
              </Link>
            </p>
          )
        }
      >
        <FormField
          label="New password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. Avoid common passwords.`}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(null);
          }}
        />
        <FormField
          label="Confirm new password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={confirmPassword}
          onChange={(event) => {
            setConfirmPassword(event.target.value);
            setError(null);
          }}
        />
      </AuthForm>
    </AuthShell>
  );
}
