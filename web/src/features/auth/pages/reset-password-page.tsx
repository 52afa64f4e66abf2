import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toasts.tsx';
import { buttonClass } from '../../../components/button.ts';
import { AuthShell } from '../components/auth-shell.tsx';
import { NewPasswordForm } from '../components/new-password-form.tsx';

/**
 * /reset-password?token=…: the page a reset email links to. A new password (twice), under
 * the sign-up rules; once set, the shopper is signed in and sent to their profile.
 */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';

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
      <NewPasswordForm
        token={token}
        submitLabel="Set new password"
        onDone={() => {
          toast.success('Your password has been changed. You are signed in.');
          navigate('/profile', { replace: true });
        }}
      />
    </AuthShell>
  );
}
