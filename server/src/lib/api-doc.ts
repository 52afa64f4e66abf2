/**
 * How the API description (plugins/api-docs.ts) names the refusals: each status the shop
 * answers in its error envelope, the response component documenting it, and what it means.
 */
export const refusalResponses = {
  400: {
    name: 'BadRequest',
    description:
      'The request is not valid: VALIDATION_FAILED names each field in `issues`; other codes name the rule it breaks.',
  },
  401: { name: 'Unauthorized', description: 'No valid bearer token, or wrong credentials: sign in (again).' },
  403: { name: 'Forbidden', description: 'Signed in, but only staff may do this (FORBIDDEN).' },
  404: { name: 'NotFound', description: 'What the request names does not exist, or is not for this caller.' },
  409: { name: 'Conflict', description: 'The request clashes with the current state of what it changes.' },
  413: { name: 'PayloadTooLarge', description: 'The request body is larger than the shop accepts.' },
  415: { name: 'UnsupportedMediaType', description: 'The body is not of a type this route reads (JSON, unless said).' },
  429: {
    name: 'TooManyRequests',
    description: 'Too many attempts from this caller (RATE_LIMITED): wait and try again.',
  },
  502: { name: 'BadGateway', description: 'The payment provider could not be reached (PAYMENT_PROVIDER_ERROR).' },
  503: {
    name: 'ServiceUnavailable',
    description:
      'Something the shop needs is away or busy (the database, Redis, a full queue): try again after Retry-After seconds.',
  },
} as const;

export type Refusal = keyof typeof refusalResponses;

declare module 'fastify' {
  interface FastifySchema {
    /** Refusals only the route's own handler knows of; the common ones are derived (plugins/api-docs.ts). */
    refuses?: readonly Refusal[];
  }
}

/**
 * The description part of a route's schema: the name clients generate from (camelCase, stable:
 * renaming it renames their methods), a one-line summary, and the refusals the handler or its
 * service answer beyond those derived from the route (400 for its input, 401/403 for its
 * guards, 413/415 for a body, 503 for every route).
 */
export function apiDoc(operationId: string, summary: string, ...refuses: Refusal[]) {
  return { operationId, summary, ...(refuses.length > 0 && { refuses }) };
}
