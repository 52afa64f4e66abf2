import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../lib/errors.ts';

/** Who may use the demo features (sandbox payments, development sign-in) while they are on. */
export type DemoRequestsFrom = 'this-machine' | 'anywhere';

const loopbackAddresses = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
// Headers proxies and CDNs add: a request carrying one was passed on from another machine.
const forwardingHeaders = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'via',
  'cf-connecting-ip',
  'true-client-ip',
];
// The names a browser on this machine uses for the shop. Another name in Host means the
// request was addressed to a public name (a proxy passing the Host on, or DNS rebinding).
const loopbackHost = /^(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d+)?$/i;

/** A request made on this machine itself, to a loopback name, not passed on by a proxy. */
export function isFromThisMachine(request: FastifyRequest): boolean {
  const socketAddress = request.raw.socket?.remoteAddress ?? '';
  return (
    loopbackAddresses.has(socketAddress) &&
    loopbackHost.test(request.headers.host ?? '') &&
    forwardingHeaders.every((name) => !(name in request.headers))
  );
}

/**
 * An onRequest hook for the demo features' routes. The configuration already turns them off
 * when the shop is reachable from elsewhere; this also covers most proxies nobody declared
 * (nginx on the same host with TRUST_PROXY unset): such requests get the 404 of a route that
 * is not there. It cannot cover all: a proxy on this machine that adds no header and rewrites
 * Host to localhost looks exactly like a local browser. That is why a shop behind a proxy
 * must say so (TRUST_PROXY or PUBLIC_URL, which turn the demo features off) or set
 * DEMO_FEATURES=off; docs/operations.md says so.
 */
export function demoAccessHook(from: DemoRequestsFrom) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (from === 'this-machine' && !isFromThisMachine(request)) {
      throw notFound('NOT_FOUND', `No such endpoint: ${request.method} ${request.url.split('?')[0]}`);
    }
  };
}
