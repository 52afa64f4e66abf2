/**
 * The auth calls (spec §3, §4) and how they move the auth state (`auth-state.ts`): every auth
 * call sets loading and clears the error when it starts, and stops loading when it ends; a
 * failure stores the server's message or the spec's fallback (§8). Login, profile fetch and
 * address update replace the stored user; sign-up and Google sign-in do not (the profile fetch
 * that follows does). Sign-out is the shared `signedOut` event, so other slices can forget the
 * shopper too.
 */
import { createReducer, type UnknownAction } from '@reduxjs/toolkit';
import type { ForgotPasswordBody, LoginBody, ProfileUpdateBody, ResetPasswordBody, SignupBody, User } from '@shop/core';
import { createAppAsyncThunk } from '../../lib/store/hooks.ts';
import { rootReducer } from '../../lib/store/store.ts';
import { ApiError, failureFor, NETWORK_ERROR, type ApiClient, type RequestFailure } from '../../lib/http.ts';
import { requestThunk } from '../../lib/request-thunk.ts';
import { readToken, saveToken, saveUser } from '../../lib/session.ts';
import { endSession, initialAuthState, sessionReducer, type AuthState } from './auth-state.ts';
import * as authApi from './api.ts';
import type { GoogleSignInBody } from './api.ts';

/** The answer arrived for a session that has since ended or changed: it must change nothing. */
const SESSION_CHANGED = 'SESSION_CHANGED';

const sessionChanged: RequestFailure = { message: 'The session changed', status: null, code: SESSION_CHANGED };

/**
 * The server's message or the fallback. A refused form names each field's problem in
 * `issues` ("Please enter a valid phone number."); those read better than the summary.
 */
function authFailure(error: unknown, fallback: string): RequestFailure {
  const failure = failureFor(error, fallback);
  if (error instanceof ApiError && error.fromServer && error.issues.length > 0) {
    const messages = [...new Set(error.issues.map((issue) => issue.message).filter(Boolean))];
    if (messages.length > 0) return { ...failure, message: messages.join(' ') };
  }
  return failure;
}

/**
 * A 401 ends the session: the sign-out notice says so once, so the failure is not stored as
 * the auth error as well (the sign-in page would show it a second time).
 */
function sessionExpired(dispatch: (action: unknown) => unknown, error: unknown): RequestFailure {
  dispatch(endSession('expired'));
  return { ...failureFor(error, 'Unauthorized'), code: SESSION_CHANGED };
}

function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** A thunk that makes one auth request; a failure is the server's message (or its field issues'), else `fallback`. */
function authRequest<Arg, Result>(type: string, fallback: string, run: (api: ApiClient, arg: Arg) => Promise<Result>) {
  return requestThunk(type, (error) => authFailure(error, fallback), run);
}

/** Keeps the session a sign-in answered with: the user it is for. */
function keepSession({ accessToken, user }: authApi.LoginData): User {
  if (!accessToken || !user) throw new Error('No token in the answer');
  saveToken(accessToken);
  saveUser(user);
  return user;
}

export const login = authRequest('auth/login', 'Login failed', async (api, body: LoginBody) =>
  keepSession(await authApi.postLogin(api, body)),
);

/** Asks for a reset link. No state: the page shows the (always same) answer. */
export const forgotPassword = authRequest(
  'auth/forgotPassword',
  'Could not send the link. Please try again.',
  (api, body: ForgotPasswordBody) => authApi.postForgotPassword(api, body),
);

/** Sets a new password from a reset link, and signs in with the answer, as login does. */
export const resetPassword = authRequest(
  'auth/resetPassword',
  'Could not change the password. Please try again.',
  async (api, body: ResetPasswordBody) => keepSession(await authApi.postResetPassword(api, body)),
);

/**
 * Uses a verification link; answers the token to choose a password with, if the confirmation
 * cleared the account's. The profile, if signed in, is fetched again by the page.
 */
export const verifyEmail = authRequest(
  'auth/verifyEmail',
  'Could not verify the email address.',
  (api, token: string) => authApi.postVerifyEmail(api, token),
);

/** Sends a new verification link to the signed-in account. */
export const sendVerificationEmail = authRequest(
  'auth/sendVerificationEmail',
  'Could not send the link. Please try again.',
  (api, _: void) => authApi.postVerificationEmail(api),
);

export const signup = authRequest('auth/signup', 'Signup failed', (api, body: SignupBody) =>
  authApi.postSignup(api, body),
);

/**
 * Loads the signed-in user. A 401 (no token, or one that expired or was revoked) ends the
 * session. An answer for a token that is no longer held (signed out meanwhile) is dropped.
 */
