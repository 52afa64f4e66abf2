import fs from 'node:fs';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../../config.ts';
import { prepareDatabase } from '../../startup.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/databases.ts';
import { builtServer, startServerProcess, type ServerProcess } from '../../test/processes.ts';
import { manualClock, outboxDatabase, queueMessage } from '../../test/messages.ts';
import { enqueueMessage, type EnqueueRequest } from './messages.service.ts';
import { createOutboxWorker } from './outbox-worker.ts';
import { createSmtpTransport } from './transports.ts';
import { startSmtpServer, type Received } from '../../test/smtp-server.ts';

const publicUrl = 'https://shop.example.in';
const FROM = 'KAPAS <orders@kapas.test>';

/** Something on the port that takes connections and drops them at once: a mail server crashing. */
async function startDroppingServer(port: number) {
  const server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const placed = (n: number | string): EnqueueRequest => ({
  template: 'order-placed',
  to: `asha.${n}@example.com`,
  data: {
    firstName: 'Asha',
    orderNumber: `KP-${n}`,
    lines: [{ name: 'Linen Shirt', size: 'M', quantity: 2, lineTotal: 239_800 }],
    totals: { subtotal: 239_800, discount: 0, shipping: 1000, gst: 43_344, total: 284_144 },
    couponCode: null,
    shippingAddress: {
      name: 'Home',
      addressLine1: '7 Park Street',
      addressLine2: '',
      city: 'Kolkata',
      state: 'West Bengal',
      pinCode: '700016',
      country: 'India',
      phone: '9876543210',
    },
    paymentMethod: 'cod',
  },
});

describe.each(testDialects)('delivery over SMTP on %s', (dialect) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const port = dialect === 'sqlite' ? 3560 : 3561;
  const { db } = outboxDatabase(dialect);
  afterEach(async () => {
    await smtp?.close();
  });

  function smtpWorker(url: string, clock: ReturnType<typeof manualClock>) {
    return createOutboxWorker({
      db: db(),
      dialect,
      transport: createSmtpTransport({
        url,
        from: FROM,
        messageIdHost: 'shop.example.in',
        timeouts: { connectionTimeout: 2000, greetingTimeout: 2000, socketTimeout: 5000 },
      }),
      publicUrl,
      now: clock.now,
    });
  }

  it('the message as the mail server receives it: headers, both parts, links to the shop', async () => {
    smtp = await startSmtpServer(port);
    const clock = manualClock();
    const id = await queueMessage(db(), placed(1), clock.now());
    const outbox = smtpWorker(smtp.url, clock);
    const before = Date.now();
    expect(await outbox.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    await outbox.stop();

    expect(smtp.received).toHaveLength(1);
    const [{ mail, raw, rcptTo, user }] = smtp.received as [Received];
    expect(user).toBe('shop');
    expect(rcptTo).toEqual(['asha.1@example.com']);
    expect(mail.from?.value).toEqual([{ name: 'KAPAS', address: 'orders@kapas.test' }]);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : null).toBe('asha.1@example.com');
    expect(mail.subject).toBe('Order KP-1 placed');
    expect(mail.messageId).toBe(`<${id}@shop.example.in>`);
    expect(mail.date!.getTime()).toBeGreaterThan(before - 2000);
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/im);
    expect(raw).toMatch(/^Content-Type: text\/plain; charset=utf-8/im);
    expect(raw).toMatch(/^Content-Type: text\/html; charset=utf-8/im);
    expect(mail.text).toContain('KP-1');
    expect(mail.text).toContain('₹2,841.44');
    expect(mail.text).toContain(`${publicUrl}/profile?view=orders`);
    expect(mail.html).toContain(`href="${publicUrl}/profile?view=orders"`);
    expect(mail.html).not.toMatch(/<img|src=/i);
    // What was sent is what the outbox row keeps.
    const row = await db().selectFrom('messages').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', subject: 'Order KP-1 placed', text: mail.text!.trim() });
  });

  it('a server that refuses, then drops connections, then recovers: retried, then delivered exactly once', async () => {
    smtp = await startSmtpServer(port);
    const clock = manualClock();
    await queueMessage(db(), placed(2), clock.now());
    const outbox = smtpWorker(smtp.url, clock);
    const row = () => db().selectFrom('messages').selectAll().executeTakeFirstOrThrow();

    smtp.state.behaviour = 'busy';
    expect(await outbox.drain()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(await row()).toMatchObject({ status: 'queued', attempts: 1 });
    expect((await row()).last_error).toMatch(/451/);

    clock.advance(30_000);
    smtp.state.behaviour = 'refuse-connection';
    expect(await outbox.drain()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect((await row()).last_error).toMatch(/421/);

    // The server is gone: something on its port drops every connection.
    await smtp.close();
    const dropping = await startDroppingServer(port);
    clock.advance(60_000);
    expect(await outbox.drain()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(await row()).toMatchObject({ status: 'queued', attempts: 3 });
    await dropping.close();

    // Back: not before the next attempt is due, then once.
    smtp = await startSmtpServer(port);
    clock.advance(119_000);
    expect(await outbox.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
    clock.advance(1000);
    expect(await outbox.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    clock.advance(3_600_000);
    expect(await outbox.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
    await outbox.stop();
    expect(smtp.received.map((r) => r.mail.subject)).toEqual(['Order KP-2 placed']);
    expect(await row()).toMatchObject({ status: 'sent', attempts: 4, last_error: null });
  });

  it('a wrong password is a failed attempt, tried again later', async () => {
    smtp = await startSmtpServer(port);
    const clock = manualClock();
    await queueMessage(db(), placed(3), clock.now());
    const outbox = smtpWorker(smtp.url.replace('s3cret', 'wrong'), clock);
    expect(await outbox.drain()).toEqual({ sent: 0, retried: 1, failed: 0 });
    await outbox.stop();
    const row = await db().selectFrom('messages').selectAll().executeTakeFirstOrThrow();
    expect(row.status).toBe('queued');
    expect(row.last_error).toMatch(/535|Invalid login|auth/i);
    expect(row.last_error).not.toContain('wrong');
    expect(smtp.received).toEqual([]);
  });
});

describe.runIf(testDialects.includes('postgres'))('two server processes draining one outbox', () => {
  let database: TestDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    expect(fs.existsSync(builtServer), 'run `npm run build` first: this test starts the built server').toBe(true);
    database = await createTestDatabase('postgres');
    await prepareDatabase(database.handle, { database: database.config, seed: false });
    smtp = await startSmtpServer(3562);
    const config = database.config as Extract<DatabaseConfig, { dialect: 'postgres' }>;
    const url = new URL(config.url);
    url.searchParams.set('options', `-c search_path=${config.schema}`);
    const env = { DATABASE_URL: url.href, SMTP_URL: smtp.url, MAIL_FROM: FROM, PUBLIC_URL: publicUrl, SEED: 'false' };
    servers = await Promise.all([startServerProcess(3570, env), startServerProcess(3571, env)]);
  }, 60_000);
  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await smtp?.close();
    await database?.drop();
  });

  it('200 messages: each delivered exactly once', async () => {
    const ids = await database.handle.db.transaction().execute(async (trx) => {
      const written: string[] = [];
      for (let i = 0; i < 200; i++) written.push(await enqueueMessage(trx, placed(`multi-${i}`)));
      return written;
    });
    await expect
      .poll(
        async () =>
          Number(
            (
              await database.handle.db
                .selectFrom('messages')
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .where('status', '=', 'sent')
                .executeTakeFirstOrThrow()
            ).n,
          ),
        { timeout: 30_000, interval: 200 },
      )
      .toBe(200);
    // Anything still in flight would arrive now.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const messageIds = smtp.received.map((r) => r.mail.messageId);
    expect(messageIds).toHaveLength(200);
    expect(new Set(messageIds)).toEqual(new Set(ids.map((id) => `<${id}@shop.example.in>`)));
  }, 60_000);
});
