import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deliveryAnswerResponse,
  deliveryPinParams,
  messageResponse,
  serviceableCsvBody,
  serviceableImportResponse,
  serviceableRangeBody,
  serviceableRangeCodBody,
  serviceableRangeIdParams,
  serviceableRangeListResponse,
  serviceableRangeResponse,
} from '@shop/core';
import { z } from 'zod';
import { signedInUser } from '../../plugins/authenticate.ts';
import * as service from './delivery.service.ts';

/** Public: whether a PIN code is delivered to. */
const deliveryRoutesPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tags = ['store'];

  app.get(
    '/delivery/:pin',
    { schema: { tags, params: deliveryPinParams, response: { 200: deliveryAnswerResponse } } },
    async (request) => ({ success: true as const, data: await service.deliveryTo(db, request.params.pin) }),
  );
};

/** Staff (admin only, under /api/admin): where the shop delivers. */
const adminDeliveryRoutesPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tags = ['admin'];
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin);
  // A CSV file may come as it is (`curl -T pins.csv`): read as the body's `csv`.
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string', bodyLimit: 2_100_000 }, (_r, body, done) =>
    done(null, { csv: body }),
  );

  app.get('/delivery', { schema: { tags, response: { 200: serviceableRangeListResponse } } }, async () => ({
    success: true as const,
    data: await service.listRanges(db),
  }));

  app.post(
    '/delivery',
    { schema: { tags, body: serviceableRangeBody, response: { 201: serviceableRangeResponse } } },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        message: 'PIN codes added',
        data: await service.addRange(db, signedInUser(request).id, request.body),
      }),
  );

  app.patch(
    '/delivery/:id',
    {
      schema: {
        tags,
        params: serviceableRangeIdParams,
        body: serviceableRangeCodBody,
        response: { 200: serviceableRangeResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'PIN codes updated',
      data: await service.setRangeCod(db, signedInUser(request).id, request.params.id, request.body.cod),
    }),
  );

  app.delete(
    '/delivery/:id',
    { schema: { tags, params: serviceableRangeIdParams, response: { 200: messageResponse } } },
    async (request) => {
      await service.deleteRange(db, signedInUser(request).id, request.params.id);
      return { success: true as const, message: 'PIN codes removed', data: null };
    },
  );

  app.get('/delivery.csv', { schema: { tags, response: { 200: z.string() } } }, async (_request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="serviceable-pin-codes.csv"')
      .send(await service.exportCsv(db)),
  );

  app.put(
    '/delivery.csv',
    { bodyLimit: 2_100_000, schema: { tags, body: serviceableCsvBody, response: { 200: serviceableImportResponse } } },
    async (request) => {
      const imported = await service.importCsv(db, signedInUser(request).id, request.body.csv);
      return { success: true as const, message: `Imported ${imported} PIN code ranges`, data: { imported } };
    },
  );
};

export const deliveryRoutes = fp(deliveryRoutesPlugin, {
  name: 'delivery-routes',
  dependencies: ['database'],
  encapsulate: true,
});

export const adminDeliveryRoutes = fp(adminDeliveryRoutesPlugin, {
  name: 'admin-delivery-routes',
  dependencies: ['database', 'authenticate'],
  encapsulate: true,
});
