import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminMessageDetailResponse,
  adminMessageIdParams,
  adminMessageListQuery,
  adminMessageListResponse,
} from '@shop/core';
import { z } from 'zod';
import { guardRoutes, signedInUser } from '../../plugins/authenticate.ts';
import * as service from './messages.service.ts';
import { apiDoc } from '../../lib/api-doc.ts';

const tags = ['admin'];
/** The call takes no body; an empty one (as fetch sends with a JSON content type) is fine. */
const noBody = z.object({}).strict().nullish();

/** The shop's messages for staff, under /api/admin (admin only): the outbox, and sending again. */
const adminMessageRoutesPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  guardRoutes(app, app.authenticate, app.requireAdmin);

  app.get(
    '/messages',
    {
      schema: {
        ...apiDoc('listMessages', 'Emails the shop sent or is sending (staff)'),
        tags,
        querystring: adminMessageListQuery,
        response: { 200: adminMessageListResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.listMessages(db, request.query) }),
  );

  app.get(
    '/messages/:id',
    {
      schema: {
        ...apiDoc('getMessage', 'One email with its attempts (staff)', 404),
        tags,
        params: adminMessageIdParams,
        response: { 200: adminMessageDetailResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.messageDetail(db, request.params.id) }),
  );

  app.post(
    '/messages/:id/resend',
    {
      schema: {
        ...apiDoc('resendMessage', 'Send an email again (staff)', 404, 409),
        tags,
        params: adminMessageIdParams,
        body: noBody,
        response: { 201: adminMessageDetailResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        success: true as const,
        message: 'Message queued to be sent again',
        data: await service.resendMessage(db, signedInUser(request).id, request.params.id),
      }),
  );
};

export const adminMessageRoutes = fp(adminMessageRoutesPlugin, {
  name: 'admin-message-routes',
  dependencies: ['database', 'authenticate'],
  encapsulate: true,
});
