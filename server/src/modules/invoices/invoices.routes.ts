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
import { guardRoutes, signedInUser } from '../../plugins/authenticate.ts';
import * as invoices from './invoices.service.ts';
import { setCategoryTax } from '../category-taxes/category-taxes.service.ts';
import { apiDoc } from '../../lib/api-doc.ts';

const tags = ['invoices'];
/** Each document's path, by the kind it serves. */
const documentPaths: [string, TaxDocumentKind][] = [
  ['invoice', 'invoice'],
  ['credit-note', 'credit_note'],
];
/** The description of each document's route, for the shopper's own order and for staff. */
const docs = {
  own: {
    invoice: apiDoc('getOwnInvoice', "The tax invoice of one of the shopper's orders, as PDF", 404),
    credit_note: apiDoc('getOwnCreditNote', "The credit note of one of the shopper's orders, as PDF", 404),
  },
  staff: {
    invoice: apiDoc('getStaffInvoice', 'The tax invoice of any order, as PDF (staff)', 404),
    credit_note: apiDoc('getStaffCreditNote', 'The credit note of any order, as PDF (staff)', 404),
  },
} satisfies Record<string, Record<TaxDocumentKind, ReturnType<typeof apiDoc>>>;

export function sendPdf(reply: FastifyReply, file: invoices.DocumentFile) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(file.pdf);
}

/** A shopper's tax invoice and credit note of their own order, as PDF. */
const invoiceRoutesPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  guardRoutes(app, app.authenticate);
  for (const [path, kind] of documentPaths) {
    app.get(
      `/order/:id/${path}`,
      { schema: { ...docs.own[kind], tags, params: orderIdParams } },
      async (request, reply) =>
        sendPdf(reply, await invoices.ownDocumentPdf(db, signedInUser(request).id, request.params.id, kind)),
    );
  }
};

/** Staff: any order's documents, and the seller's details and category taxes they print. Under /api/admin. */
const adminInvoiceRoutesPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  guardRoutes(app, app.authenticate, app.requireAdmin);
  for (const [path, kind] of documentPaths) {
    app.get(
      `/orders/:id/${path}`,
      { schema: { ...docs.staff[kind], tags, params: orderIdParams } },
      async (request, reply) => sendPdf(reply, await invoices.documentPdf(db, request.params.id, kind)),
    );
  }

  app.get(
    '/tax-settings',
    {
      schema: {
        ...apiDoc('getTaxSettings', 'The seller details and category taxes invoices print (staff)'),
        tags,
        response: { 200: taxSettingsResponse },
      },
    },
    async () => ({
      success: true as const,
      data: await invoices.taxSettings(db),
    }),
  );

  app.put(
    '/tax-settings/seller',
    {
      schema: {
        ...apiDoc('updateSellerDetails', 'Change the seller details invoices print (staff)'),
        tags,
        body: sellerDetailsBody,
        response: { 200: taxSettingsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Seller details saved',
      data: await invoices.updateSeller(db, request.body),
    }),
  );

  app.put(
    '/tax-settings/categories/:id',
    {
      schema: {
        ...apiDoc('updateCategoryTax', 'Change the tax of a category (staff)', 404),
        tags,
        params: categoryTaxParams,
        body: categoryTaxBody,
        response: { 200: taxSettingsResponse },
      },
    },
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
