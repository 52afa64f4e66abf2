import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import type { HoldingLimits } from '@shop/core';
import type { DatabaseHandle } from './db/connect.ts';
import { createMemoryViewers, type ViewerCounter } from './lib/viewer-counter.ts';
import { viewerRoutes } from './modules/catalog/viewers.routes.ts';
import { createMemoryCounter, type AttemptCounter } from './lib/attempt-counter.ts';
import { AttemptLimiter } from './lib/attempt-limiter.ts';
import { attemptLimitsWith, type AttemptLimitChanges } from './lib/attempt-limits.ts';
import {
  adminCatalogRoutes,
  productWriteRoutes,
  uploadedImageRoutes,
} from './modules/admin-catalog/admin-catalog.routes.ts';
import { productCsvRoutes } from './modules/admin-catalog/product-csv.routes.ts';
import { startSaleEnds } from './modules/admin-catalog/sale-ends.ts';
import { adminCouponRoutes } from './modules/admin-coupons/admin-coupons.routes.ts';
import { adminOrderRoutes, orderStatusRoutes } from './modules/admin-orders/admin-orders.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createPasswordHasher, type PasswordHasher } from './modules/auth/password.ts';
import { createTokenService, type TokenService } from './modules/auth/tokens.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { adminDeliveryRoutes, deliveryRoutes } from './modules/delivery/delivery.routes.ts';
import { adminShopSettingsRoutes, shopSettingsRoutes } from './modules/shop-settings/shop-settings.routes.ts';
import { catalogRoutes, createCatalogueCache } from './modules/catalog/catalog.routes.ts';
import { CatalogueStamp } from './modules/catalog/catalogue-stamp.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { dataRightsRoutes } from './modules/data-rights/data-rights.routes.ts';
import { adminGrievanceRoutes, grievanceRoutes } from './modules/grievances/grievances.routes.ts';
import { adminHomeRoutes, createHomeCache, homeRoutes } from './modules/home/home.routes.ts';
import { couponRoutes } from './modules/coupons/coupons.routes.ts';
import { mountProvider } from './modules/identity/development-provider.ts';
import { adminMessageRoutes } from './modules/messages/admin-messages.routes.ts';
import { mailboxRoutes } from './modules/messages/mailbox.routes.ts';
import { codConfirmationRoutes } from './modules/orders/cod-confirmation.routes.ts';
import { identityRoutes } from './modules/identity/identity.routes.ts';
import type { IdentityProvider } from './modules/identity/oidc-identity-provider.ts';
import { adminInvoiceRoutes, invoiceRoutes } from './modules/invoices/invoices.routes.ts';
import { orderRoutes } from './modules/orders/orders.routes.ts';
import { createSandboxGateway, type PaymentGateway } from './modules/payments/payment-gateway.ts';
import { paymentRoutes } from './modules/payments/payments.routes.ts';
import { paymentsForOrders } from './modules/payments/refunds.ts';
import { productArtRoutes } from './modules/catalog/product-art.routes.ts';
import type { StorefrontRenderer } from './modules/pages/page-renderer.ts';
import serverRenderedPages from './modules/pages/pages.routes.ts';
import { adminShipmentRoutes, shipmentRoutes } from './modules/shipments/shipments.routes.ts';
import { adminReturnRoutes, returnRoutes } from './modules/returns/returns.routes.ts';
import { seoRoutes } from './modules/seo/seo.routes.ts';
import apiDocs from './plugins/api-docs.ts';
import authenticate from './plugins/authenticate.ts';
import database from './plugins/database.ts';
import type { DemoRequestsFrom } from './plugins/demo-access.ts';
import errorHandler from './plugins/error-handler.ts';
import securityHeaders, { apiHeaders } from './plugins/security-headers.ts';
import webApp from './plugins/web-app.ts';