export const fetchProfile = createAppAsyncThunk(
  'auth/fetchProfile',
  async (_: void, { extra, dispatch, rejectWithValue }) => {
    const token = readToken();
    try {
      const user = await authApi.getProfile(extra.api);
      if (readToken() !== token) return rejectWithValue(sessionChanged);
      saveUser(user);
      return user;
    } catch (error) {
      if (readToken() !== token) return rejectWithValue(sessionChanged);
      if (isUnauthorized(error)) return rejectWithValue(sessionExpired(dispatch, error));
      const fromServer = error instanceof ApiError && error.fromServer;
      return rejectWithValue(failureFor(error, fromServer ? 'Unauthorized' : 'Error fetching profile'));
    }
  },
);

/** Trades the provider's code for a token and keeps it; the profile fetch brings the user. */
export const googleLogin = createAppAsyncThunk(
  'auth/googleLogin',
  async (body: GoogleSignInBody, { extra, rejectWithValue }) => {
    try {
      const { accessToken } = await authApi.postGoogleSignIn(extra.api, body);
      if (!accessToken) throw new Error('No token in the answer');
      saveToken(accessToken);
    } catch (error) {
      return rejectWithValue(failureFor(error, 'Google sign-in failed'));
    }
  },
);

function updateFailure(error: unknown): RequestFailure {
  if (error instanceof ApiError && error.code === NETWORK_ERROR) {
    return { message: error.message || 'Server error', status: null, code: NETWORK_ERROR };
  }
  return authFailure(error, 'Failed to update profile');
}

/** Saves addresses and/or the phone; the answer is the updated user. */
export const updateProfile = createAppAsyncThunk(
  'auth/updateProfile',
  async (body: ProfileUpdateBody, { extra, dispatch, rejectWithValue }) => {
    const token = readToken();
    try {
      const user = await authApi.patchProfile(extra.api, body);
      if (readToken() !== token) return rejectWithValue(sessionChanged);
      if (!user) return rejectWithValue({ message: 'Failed to update profile', status: null, code: null });
      saveUser(user);
      return user;
    } catch (error) {
      if (readToken() !== token) return rejectWithValue(sessionChanged);
      if (isUnauthorized(error)) return rejectWithValue(sessionExpired(dispatch, error));
      return rejectWithValue(updateFailure(error));
    }
  },
);

/** Asks the server to revoke the token, then ends the session here even if that failed. */
export const logout = createAppAsyncThunk('auth/logout', async (_: void, { extra, dispatch }) => {
  if (readToken()) {
    try {
      await authApi.postLogout(extra.api);
    } catch {
      // Signed out on this device all the same.
    }
  }
  dispatch(endSession('logout'));
});

/** Which external sign-in is offered; the sign-in and sign-up pages ask. No state kept. */
export const fetchAuthProviders = requestThunk(
  'auth/fetchProviders',
  (error) => failureFor(error, 'Could not load the sign-in options'),
  (api, _: void, signal) => authApi.getAuthProviders(api, signal),
);

function started(state: AuthState) {
  state.loading = true;
  state.error = null;
}

function failed(state: AuthState, failure: RequestFailure | undefined, fallback: string) {
  state.loading = false;
  if (failure?.code === SESSION_CHANGED) return;
  state.error = failure?.message ?? fallback;
}

const authCallsReducer = createReducer(initialAuthState, (builder) => {
  builder
    .addCase(login.pending, started)
    .addCase(login.fulfilled, (state, action) => {
      state.loading = false;
      state.user = action.payload;
    })
    .addCase(login.rejected, (state, action) => failed(state, action.payload, 'Login failed'))

    .addCase(resetPassword.fulfilled, (state, action) => {
      state.user = action.payload;
    })

    .addCase(signup.pending, started)
    .addCase(signup.fulfilled, (state) => {
      state.loading = false;
    })
    .addCase(signup.rejected, (state, action) => failed(state, action.payload, 'Signup failed'))

    .addCase(fetchProfile.pending, started)
    .addCase(fetchProfile.fulfilled, (state, action) => {
      state.loading = false;
      state.user = action.payload;
    })
    .addCase(fetchProfile.rejected, (state, action) => failed(state, action.payload, 'Error fetching profile'))

    .addCase(googleLogin.pending, started)
    .addCase(googleLogin.fulfilled, (state) => {
      state.loading = false;
    })
    .addCase(googleLogin.rejected, (state, action) => failed(state, action.payload, 'Google sign-in failed'))

    .addCase(updateProfile.pending, started)
    .addCase(updateProfile.fulfilled, (state, action) => {
      state.loading = false;
      state.user = action.payload;
    })
    .addCase(updateProfile.rejected, (state, action) => failed(state, action.payload, 'Failed to update profile'));
});

/** The whole auth reducer: the session's own cases (restore, clear the error, sign-out), then the calls'. */
function authReducer(state: AuthState | undefined, action: UnknownAction): AuthState {
  return authCallsReducer(sessionReducer(state, action), action);
}

// Takes over from the session's reducer the store started with (auth-state.ts).
rootReducer.inject({ reducerPath: 'auth', reducer: authReducer }, { overrideExisting: true });
