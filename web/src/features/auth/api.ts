/**
 * The account's endpoints (spec §7, Auth). Sign-in, sign-up and recovery send no bearer token.
 * A sign-in's answer (and a reset's, which signs in too) is kept in localStorage as it arrives,
 * and so is every fresh copy of the user: the auth state (`slice.ts`) follows the same answers.
 */
import type {
  ForgotPasswordBody,
  LoginBody,
  ProfileUpdateBody,
  ResetPasswordBody,
  SignupBody,
  User,
  VerifiedEmail,
} from '@shop/core';
import { api } from '../../lib/api/api.ts';
import type { ApiCall } from '../../lib/api/base-query.ts';
import type { RequestFailure } from '../../lib/api/failure.ts';
import { saveToken, saveUser } from '../../lib/session.ts';

/** What the callback page sends: the provider's code and state, and its issuer when it sent one. */
export interface GoogleSignInBody {
  code: string;
  state: string;
  iss?: string;
}

export interface LoginData {
  accessToken: string;
  user: User;
}

export interface AuthProviders {
  google: { enabled: boolean; development: boolean };
}

type Kept<T> = { data: T } | { error: RequestFailure };

/** An answer without what it must hold, said as the endpoint's own fallback. */
const missing = (message: string): { error: RequestFailure } => ({
  error: { message, status: null, code: null, issues: [] },
});

type CallAnswer = { data?: unknown; error?: RequestFailure };

/**
 * An endpoint whose answer is checked and kept (in localStorage) before it settles, so whoever
 * awaited it finds it kept: `keep` makes the endpoint's result of the answer, or its failure
 * (said as the call's fallback) when the answer lacks what it must hold.
 */
function keeping<Arg, T>(call: (arg: Arg) => ApiCall, keep: (data: unknown, fallback: string) => Kept<T>) {
  return async (
    arg: Arg,
    _api: unknown,
    _options: unknown,
    baseQuery: (call: ApiCall) => CallAnswer | PromiseLike<CallAnswer>,
  ): Promise<Kept<T>> => {
    const request = call(arg);
    const { data, error } = await baseQuery(request);
    if (error) return { error };
    return keep(data, typeof request.fallback === 'string' ? request.fallback : request.fallback.refused);
  };
}

/** Keeps the session a sign-in answered with; an answer without a token is a failure. */
function keptSession(data: unknown, fallback: string): Kept<LoginData> {
  const { accessToken, user } = (data ?? {}) as Partial<LoginData>;
  if (!accessToken || !user) return missing(fallback);
  saveToken(accessToken);
  saveUser(user);
  return { data: { accessToken, user } };
}

/** Keeps a fresh copy of the user; a success without it is no answer (spec §8: "Failed to update profile"). */
function keptUser(data: unknown, fallback: string): Kept<User> {
  if (!data) return missing(fallback);
  saveUser(data as User);
  return { data: data as User };
}

/** Keeps the token an external sign-in answered with. */
function keptToken(data: unknown, fallback: string): Kept<{ accessToken: string }> {
  const { accessToken } = (data ?? {}) as { accessToken?: string };
  if (!accessToken) return missing(fallback);
  saveToken(accessToken);
  return { data: { accessToken } };
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginData, LoginBody>({
      queryFn: keeping(
        (body: LoginBody) => ({ method: 'POST', path: '/auth/login', body, auth: false, fallback: 'Login failed' }),
        keptSession,
      ),
    }),

    signup: build.mutation<User, SignupBody>({
      query: (body) => ({ method: 'POST', path: '/auth/signup', body, auth: false, fallback: 'Signup failed' }),
    }),

    /** Asks for a reset link; the answer is the same whether or not the email has an account. */
    forgotPassword: build.mutation<null, ForgotPasswordBody>({
      query: (body) => ({
        method: 'POST',
        path: '/auth/forgot-password',
        body,
        auth: false,
        fallback: 'Could not send the link. Please try again.',
      }),
    }),

    /** Sets a new password from a reset link's token, and signs in with the answer, as login does. */
    resetPassword: build.mutation<LoginData, ResetPasswordBody>({
      queryFn: keeping(
        (body: ResetPasswordBody) => ({
          method: 'POST',
          path: '/auth/reset-password',
          body,
          auth: false,
          fallback: 'Could not change the password. Please try again.',
        }),
        keptSession,
      ),
    }),

    /**
     * Confirms the email with a verification link's token. When the confirmation cleared what was
     * set up before it, the answer holds a token to choose the owner's password with.
     */
    verifyEmail: build.mutation<VerifiedEmail, string>({
      query: (token) => ({
        method: 'POST',
        path: '/auth/verify-email',
        body: { token },
        auth: false,
        fallback: 'Could not verify the email address.',
      }),
    }),

    /** Sends the signed-in account a new verification link. */
    sendVerificationEmail: build.mutation<null, void>({
      query: () => ({
        method: 'POST',
        path: '/auth/verification-email',
        fallback: 'Could not send the link. Please try again.',
      }),
    }),

    /** The signed-in user, kept in localStorage as it arrives. */
    getProfile: build.query<User, void>({
      queryFn: keeping(
        () => ({
          method: 'GET',
          path: '/auth/profile',
          fallback: { refused: 'Unauthorized', unreachable: 'Error fetching profile' },
        }),
        keptUser,
      ),
    }),

    /** Trades the provider's code for a token and keeps it; the profile fetch brings the user. */
    googleLogin: build.mutation<{ accessToken: string }, GoogleSignInBody>({
      queryFn: keeping(
        (body: GoogleSignInBody) => ({
          method: 'POST',
          path: '/auth/google',
          body,
          auth: false,
          fallback: 'Google sign-in failed',
        }),
        keptToken,
      ),
    }),

    /** Saves addresses and/or the phone; the answer is the updated user, kept in localStorage. */
    updateProfile: build.mutation<User, ProfileUpdateBody>({
      queryFn: keeping(
        (body: ProfileUpdateBody) => ({
          method: 'PATCH',
          path: '/auth/profile',
          body,
          // Spec §8: no answer at all says the client's own words.
          fallback: { refused: 'Failed to update profile' },
        }),
        keptUser,
      ),
    }),

    /** Revokes the token on the server. */
    logout: build.mutation<null, void>({
      // The session ends here whatever the server says (slice.ts `logout`), as the shopper asked.
      query: () => ({
        method: 'POST',
        path: '/auth/logout',
        endsSessionOn401: false,
        fallback: 'Could not sign out on the server',
      }),
    }),

    /** Which external sign-in is offered; the sign-in and sign-up pages ask. */
    getAuthProviders: build.query<AuthProviders, void>({
      query: () => ({
        method: 'GET',
        path: '/auth/providers',
        auth: false,
        fallback: 'Could not load the sign-in options',
      }),
    }),
  }),
});
