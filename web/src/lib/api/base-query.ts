/**
 * The one way the web's data layer reaches the server. Every endpoint names its call (method,
 * path, body, whether it is the signed-in shopper's) and its fallback text; this base query:
 *
 * - sends the bearer token held in the auth state (for the shopper's own calls),
 * - ends the session everywhere when the server refuses that token (401), whoever asked:
 *   the cart, orders, payments, the account or the staff area, with one notice,
 * - drops an answer that arrives for a session that has since ended or changed
 *   (`SESSION_CHANGED`), so it cannot put a signed-out shopper's data back,
 * - and answers every failure in one shape (`RequestFailure`).
 *
 * The request goes through the store's API client (the thunk extra), so the browser, the server
 * renderer and tests each pass their own.
 */
import type { Dispatch } from '@reduxjs/toolkit';
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import type { ApiClient, ApiRequest } from '../http.ts';
import { clearSession } from '../session.ts';
import { signedOut } from '../store/session-events.ts';
import { toast, toastDurations } from '../toasts.tsx';
import { failureFor, SESSION_CHANGED, type Fallback, type RequestFailure } from './failure.ts';

export interface ApiCall extends Omit<ApiRequest, 'signal' | 'token' | 'auth'> {
  /** Send the signed-in shopper's token (default true); public reads and sign-in send none. */
  auth?: boolean;
  /**
   * A refused token ends the session with the expiry notice (default true). Signing out asks
   * the server to revoke a token it may already refuse: that shopper is leaving, not expired.
   */
  endsSessionOn401?: boolean;
  /** What to say when the server gives no message of its own. */
  fallback: Fallback;
}

/**
 * The bearer token as the auth state holds it. Read structurally: the auth state is the auth
 * feature's, and the data layer imports no feature.
 */
export function selectToken(state: unknown): string | null {
  return (state as { auth?: { token?: string | null } }).auth?.token ?? null;
}

const sessionChanged: RequestFailure = {
  message: 'The session changed',
  status: null,
  code: SESSION_CHANGED,
  issues: [],
};

export const baseQuery: BaseQueryFn<ApiCall, unknown, RequestFailure> = async (
  { fallback, auth = true, endsSessionOn401 = true, ...request },
  { extra, signal, getState, dispatch },
) => {
  const token = auth ? selectToken(getState()) : null;
  // Signed out (or signed in as someone else) while the call was on its way.
  const stale = () => auth && selectToken(getState()) !== token;
  try {
    const data = await (extra as { api: ApiClient }).api.request({ ...request, auth, token, signal });
    return stale() ? { error: sessionChanged } : { data };
  } catch (error) {
    if (stale()) return { error: sessionChanged };
    const failure = failureFor(error, fallback);
    if (failure.status === 401 && token && endsSessionOn401) endRefusedSession(dispatch, failure.message);
    return { error: failure };
  }
};

/**
 * The server refused the token it was sent (401): the session ends everywhere. Also called for
 * the two transfers that are files rather than JSON (a staff photo upload, a PDF download).
 */
export function endRefusedSession(dispatch: Dispatch, message: string): void {
  clearSession();
  dispatch(signedOut({ reason: 'expired' }));
  // One notice, in the server's words ("Your session is invalid or has expired. …"), however many calls were refused.
  toast.info(message, { toastId: 'session-expired', autoClose: toastDurations.signIn });
}
