import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import { errorEnvelope } from '@shop/core';
import { z } from 'zod';
import { refusalResponses, type Refusal } from '../lib/api-doc.ts';

const BEARER = 'bearerAuth';
/** Methods whose body Fastify reads whenever one is sent: bad JSON, a wrong type, too large. */
const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const inputParts = ['body', 'querystring', 'params', 'headers'] as const;

/**
 * Who may call a route, read from the guards on the route itself (plugins/authenticate.ts's
 * `guardRoutes` and per-route onRequest hooks), so the description cannot drift from them.
 */
function accessOf(app: FastifyInstance, route: RouteOptions): 'public' | 'signed-in' | 'staff' {
  const hooks: unknown[] = [route.onRequest ?? []].flat();
  if (hooks.includes(app.requireAdmin)) return 'staff';
  return hooks.includes(app.authenticate) ? 'signed-in' : 'public';
}

/** The refusals a route can answer: those its schema names, and those its shape implies. */
function refusalsOf(route: RouteOptions, access: ReturnType<typeof accessOf>): Refusal[] {
  const schema = route.schema ?? {};
  const found = new Set<Refusal>(schema.refuses ?? []);
  const methods = [route.method].flat();
  if (inputParts.some((part) => schema[part] !== undefined)) found.add(400);
  if (methods.some((method) => bodyMethods.has(method))) {
    for (const status of [400, 413, 415] as const) found.add(status);
  }
  if (access !== 'public') found.add(401);
  if (access === 'staff') found.add(403);
  // The database or Redis being away, or a queue full, is a 503 on any route (error-handler.ts).
  found.add(503);
  return [...found].sort((a, b) => a - b);
}

/**
 * A response the route declares as `z.null()` has no body (a redirect): described by its
 * description alone (`type: 'null'` tells @fastify/swagger to leave out the content), rather
 * than as JSON holding null.
 */
function withoutNullBodies(response: unknown): unknown {
  if (!response) return response;
  const entries = Object.entries(response as Record<string, { enum?: unknown[]; description?: string }>);
  return Object.fromEntries(
    entries.map(([status, body]) =>
      body.enum?.length === 1 && body.enum[0] === null
        ? [status, { type: 'null', description: body.description }]
        : [status, body],
    ),
  );
}

/** An operation as both a route (`GET /api/order/:id`) and the description (`get /api/order/{id}`) name it. */
function operationKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url.replace(/:(\w+)/g, '{$1}')}`;
}

/** The shared failure shape, and the bearer token guarded routes take. */
function components(): OpenAPIV3.ComponentsObject {
  const { $schema: _, ...envelope } = z.toJSONSchema(errorEnvelope, { target: 'openapi-3.0', io: 'output' });
  return {
    securitySchemes: {
      [BEARER]: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description: 'The accessToken answered by sign-in, password reset or Google sign-in.',
      },
    },
    schemas: { ErrorEnvelope: envelope as OpenAPIV3.SchemaObject },
  };
}

/** The response component for a refusal: the shared envelope, and for a 503 when to try again. */
function refusalResponse(status: Refusal): OpenAPIV3.ResponseObject {
  const content = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } };
  const retryAfter = {
    'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' as const } },
  };
  return { description: refusalResponses[status].description, content, ...(status === 503 && { headers: retryAfter }) };
}

/**
 * The OpenAPI description at /api/docs (JSON at /api/docs/json), built from the routes: each
 * route's schema gives its operationId, summary, input and success answer (lib/api-doc.ts's
 * `apiDoc`); its guards give its security; its refusals are derived from its shape plus those
 * it names, each a reference to the shared failure envelope. Page routes are hidden.
 */
async function apiDocsPlugin(app: FastifyInstance) {
  /** Each operation's refusals, by `operationKey`: added to the description once it is built. */
  const refusalsByOperation = new Map<string, Refusal[]>();
  await app.register(swagger, {
    openapi: {
      info: { title: 'Shop API', version: '1.0.0', description: 'The JSON API of the shop. Errors: ErrorEnvelope.' },
      servers: [{ url: '/' }],
      components: components(),
    },
    transform(input) {
      // A route without a schema is still described (and the check names what it lacks).
      const transformed = jsonSchemaTransform({ ...input, schema: input.schema ?? {} });
      const schema = transformed.schema as Record<string, unknown>;
      if (schema.hide) return transformed;
      const { refuses: _, response, ...documented } = schema;
      const access = accessOf(app, input.route);
      const refusals = refusalsOf(input.route, access);
      for (const method of [input.route.method].flat())
        refusalsByOperation.set(operationKey(method, input.url), refusals);
      const security = access === 'public' ? [] : [{ [BEARER]: [] }];
      return { ...transformed, schema: { ...documented, response: withoutNullBodies(response), security } };
    },
    transformObject(document) {
      if (!('openapiObject' in document)) return document.swaggerObject;
      const openapiObject = document.openapiObject as Partial<OpenAPIV3.Document>;
      const used = new Set<Refusal>();
      for (const [url, item] of Object.entries(openapiObject.paths ?? {})) {
        for (const [method, operation] of Object.entries(item ?? {}) as [string, OpenAPIV3.OperationObject][]) {
          for (const status of refusalsByOperation.get(operationKey(method, url)) ?? []) {
            // A route's own schema for a refusal (a richer shape) stays; the rest are references.
            if (operation.responses[status]) continue;
            operation.responses[status] = { $ref: `#/components/responses/${refusalResponses[status].name}` };
            used.add(status);
          }
        }
      }
      const responses = [...used].sort().map((status) => [refusalResponses[status].name, refusalResponse(status)]);
      openapiObject.components = { ...openapiObject.components, responses: Object.fromEntries(responses) };
      return openapiObject;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

export default fp(apiDocsPlugin, { name: 'api-docs', dependencies: ['authenticate'] });
