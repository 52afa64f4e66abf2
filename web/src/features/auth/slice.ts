/**
 * The auth calls (spec §3, §4) and how they move the auth state (`auth-state.ts`), read from the
 * data layer's answers (`api.ts`): every auth call sets loading and clears the error when it
 * starts, and stops loading when it ends; a failure stores the server's message (or its fields')
 * or the spec's fallback (§8). Login, profile fetch and address update replace the user; sign-up
 * and Google sign-in do not (the profile fetch that follows does). Sign-out is the shared
 * `signedOut` event, so other slices can forget the shopper too.
 */
import { createReducer, isAnyOf, type UnknownAction } from '@reduxjs/toolkit';
import { failureText, SESSION_CHANGED, type RequestFailure } from '../../lib/api/failure.ts';
import { readToken } from '../../lib/session.ts';
import { rootReducer, type AppDispatch } from '../../lib/store/store.ts';
import { endSession, initialAuthState, sessionReducer, type AuthState } from './auth-state.ts';
import { authApi } from './api.ts';

const { endpoints } = authApi;

// What the pages dispatch. A change's progress is the auth state's, so the data layer keeps no entry of it.
const untracked = { track: false } as const;

export const login = (body: Parameters<typeof endpoints.login.initiate>[0]) =>
  endpoints.login.initiate(body, untracked);
export const signup = (body: Parameters<typeof endpoints.signup.initiate>[0]) =>
  endpoints.signup.initiate(body, untracked);
export const forgotPassword = (body: Parameters<typeof endpoints.forgotPassword.initiate>[0]) =>
  endpoints.forgotPassword.initiate(body, untracked);
export const resetPassword = (body: Parameters<typeof endpoints.resetPassword.initiate>[0]) =>
  endpoints.resetPassword.initiate(body, untracked);
export const verifyEmail = (token: string) => endpoints.verifyEmail.initiate(token, untracked);
export const sendVerificationEmail = () => endpoints.sendVerificationEmail.initiate(undefined, untracked);
export const googleLogin = (body: Parameters<typeof endpoints.googleLogin.initiate>[0]) =>
  endpoints.googleLogin.initiate(body, untracked);
export const updateProfile = (body: Parameters<typeof endpoints.updateProfile.initiate>[0]) =>
  endpoints.updateProfile.initiate(body, untracked);

/** Loads the signed-in user again (whoever asked before), keeping no subscription. */
export const fetchProfile = () => endpoints.getProfile.initiate(undefined, { forceRefetch: true, subscribe: false });

/** Which external sign-in is offered. */
export const useAuthProviders = endpoints.getAuthProviders.useQuery;

/** Asks the server to revoke the token, then ends the session here even if that failed. */
export function logout() {
  return async (dispatch: AppDispatch) => {
    if (readToken()) await dispatch(endpoints.logout.initiate(undefined, untracked));
    dispatch(endSession('logout'));
  };
}

const startedCalls = isAnyOf(
  endpoints.login.matchPending,
  endpoints.signup.matchPending,
  endpoints.getProfile.matchPending,
  endpoints.googleLogin.matchPending,
  endpoints.updateProfile.matchPending,
);

const endedCalls = isAnyOf(endpoints.signup.matchFulfilled, endpoints.googleLogin.matchFulfilled);

const failedCalls = isAnyOf(
  endpoints.login.matchRejected,
  endpoints.signup.matchRejected,
  endpoints.getProfile.matchRejected,
  endpoints.googleLogin.matchRejected,
  endpoints.updateProfile.matchRejected,
);

/**
 * A failure stops loading and is stored, unless it changes nothing: an answer for a session
 * that has since ended, or a refused token (the data layer has ended the session, and the
 * sign-out notice says so once; the sign-in page would show it a second time).
 */
function failed(state: AuthState, failure: RequestFailure | undefined, sessionCall: boolean) {
  state.loading = false;
  if (!failure || failure.code === SESSION_CHANGED) return;
  if (sessionCall && failure.status === 401) return;
  state.error = failureText(failure);
}

const authCallsReducer = createReducer(initialAuthState, (builder) => {
  builder
    .addMatcher(isAnyOf(endpoints.login.matchFulfilled, endpoints.resetPassword.matchFulfilled), (state, action) => {
      state.loading = false;
      state.user = action.payload.user;
      state.token = action.payload.accessToken;
    })
    .addMatcher(
      isAnyOf(endpoints.getProfile.matchFulfilled, endpoints.updateProfile.matchFulfilled),
      (state, action) => {
        state.loading = false;
        state.user = action.payload;
      },
    )
    .addMatcher(endpoints.googleLogin.matchFulfilled, (state, action) => {
      state.token = action.payload.accessToken;
    })
    .addMatcher(startedCalls, (state) => {
      state.loading = true;
      state.error = null;
    })
    .addMatcher(endedCalls, (state) => {
      state.loading = false;
    })
    .addMatcher(failedCalls, (state, action) => {
      const sessionCall = endpoints.getProfile.matchRejected(action) || endpoints.updateProfile.matchRejected(action);
      failed(state, action.payload, sessionCall);
    });
});

/** The whole auth reducer: the session's own cases (restore, clear the error, sign-out), then the calls'. */
function authReducer(state: AuthState | undefined, action: UnknownAction): AuthState {
  return authCallsReducer(sessionReducer(state, action), action);
}

// Takes over from the session's reducer the store started with (auth-state.ts).
rootReducer.inject({ reducerPath: 'auth', reducer: authReducer }, { overrideExisting: true });
