import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { apiDoc } from '../lib/api-doc.ts';
import { signedInAdmin, signedInShopper } from '../test/accounts.ts';
import {
  describedShop,
  operationsOf,
  securityMismatches,
  undescribedOperations,
  undocumentedAnswers,
  type Description,
} from '../test/api-description.ts';
import { createTestDatabase, type TestDatabase } from '../test/databases.ts';
import { prepareDatabase } from '../startup.ts';

/** Reads that take no input and no token: there is no 4xx for them to answer. */
const answersNoRefusal = [
  'checkLiveness',
  'checkReadiness',
  'listCategories',
  'listSignInProviders',
  'getStoreInfo',
  'getPaymentOptions',
  'getSellerPage',
];

const shopperOf = (app: FastifyInstance) => async () => (await signedInShopper(app)).auth;

describe('the API description', () => {
  let described: Awaited<ReturnType<typeof describedShop>>;
  beforeAll(async () => {
    described = await describedShop();
  });
  afterAll(() => described?.close());

  it('describes every operation of the JSON API, and no page', () => {
    expect(operationsOf(described.description).length).toBeGreaterThan(70);
    expect(undescribedOperations(described.description, { answersNoRefusal })).toEqual([]);
  });

  it('gives each operation an operationId of its own, in camelCase', () => {
    const ids = operationsOf(described.description).map(({ operation }) => operation.operationId ?? '');
    expect(ids.filter((id) => !/^[a-z][a-zA-Z0-9]*$/.test(id))).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('names as guarded exactly the routes that refuse a caller without a token, and staff routes as such', async () => {
    expect(await securityMismatches(described.shop.app, described.description, shopperOf(described.shop.app))).toEqual(
      [],
    );
  });

  it('answers bad input, from anyone, only with statuses the description names, never a 500', async () => {
    const callers = {
      anonymous: {},
      shopper: (await signedInShopper(described.shop.app)).auth,
      staff: (await signedInAdmin(described.shop)).auth,
    };
    expect(await undocumentedAnswers(described.shop.app, described.description, callers)).toEqual([]);
  }, 60_000);

  it('documents each refusal with the shared envelope', () => {
    const cancel = described.description.paths['/api/order/{id}/cancel']!.post!;
    expect(cancel.responses).toMatchObject({
      '401': { $ref: '#/components/responses/Unauthorized' },
      '404': { $ref: '#/components/responses/NotFound' },
      '409': { $ref: '#/components/responses/Conflict' },
      '503': { $ref: '#/components/responses/ServiceUnavailable' },
    });
    expect(cancel.security).toEqual([{ bearerAuth: [] }]);
    expect(described.description.paths['/api/product/{id}']!.get!.security).toEqual([]);
  });
});

describe('the description checks', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let description: Description;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    await prepareDatabase(database.handle, { database: database.config, seed: false });
    app = await buildApp({ database: database.handle, apiDocs: true });
    // Routes added without their description, and one guarded where the description cannot see.
    app.get('/api/scratch', async () => ({ success: true }));
    app.post(
      '/api/scratch/staff',
      { onRequest: [app.authenticate, app.requireAdmin], schema: { summary: 'A staff route' } },
      async () => ({ success: true }),
    );
    app.get('/scratch-page', async () => 'a page');
    await app.register(async (scope) => {
      scope.addHook('onRequest', scope.authenticate);
      scope.get('/api/scratch/hooked', { schema: apiDoc('scratchHooked', 'Guarded by a hook', 404) }, async () => ({}));
    });
    description = (await app.inject('/api/docs/json')).json() as Description;
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('name each route added without its operationId, summary or a 4xx, and a page left in', () => {
    expect(undescribedOperations(description, { answersNoRefusal }).sort()).toEqual([
      'GET /api/scratch: missing operationId, summary, a documented 4xx',
      'GET /scratch-page: not part of the JSON API; hide it (schema: { hide: true })',
      'POST /api/scratch/staff: missing operationId',
    ]);
  });

  it('name a route whose guard the description does not show', async () => {
    expect(await securityMismatches(app, description, shopperOf(app))).toEqual([
      'GET /api/scratch/hooked: described as not needing a token, answers 401 without',
    ]);
  });
});
