import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest guard: a valid bearer token of a signed-in user, or 401. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** onRequest guard: the signed-in user is staff, or 403. Runs after `authenticate`. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/**
 * The guards every protected route names. Accounts (and so tokens) do not exist yet: no
 * token can be valid, so guarded routes answer 401 until sign-in issues tokens.
 */
async function authenticatePlugin(app: FastifyInstance) {
  app.decorate('authenticate', async (request: FastifyRequest) => {
    if (!bearerToken(request)) throw unauthorized();
    throw unauthorized('Your session is invalid or has expired. Please sign in again.');
  });
  app.decorate('requireAdmin', async () => {});
}

export default fp(authenticatePlugin, { name: 'authenticate' });