export interface AppDeps {
  database: DatabaseHandle;
  /** Folder of the built SPA to serve beside the API; null or absent serves the API alone. */
  webDist?: string | null;
  /** The storefront's server renderer (web/dist-ssr); null or absent: every page is the SPA's shell. */
  webRenderer?: StorefrontRenderer | null;
  /** How long a server-rendered page may take before the shop answers 503 instead; default 2 s. */
  pageRenderTimeoutMs?: number;
  /** The shop's public address (PUBLIC_URL) for canonical links, sitemaps and previews; absent: each request's own. */
  publicOrigin?: string | null;
  /** Origins allowed to call the API from elsewhere (the SPA on its own origin). */
  corsOrigins?: string[];
  logger?: FastifyServerOptions['logger'];
  /** Behind a proxy (nginx), whose X-Forwarded-For to believe: the client's address drives rate limits. */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** How long a process reuses a catalogue or home page answer (see plugins/response-cache.ts); default 1 s. */
  catalogCacheMs?: number;
  /** Signs and checks access tokens; default: a random secret (tokens die with the app). */
  tokens?: TokenService;
  /** Counts attempts for the sign-in, sign-up and coupon limits; default: in this process's memory (searches always are). */
  attempts?: AttemptCounter;
  /** Counts who has each product open; default: in this process's memory. */
  viewers?: ViewerCounter;
  /**
   * Tell the viewers on this machine's own address apart by their tabs' ids: only for the demo
   * shop that nothing but this machine can reach. Default off: this address counts as one visitor.
   */
  viewerTabsOnLoopback?: boolean;
  /** Numbers of those limits that differ from the defaults (lib/attempt-limits.ts). */
  limits?: AttemptLimitChanges;
  /** What one account, client address and network may hold in orders not paid or shipped; default core's. */
  holdingLimits?: HoldingLimits;
  /** Hashes and checks passwords, a bounded number at a time; default: two below the thread pool. */
  passwords?: PasswordHasher;
  /** Signs short-lived cookies (the Google sign-in flow); default: random per app. */
  cookieSecret?: string;
  /** Razorpay, or by default the local sandbox with random secrets. */
  payments?: PaymentGateway;
  /** Where staff-uploaded product images are kept; null or absent refuses uploads. */
  uploadsDir?: string | null;
  /** Serve the OpenAPI description at /api/docs; default off (main turns it on outside production). */
  apiDocs?: boolean;
  /** Who may use the demo features that are on (sandbox payments, development sign-in, mailbox); default this machine. */
  demoRequestsFrom?: DemoRequestsFrom;
  /**
   * Serve the development mailbox at /dev/mailbox: on when it is where messages go (demo
   * mode without SMTP_URL). The outbox worker is server.ts's: tests drive one themselves.
   */
  mailbox?: boolean;
  /** Where staff get "new order" emails (STAFF_ORDER_EMAIL); null or absent: nowhere. */
  staffOrderEmail?: string | null;
  /** Signs the links of cash orders' confirmation emails; default: random per app (links die with it). */
  orderLinkKey?: Uint8Array;
  /** The shared secret signing the couriers' webhook (SHIPMENT_WEBHOOK_SECRET); null or absent: the webhook answers 503. */
  shipmentWebhookSecret?: string | null;
  /** "Sign in with Google": the provider, and the local development one to mount, if any. */
  /** Renew the demo's sample deals once they end (demo mode); default off. */
  renewSampleDeals?: boolean;
  /**
   * End the sales whose end has come every this many ms (server.ts: every few seconds in every
   * process); absent or 0: never (tests end them when they choose, with `endDueSales`).
   */
  endSalesEveryMs?: number;
  identity?: {
    provider: IdentityProvider;
    development?: { prefix: string; provider: Parameters<typeof mountProvider>[2] };
    secureCookies?: boolean;
  };
}

/**
 * The router's own refusals (a malformed %-escape, an over-long path parameter) skip the
 * error handler and every hook: answer them in the envelope, with the API's headers.
 */
function answerRouterRefusal(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  void reply
    .headers(apiHeaders)
    .code(error.statusCode ?? 400)
    .send({ success: false, code: error.code ?? 'BAD_URL', message: 'The address is not valid.' });
}

