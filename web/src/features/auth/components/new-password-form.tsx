import { PASSWORD_MIN_LENGTH } from '@shop/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAppDispatch } from '../../../lib/store/hooks.ts';
import { FormField } from '../../../components/form-field.tsx';
import { failureText } from '../../../lib/api/failure.ts';
import { resetPassword } from '../slice.ts';
import { AuthForm, authLinkClass } from './auth-form.tsx';

interface NewPasswordFormProps {
  /** The one-time token the password is set with (a reset link's, or a confirmation's answer). */
  token: string;
  submitLabel: string;
  /** Runs once the password is set and the shopper signed in with it. */
  onDone: () => void;
}

/**
 * A new password, twice, under the sign-up rules (the server's message shows under the form,
 * with a way to ask for a new link when it says the link no longer works). Once set, the
 * answer signs the shopper in, as signing in does.
 */
export function NewPasswordForm({ token, submitLabel, onDone }: NewPasswordFormProps) {
  const dispatch = useAppDispatch();
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
      setError(failureText(failure));
      return;
    }
    onDone();
  }

  return (
    <AuthForm
      onSubmit={handleSubmit}
      busy={saving}
      submitLabel={submitLabel}
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
  );
}
