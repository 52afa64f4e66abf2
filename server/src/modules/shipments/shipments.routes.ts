import { createHmac, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  courierListResponse,
  courierParams,
  courierTemplateBody,
  deliveryProblemListResponse,
  markShippedBody,
  orderIdParams,
  orderShipmentParams,
  pinReturnsListResponse,
  reattemptBody,
  rtoRatesResponse,
  shipmentCsvBody,
  shipmentIdParams,
  shipmentImportResponse,
  shipmentListResponse,
  shipmentResponse,
  shipmentSettingsBody,
  shipmentSettingsResponse,
  shipmentWebhookBody,
  shipmentWebhookResponse,
  staffOrderShipmentResponse,
  staffShipmentEventBody,
} from '@shop/core';
import { apiDoc } from '../../lib/api-doc.ts';
import { AppError, badRequest, invalidInput } from '../../lib/errors.ts';
import { guardRoutes, signedInUser } from '../../plugins/authenticate.ts';
import type { OrderPayments } from '../orders/order-payments.ts';
import * as service from './shipments.service.ts';

interface ShipmentRoutesOptions {
  payments: OrderPayments;
}

/** The header carrying the webhook's signature: hex HMAC-SHA256 of the raw body. */
export const SHIPMENT_SIGNATURE_HEADER = 'x-shipment-signature';

export function shipmentSignature(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

function validSignature(secret: string, rawBody: string, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(shipmentSignature(secret, rawBody), 'utf8');
  const received = Buffer.from(signature.trim().toLowerCase(), 'utf8');
  return expected.length === received.length && timingSafeEqual(expected, received);
}

/** The shopper's parcels: their timelines, and a request for another attempt. */
const shopperShipments: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tags = ['orders'];
  guardRoutes(app, app.authenticate);

  app.get(
    '/order/shipments',
    {
      schema: {
        ...apiDoc(
          'listMyShipments',
          "The parcels of the shopper's orders, each with its AWB, tracking link and timeline",
        ),
        tags,
        response: { 200: shipmentListResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: { shipments: await service.shipmentsOf(db, signedInUser(request).id) },
    }),
  );

  app.post(
    '/order/:id/shipment/reattempt',
    {
      schema: {
        ...apiDoc('requestDeliveryReattempt', 'Ask for another delivery attempt after a failed one', 404, 409),
        tags,
        params: orderShipmentParams,
        body: reattemptBody,
        response: { 200: shipmentResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'We have asked the courier to try again.',
      data: await service.requestReattempt(db, signedInUser(request).id, request.params.id, request.body.phone ?? null),
    }),
  );
};

/**
 * The couriers' webhook. Its signature covers the exact bytes sent, so this scope keeps the
 * raw body as text and checks the signature before reading it. Off (503) without a secret.
 */
const shipmentWebhook: FastifyPluginAsyncZod<ShipmentRoutesOptions & { webhookSecret: string | null }> = async (
  app,
  { payments, webhookSecret },
) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(
    '/shipments/events',
    {
      schema: {
        ...apiDoc(
          'receiveShipmentEvent',
          "A courier's or aggregator's parcel event, signed: X-Shipment-Signature is the hex HMAC-SHA256 of the raw body with the shared secret. Idempotent by eventId",
        ),
        description:
          'The body is the JSON of `ShipmentWebhookBody`: `eventId`, `awb`, `kind` (in_transit, out_for_delivery, delivery_failed, delivered, rto_initiated, rto_delivered), `reason`, `location`, `occurredAt` (ISO 8601 with offset). ' +
          'Answers `duplicate` for an eventId already taken, `ignored` for an AWB the shop does not know or an event its parcel has gone past. 400 INVALID_SIGNATURE for a missing or wrong signature; 503 SHIPMENT_WEBHOOK_OFF while no secret is set.',
        tags: ['shipments'],
        body: shipmentWebhookBody,
        response: { 200: shipmentWebhookResponse },
      },
      // The body is read here (after the signature), not by the route's schema.
      validatorCompiler: () => () => true,
    },
    async (request) => {
      if (!webhookSecret) {
        throw new AppError(503, 'SHIPMENT_WEBHOOK_OFF', 'The shipment webhook is not set up on this shop.');
      }
      const raw = typeof request.body === 'string' ? request.body : '';
      const header = request.headers[SHIPMENT_SIGNATURE_HEADER];
      if (!validSignature(webhookSecret, raw, typeof header === 'string' ? header : undefined)) {
        throw new AppError(400, 'INVALID_SIGNATURE', 'Invalid webhook signature');
      }
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        throw badRequest('INVALID_WEBHOOK', 'The webhook body is not JSON.');
      }
      const parsed = shipmentWebhookBody.safeParse(json);
      if (!parsed.success) {
        throw invalidInput(
          'body',
          parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
        );
      }
      return { success: true as const, data: await service.receiveWebhookEvent(app.db, payments, parsed.data) };
    },
  );
};

const shipmentRoutesPlugin: FastifyPluginAsyncZod<ShipmentRoutesOptions & { webhookSecret: string | null }> = async (
  app,
  options,
) => {
  await app.register(shopperShipments);
  await app.register(shipmentWebhook, options);
};

