import fs from 'node:fs';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { createMemoryCounter, createRedisCounter } from './lib/attempt-counter.ts';
import { SIGN_IN_WINDOW_MS } from './modules/auth/sign-in-limiter.ts';
import { createTokenService } from './modules/auth/tokens.ts';
import { identityFromConfig } from './modules/identity/identity-setup.ts';
import { sweepUnpaidOrders } from './modules/orders/orders.service.ts';
import { gatewayFromConfig } from './modules/payments/gateway-setup.ts';
import { derivedSecret, loadJwtSecret } from './secrets.ts';
import { prepareDatabase } from './startup.ts';

/** Reads config, prepares the database, listens; closes cleanly on SIGTERM/SIGINT. */
async function main() {
  const config = loadConfig();
  const database = openDatabase(config.database);
  const { migrated, seededProducts } = await prepareDatabase(database, config);

  const secret = loadJwtSecret(config.jwtSecret, config.dataDir);
  const webDist = config.webDist && fs.existsSync(config.webDist) ? config.webDist : null;
  const app = await buildApp({
    database,
    webDist,
    corsOrigins: config.corsOrigins,
    catalogCacheMs: config.catalogCacheMs,
    tokens: createTokenService(secret, config.jwtTtlSeconds),
    cookieSecret: derivedSecret(secret, 'cookies'),
    identity: identityFromConfig(config, secret),
    payments: gatewayFromConfig(config.payments, secret),
    signInMaxAttempts: config.authMaxAttempts,
    // With Redis, sign-in limits hold across every process of the shop.
    attempts: config.redisUrl
      ? createRedisCounter(config.redisUrl, SIGN_IN_WINDOW_MS)
      : createMemoryCounter(SIGN_IN_WINDOW_MS),
    logger: { level: config.logLevel },
  });
  if (migrated.length) app.log.info({ migrated }, 'database migrated');
  if (seededProducts) app.log.info({ seededProducts }, 'demo catalogue seeded');
  if (!webDist) app.log.warn('web/dist not found: serving the API only (run npm run build)');

  // Unpaid online orders give their stock back; every process may sweep, each order moves once.
  const sweep = setInterval(() => {
    sweepUnpaidOrders(database.db, config.unpaidOrderMinutes * 60_000)
      .then((cancelled) => cancelled && app.log.info({ cancelled }, 'cancelled unpaid online orders'))
      .catch((error: unknown) => app.log.error({ err: error }, 'unpaid-order sweep failed'));
  }, 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  const where = config.database.dialect === 'sqlite' ? config.database.file : 'PostgreSQL';
  app.log.info(`Shop ready at http://localhost:${config.port} (database: ${where})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
