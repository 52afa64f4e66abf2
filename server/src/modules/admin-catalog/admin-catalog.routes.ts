import fp from 'fastify-plugin';
import fs from 'node:fs/promises';
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
  uploadedImageResponse,
  variantGridBody,
} from '@shop/core';
import { notFound } from '../../lib/errors.ts';
import { guardRoutes, signedInUser } from '../../plugins/authenticate.ts';
import type { ResponseCache } from '../../plugins/response-cache.ts';
import * as staff from './admin-catalog.service.ts';
import * as products from './product-writes.ts';
import * as grid from './variant-grid.ts';
import type { StaffMail } from './variant-grid.ts';
import { makeMissingVariant, storedImage } from './image-store.ts';
import { acceptImageUploads, receiveImage } from './image-upload.ts';
import { apiDoc } from '../../lib/api-doc.ts';

const tags = ['staff'];

/** Staff product management under /api/admin (admin only). */
const adminCatalogRoutesPlugin: FastifyPluginAsyncZod<{ uploadsDir: string | null; mail?: StaffMail }> = async (
  app,
  { uploadsDir, mail = { staffOrderEmail: null } },
) => {
  guardRoutes(app, app.authenticate, app.requireAdmin);
  await acceptImageUploads(app);
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
      const url = await receiveImage(request, reply, uploadsDir);
      return reply.status(201).send({ success: true as const, message: 'Image uploaded', data: { url } });
    },
  );
};

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
const productWriteRoutesPlugin: FastifyPluginAsyncZod<{ catalogueCache: ResponseCache; mail?: StaffMail }> = async (
  app,
  { catalogueCache, mail = { staffOrderEmail: null } },
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
      data: await products.updateProduct(db, request.params.id, request.body, signedInUser(request).id, mail),
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