/** Staff (admin only, under /api/admin): ship orders, record parcel events, follow problems, settings. */
const adminShipmentRoutesPlugin: FastifyPluginAsyncZod<ShipmentRoutesOptions> = async (app, { payments }) => {
  const { db } = app;
  const tags = ['admin'];
  guardRoutes(app, app.authenticate, app.requireAdmin);
  // A CSV file may come as it is (`curl -T statuses.csv`): read as the body's `csv`.
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string', bodyLimit: 2_100_000 }, (_r, body, done) =>
    done(null, { csv: body }),
  );

  app.post(
    '/orders/:id/shipment',
    {
      schema: {
        ...apiDoc('markOrderShipped', 'Mark an order shipped with its courier and AWB number (staff)', 404, 409),
        tags,
        params: orderIdParams,
        body: markShippedBody,
        response: { 200: shipmentResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Order marked shipped',
      data: await service.markShipped(db, signedInUser(request).id, request.params.id, request.body),
    }),
  );

  app.get(
    '/orders/:id/shipment',
    {
      schema: {
        ...apiDoc('getOrderShipment', "An order's parcel and its timeline; null before it ships (staff)"),
        tags,
        params: orderIdParams,
        response: { 200: staffOrderShipmentResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.shipmentOfOrder(db, request.params.id) }),
  );

  app.post(
    '/shipments/:id/events',
    {
      schema: {
        ...apiDoc('recordShipmentEvent', 'Record what the courier reported about a parcel (staff)', 404, 409),
        tags,
        params: shipmentIdParams,
        body: staffShipmentEventBody,
        response: { 200: shipmentResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Parcel updated',
      data: await service.recordStaffEvent(db, payments, signedInUser(request).id, request.params.id, request.body),
    }),
  );

  app.post(
    '/shipments/import',
    {
      schema: {
        ...apiDoc(
          'importShipmentStatuses',
          "Apply a CSV of AWB statuses, the aggregator's export (text/csv, or JSON { csv }); bad lines are reported (staff)",
        ),
        tags,
        body: shipmentCsvBody,
        response: { 200: shipmentImportResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.importCsv(db, payments, signedInUser(request).id, request.body.csv),
    }),
  );

  app.get(
    '/delivery-problems',
    {
      schema: {
        ...apiDoc(
          'listDeliveryProblems',
          'Parcels whose delivery failed or that are coming back, oldest first (staff)',
        ),
        tags,
        response: { 200: deliveryProblemListResponse },
      },
    },
    async () => ({ success: true as const, data: { problems: await service.deliveryProblems(db) } }),
  );

  app.get(
    '/couriers',
    {
      schema: {
        ...apiDoc('listCouriers', 'The couriers and their tracking-link templates (staff)'),
        tags,
        response: { 200: courierListResponse },
      },
    },
    async () => ({ success: true as const, data: { couriers: await service.courierSettings(db) } }),
  );

  app.put(
    '/couriers/:courier',
    {
      schema: {
        ...apiDoc('setCourierTrackingLink', "Change a courier's tracking-link template (staff)"),
        tags,
        params: courierParams,
        body: courierTemplateBody,
        response: { 200: courierListResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Tracking link saved',
      data: {
        couriers: await service.setCourierTemplate(
          db,
          signedInUser(request).id,
          request.params.courier,
          request.body.trackingUrlTemplate,
        ),
      },
    }),
  );

  app.get(
    '/shipment-settings',
    {
      schema: {
        ...apiDoc(
          'getShipmentSettings',
          'Delivery attempts and the return-to-origin rule for cash on delivery (staff)',
        ),
        tags,
        response: { 200: shipmentSettingsResponse },
      },
    },
    async () => ({ success: true as const, data: await service.shipmentSettings(db) }),
  );

  app.put(
    '/shipment-settings',
    {
      schema: {
        ...apiDoc('updateShipmentSettings', 'Change delivery attempts and the return-to-origin rule (staff)'),
        tags,
        body: shipmentSettingsBody,
        response: { 200: shipmentSettingsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Settings saved',
      data: await service.updateShipmentSettings(db, signedInUser(request).id, request.body),
    }),
  );

  app.get(
    '/returns-by-pin',
    {
      schema: {
        ...apiDoc(
          'listReturnsByPin',
          'Returns to origin per PIN code, and where they turn cash on delivery off (staff)',
        ),
        tags,
        response: { 200: pinReturnsListResponse },
      },
    },
    async () => ({ success: true as const, data: { pins: await service.returnsByPin(db) } }),
  );

  app.get(
    '/rto-by-pin',
    {
      schema: {
        ...apiDoc('listRtoRatesByPin', 'Parcels shipped and returned to origin per PIN code, last 30 days (staff)'),
        tags,
        response: { 200: rtoRatesResponse },
      },
    },
    async () => ({ success: true as const, data: await service.rtoRatesSince(db) }),
  );
};

export const shipmentRoutes = fp(shipmentRoutesPlugin, {
  name: 'shipment-routes',
  dependencies: ['database', 'authenticate'],
  encapsulate: true,
});

export const adminShipmentRoutes = fp(adminShipmentRoutesPlugin, {
  name: 'admin-shipment-routes',
  dependencies: ['database', 'authenticate'],
  encapsulate: true,
});
