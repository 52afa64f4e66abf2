import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from './db/connect.ts';
import type { Database } from './db/schema.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { productArtRoutes } from './modules/catalog/product-art.routes.ts';
import authenticate from './plugins/authenticate.ts';
import errorHandler from './plugins/error-handler.ts';
import securityHeaders from './plugins/security-headers.ts';
import webApp from './plugins/web-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
  }
}

export interface AppDeps {
  database: DatabaseHandle;
  /** Folder of the built SPA to serve beside the API; null or absent serves the API alone. */
  webDist?: string | null;
  /** Origins allowed to call the API from elsewhere (the SPA on its own origin). */
  corsOrigins?: string[];
  logger?: FastifyServerOptions['logger'];
  /** How long a process reuses a catalogue answer (see plugins/response-cache.ts); default 1 s. */
  catalogCacheMs?: number;
}

/**
 * Builds the whole application without listening: main.ts listens, tests call inject().
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: 256 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', deps.database.db);

  await app.register(securityHeaders);
  await app.register(cors, { origin: deps.corsOrigins && deps.corsOrigins.length > 0 ? deps.corsOrigins : false });
  await app.register(errorHandler, { spaFallback: Boolean(deps.webDist) });
  await app.register(authenticate);

  await app.register(swagger, {
    openapi: { info: { title: 'Shop API', version: '1.0.0' }, servers: [{ url: '/' }] },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(
    async (api) => {
      await api.register(catalogRoutes, { cacheMs: deps.catalogCacheMs ?? 1000 });
    },
    { prefix: '/api' },
  );
  await app.register(productArtRoutes);
  if (deps.webDist) await app.register(webApp, { root: deps.webDist });

  return app;
}
