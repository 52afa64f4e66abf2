import fp from 'fastify-plugin';
import fs from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminProductDetailResponse,
  adminProductIdParams,
  adminProductListQuery,
  adminProductListResponse,
  lowStockQuery,
  lowStockResponse,
  productCreateBody,
  productIdParams,
  productPhotosBody,
  productResponse,
  productUpdateBody,
  productVisibilityBody,
  stockChangesBody,
  stockChangesResponse,
  UPLOAD_MAX_BYTES,
  uploadedImageResponse,
  variantGridBody,
} from '@shop/core';
import { AppError, badRequest, notFound, serviceBusy } from '../../lib/errors.ts';
import { guardRoutes, signedInUser } from '../../plugins/authenticate.ts';
import type { ResponseCache } from '../../plugins/response-cache.ts';
import * as staff from './admin-catalog.service.ts';
import * as products from './product-writes.ts';
import * as grid from './variant-grid.ts';
import type { StaffMail } from './variant-grid.ts';
import { imageTooLarge, makeMissingVariant, storedImage, storeImage, takeUploadPlace } from './image-store.ts';
import { apiDoc } from '../../lib/api-doc.ts';

const tags = ['staff'];

/** Staff product management under /api/admin (admin only). */
const adminCatalogRoutesPlugin: FastifyPluginAsyncZod<{ uploadsDir: string | null; mail?: StaffMail }> = async (
  app,
  { uploadsDir, mail = { staffOrderEmail: null } },
) => {
  guardRoutes(app, app.authenticate, app.requireAdmin);
  // Multipart bodies are parsed here only: no other route accepts them. One file, a few
  // small fields at most, so a request can never hold more than the image limit.
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });
  const { db } = app;

  app.get(
    '/products',
    {
      schema: {
        ...apiDoc('listStaffProducts', 'Every product, hidden ones too, with stock (staff)'),
        tags,
        querystring: adminProductListQuery,
        response: { 200: adminProductListResponse },
      },
    },
    async ({ query }) => ({ success: true as const, data: await staff.listProducts(db, query) }),
  );
  // Static, so it is matched before `/products/:id/...` could be.
  app.patch(
    '/products/stock',
    {
      schema: {
        ...apiDoc('changeStock', 'Set or adjust the stock of sizes (staff)', 404),
        tags,
        body: stockChangesBody,
        response: { 200: stockChangesResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Stock updated',
      data: await staff.changeStock(db, request.body, signedInUser(request).id, mail),
    }),
  );
  app.get(
    '/products/:id',
    {
      schema: {
        ...apiDoc('getStaffProduct', 'One product with its stock and history (staff)', 404),
        tags,
        params: adminProductIdParams,
        response: { 200: adminProductDetailResponse },
      },
    },
    async ({ params }) => ({ success: true as const, data: await staff.getProductDetail(db, params.id) }),
  );
  app.patch(
    '/products/:id/visibility',
    {
      schema: {
        ...apiDoc('setProductVisibility', 'Show or hide a product in the shop (staff)', 404),
        tags,
        params: adminProductIdParams,
        body: productVisibilityBody,
        response: { 200: adminProductDetailResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.body.isActive ? 'Product shown in the shop' : 'Product hidden from the shop',
      data: await staff.setVisibility(db, request.params.id, request.body.isActive, signedInUser(request).id),
    }),
  );
  app.put(
    '/products/:id/variants',
    {
      schema: {
        ...apiDoc(
          'saveVariantGrid',
          "Save a product's colours, sizes and every variant's SKU, stock and price (staff)",
          404,
          409,
        ),
        tags,
        params: adminProductIdParams,
        body: variantGridBody,
        response: { 200: adminProductDetailResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Variants saved',
      data: await grid.saveVariantGrid(db, request.params.id, request.body, signedInUser(request).id, mail),
    }),
  );
  app.put(
    '/products/:id/photos',
    {
      schema: {
        ...apiDoc('saveProductPhotos', "Order a product's photos and give each its colour (staff)", 404),
        tags,
        params: adminProductIdParams,
        body: productPhotosBody,
        response: { 200: adminProductDetailResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Photos saved',
      data: await grid.saveProductPhotos(db, request.params.id, request.body, signedInUser(request).id),
    }),
  );
  app.get(
    '/low-stock',
    {
      schema: {
        ...apiDoc('listLowStock', 'Variants at or below their low-stock threshold (staff)'),
        tags,
        querystring: lowStockQuery,
        response: { 200: lowStockResponse },
      },
    },
    async ({ query }) => ({ success: true as const, data: await staff.lowStock(db, query.threshold, query.limit) }),
  );

  app.post(
    '/uploads',
    {
      schema: {
        ...apiDoc('uploadProductImage', 'Upload a product image (staff)'),
        tags,
        consumes: ['multipart/form-data'],
        response: { 201: uploadedImageResponse },
      },
    },
    async (request, reply) => {
      if (!uploadsDir) {
        throw new AppError(503, 'UPLOADS_DISABLED', 'Image uploads are not set up on this server.');
      }
      if (!request.isMultipart()) {
        throw new AppError(415, 'NOT_MULTIPART', 'Send the image as multipart/form-data, in the field "image".');
      }
      // A place in the queue first: when it is full the answer is 503 at once, the body unread.
      const givePlaceBack = takeUploadPlace();
      // A request given up (the connection closed before the answer) leaves the queue unworked.
      const givenUp = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableFinished) givenUp.abort(serviceBusy());
      };
      reply.raw.once('close', onClose);
      let url: string;
      try {
        url = await storeImage(uploadsDir, await uploadedBytes(request), givenUp.signal);
      } finally {
        reply.raw.off('close', onClose);
        givePlaceBack();
      }
      return reply.status(201).send({ success: true as const, message: 'Image uploaded', data: { url } });
    },
  );
};

/**
 * The bytes of the one file in the field `image`. Whatever goes wrong while reading the
 * multipart body (a missing boundary, a cut-off part, too many parts) is the client's
 * doing: a 400, or a 413 for a file over the limit, never a 500.
 */
async function uploadedBytes(request: FastifyRequest): Promise<Buffer> {
  try {
    const part = await request.file();
    if (!part || part.fieldname !== 'image') {
      throw badRequest('IMAGE_REQUIRED', 'Send one image file in the field "image".');
    }
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge();
    throw badRequest(
      'MALFORMED_UPLOAD',
      'The upload could not be read: send one image as multipart/form-data in the field "image".',
    );
  }
}

/**
 * Uploaded product images, served from the uploads folder. A stored file never changes (a new
 * upload gets a new name), so clients may keep it for a year without asking again.
 */
const uploadedImageRoutesPlugin: FastifyPluginAsyncZod<{ uploadsDir: string | null }> = async (app, { uploadsDir }) => {
  app.get(
    '/uploads/:file',
    { schema: { hide: true, params: z.object({ file: z.string().max(120) }) } },
    async ({ params }, reply) => {
      const image = uploadsDir ? storedImage(uploadsDir, params.file) : null;
      let file = image && (await fs.open(image.path, 'r').catch(() => null));
      if (image && !file && (await makeMissingVariant(uploadsDir!, params.file))) {
        file = await fs.open(image.path, 'r').catch(() => null);
      }
      if (!image || !file) throw notFound('IMAGE_NOT_FOUND', 'Image not found');
      const { size } = await file.stat().catch(async (error: unknown) => {
        await file.close();
        throw error;
      });
      return reply
        .header('content-type', image.type)
        .header('content-length', size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(file.createReadStream());
    },
  );
};

/**
 * Staff create and edit products where the spec puts them (under /api, admin only), clearing
 * the catalogue reads' cache once a write succeeds. The spec's client sends no token on
 * update; the server refuses it all the same.
 */
const productWriteRoutesPlugin: FastifyPluginAsyncZod<{ catalogueCache: ResponseCache }> = async (
  app,
  { catalogueCache },
) => {
  const { db } = app;
  const guards = { onRequest: [app.authenticate, app.requireAdmin] };
  app.addHook('onResponse', async (_request, reply) => {
    if (reply.statusCode < 300) catalogueCache.clear();
  });

  app.post(
    '/product/create',
    {
      ...guards,
      schema: {
        ...apiDoc('createProduct', 'Add a product to the catalogue'),
        tags: ['catalogue'],
        body: productCreateBody,
        response: { 201: productResponse },
      },
    },
    async (request, reply) => {
      const product = await products.createProduct(db, request.body, signedInUser(request).id);
      return reply.status(201).send({ success: true as const, message: 'Product created', data: product });
    },
  );
  app.patch(
    '/product/update/:id',
    {
      ...guards,
      schema: {
        ...apiDoc('updateProduct', 'Change a product', 404),
        tags: ['catalogue'],
        params: productIdParams,
        body: productUpdateBody,
        response: { 200: productResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Product updated',
      data: await products.updateProduct(db, request.params.id, request.body, signedInUser(request).id),
    }),
  );
};

export const productWriteRoutes = fp(productWriteRoutesPlugin, {
  name: 'product-write-routes',
  dependencies: ['database', 'authenticate'],
  encapsulate: true,
});

export const adminCatalogRoutes = fp(adminCatalogRoutesPlugin, {
  name: 'admin-catalog-routes',
  dependencies: ['database', 'authenticate'],
  encapsulate: true,
});

export const uploadedImageRoutes = fp(uploadedImageRoutesPlugin, {
  name: 'uploaded-image-routes',
  dependencies: [],
  encapsulate: true,
});
