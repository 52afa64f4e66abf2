import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../lib/errors.ts';

/** Who may use the demo features (sandbox payments, development sign-in) while they are on. */
export type DemoRequestsFrom = 'this-machine' | 'anywhere';

const loopbackAddresses = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
// Headers a proxy adds: a request carrying one was passed on from another machine.
const forwardingHeaders = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/** A request made on this machine itself, not passed on by a proxy. */
export function isFromThisMachine(request: FastifyRequest): boolean {
  const socketAddress = request.raw.socket?.remoteAddress ?? '';
  return loopbackAddresses.has(socketAddress) && forwardingHeaders.every((name) => !(name in request.headers));
}

/**
 * An onRequest hook for the demo features' routes. The configuration already turns them off
 * when the shop is reachable from elsewhere; this also covers a proxy nobody declared (nginx on
 * the same host with TRUST_PROXY unset): such requests get the 404 of a route that is not there.
 */
export function demoAccessHook(from: DemoRequestsFrom) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (from === 'this-machine' && !isFromThisMachine(request)) {
      throw notFound('NOT_FOUND', `No such endpoint: ${request.method} ${request.url.split('?')[0]}`);
    }
  };
}
