import type { SignupBody } from '@shop/core';
import {
  normalizePersonName,
  PASSWORD_MIN_LENGTH,
  PERSON_NAME_MAX_LENGTH,
  personNameMessage,
  personNameRefusal,
} from '@shop/core';
import { useEffect, useState, type ChangeEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks.ts';
import { useIsSignedIn } from '../session.ts';
import { toast, toastDurations } from '../../../lib/toasts.tsx';
import { FormField } from '../../../components/form-field.tsx';
import type { RequestFailure } from '../../../lib/api/failure.ts';
import { AuthForm } from '../components/auth-form.tsx';
import { AuthShell } from '../components/auth-shell.tsx';
import { GoogleSignIn, OrDivider } from '../components/google-sign-in.tsx';
import { authErrorCleared, selectAuth } from '../auth-state.ts';
import { signup } from '../slice.ts';

type SignUpForm = SignupBody & { confirmPassword: string };

const nameFields = [
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
] as const;

/** The names as the server keeps them, or what is wrong with the first one it would refuse (core's rule). */
function checkedNames(form: SignUpForm): { firstName: string; lastName: string } | { problem: string } {
  const names = { firstName: normalizePersonName(form.firstName), lastName: normalizePersonName(form.lastName) };
  for (const [field, label] of nameFields) {
    const refusal = personNameRefusal(names[field]);
    if (refusal) return { problem: personNameMessage(label, refusal) };
  }
  return names;
}

const emptyForm: SignUpForm = { firstName: '', lastName: '', email: '', phone: '', password: '', confirmPassword: '' };

/** /signup: six required fields; the passwords must match, the confirmation is not sent (spec §5). */
export function SignUpPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signedIn = useIsSignedIn();
  const { loading, error } = useAppSelector(selectAuth);
  const [form, setForm] = useState<SignUpForm>(emptyForm);
  const [mismatch, setMismatch] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    dispatch(authErrorCleared());
  }, [dispatch]);

  if (signedIn) return <Navigate to="/" replace />;

  const field = (name: keyof SignUpForm) => ({
    name,
    value: form[name],
    required: true,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setForm((current) => ({ ...current, [name]: event.target.value }));
      if (name === 'password' || name === 'confirmPassword') setMismatch(false);
      if (name === 'firstName' || name === 'lastName') setProblem(null);
    },
  });

  async function handleSubmit() {
    const { confirmPassword, ...entered } = form;
    const names = checkedNames(form);
    if ('problem' in names) {
      setProblem(names.problem);
      return;
    }
    setProblem(null);
    if (entered.password !== confirmPassword) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    const body = { ...entered, ...names };
    try {
      await dispatch(signup(body)).unwrap();
    } catch (failure) {
      // Spec §8: the message shows under the form, and as a toast.
      toast.error((failure as Partial<RequestFailure>).message || 'Signup failed', {
        autoClose: toastDurations.signIn,
      });
      return;
    }
    // Spec §8's toast, and where to look next: the new account must prove its email to order.
    toast.success(
      <>
        <p className="font-medium">Signup Successful</p>
        <p>We have sent a verification email to {body.email}.</p>
      </>,
      { autoClose: toastDurations.signIn },
    );
    navigate('/signin', { state: { email: body.email } });
  }

  return (
    <AuthShell
      title="Create your account"
      tabTitle="Sign up"
      subtitle="Join in a minute: save your address once, then check out with cash on delivery or card."
    >
      <GoogleSignIn label="Sign up with Google" />
      <OrDivider />
      <AuthForm
        onSubmit={handleSubmit}
        busy={loading}
        submitLabel="Sign Up"
        busyLabel="Signing Up..."
        error={problem ?? (mismatch ? 'Passwords do not match.' : error)}
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            label="First name"
            autoComplete="given-name"
            maxLength={PERSON_NAME_MAX_LENGTH}
            {...field('firstName')}
          />
          <FormField
            label="Last name"
            autoComplete="family-name"
            maxLength={PERSON_NAME_MAX_LENGTH}
            {...field('lastName')}
          />
        </div>
        <FormField label="Email" type="email" autoComplete="email" {...field('email')} />
        <FormField
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          hint="10-digit mobile number, for delivery updates."
          {...field('phone')}
        />
        <FormField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. Avoid common passwords.`}
          {...field('password')}
        />
        <FormField label="Confirm password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
      </AuthForm>

      <p className="mt-10 border-t border-line pt-8 text-center text-sm text-muted">
        Already have an account?{' '}
        <Link to="/signin" className="rounded-sm font-semibold text-ink underline underline-offset-4 hover:text-accent">
          Sign in
        </Link>
      </p>
    </AuthShell>
  );
}
