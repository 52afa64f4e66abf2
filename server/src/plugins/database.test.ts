import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/connect.ts';
import { createTokenService } from '../modules/auth/tokens.ts';
import { orderRoutes } from '../modules/orders/orders.routes.ts';
import authenticate from './authenticate.ts';
import database from './database.ts';

const tokens = createTokenService(new Uint8Array(32), 60);
// The plugins only hand the handle on; no query runs here.
const handle = { db: { marker: 'the database' } } as unknown as DatabaseHandle;

describe('the database plugin and the plugins that need it', () => {
  it('gives the handle’s database to every plugin as app.db', async () => {
    const app = Fastify();
    await app.register(database, { database: handle });
    await app.ready();
    expect(app.db).toBe(handle.db);
    await app.close();
  });

  it('refuses a plugin registered before what it depends on, naming it', async () => {
    const app = Fastify();
    await expect(app.register(authenticate, { tokens })).rejects.toThrow(/database/);
    await app.close();
  });

  it('refuses a route plugin without authentication, naming it', async () => {
    const app = Fastify();
    await app.register(database, { database: handle });
    const payments = {
      assertOnlineAvailable: () => {},
      capturedAmount: async () => null,
      refundIfPaid: async () => {},
    };
    await expect(app.register(orderRoutes, { payments, mail: { staffOrderEmail: null } })).rejects.toThrow(
      /authenticate/,
    );
    await app.close();
  });
});
