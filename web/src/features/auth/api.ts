/** Account requests (spec §7, Auth). Sign-in and sign-up send no bearer token. */
import type {
  ForgotPasswordBody,
  LoginBody,
  ProfileUpdateBody,
  ResetPasswordBody,
  SignupBody,
  User,
  VerifiedEmail,
} from '@shop/core';

/** What the callback page sends: the provider's code and state, and its issuer when it sent one. */
export interface GoogleSignInBody {
  code: string;
  state: string;
  iss?: string;
}
import type { ApiClient } from '../../lib/http.ts';

export interface LoginData {
  accessToken: string;
  user: User;
}

export interface AuthProviders {
  google: { enabled: boolean; development: boolean };
}

export function postLogin(api: ApiClient, body: LoginBody): Promise<LoginData> {
  return api.post<LoginData>('/auth/login', body, { auth: false });
}

export function postSignup(api: ApiClient, body: SignupBody): Promise<User> {
  return api.post<User>('/auth/signup', body, { auth: false });
}

export function getProfile(api: ApiClient): Promise<User> {
  return api.get<User>('/auth/profile');
}

export function patchProfile(api: ApiClient, body: ProfileUpdateBody): Promise<User | null | undefined> {
  return api.patch<User | null | undefined>('/auth/profile', body);
}

/** Revokes the token on the server. */
export function postLogout(api: ApiClient): Promise<null> {
  return api.post<null>('/auth/logout');
}

/** Trades the code the identity provider sent back (and the state it echoed) for a token. */
export function postGoogleSignIn(api: ApiClient, body: GoogleSignInBody): Promise<{ accessToken: string }> {
  return api.post<{ accessToken: string }>('/auth/google', body, { auth: false });
}

/** Asks for a reset link; the answer is the same whether or not the email has an account. */
export function postForgotPassword(api: ApiClient, body: ForgotPasswordBody): Promise<null> {
  return api.post<null>('/auth/forgot-password', body, { auth: false });
}

/** Sets a new password from a reset link's token; the answer signs the shopper in. */
export function postResetPassword(api: ApiClient, body: ResetPasswordBody): Promise<LoginData> {
  return api.post<LoginData>('/auth/reset-password', body, { auth: false });
}

/**
 * Confirms the email with a verification link's token. When the confirmation cleared what was
 * set up before it, the answer holds a token to choose the owner's password with.
 */
export function postVerifyEmail(api: ApiClient, token: string): Promise<VerifiedEmail> {
  return api.post<VerifiedEmail>('/auth/verify-email', { token }, { auth: false });
}

/** Sends the signed-in account a new verification link. */
export function postVerificationEmail(api: ApiClient): Promise<null> {
  return api.post<null>('/auth/verification-email');
}

export function getAuthProviders(api: ApiClient, signal?: AbortSignal): Promise<AuthProviders> {
  return api.get<AuthProviders>('/auth/providers', { auth: false, signal });
}
