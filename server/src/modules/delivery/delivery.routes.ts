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
import { guardRoutes, signedInUser } from '../../plugins/authenticate.ts';
import * as service from './delivery.service.ts';
import { apiDoc } from '../../lib/api-doc.ts';

/** Public: whether a PIN code is delivered to. */
const deliveryRoutesPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tags = ['store'];

  app.get(
    '/delivery/:pin',
    {
      schema: {
        ...apiDoc('checkDelivery', 'Whether the shop delivers to a PIN code, and with cash on delivery'),
        tags,
        params: deliveryPinParams,
        response: { 200: deliveryAnswerResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.deliveryTo(db, request.params.pin) }),
  );
};

/** Staff (admin only, under /api/admin): where the shop delivers. */
const adminDeliveryRoutesPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tags = ['admin'];
  guardRoutes(app, app.authenticate, app.requireAdmin);
  // A CSV file may come as it is (`curl -T pins.csv`): read as the body's `csv`.
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string', bodyLimit: 2_100_000 }, (_r, body, done) =>
    done(null, { csv: body }),
  );

  app.get(
    '/delivery',
    {
      schema: {
        ...apiDoc('listServiceableRanges', 'The PIN code ranges the shop delivers to (staff)'),
        tags,
        response: { 200: serviceableRangeListResponse },
      },
    },
    async () => ({
      success: true as const,
      data: await service.listRanges(db),
    }),
  );

  app.post(
    '/delivery',
    {
      schema: {
        ...apiDoc('addServiceableRange', 'Deliver to a PIN code range (staff)', 409),
        tags,
        body: serviceableRangeBody,
        response: { 201: serviceableRangeResponse },
      },
    },
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
        ...apiDoc('setRangeCashOnDelivery', 'Allow or refuse cash on delivery in a range (staff)', 404),
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
    {
      schema: {
        ...apiDoc('removeServiceableRange', 'Stop delivering to a range (staff)', 404),
        tags,
        params: serviceableRangeIdParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await service.deleteRange(db, signedInUser(request).id, request.params.id);
      return { success: true as const, message: 'PIN codes removed', data: null };
    },
  );

  app.get(
    '/delivery.csv',
    {
      schema: {
        ...apiDoc('exportServiceableRanges', 'The delivered PIN code ranges as CSV (staff)'),
        tags,
        response: { 200: z.string() },
      },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="serviceable-pin-codes.csv"')
        .send(await service.exportCsv(db)),
  );

  app.put(
    '/delivery.csv',
    {
      bodyLimit: 2_100_000,
      schema: {
        ...apiDoc('importServiceableRanges', 'Replace the delivered ranges with a CSV file (staff)'),
        tags,
        body: serviceableCsvBody,
        response: { 200: serviceableImportResponse },
      },
    },
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
