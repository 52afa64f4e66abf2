import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  initiatePaymentBody,
  messageResponse,
  paymentDetailsResponse,
  paymentOptionsResponse,
  paymentSuccessBody,
  paymentVerifiedResponse,
  sandboxPayBody,
  sandboxPayResponse,
} from '@shop/core';
import { guardRoutes, signedInUser } from '../../plugins/authenticate.ts';
import { demoAccessHook, type DemoRequestsFrom } from '../../plugins/demo-access.ts';
import { getOrder } from '../orders/order-view.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import type { OrderMailSettings } from '../orders/order-messages.ts';
import * as payments from './payments.service.ts';
import { apiDoc } from '../../lib/api-doc.ts';

const tags = ['payments'];

/** The shopper's payment calls. */
interface PaymentRoutesOptions {
  gateway: PaymentGateway;
  /** Who besides the shopper hears of a paid order. */
  mail: OrderMailSettings;
  /** Who may use the sandbox's Pay button while the sandbox is in use. */
  demoRequestsFrom: DemoRequestsFrom;
}

const shopperPayments: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (
  app,
  { gateway, mail, demoRequestsFrom },
) => {
  const { db } = app;
  guardRoutes(app, app.authenticate);

  app.post(
    '/payments/initiate',
    {
      schema: {
        ...apiDoc('initiatePayment', 'Open the online payment of an order', 404, 409, 502),
        tags,
        body: initiatePaymentBody,
        response: { 200: paymentDetailsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await payments.initiatePayment(db, gateway, signedInUser(request).id, request.body.orderId),
    }),
  );

  app.post(
    '/payments/success',
    {
      schema: {
        ...apiDoc('confirmPayment', "Confirm a payment the provider's window reported", 404, 409, 502),
        tags,
        body: paymentSuccessBody,
        response: { 200: paymentVerifiedResponse },
      },
    },
    async (request) => {
      const orderId = await payments.confirmPayment(db, gateway, mail, signedInUser(request).id, request.body);
      return {
        success: true as const,
        message: 'Payment successful!',
        data: { verified: true as const, order: await getOrder(db, orderId) },
      };
    },
  );

  if (gateway.name === 'sandbox') {
    app.post(
      '/payments/sandbox/pay',
      {
        onRequest: demoAccessHook(demoRequestsFrom),
        schema: {
          ...apiDoc('payInSandbox', 'Pay an order in the local payment sandbox (demo)', 404, 409),
          tags,
          body: sandboxPayBody,
          response: { 200: sandboxPayResponse },
        },
      },
      async (request) => ({
        success: true as const,
        data: await payments.sandboxPay(db, gateway, signedInUser(request).id, request.body.razorpay_order_id),
      }),
    );
  }
};

/**
 * Razorpay's webhook. Its signature covers the exact bytes sent, so this scope keeps the
 * raw body as text instead of parsing JSON.
 */
const webhook: FastifyPluginAsyncZod<Pick<PaymentRoutesOptions, 'gateway' | 'mail'>> = async (
  app,
  { gateway, mail },
) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(
    '/payments/webhook',
    {
      schema: {
        ...apiDoc('receivePaymentWebhook', "Razorpay's signed payment events", 409),
        tags,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      const outcome = await payments.handleWebhook(
        app.db,
        gateway,
        mail,
        typeof request.body === 'string' ? request.body : '',
        header('x-razorpay-signature'),
        header('x-razorpay-event-id'),
      );
      return { success: true as const, message: outcome, data: null };
    },
  );
};

/** Public: what checkout may offer, so it never shows a way to pay that would be refused. */
const paymentOptions: FastifyPluginAsyncZod<Pick<PaymentRoutesOptions, 'gateway'>> = async (app, { gateway }) => {
  app.get(
    '/payments/options',
    {
      schema: {
        ...apiDoc('getPaymentOptions', 'The ways to pay checkout may offer'),
        tags,
        response: { 200: paymentOptionsResponse },
      },
    },
    async () => ({
      success: true as const,
      data: { online: { available: gateway.available, sandbox: gateway.available && gateway.name === 'sandbox' } },
    }),
  );
};

const paymentRoutesPlugin: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, options) => {
  await app.register(paymentOptions, options);
  await app.register(shopperPayments, options);
  await app.register(webhook, options);
};

export const paymentRoutes = fp(paymentRoutesPlugin, {
  name: 'payment-routes',
  dependencies: ['database', 'authenticate'],
  encapsulate: true,
});