/**
 * Builds the whole application without listening: server.ts listens, tests call inject().
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: deps.trustProxy ?? false,
    bodyLimit: 256 * 1024,
    frameworkErrors: answerRouterRefusal,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  acceptEmptyJsonBodies(app);

  const tokens = deps.tokens ?? createTokenService(randomBytes(32), 86_400);
  const attempts = deps.attempts ?? createMemoryCounter();
  const limiter = new AttemptLimiter(attempts, attemptLimitsWith(deps.limits));
  // One line per change, however many requests fail or reconnections are tried meanwhile.
  attempts.onStateChange((state) => {
    if (state.up) app.log.info('Redis reachable: sign-in, sign-up and coupon attempts are counted there');
    else app.log.warn(`Redis unreachable (${state.reason}): sign-in, sign-up and coupons answer 503 until it is back`);
  });
  const gateway =
    deps.payments ?? createSandboxGateway(randomBytes(24).toString('base64url'), randomBytes(24).toString('base64url'));
  const demoRequestsFrom = deps.demoRequestsFrom ?? 'this-machine';
  const homeOptions = {
    renewSampleDeals: deps.renewSampleDeals ?? false,
    cache: createHomeCache(deps.catalogCacheMs ?? 1000),
  };
  app.addHook('onClose', () => attempts.close());
  const viewers = deps.viewers ?? createMemoryViewers();
  app.addHook('onClose', () => viewers.close());

  const catalogCacheMs = deps.catalogCacheMs ?? 1000;
  const catalogueStamp = catalogCacheMs > 0 ? new CatalogueStamp() : undefined;
  const catalogueCache = createCatalogueCache(catalogCacheMs, catalogueStamp);
  if (deps.endSalesEveryMs) {
    const saleEnds = startSaleEnds(deps.database.db, deps.endSalesEveryMs, {
      // Other processes follow the catalogue's version; this one drops its answers at once.
      onEnded: () => {
        catalogueCache.clear();
        homeOptions.cache.clear();
      },
      log: app.log,
    });
    app.addHook('onClose', async () => saleEnds.stop());
  }

  await app.register(database, { database: deps.database });
  await app.register(securityHeaders, { razorpay: gateway.name === 'razorpay' && gateway.keyId !== '' });
  // Before CORS: its preflight route keeps the error handler in place when it is added.
  await app.register(errorHandler, { spaFallback: Boolean(deps.webDist) });
  await app.register(cors, { origin: deps.corsOrigins && deps.corsOrigins.length > 0 ? deps.corsOrigins : false });
  await app.register(authenticate, { tokens });
  await app.register(cookie, { secret: deps.cookieSecret ?? randomBytes(32).toString('base64url') });

  if (deps.apiDocs) await app.register(apiDocs);

  // Where staff hear of low stock, whichever write took it down.
  const staffMail = { staffOrderEmail: deps.staffOrderEmail ?? null };
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database: deps.database, attempts });
      await api.register(catalogRoutes, {
        cache: catalogueCache,
        stamp: catalogueStamp,
        database: deps.database,
        limits: limiter.limits,
      });
      await api.register(productWriteRoutes, { catalogueCache, mail: staffMail });
      await api.register(viewerRoutes, { viewers, tabsOnLoopback: deps.viewerTabsOnLoopback ?? false });
      await api.register(authRoutes, {
        prefix: '/auth',
        tokens,
        guards: { limiter, passwords: deps.passwords ?? createPasswordHasher() },
        providers: { google: { enabled: Boolean(deps.identity), development: Boolean(deps.identity?.development) } },
      });
      await api.register(cartRoutes, { limiter });
      await api.register(couponRoutes, { limiter });
      const orderLinkKey = deps.orderLinkKey ?? randomBytes(32);
      const mail = { ...staffMail, orderLinkKey };
      const orderPayments = paymentsForOrders(gateway);
      await api.register(orderRoutes, { payments: orderPayments, mail, holdingLimits: deps.holdingLimits });
      await api.register(codConfirmationRoutes, { payments: orderPayments, orderLinkKey });
      await api.register(orderStatusRoutes, { payments: orderPayments });
      await api.register(shipmentRoutes, {
        payments: orderPayments,
        webhookSecret: deps.shipmentWebhookSecret ?? null,
      });
      await api.register(returnRoutes, { uploadsDir: deps.uploadsDir ?? null, limiter });
      await api.register(invoiceRoutes);
      await api.register(shopSettingsRoutes);
      await api.register(deliveryRoutes);
      await api.register(grievanceRoutes, { limiter });
      await api.register(dataRightsRoutes);
      await api.register(homeRoutes, homeOptions);
      await api.register(paymentRoutes, { gateway, mail, demoRequestsFrom });
      await api.register(identityRoutes, {
        prefix: '/auth',
        provider: deps.identity?.provider ?? null,
        // The development provider vouches for anyone: its sign-ins reach only accounts it made.
        development: Boolean(deps.identity?.development),
        tokens,
        secureCookies: deps.identity?.secureCookies ?? false,
      });
      await api.register(
        async (admin) => {
          await admin.register(adminCatalogRoutes, { uploadsDir: deps.uploadsDir ?? null, mail });
          await admin.register(productCsvRoutes, { mail: staffMail });
          await admin.register(adminOrderRoutes, { gateway });
          await admin.register(adminCouponRoutes);
          await admin.register(adminMessageRoutes);
          await admin.register(adminInvoiceRoutes);
          await admin.register(adminShopSettingsRoutes);
          await admin.register(adminDeliveryRoutes);
          await admin.register(adminShipmentRoutes, { payments: orderPayments });
          await admin.register(adminReturnRoutes, { gateway });
          await admin.register(adminGrievanceRoutes);
          await admin.register(adminHomeRoutes, homeOptions);
        },
        { prefix: '/admin' },
      );
    },
    { prefix: '/api' },
  );
  await app.register(productArtRoutes);
  await app.register(uploadedImageRoutes, { uploadsDir: deps.uploadsDir ?? null });
  if (deps.identity?.development) {
    await mountProvider(app, deps.identity.development.prefix, deps.identity.development.provider, demoRequestsFrom);
  }
  if (deps.mailbox) await app.register(mailboxRoutes, { prefix: '/dev/mailbox', demoRequestsFrom });
  if (deps.webDist) {
    await app.register(webApp, {
      root: deps.webDist,
      shellAtRoot: !deps.webRenderer,
      noIndexShell: Boolean(deps.webRenderer),
    });
    await app.register(seoRoutes, { publicOrigin: deps.publicOrigin ?? null, uploadsDir: deps.uploadsDir ?? null });
    if (deps.webRenderer) {
      await app.register(serverRenderedPages, {
        root: deps.webDist,
        renderer: deps.webRenderer,
        publicOrigin: deps.publicOrigin ?? null,
        ...(deps.pageRenderTimeoutMs !== undefined && { renderTimeoutMs: deps.pageRenderTimeoutMs }),
      });
    }
  }

  return app;
}

/**
 * A POST with a JSON content type and no body (the spec's cancel and log-out calls) is a
 * request without a body, not a malformed one. Bodies are otherwise parsed as Fastify does,
 * refusing `__proto__` and `constructor` keys.
 */
function acceptEmptyJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, undefined);
    parseJson(request, text, done);
  });
}
