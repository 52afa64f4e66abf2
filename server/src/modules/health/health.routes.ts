import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope, successEnvelope } from '@shop/core';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/connect.ts';
import { databaseReadiness, type ReadinessProblem } from '../../db/readiness.ts';
import type { AttemptCounter } from '../../lib/attempt-counter.ts';
import { apiDoc } from '../../lib/api-doc.ts';

const healthResponse = successEnvelope(z.object({ status: z.string() }));

/**
 * For load balancers and orchestrators: `live` answers while the process runs; `ready` only
 * when the database answers, every migration has run and it takes writes, and the attempt
 * counters answer (Redis, when the shop keeps them there: sign-in, sign-up and coupons need it).
 * A change of the database's readiness is logged once, not at every check.
 */
const healthRoutesPlugin: FastifyPluginAsyncZod<{ database: DatabaseHandle; attempts: AttemptCounter }> = async (
  app,
  { database, attempts },
) => {
  app.get(
    '/health/live',
    {
      schema: {
        ...apiDoc('checkLiveness', 'Answers while the process runs'),
        tags: ['health'],
        response: { 200: healthResponse },
      },
    },
    async () => ({
      success: true as const,
      data: { status: 'live' },
    }),
  );

  let lastProblem: ReadinessProblem | null = null;
  const noteChange = (problem: ReadinessProblem | null) => {
    if (problem?.code === lastProblem?.code) return;
    if (problem) app.log.warn({ code: problem.code }, `not ready: ${problem.message}`);
    else app.log.info({ was: lastProblem?.code }, 'ready again');
    lastProblem = problem;
  };

  app.get(
    '/health/ready',
    {
      schema: {
        ...apiDoc('checkReadiness', 'Answers 200 only when the database and the attempt counters are ready'),
        tags: ['health'],
        response: { 200: healthResponse, 503: errorEnvelope },
      },
    },
    async (_request, reply) => {
      const databaseProblem = await databaseReadiness(database);
      // The Redis counter logs its own changes of state; these lines are the database's.
      noteChange(databaseProblem);
      const problem =
        databaseProblem ??
        ((await attempts.reachable())
          ? null
          : { code: 'REDIS_UNAVAILABLE', message: 'Redis (the attempt counters) does not answer.' });
      if (problem) return reply.code(503).send({ success: false, ...problem });
      return { success: true as const, data: { status: 'ready' } };
    },
  );
};

export const healthRoutes = fp(healthRoutesPlugin, {
  name: 'health-routes',
  dependencies: [],
  encapsulate: true,
});
