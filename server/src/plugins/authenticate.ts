import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRole } from '@shop/core';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { tokenHolder } from '../modules/auth/auth.service.ts';
import type { TokenService } from '../modules/auth/tokens.ts';

export interface AuthUser {
  id: string;
  role: UserRole;
  /** The token version the session was signed in under (the account's current one). */
  tokenVersion: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest guard: a valid bearer token of an existing user whose tokens are not revoked, or 401. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** onRequest guard after `authenticate`: the user is staff, or 403. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by `authenticate`; null on routes without it. */
    user: AuthUser | null;
  }
}

/** The signed-in user of a route guarded by `authenticate`. */
export function signedInUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * Guards every route `app` declares from here on: `guards` run first, before the route's own
 * onRequest hooks. They are put on each route rather than on the plugin (addHook) so the API
 * description can read from the route itself who may call it (plugins/api-docs.ts).
 */
export function guardRoutes(app: FastifyInstance, ...guards: ((request: FastifyRequest) => Promise<void>)[]): void {
  app.addHook('onRoute', (route) => {
    route.onRequest = [...(guards as onRequestHookHandler[]), ...[route.onRequest ?? []].flat()];
  });
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/**
 * The guards protected routes name in `onRequest`. A token is checked for signature,
 * algorithm, issuer, audience and expiry, and then against the user's current token
 * version, so a logged-out or deleted account's tokens fail at once.
 */
async function authenticatePlugin(app: FastifyInstance, options: { tokens: TokenService }) {
  app.decorateRequest('user', null);

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const claims = await options.tokens.verify(token);
    const holder = claims ? await tokenHolder(app.db, claims.userId, claims.tokenVersion) : null;
    if (!holder) throw unauthorized('Your session is invalid or has expired. Please sign in again.');
    request.user = holder;
  });

  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    if (signedInUser(request).role !== 'admin') throw forbidden('Only staff can do this.');
  });
}

export default fp(authenticatePlugin, { name: 'authenticate', dependencies: ['database'] });
