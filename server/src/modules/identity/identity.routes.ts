import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { googleSignInBody, googleSignInResponse } from '@shop/core';
import { z } from 'zod';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { signInWithIdentity } from '../auth/auth.service.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { FlowChecks, IdentityProvider } from './oidc-identity-provider.ts';
import { apiDoc } from '../../lib/api-doc.ts';
import { googleCallbackUrl } from './shop-origins.ts';

const FLOW_COOKIE = 'shop_google_flow';
const FLOW_COOKIE_PATH = '/api/auth/google';
const FLOW_TTL_SECONDS = 600;

export interface IdentityRoutesOptions {
  provider: IdentityProvider | null;
  /** The provider is the local development one, which vouches for any email typed into it. */
  development: boolean;
  tokens: TokenService;
  /** Mark the flow cookie Secure (the shop is served over https). */
  secureCookies: boolean;
}

const flowExpired = () =>
  badRequest('SIGN_IN_EXPIRED', 'Your Google sign-in expired or was started in another browser. Please try again.');

function readChecks(value: string): FlowChecks | null {
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    const { state, nonce, codeVerifier, redirectUri } = parsed as Record<string, unknown>;
    if (
      typeof state === 'string' &&
      typeof nonce === 'string' &&
      typeof codeVerifier === 'string' &&
      typeof redirectUri === 'string'
    ) {
      return { state, nonce, codeVerifier, redirectUri };
    }
  } catch {
    // fall through: a cookie we did not write
  }
  return null;
}

/**
 * "Sign in with Google" (DESIGN §6). The server starts the flow and keeps its secret checks
 * (state, nonce, PKCE verifier) in a short-lived, signed, http-only cookie; the provider
 * returns the browser to the SPA's /auth/google/callback, which posts {code, state} here.
 */
const identityRoutesPlugin: FastifyPluginAsyncZod<IdentityRoutesOptions> = async (app, options) => {
  const { db } = app;
  const cookie = {
    path: FLOW_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: options.secureCookies,
    signed: true,
  };
  const requireProvider = () => {
    if (!options.provider) throw notFound('GOOGLE_SIGN_IN_DISABLED', 'Google sign-in is not configured for this shop.');
    return options.provider;
  };

  app.get(
    '/google/start',
    {
      schema: {
        ...apiDoc('startGoogleSignIn', 'Redirect the browser to Google to sign in', 404),
        tags: ['auth'],
        // No body: the browser follows Location. Documents the redirect, serializes nothing.
        response: { 302: z.null().describe("To Google's sign-in page (Location)") },
      },
    },
    async (request, reply) => {
      // Back to the origin the shopper is at (its cookie and stored session live there), when it
      // is one of the shop's; the provider chooses among its registered pages only.
      const here = googleCallbackUrl(`${request.protocol}://${request.host}`);
      const { checks, authorizationUrl } = await requireProvider().start(here);
      const value = Buffer.from(JSON.stringify(checks)).toString('base64url');
      return reply
        .setCookie(FLOW_COOKIE, value, { ...cookie, maxAge: FLOW_TTL_SECONDS })
        .header('cache-control', 'no-store')
        .redirect(authorizationUrl.href, 302);
    },
  );

  app.post(
    '/google',
    {
      schema: {
        ...apiDoc('signInWithGoogle', 'Finish a Google sign-in with the code Google returned', 404, 409),
        tags: ['auth'],
        body: googleSignInBody,
        response: { 200: googleSignInResponse },
      },
    },
    async (request, reply) => {
      const provider = requireProvider();
      const raw = request.cookies[FLOW_COOKIE];
      const unsigned = raw ? request.unsignCookie(raw) : null;
      const checks = unsigned?.valid && unsigned.value ? readChecks(unsigned.value) : null;
      if (!checks) throw flowExpired();
      if (request.body.state !== checks.state) {
        throw new AppError(
          400,
          'STATE_MISMATCH',
          'This sign-in response does not belong to your sign-in. Please try again.',
        );
      }
      // One flow, one attempt: whatever happens next, the checks are spent.
      reply.clearCookie(FLOW_COOKIE, { path: FLOW_COOKIE_PATH });
      const identity = await provider.finish(request.body, checks);
      const { accessToken, user } = await signInWithIdentity(db, options.tokens, identity, {
        ownAccountsOnly: options.development,
      });
      return { success: true as const, message: 'Google Sign-in Successful', data: { accessToken, user } };
    },
  );
};

export const identityRoutes = fp(identityRoutesPlugin, {
  name: 'identity-routes',
  dependencies: ['database', '@fastify/cookie'],
  encapsulate: true,
});
