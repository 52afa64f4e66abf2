import * as oidc from 'openid-client';
import { AppError } from '../../lib/errors.ts';
import type { ExternalIdentity } from '../auth/auth.service.ts';

/** What the authorization request carries and the answer is checked against. */
export interface FlowChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Where this flow asked the provider to return: the code is only good with the same one. */
  redirectUri: string;
}

/** What the provider sent the browser back with (RFC 9207 adds `iss` against mix-ups). */
export interface ProviderResponse {
  code: string;
  state: string;
  iss?: string | undefined;
}

/**
 * An OpenID Connect provider the shop signs people in with (Google, or the local
 * development provider): authorization code flow with PKCE, state and nonce.
 */
export interface IdentityProvider {
  /**
   * A new flow: its secret checks and the provider's authorization URL to send the browser to.
   * It returns to `returnTo` when that is one of the provider's redirect URIs, else to the first.
   */
  start(returnTo?: string): Promise<{ checks: FlowChecks; authorizationUrl: URL }>;
  /**
   * Exchanges the code the provider returned for verified identity claims. openid-client
   * checks state, PKCE, and the ID token's signature, issuer, audience, nonce and expiry.
   */
  finish(returned: ProviderResponse, checks: FlowChecks): Promise<ExternalIdentity>;
}

export interface OidcSettings {
  /** The identity's `provider` name in the database, e.g. "google". */
  providerName: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The SPA's callback page the provider returns the browser to. */
  redirectUri: string;
  /** The same page at the shop's other origins, registered with the provider too. */
  otherRedirectUris?: readonly string[];
}

export const googleSignInFailed = () => new AppError(400, 'GOOGLE_SIGN_IN_FAILED', 'Google sign-in failed');

export function createOidcIdentityProvider(settings: OidcSettings): IdentityProvider {
  const redirectUris = [settings.redirectUri, ...(settings.otherRedirectUris ?? [])];
  /** One of the registered pages, never another: what the browser asked for only chooses among them. */
  const registered = (uri: string | undefined) =>
    uri !== undefined && redirectUris.includes(uri) ? uri : settings.redirectUri;
  let discovered: Promise<oidc.Configuration> | undefined;
  // Discovered on first use (the provider may start after us), and again after a failure.
  const configuration = () => {
    discovered ??= oidc
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
        // Plain http is only ever the local development provider (or a test's).
        ...(settings.issuer.startsWith('http:') && { execute: [oidc.allowInsecureRequests] }),
        timeout: 10,
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };

  return {
    async start(returnTo) {
      const config = await configuration().catch(() => {
        throw new AppError(
          503,
          'IDENTITY_PROVIDER_UNAVAILABLE',
          'Google sign-in is unavailable right now. Please try again.',
        );
      });
      const checks = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
        redirectUri: registered(returnTo),
      };
      const authorizationUrl = oidc.buildAuthorizationUrl(config, {
        redirect_uri: checks.redirectUri,
        response_type: 'code',
        scope: 'openid email profile',
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { checks, authorizationUrl };
    },

    async finish(returned, checks) {
      const config = await configuration().catch(() => {
        throw googleSignInFailed();
      });
      const callbackUrl = new URL(registered(checks.redirectUri));
      callbackUrl.searchParams.set('code', returned.code);
      callbackUrl.searchParams.set('state', returned.state);
      if (returned.iss) callbackUrl.searchParams.set('iss', returned.iss);
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new Error('no ID token');
        // Google puts the email in the ID token; providers that keep it for userinfo are asked.
        const profile = claims.email ? claims : await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        if (typeof profile.email !== 'string') throw new Error('no email');
        return {
          provider: settings.providerName,
          subject: claims.sub,
          email: profile.email,
          emailVerified: profile.email_verified === true,
          firstName: typeof profile.given_name === 'string' ? profile.given_name : '',
          lastName: typeof profile.family_name === 'string' ? profile.family_name : '',
        };
      } catch {
        throw googleSignInFailed();
      }
    },
  };
}
