import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shop's database, given by the `database` plugin: plugins that use it name it in `dependencies`. */
    db: Kysely<Database>;
  }
}

/**
 * Provides the database as `app.db` to every plugin and route. The handle is opened, and
 * closed after the app, by whoever built the app (server.ts, the tests): one handle may outlive
 * several apps.
 */
async function databasePlugin(app: FastifyInstance, options: { database: DatabaseHandle }) {
  app.decorate('db', options.database.db);
}

export default fp(databasePlugin, { name: 'database' });
