import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountDeletedResponse, shopDay, successEnvelope, accountData as accountDataSchema } from '@shop/core';
import { apiDoc } from '../../lib/api-doc.ts';
import { guardRoutes, signedInUser } from '../../plugins/authenticate.ts';
import * as dataRights from './data-rights.service.ts';

const tags = ['account'];
const accountDataResponse = successEnvelope(accountDataSchema);

/** The signed-in shopper's rights over their data: a download of it, and the account's erasure. */
const dataRightsRoutesPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  guardRoutes(app, app.authenticate);

  app.get(
    '/account/data',
    {
      schema: {
        ...apiDoc('downloadAccountData', 'Everything the shop holds about the shopper, as a JSON file'),
        tags,
        response: { 200: accountDataResponse },
      },
    },
    async (request, reply) => {
      const now = new Date();
      void reply
        .header('content-disposition', `attachment; filename="kapas-my-data-${shopDay(now)}.json"`)
        .header('cache-control', 'private, no-store');
      return { success: true as const, data: await dataRights.accountData(db, signedInUser(request).id, now) };
    },
  );

  app.delete(
    '/account',
    {
      schema: {
        ...apiDoc('deleteAccount', 'Erase the account and its personal data; ends every session', 409),
        tags,
        response: { 200: accountDeletedResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Your account is deleted.',
      data: await dataRights.deleteAccount(db, signedInUser(request).id),
    }),
  );
};

export const dataRightsRoutes = fp(dataRightsRoutesPlugin, {
  name: 'data-rights-routes',
  dependencies: ['database', 'authenticate'],
  encapsulate: true,
});
