// The shop's server process, loaded by main.ts once the Node.js is known to be supported.
import cluster from 'node:cluster';
import fs from 'node:fs';
import { perAccountOnly } from '@shop/core';
import { buildApp } from './app.ts';
import { configWarnings, loadConfig, modeSummary, type Config } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { checkpointInBackground } from './db/wal-checkpoints.ts';
import { createMemoryCounter, createRedisCounter } from './lib/attempt-counter.ts';
import { createMemoryViewers, createRedisViewers } from './lib/viewer-counter.ts';
import { attemptLimitsAtLeast } from './lib/attempt-limits.ts';
import { createTokenService } from './modules/auth/tokens.ts';
import { identityFromConfig } from './modules/identity/identity-setup.ts';
import { outboxWorkerFromConfig } from './modules/messages/messages-setup.ts';
import { remindUnpaidOrders, sweepUnpaidOrders } from './modules/orders/cancellation.ts';
import { reconcileOrderHolds } from './modules/orders/order-holds.ts';
import { cancelUnconfirmedCodOrders } from './modules/orders/cod-confirmation.ts';
import { paymentsForOrders, refundOwed } from './modules/payments/refunds.ts';
import { documentAttachments } from './modules/invoices/invoices.service.ts';
import { gatewayFromConfig } from './modules/payments/gateway-setup.ts';
import { loadRenderer } from './modules/pages/page-renderer.ts';
import { derivedSecret, loadJwtSecret } from './secrets.ts';
import { prepareDatabase } from './startup.ts';
import { offThreadRendering } from './rendering.ts';

/** What the log says of a database that cannot be written (see db/shared-memory.ts). */
const readOnlyWarning = (problem: string) =>
  `The database cannot be written: ${problem}. The shop answers reads and refuses writes (503), ` +
  'and readiness says DATABASE_NOT_WRITABLE, until it can be written again.';

/**
 * How often each process ends the sales whose end has come. Between an end and this round, reads
 * and charges already apply the end (core's `productAt`, `chargedPrice`); lists follow the round.
 */
const SALE_ENDS_EVERY_MS = 5000;

