import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  complaintActionBody,
  complaintActionParams,
  complaintBody,
  complaintCreatedResponse,
  complaintDetailResponse,
  complaintIdParams,
  complaintQueueQuery,
  complaintQueueResponse,
  complaintTicketResponse,
  sellerContactBody,
  sellerContactResponse,
  sellerPageResponse,
  ticketParams,
  ticketQuery,
} from '@shop/core';
import type { AttemptLimiter } from '../../lib/attempt-limiter.ts';
import { apiDoc } from '../../lib/api-doc.ts';
import { guardRoutes, signedInUser } from '../../plugins/authenticate.ts';
import { sellerContact, sellerPage, updateSellerContact } from '../invoices/seller-page.ts';
import * as grievances from './grievances.service.ts';

const tags = ['grievances'];

/**
 * The shopper who files a complaint, if signed in. A complaint never needs an account: a
 * token that no longer holds (signed out elsewhere, expired) files it as anyone's.
 */
async function complainingUser(
  app: { authenticate: (request: FastifyRequest) => Promise<void> },
  request: FastifyRequest,
) {
  if (!request.headers.authorization) return null;
  try {
    await app.authenticate(request);
    return request.user?.id ?? null;
  } catch {
    return null;
  }
}

/** Public: the seller page, filing a complaint, and following it from its link. */
const grievanceRoutesPlugin: FastifyPluginAsyncZod<{ limiter: AttemptLimiter }> = async (app, { limiter }) => {
  const { db } = app;

  app.get(
    '/seller',
    {
      schema: {
        ...apiDoc('getSellerPage', 'Who sells: legal name, addresses, GSTIN, contact and grievance officer'),
        tags,
        response: { 200: sellerPageResponse },
      },
    },
    async () => ({ success: true as const, data: await sellerPage(db) }),
  );

  app.post(
    '/complaints',
    {
      schema: {
        ...apiDoc('fileComplaint', 'File a complaint with the grievance officer (signed in or not)', 429),
        tags,
        body: complaintBody,
        response: { 201: complaintCreatedResponse },
      },
    },
    async (request, reply) => {
      const userId = await complainingUser(app, request);
      const created = await grievances.fileComplaint(db, limiter, { ip: request.ip, userId }, request.body);
      return reply.code(201).send({
        success: true as const,
        message: `Complaint received. Your ticket number is ${created.ticket.ticketNumber}.`,
        data: created,
      });
    },
  );

  app.get(
    '/complaints/:ticket',
    {
      schema: {
        ...apiDoc('getComplaintTicket', 'A complaint as its emailed link opens it (ticket number and key)', 404),
        tags,
        params: ticketParams,
        querystring: ticketQuery,
        response: { 200: complaintTicketResponse },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return {
        success: true as const,
        data: await grievances.ticketByLink(db, request.params.ticket, request.query.key),
      };
    },
  );
};

/** Staff (under /api/admin): the complaint queue and its steps, and the seller page's contact details. */
const adminGrievanceRoutesPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  guardRoutes(app, app.authenticate, app.requireAdmin);

  app.get(
    '/complaints',
    {
      schema: {
        ...apiDoc('listComplaints', 'The complaint queue: each complaint’s age and deadlines (staff)'),
        tags,
        querystring: complaintQueueQuery,
        response: { 200: complaintQueueResponse },
      },
    },
    async (request) => ({ success: true as const, data: await grievances.complaintQueue(db, request.query) }),
  );

  app.get(
    '/complaints/:id',
    {
      schema: {
        ...apiDoc('getComplaint', 'One complaint and its thread (staff)', 404),
        tags,
        params: complaintIdParams,
        response: { 200: complaintDetailResponse },
      },
    },
    async (request) => ({ success: true as const, data: await grievances.complaintDetail(db, request.params.id) }),
  );

  app.post(
    '/complaints/:id/:action',
    {
      schema: {
        ...apiDoc(
          'takeComplaintStep',
          'Acknowledge, reply to or resolve a complaint; emails the shopper (staff)',
          404,
          409,
        ),
        tags,
        params: complaintActionParams,
        body: complaintActionBody,
        response: { 200: complaintDetailResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Sent to the shopper',
      data: await grievances.takeComplaintStep(
        db,
        signedInUser(request).id,
        request.params.id,
        request.params.action,
        request.body.message,
      ),
    }),
  );

  app.get(
    '/seller-contact',
    {
      schema: {
        ...apiDoc('getSellerContact', 'The seller page’s contact and the grievance officer (staff)'),
        tags,
        response: { 200: sellerContactResponse },
      },
    },
    async () => ({ success: true as const, data: await sellerContact(db) }),
  );

  app.put(
    '/seller-contact',
    {
      schema: {
        ...apiDoc('updateSellerContact', 'Change the seller page’s contact and the grievance officer (staff)'),
        tags,
        body: sellerContactBody,
        response: { 200: sellerContactResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Seller page saved',
      data: await updateSellerContact(db, request.body),
    }),
  );
};

export const grievanceRoutes = fp(grievanceRoutesPlugin, {
  name: 'grievance-routes',
  dependencies: ['database', 'authenticate'],
  encapsulate: true,
});

export const adminGrievanceRoutes = fp(adminGrievanceRoutesPlugin, {
  name: 'admin-grievance-routes',
  dependencies: ['database', 'authenticate'],
  encapsulate: true,
});
