import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoryTaxBody,
  categoryTaxParams,
  orderIdParams,
  sellerDetailsBody,
  taxSettingsResponse,
  type TaxDocumentKind,
} from '@shop/core';
import type { FastifyReply } from 'fastify';
import { signedInUser } from '../../plugins/authenticate.ts';
import * as invoices from './invoices.service.ts';
import { setCategoryTax } from '../category-taxes/category-taxes.service.ts';

const tags = ['invoices'];
/** Each document's path, by the kind it serves. */
const documentPaths: [string, TaxDocumentKind][] = [
  ['invoice', 'invoice'],
  ['credit-note', 'credit_note'],
];

function sendPdf(reply: FastifyReply, file: invoices.DocumentFile) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(file.pdf);
}

/** A shopper's tax invoice and credit note of their own order, as PDF. */
const invoiceRoutesPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.addHook('onRequest', app.authenticate);
  for (const [path, kind] of documentPaths) {
    app.get(`/order/:id/${path}`, { schema: { tags, params: orderIdParams } }, async (request, reply) =>
      sendPdf(reply, await invoices.ownDocumentPdf(db, signedInUser(request).id, request.params.id, kind)),
    );
  }
};

/** Staff: any order's documents, and the seller's details and category taxes they print. Under /api/admin. */
const adminInvoiceRoutesPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin);
  for (const [path, kind] of documentPaths) {
    app.get(`/orders/:id/${path}`, { schema: { tags, params: orderIdParams } }, async (request, reply) =>
      sendPdf(reply, await invoices.documentPdf(db, request.params.id, kind)),
    );
  }

  app.get('/tax-settings', { schema: { tags, response: { 200: taxSettingsResponse } } }, async () => ({
    success: true as const,
    data: await invoices.taxSettings(db),
  }));

  app.put(
    '/tax-settings/seller',
    { schema: { tags, body: sellerDetailsBody, response: { 200: taxSettingsResponse } } },
    async (request) => ({
      success: true as const,
      message: 'Seller details saved',
      data: await invoices.updateSeller(db, request.body),
    }),
  );

  app.put(
    '/tax-settings/categories/:id',
    { schema: { tags, params: categoryTaxParams, body: categoryTaxBody, response: { 200: taxSettingsResponse } } },
    async (request) => {
      await setCategoryTax(db, request.params.id, request.body);
      return { success: true as const, message: 'Category tax saved', data: await invoices.taxSettings(db) };
    },
  );
};

export const invoiceRoutes = fp(invoiceRoutesPlugin, {
  name: 'invoice-routes',
  dependencies: ['database', 'authenticate'],
  encapsulate: true,
});

export const adminInvoiceRoutes = fp(adminInvoiceRoutesPlugin, {
  name: 'admin-invoice-routes',
  dependencies: ['database', 'authenticate'],
  encapsulate: true,
});
