import { buttonClass } from '../../../components/button.ts';
import { GoogleIcon } from '../../../components/icons/google.tsx';
import { apiUrl } from '../../../lib/http.ts';
import { useAuthProviders } from '../slice.ts';

/** The start of Google sign-in: a full page navigation, the server redirects to the provider. */
const GOOGLE_START_URL = apiUrl('/auth/google/start');

/**
 * Room for the button (44 px) and one line of note under it (8 px gap, 20 px line) from the
 * first paint, so the form below does not move when the server's answer brings a note.
 */
const reservedBlock = 'min-h-[72px]';

/**
 * "Sign in with Google". Until the server says otherwise it is offered; when the server
 * sends it to its local development provider, the page says so (no Google account needed).
 */
export function GoogleSignIn({ label = 'Sign in with Google' }: { label?: string }) {
  // Not known (not answered yet, or a failure): the button is offered; the server answers the start itself.
  const google = useAuthProviders().data?.google ?? null;

  if (google && !google.enabled) {
    return (
      <div className={reservedBlock}>
        <button type="button" disabled className={buttonClass('secondary', 'md', 'w-full')}>
          <GoogleIcon />
          {label}
        </button>
        <p className="mt-2 text-center text-xs text-muted">Google sign-in is not available right now.</p>
      </div>
    );
  }

  return (
    <div className={reservedBlock}>
      <a href={GOOGLE_START_URL} className={buttonClass('secondary', 'md', 'w-full')}>
        <GoogleIcon />
        {label}
      </a>
      {google?.development && (
        <p className="mt-2 text-center text-xs leading-5 text-muted">
          <span className="mr-1.5 inline-block rounded-full bg-accent-soft px-2 align-[1px] text-[10px] font-semibold tracking-wide text-accent uppercase">
            Dev
          </span>
          <span>Development sign-in: no Google account needed</span>
        </p>
      )}
    </div>
  );
}

/** The line between the Google button and the email form. */
export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-4 text-xs tracking-[0.2em] text-muted uppercase" aria-hidden="true">
      <span className="h-px flex-1 bg-line" />
      or
      <span className="h-px flex-1 bg-line" />
    </div>
  );
}
