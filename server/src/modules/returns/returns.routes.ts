import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  orderReturnParams,
  returnDecisionBody,
  returnIdParams,
  returnInspectionBody,
  returnListResponse,
  returnOptionsResponse,
  returnPickupBody,
  returnRefundBody,
  returnRequestBody,
  returnResponse,
  returnStatsQuery,
  returnStatsResponse,
  staffReturnListQuery,
  staffReturnListResponse,
  staffReturnResponse,
  uploadedImageResponse,
} from '@shop/core';
import { apiDoc } from '../../lib/api-doc.ts';
import type { AttemptLimiter } from '../../lib/attempt-limiter.ts';
import { guardRoutes, signedInUser } from '../../plugins/authenticate.ts';
import { acceptImageUploads, receiveImage } from '../admin-catalog/image-upload.ts';
import { sendPdf } from '../invoices/invoices.routes.ts';
import type { PaymentGateway } from '../payments/payment-gateway.ts';
import { refundReturn } from './return-refunds.ts';
import * as service from './returns.service.ts';

const tags = ['orders'];

/** The shopper's returns, from My Orders: ask for one (with photos), follow it. */
const returnRoutesPlugin: FastifyPluginAsyncZod<{ uploadsDir: string | null; limiter: AttemptLimiter }> = async (
  app,
  { uploadsDir, limiter },
) => {
  const { db } = app;
  guardRoutes(app, app.authenticate);
  await acceptImageUploads(app);

  app.get(
    '/order/returns',
    {
      schema: {
        ...apiDoc('listMyReturns', "The shopper's returns, the newest first, each with its timeline"),
        tags,
        response: { 200: returnListResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: { returns: await service.returnsOfShopper(db, signedInUser(request).id) },
    }),
  );

  app.get(
    '/order/:id/return-options',
    {
      schema: {
        ...apiDoc('getReturnOptions', 'Whether an order may be returned, until when, and which items', 404),
        tags,
        params: orderReturnParams,
        response: { 200: returnOptionsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.returnOptions(db, signedInUser(request).id, request.params.id),
    }),
  );

  app.post(
    '/order/:id/returns',
    {
      schema: {
        ...apiDoc(
          'requestReturn',
          'Ask to return items of a delivered order within the return window: lines, reason, photos, and for cash orders where the refund goes',
          404,
          409,
        ),
        tags,
        params: orderReturnParams,
        body: returnRequestBody,
        response: { 201: returnResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        message: 'Return requested',
        data: await service.requestReturn(db, signedInUser(request).id, request.params.id, request.body),
      }),
  );

  app.post(
    '/order/return-photos',
    {
      schema: {
        ...apiDoc(
          'uploadReturnPhoto',
          'Upload a photo for a return (multipart, field "image"), as product images are',
          409,
          429,
        ),
        tags,
        consumes: ['multipart/form-data'],
        response: { 201: uploadedImageResponse },
      },
    },
    async (request, reply) => {
      await service.allowReturnPhoto(db, limiter, signedInUser(request).id);
      const url = await receiveImage(request, reply, uploadsDir);
      return reply.status(201).send({ success: true as const, message: 'Photo uploaded', data: { url } });
    },
  );

  app.get(
    '/order/returns/:id/credit-note',
    {
      schema: {
        ...apiDoc('getOwnReturnCreditNote', "The credit note of one of the shopper's refunded returns, as PDF", 404),
        tags,
        params: returnIdParams,
      },
    },
    async (request, reply) =>
      sendPdf(reply, await service.returnCreditNote(db, request.params.id, signedInUser(request).id)),
  );
};

/** Staff's Returns queue and its steps (admin only, under /api/admin). */
const adminReturnRoutesPlugin: FastifyPluginAsyncZod<{ gateway: PaymentGateway }> = async (app, { gateway }) => {
  const { db } = app;
  const staffTags = ['admin'];
  guardRoutes(app, app.authenticate, app.requireAdmin);

  app.get(
    '/returns',
    {
      schema: {
        ...apiDoc('listReturns', 'The Returns queue: open returns, oldest first, or every return (staff)'),
        tags: staffTags,
        querystring: staffReturnListQuery,
        response: { 200: staffReturnListResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: { returns: await service.returnQueue(db, request.query.view) },
    }),
  );

  app.get(
    '/returns/:id',
    {
      schema: {
        ...apiDoc('getReturn', 'One return, with its lines, photos, refund destination and timeline (staff)', 404),
        tags: staffTags,
        params: returnIdParams,
        response: { 200: staffReturnResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.staffReturn(db, request.params.id) }),
  );

  app.post(
    '/returns/:id/decision',
    {
      schema: {
        ...apiDoc('decideReturn', 'Approve a return, or reject it with a reason (staff)', 404, 409),
        tags: staffTags,
        params: returnIdParams,
        body: returnDecisionBody,
        response: { 200: staffReturnResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.body.decision === 'approve' ? 'Return approved' : 'Return rejected',
      data: await service.decideReturn(db, signedInUser(request).id, request.params.id, request.body),
    }),
  );

  app.post(
    '/returns/:id/pickup',
    {
      schema: {
        ...apiDoc('scheduleReturnPickup', "Record the reverse pickup's courier and AWB number (staff)", 404, 409),
        tags: staffTags,
        params: returnIdParams,
        body: returnPickupBody,
        response: { 200: staffReturnResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Pickup recorded',
      data: await service.schedulePickup(db, signedInUser(request).id, request.params.id, request.body),
    }),
  );

  app.post(
    '/returns/:id/received',
    {
      schema: {
        ...apiDoc('markReturnReceived', "Mark a return's items received at the shop (staff)", 404, 409),
        tags: staffTags,
        params: returnIdParams,
        response: { 200: staffReturnResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Marked received',
      data: await service.markReceived(db, signedInUser(request).id, request.params.id),
    }),
  );

  app.post(
    '/returns/:id/inspection',
    {
      schema: {
        ...apiDoc(
          'inspectReturn',
          'Record each returned line back to stock (restocked at once) or written off (staff)',
          404,
          409,
        ),
        tags: staffTags,
        params: returnIdParams,
        body: returnInspectionBody,
        response: { 200: staffReturnResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Inspection recorded',
      data: await service.inspectReturn(db, signedInUser(request).id, request.params.id, request.body.lines),
    }),
  );

  app.post(
    '/returns/:id/refund',
    {
      schema: {
        ...apiDoc(
          'refundReturn',
          "Refund an inspected return: online orders through the payment provider; cash orders recorded with the transfer's reference (staff)",
          404,
          409,
          502,
        ),
        tags: staffTags,
        params: returnIdParams,
        body: returnRefundBody,
        response: { 200: staffReturnResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Refunded',
      data: await refundReturn(db, gateway, signedInUser(request).id, request.params.id, request.body.reference),
    }),
  );

  app.post(
    '/returns/:id/exchange',
    {
      schema: {
        ...apiDoc('exchangeReturn', 'Send the other size asked for instead of a refund (staff)', 404, 409),
        tags: staffTags,
        params: returnIdParams,
        response: { 200: staffReturnResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Exchange recorded',
      data: await service.exchangeReturn(db, signedInUser(request).id, request.params.id),
    }),
  );

  app.get(
    '/returns/:id/credit-note',
    {
      schema: {
        ...apiDoc('getReturnCreditNote', "A refunded return's credit note, as PDF (staff)", 404),
        tags: staffTags,
        params: returnIdParams,
      },
    },
    async (request, reply) => sendPdf(reply, await service.returnCreditNote(db, request.params.id, null)),
  );

  app.get(
    '/return-stats',
    {
      schema: {
        ...apiDoc('getReturnStats', 'Return rate by reason: returns asked of orders delivered in the period (staff)'),
        tags: staffTags,
        querystring: returnStatsQuery,
        response: { 200: returnStatsResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.returnStats(db, request.query.days) }),
  );
};

export const returnRoutes = fp(returnRoutesPlugin, {
  name: 'return-routes',
  dependencies: ['database', 'authenticate'],
  encapsulate: true,
});

export const adminReturnRoutes = fp(adminReturnRoutesPlugin, {
  name: 'admin-return-routes',
  dependencies: ['database', 'authenticate'],
  encapsulate: true,
});
