/**
 * Where to go after signing in: the page a guard sent the shopper away from (navigation
 * state `{ from }`), else home. Only paths inside the shop are followed.
 */
export function returnPathFrom(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/signin')
    ? from
    : '/';
}

/** The email handed over by the sign-up page, to prefill the sign-in form. */
export function emailFrom(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}
