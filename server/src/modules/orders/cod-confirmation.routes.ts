import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { codLinkBody, codLinkOutcomeMessages, codLinkQuery, codLinkResponse } from '@shop/core';
import { apiDoc } from '../../lib/api-doc.ts';
import { codLinkView, useCodLink, type CodLinkView } from './cod-confirmation.ts';
import type { OrderPayments } from './order-payments.ts';

export interface CodConfirmationRoutesOptions {
  payments: OrderPayments;
  /** Signs and checks the links of the confirmation emails. */
  orderLinkKey: Uint8Array;
}

const withMessage = (view: CodLinkView) => ({
  ...view,
  message: view.outcome === null ? null : codLinkOutcomeMessages[view.outcome],
});

/**
 * The links of a cash order's confirmation email, with no sign-in: the signed token is the
 * permission. Opening the page only reads (a mail scanner that follows the link changes
 * nothing); the shopper's button press acts, once.
 */
const codConfirmationRoutesPlugin: FastifyPluginAsyncZod<CodConfirmationRoutesOptions> = async (
  app,
  { payments, orderLinkKey },
) => {
  const { db } = app;
  const tags = ['orders'];

  app.get(
    '/cod-confirmation',
    {
      schema: {
        ...apiDoc('getCodLink', "What a cash order's emailed confirm or cancel link would do now", 404),
        tags,
        querystring: codLinkQuery,
        response: { 200: codLinkResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: withMessage(await codLinkView(db, orderLinkKey, request.query.token)),
    }),
  );

  app.post(
    '/cod-confirmation',
    {
      schema: {
        ...apiDoc('useCodLink', "Confirm or cancel a cash order from its email's link, once", 404, 409),
        tags,
        body: codLinkBody,
        response: { 200: codLinkResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: withMessage(await useCodLink(db, payments, orderLinkKey, request.body.token)),
    }),
  );
};

export const codConfirmationRoutes = fp(codConfirmationRoutesPlugin, {
  name: 'cod-confirmation-routes',
  dependencies: ['database'],
  encapsulate: true,
});
