import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopSettingsBody, shopSettingsResponse, storeInfoResponse } from '@shop/core';
import { guardRoutes, signedInUser } from '../../plugins/authenticate.ts';
import * as service from './shop-settings.service.ts';
import { apiDoc } from '../../lib/api-doc.ts';

/** Public: what the storefront says about shipping, tax and cash on delivery. */
const shopSettingsRoutesPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tags = ['store'];

  app.get(
    '/store',
    {
      schema: {
        ...apiDoc('getStoreInfo', 'What the storefront says about shipping and tax'),
        tags,
        response: { 200: storeInfoResponse },
      },
    },
    async () => ({
      success: true as const,
      data: await service.storeInfo(db),
    }),
  );
};

/** Staff (admin only, under /api/admin): the shop's settings. */
const adminShopSettingsRoutesPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tags = ['admin'];
  guardRoutes(app, app.authenticate, app.requireAdmin);

  app.get(
    '/settings',
    {
      schema: {
        ...apiDoc('getShopSettings', "The shop's shipping, tax and cash-on-delivery settings (staff)"),
        tags,
        response: { 200: shopSettingsResponse },
      },
    },
    async () => ({
      success: true as const,
      data: await service.shopSettingsForStaff(db),
    }),
  );

  app.put(
    '/settings',
    {
      schema: {
        ...apiDoc('updateShopSettings', "Change the shop's settings (staff)"),
        tags,
        body: shopSettingsBody,
        response: { 200: shopSettingsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Settings saved',
      data: await service.updateShopSettings(db, signedInUser(request).id, request.body),
    }),
  );
};

export const shopSettingsRoutes = fp(shopSettingsRoutesPlugin, {
  name: 'shop-settings-routes',
  dependencies: ['database'],
  encapsulate: true,
});

export const adminShopSettingsRoutes = fp(adminShopSettingsRoutesPlugin, {
  name: 'admin-shop-settings-routes',
  dependencies: ['database', 'authenticate'],
  encapsulate: true,
});
