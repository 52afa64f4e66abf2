import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { errorEnvelope, successEnvelope } from '@shop/core';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/connect.ts';
import { isSchemaCurrent } from '../../db/migrate.ts';
import type { AttemptCounter } from '../../lib/attempt-counter.ts';

const healthResponse = successEnvelope(z.object({ status: z.string() }));

/**
 * For load balancers and orchestrators: `live` answers while the process runs; `ready` only
 * when the database answers, every migration has run, and the attempt counters answer (Redis,
 * when the shop keeps them there: sign-in, sign-up and coupons need it).
 */
export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle; attempts: AttemptCounter }> = async (
  app,
  { database, attempts },
) => {
  app.get('/health/live', { schema: { tags: ['health'], response: { 200: healthResponse } } }, async () => ({
    success: true as const,
    data: { status: 'live' },
  }));

  app.get(
    '/health/ready',
    { schema: { tags: ['health'], response: { 200: healthResponse, 503: errorEnvelope } } },
    async (_request, reply) => {
      try {
        await sql`select 1`.execute(database.db);
        if (!(await isSchemaCurrent(database))) {
          return reply
            .code(503)
            .send({ success: false, code: 'MIGRATIONS_PENDING', message: 'Database migrations are pending.' });
        }
      } catch {
        return reply
          .code(503)
          .send({ success: false, code: 'DATABASE_UNAVAILABLE', message: 'The database does not answer.' });
      }
      if (!(await attempts.reachable())) {
        return reply.code(503).send({
          success: false,
          code: 'REDIS_UNAVAILABLE',
          message: 'Redis (the attempt counters) does not answer.',
        });
      }
      return { success: true as const, data: { status: 'ready' } };
    },
  );
};
