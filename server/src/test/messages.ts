import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Dialect } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { prepareDatabase } from '../startup.ts';
import { createTestDatabase, type TestDatabase } from './databases.ts';
import { enqueueMessage, type EnqueueRequest } from '../modules/messages/messages.service.ts';

/**
 * A clock the test moves by hand (the outbox worker's `now`). It starts at the real now, so that
 * whatever a test writes without this clock (a message queued at `new Date()`) is never in its future.
 */
export function manualClock(start: Date = new Date()) {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    advance: (ms: number) => {
      at += ms;
    },
  };
}

/** Queues one message in a transaction of its own, as a service's change would: its id. */
export function queueMessage(db: Kysely<Database>, request: EnqueueRequest, at?: Date): Promise<string> {
  return db.transaction().execute((trx) => enqueueMessage(trx, request, at));
}

/**
 * A migrated database (no catalogue) for the describe block that calls this, emptied of
 * messages before each test.
 */
export function outboxDatabase(dialect: Dialect) {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await prepareDatabase(database.handle, { database: database.config, seed: false });
  });
  afterAll(async () => {
    await database?.drop();
  });
  beforeEach(async () => {
    await database.handle.db.deleteFrom('messages').execute();
  });
  return { db: () => database.handle.db, config: () => database.config };
}

/** The messages queued for `to` (of one template, if given), oldest first, with their data parsed. */
export async function messagesTo(db: Kysely<Database>, to: string, template?: string) {
  let query = db.selectFrom('messages').selectAll().where('recipient', '=', to);
  if (template) query = query.where('template', '=', template);
  const rows = await query.orderBy('created_at').orderBy('id').execute();
  return rows.map((row) => ({ ...row, data: JSON.parse(row.data) as Record<string, unknown> }));
}

/** The token of the link in the newest `template` message to `to` (a reset or verification email). */
export async function linkTokenFor(db: Kysely<Database>, to: string, template: 'password-reset' | 'verify-email') {
  const messages = await messagesTo(db, to, template);
  const link = messages.at(-1)?.data.link;
  if (typeof link !== 'string') throw new Error(`no ${template} message to ${to}`);
  return new URL(link, 'http://shop.test').searchParams.get('token')!;
}
