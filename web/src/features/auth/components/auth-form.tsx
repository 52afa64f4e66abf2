import type { ReactNode } from 'react';
import { buttonClass } from '../../../components/button.ts';
import { FormAlert, FormField } from '../../../components/form-field.tsx';

/** A text link inside the account forms ("Forgot password?", "Sign in"). */
export const authLinkClass = 'font-medium text-accent underline underline-offset-4 hover:text-ink';

interface AuthFormProps {
  /** Runs on submit, unless the last submission is still under way. */
  onSubmit: () => unknown;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  /** The message under the button (the server's, or the form's own). */
  error: string | null;
  children: ReactNode;
  /** What follows the message: a way onward or back. */
  footer?: ReactNode;
}

/** The account pages' form: its fields, the full-width submit button, then the message. */
export function AuthForm({ onSubmit, busy, submitLabel, busyLabel, error, children, footer }: AuthFormProps) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void onSubmit();
      }}
      className="space-y-5"
      aria-busy={busy}
    >
      {children}
      <button type="submit" className={buttonClass('primary', 'lg', 'w-full')} disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </button>
      <FormAlert message={error} />
      {footer}
    </form>
  );
}

/** The account's email, as the sign-in and forgot-password forms ask for it. */
export function EmailField({ value, onChange }: { value: string; onChange: (email: string) => void }) {
  return (
    <FormField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