/** How long a shutdown may wait for requests in flight before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

/** One server process: prepares the database, listens, and closes cleanly on SIGTERM/SIGINT. */
async function runServer(config: Config) {
  let started = false;
  const database = openDatabase(config.database, {
    onPoolError: (error) => console.warn(`database connection lost: ${error.message}`),
    // At start the log line below says it; later, each change is told as it happens.
    onWritableChange: (problem) => {
      if (!started) return;
      if (problem) console.warn(readOnlyWarning(problem));
      else console.warn('the database can be written again: taking writes');
    },
  });
  const { migrated, seededProducts, readOnly } = await prepareDatabase(database, config);

  const secret = loadJwtSecret(config.jwtSecret, config.dataDir);
  // Uploaded images live beside the database; several processes share the same folder.
  fs.mkdirSync(config.uploadsDir, { recursive: true });
  const webDist = config.webDist && fs.existsSync(config.webDist) ? config.webDist : null;
  // The development provider keeps its sessions in memory: it cannot serve several workers.
  const identity =
    config.webConcurrency > 1 && config.identityProvider.kind === 'development'
      ? undefined
      : identityFromConfig(config, secret);
  const payments = gatewayFromConfig(config.payments, secret);
  const webRenderer = webDist ? await loadRenderer(config.webSsrEntry) : null;
  const app = await buildApp({
    database,
    webDist,
    webRenderer,
    publicOrigin: config.publicOrigin,
    uploadsDir: config.uploadsDir,
    corsOrigins: config.corsOrigins,
    trustProxy: config.trustProxy,
    catalogCacheMs: config.catalogCacheMs,
    apiDocs: config.apiDocs,
    tokens: createTokenService(secret, config.jwtTtlSeconds),
    cookieSecret: derivedSecret(secret, 'cookies'),
    identity,
    payments,
    // Auto-enabled demo features answer only this machine; DEMO_FEATURES=on opens them up.
    demoRequestsFrom: config.demoFeaturesExplicit ? 'anywhere' : 'this-machine',
    mailbox: config.mailer.kind === 'mailbox',
    staffOrderEmail: config.staffOrderEmail,
    // Every process signs and checks the cash orders' confirmation links alike.
    orderLinkKey: Buffer.from(derivedSecret(secret, 'order-links')),
    shipmentWebhookSecret: config.shipmentWebhookSecret,
    renewSampleDeals: config.mode === 'demo',
    // Every process ends the sales whose end has come; each sale is ended once (row locks).
    endSalesEveryMs: SALE_ENDS_EVERY_MS,
    ...(config.authMaxAttempts !== null && { limits: attemptLimitsAtLeast(config.authMaxAttempts) }),
    ...(config.holdingLimits === 'per-account' && { holdingLimits: perAccountOnly() }),
    // With Redis, the limits hold across every process of the shop.
    attempts: config.redisUrl
      ? createRedisCounter(config.redisUrl, { prefix: config.redisPrefix })
      : createMemoryCounter(),
    // Product viewers too; when Redis is away each process counts its own visitors.
    viewers: config.redisUrl
      ? createRedisViewers(config.redisUrl, { prefix: config.redisPrefix })
      : createMemoryViewers(),
    viewerTabsOnLoopback: config.viewerTabsOnLoopback,
    logger: { level: config.logLevel },
  });
  app.log.info(modeSummary(config));
  if (readOnly) app.log.warn(readOnlyWarning(readOnly));
  started = true;
  for (const warning of configWarnings(config)) app.log.warn(warning);
  if (migrated.length) app.log.info({ migrated }, 'database migrated');
  if (seededProducts) app.log.info({ seededProducts }, 'demo catalogue seeded');
  if (!webDist) app.log.warn('web/dist not found: serving the API only (run npm run build)');
  else if (!webRenderer) app.log.warn(`${config.webSsrEntry} not found: pages are rendered in the browser only`);
  if (!identity && config.identityProvider.kind === 'development') {
    app.log.warn('the development Google provider is off with WEB_CONCURRENCY > 1');
  }

  // SQLite's checkpoints wait for the disk: a thread of their own makes them (db/wal-checkpoints.ts).
  // Run from source (npm run dev) there is no built entry, and SQLite checkpoints as it always does.
  const checkpointEntry = new URL('./checkpoint-worker.js', import.meta.url);
  if (config.database.dialect === 'sqlite' && fs.existsSync(checkpointEntry)) {
    const checkpoints = await checkpointInBackground(database.db, config.database.file, checkpointEntry, {
      log: app.log,
    });
    app.addHook('onClose', () => checkpoints.stop());
  }

  // Every process delivers the outbox; each message is claimed by one of them.
  // Order emails carry their tax invoice or credit note as a PDF.
  // Emails and PDFs are written in a thread of their own (rendering.ts).
  const rendering = offThreadRendering(new URL('./render-worker.js', import.meta.url));
  const outbox = outboxWorkerFromConfig(config, database, app.log, {
    attachmentsFor: documentAttachments(database.db, rendering.renderTaxDocument),
    renderMessage: rendering.renderMessage,
  });
  app.addHook('onClose', async () => {
    await outbox?.stop();
    await rendering.close();
  });
  if (!outbox) app.log.warn('no SMTP_URL: messages stay queued until SMTP_URL is set');

  // Unpaid online orders are reminded once, halfway, then give their stock back, refunds
  // nobody finished are made, and the orders' holds are kept true; every process sweeps, each
  // order moves once and each refund is made once (row claims).
  const sweep = setInterval(() => {
    remindUnpaidOrders(database.db, config.unpaidOrderMinutes * 60_000)
      .then((reminded) => reminded && app.log.info({ reminded }, 'reminded unpaid online orders'))
      .catch((error: unknown) => app.log.error({ err: error }, 'unpaid-order reminders failed'));
    sweepUnpaidOrders(database.db, paymentsForOrders(payments), config.unpaidOrderMinutes * 60_000)
      .then((cancelled) => cancelled && app.log.info({ cancelled }, 'cancelled unpaid online orders'))
      .catch((error: unknown) => app.log.error({ err: error }, 'unpaid-order sweep failed'));
    cancelUnconfirmedCodOrders(database.db, paymentsForOrders(payments))
      .then((cancelled) => cancelled && app.log.info({ cancelled }, 'cancelled unconfirmed cash orders'))
      .catch((error: unknown) => app.log.error({ err: error }, 'unconfirmed cash-order sweep failed'));
    refundOwed(database.db, payments)
      .then((refunded) => refunded && app.log.info({ refunded }, 'refunded payments owed to shoppers'))
      .catch((error: unknown) => app.log.error({ err: error }, 'owed-refund sweep failed'));
    // Holds left or missed by orders changed around the orders module (an upgrade's previous
    // release still running, a fix by hand) are made right.
    reconcileOrderHolds(database.db)
      .then(({ dropped, added }) => (dropped || added) && app.log.warn({ dropped, added }, 'order holds made right'))
      .catch((error: unknown) => app.log.error({ err: error }, 'order-hold sweep failed'));
  }, 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    // Stops accepting connections, waits for requests in flight, then closes the pool.
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  outbox?.start();
  const where = config.database.dialect === 'sqlite' ? config.database.file : 'PostgreSQL';
  app.log.info(`Shop ready at http://localhost:${config.port} (database: ${where}; Node.js ${process.version})`);
}

/**
 * WEB_CONCURRENCY > 1: this process prepares the database once, then forks the workers that
 * share the port, replaces any that dies, and passes SIGTERM/SIGINT on to them.
 */
async function runPrimary(config: Config) {
  const database = openDatabase(config.database);
  await prepareDatabase(database, config);
  await database.close();

  let stopping = false;
  const fork = () => cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.warn(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    setTimeout(fork, 1000);
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
      setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS + 2000).unref();
    });
  }
  for (let i = 0; i < config.webConcurrency; i++) fork();
  console.log(`Shop starting ${config.webConcurrency} workers on port ${config.port} (Node.js ${process.version})`);
}

async function main() {
  const config = loadConfig();
  if (config.webConcurrency > 1 && cluster.isPrimary) await runPrimary(config);
  else await runServer(config);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
