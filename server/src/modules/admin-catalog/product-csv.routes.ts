import { Readable } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PRODUCT_CSV_MAX_BYTES, productImportBody, productImportResponse } from '@shop/core';
import { guardRoutes, signedInUser } from '../../plugins/authenticate.ts';
import { apiDoc } from '../../lib/api-doc.ts';
import * as csv from './product-csv.ts';
import type { StaffMail } from './variant-grid.ts';

const tags = ['staff'];

// The file travels as a JSON string: escaped quotes and line breaks may double its size.
const importBodyLimit = 2 * PRODUCT_CSV_MAX_BYTES + 1024;

/** Staff CSV export and import of products with their variants, under /api/admin (admin only). */
const productCsvRoutesPlugin: FastifyPluginAsyncZod<{ mail?: StaffMail }> = async (
  app,
  { mail = { staffOrderEmail: null } },
) => {
  guardRoutes(app, app.authenticate, app.requireAdmin);
  const { db } = app;

  app.get(
    '/products/export.csv',
    {
      schema: {
        ...apiDoc('exportProductsCsv', 'Every product with its variants, as CSV: a row per variant (staff)'),
        tags,
      },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.exportFileName()}"`)
        .header('cache-control', 'private, no-store')
        .send(Readable.from(csv.exportProductsCsv(db))),
  );
  app.post(
    '/products/import/preview',
    {
      bodyLimit: importBodyLimit,
      schema: {
        ...apiDoc(
          'previewProductImport',
          'What a CSV import would create and change, or every problem by line; writes nothing (staff)',
        ),
        tags,
        body: productImportBody,
        response: { 200: productImportResponse },
      },
    },
    async (request) => ({ success: true as const, data: await csv.previewProductImport(db, request.body.csv) }),
  );
  app.post(
    '/products/import',
    {
      bodyLimit: importBodyLimit,
      schema: {
        ...apiDoc(
          'importProducts',
          'Import a CSV of products: checked whole, then written in one transaction (staff)',
          409,
        ),
        tags,
        body: productImportBody,
        response: { 200: productImportResponse },
      },
    },
    async (request) => {
      const summary = await csv.applyProductImport(db, request.body.csv, signedInUser(request).id, { mail });
      return {
        success: true as const,
        message: `Imported: ${summary.created} created, ${summary.updated} updated, ${summary.unchanged} unchanged`,
        data: summary,
      };
    },
  );
};

export const productCsvRoutes = fp(productCsvRoutesPlugin, {
  name: 'product-csv-routes',
  dependencies: ['database', 'authenticate'],
  encapsulate: true,
});
