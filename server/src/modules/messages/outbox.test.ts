import { defaultDeliveryPolicy, type DeliveryPolicy } from '@shop/core';
import { renderMessage } from '@shop/emails';
import { describe, expect, it } from 'vitest';
import { CallTimedOut } from '../../lib/worker-thread.ts';
import { testDialects } from '../../test/databases.ts';
import { manualClock, outboxDatabase, queueMessage } from '../../test/messages.ts';
import { claimDueMessages } from './messages.repository.ts';
import { enqueueMessage, type EnqueueRequest } from './messages.service.ts';
import { createOutboxWorker, type OutboxWorkerOptions } from './outbox-worker.ts';
import { listenForMessages } from './pg-listener.ts';
import type { MailTransport, OutgoingMessage } from './transports.ts';

const publicUrl = 'https://shop.example.in';
const shipped = (n: number | string): EnqueueRequest => ({
  template: 'order-shipped',
  to: `asha.${n}@example.com`,
  data: { firstName: 'Asha', orderNumber: `KP-${n}` },
});

/** A transport that records what it sends, failing while `failing` says so. */
function recordingTransport() {
  const sent: OutgoingMessage[] = [];
  const state = { failing: false as false | string };
  const transport: MailTransport = {
    kind: 'smtp',
    async send(message) {
      if (state.failing) throw Object.assign(new Error(state.failing), { responseCode: 451 });
      sent.push(message);
    },
    async close() {},
  };
  return { transport, sent, state };
}

describe.each(testDialects)('the outbox on %s', (dialect) => {
  const { db, config } = outboxDatabase(dialect);

  const rows = () => db().selectFrom('messages').selectAll().orderBy('created_at').orderBy('id').execute();

  function worker(transport: MailTransport, extra: Partial<OutboxWorkerOptions> = {}) {
    return createOutboxWorker({ db: db(), dialect, transport, publicUrl, ...extra });
  }

  it('a message enqueued in a transaction that rolls back is never written', async () => {
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await enqueueMessage(trx, shipped(1));
          throw new Error('the change failed');
        }),
    ).rejects.toThrow('the change failed');
    expect(await rows()).toEqual([]);
  });

  it('a committed one is written exactly once, queued and due at once', async () => {
    const now = new Date('2026-11-26T10:00:00.000Z');
    const id = await queueMessage(db(), shipped(2), now);
    expect(await rows()).toEqual([
      expect.objectContaining({
        id,
        template: 'order-shipped',
        recipient: 'asha.2@example.com',
        status: 'queued',
        attempts: 0,
        next_attempt_at: now.toISOString(),
        created_at: now.toISOString(),
        sent_at: null,
        html: null,
      }),
    ]);
    expect(JSON.parse((await rows())[0]!.data)).toEqual({ firstName: 'Asha', orderNumber: 'KP-2' });
  });

  it('data that does not fit the template fails the change that asked for it', async () => {
    await expect(
      db()
        .transaction()
        .execute((trx) =>
          enqueueMessage(trx, { template: 'order-shipped', to: 'a@example.com', data: { firstName: 'A' } } as never),
        ),
    ).rejects.toThrow(/Data for the order-shipped message does not fit: orderNumber/);
    expect(await rows()).toEqual([]);
  });

  it('claims, sends outside the transaction and marks sent, keeping what was sent', async () => {
    const clock = manualClock();
    const { transport, sent } = recordingTransport();
    await queueMessage(db(), shipped(3), clock.now());
    expect(await worker(transport, { now: clock.now }).drain()).toEqual({ sent: 1, retried: 0, failed: 0 });

    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'asha.3@example.com', subject: 'Order KP-3 is on its way' });
    expect(sent[0]!.text).toContain(`${publicUrl}/profile?view=orders`);
    const [row] = await rows();
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 1,
      sent_at: clock.now().toISOString(),
      subject: 'Order KP-3 is on its way',
      html: sent[0]!.html,
      text: sent[0]!.text,
      claimed_at: null,
      last_error: null,
    });
    // Sent once: another drain finds nothing to do.
    expect(await worker(transport, { now: clock.now }).drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(sent).toHaveLength(1);
  });

  it('tries again after 30 s, then 1 min, 2 min…, and never before', async () => {
    const clock = manualClock();
    const { transport, sent, state } = recordingTransport();
    const outbox = worker(transport, { now: clock.now });
    await queueMessage(db(), shipped(4), clock.now());

    state.failing = 'Mailbox busy, try later';
    const expectedWaits = [30_000, 60_000, 120_000, 240_000];
    for (const [attempt, wait] of expectedWaits.entries()) {
      expect(await outbox.drain()).toEqual({ sent: 0, retried: 1, failed: 0 });
      const [row] = await rows();
      expect(row).toMatchObject({
        status: 'queued',
        attempts: attempt + 1,
        next_attempt_at: new Date(clock.now().getTime() + wait).toISOString(),
        last_error: '451 Mailbox busy, try later',
        subject: 'Order KP-4 is on its way',
      });
      clock.advance(wait - 1);
      expect(await outbox.drain(), `not due ${wait - 1} ms after attempt ${attempt + 1}`).toEqual({
        sent: 0,
        retried: 0,
        failed: 0,
      });
      clock.advance(1);
    }
    state.failing = false;
    expect(await outbox.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(sent).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 5, last_error: null });
  });

  it('fails a message after its last attempt, with the error, and logs one line per attempt', async () => {
    const clock = manualClock();
    const policy: DeliveryPolicy = { ...defaultDeliveryPolicy, maxAttempts: 3 };
    const { transport, state } = recordingTransport();
    const lines: { level: string; message: string }[] = [];
    const log = {
      info: (_: object, message: string) => lines.push({ level: 'info', message }),
      warn: (_: object, message: string) => lines.push({ level: 'warn', message }),
      error: (_: object, message: string) => lines.push({ level: 'error', message }),
    };
    const outbox = worker(transport, { now: clock.now, policy, log });
    await queueMessage(db(), shipped(5), clock.now());
    state.failing = 'Recipient address rejected';

    expect(await outbox.drain()).toEqual({ sent: 0, retried: 1, failed: 0 });
    clock.advance(30_000);
    expect(await outbox.drain()).toEqual({ sent: 0, retried: 1, failed: 0 });
    clock.advance(60_000);
    expect(await outbox.drain()).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect((await rows())[0]).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_error: '451 Recipient address rejected',
    });
    // Failed is final: no more attempts, however long one waits.
    clock.advance(86_400_000);
    expect(await outbox.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(lines.map((l) => l.level)).toEqual(['warn', 'warn', 'error']);
  });

  it('a message whose data no longer renders fails at once, without retries', async () => {
    const clock = manualClock();
    const { transport, sent } = recordingTransport();
    await queueMessage(db(), shipped(6), clock.now());
    await db().updateTable('messages').set({ data: '{"firstName":"A"}' }).execute();
    expect(await worker(transport, { now: clock.now }).drain()).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(sent).toEqual([]);
    expect((await rows())[0]).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await rows())[0]!.last_error).toMatch(/^Could not be written: .*orderNumber/);
  });

  it('a message the rendering thread could not write in time is tried again, not failed', async () => {
    const clock = manualClock();
    const { transport, sent } = recordingTransport();
    await queueMessage(db(), shipped(7), clock.now());
    let stuck = true;
    const stuckThenWrites: typeof renderMessage = async (...args) => {
      if (stuck) throw new CallTimedOut('renderMessage was not answered within 60000 ms');
      return renderMessage(...args);
    };
    const outbox = worker(transport, { now: clock.now, renderMessage: stuckThenWrites });
    expect(await outbox.drain()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect((await rows())[0]).toMatchObject({
      status: 'queued',
      attempts: 1,
      next_attempt_at: new Date(clock.now().getTime() + 30_000).toISOString(),
      last_error: 'Could not be written yet: renderMessage was not answered within 60000 ms',
    });
    stuck = false;
    clock.advance(30_000);
    expect(await outbox.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(sent.map((m) => m.subject)).toEqual(['Order KP-7 is on its way']);
  });

  it('a message left sending by a process that died is taken again once its claim is 10 minutes old', async () => {
    const clock = manualClock();
    const { transport, sent } = recordingTransport();
    await queueMessage(db(), shipped(7), clock.now());
    // A process claims it and dies before sending or marking.
    const [claimed] = await claimDueMessages(db(), dialect, {
      now: clock.now().toISOString(),
      staleBefore: new Date(clock.now().getTime() - 600_000).toISOString(),
      limit: 10,
    });
    expect(claimed).toMatchObject({ status: 'sending', attempts: 1 });

    clock.advance(600_000 - 1);
    expect(await worker(transport, { now: clock.now }).drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
    clock.advance(2);
    expect(await worker(transport, { now: clock.now }).drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(sent.map((m) => m.id)).toEqual([claimed!.id]);
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('a process whose claim was taken over cannot mark the message', async () => {
    const clock = manualClock();
    const { transport } = recordingTransport();
    await queueMessage(db(), shipped(8), clock.now());
    // The first process's send hangs past the lease; meanwhile another takes the message and sends it.
    let release!: () => void;
    const hanging: MailTransport = {
      kind: 'smtp',
      send: () => new Promise((resolve, reject) => (release = () => reject(new Error('timed out')))),
      async close() {},
    };
    const first = worker(hanging, { now: clock.now }).drain();
    await expect.poll(() => release !== undefined).toBe(true);
    clock.advance(600_001);
    expect(await worker(transport, { now: clock.now }).drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    release();
    expect(await first).toEqual({ sent: 0, retried: 1, failed: 0 });
    // The failure of the first changed nothing: the message stays sent.
    expect((await rows())[0]).toMatchObject({ status: 'sent', last_error: null });
  });

  it('a slow mail server never lets a claimed batch outlive its lease', async () => {
    const clock = manualClock();
    for (const n of [1, 2, 3]) await queueMessage(db(), shipped(`slow-${n}`), clock.now());
    const { transport: other, sent: sentByOther } = recordingTransport();
    const sent: string[] = [];
    // Each send takes 6 minutes (under the lease); a batch of three takes 18.
    const slow: MailTransport = {
      kind: 'smtp',
      async send(message) {
        clock.advance(6 * 60_000);
        // Another process looks at the outbox while the last message of the batch is on its way.
        if (sent.length === 2) await worker(other, { now: clock.now }).drain();
        sent.push(message.to);
      },
      async close() {},
    };
    expect(await worker(slow, { now: clock.now, batchSize: 3 }).drain()).toEqual({ sent: 3, retried: 0, failed: 0 });
    expect(sent).toHaveLength(3);
    expect(sentByOther).toEqual([]);
  });

  it('two workers draining one outbox at once deliver each message once', async () => {
    const { transport, sent } = recordingTransport();
    await db()
      .transaction()
      .execute(async (trx) => {
        for (let i = 0; i < 60; i++) await enqueueMessage(trx, shipped(`two-${i}`));
      });
    const reports = await Promise.all([
      worker(transport, { batchSize: 5 }).drain(),
      worker(transport, { batchSize: 5 }).drain(),
    ]);
    expect(reports[0]!.sent + reports[1]!.sent).toBe(60);
    expect(new Set(sent.map((m) => m.id)).size).toBe(60);
    expect(sent).toHaveLength(60);
  });

  it('a started worker delivers a message as soon as its transaction commits, not at its next poll', async () => {
    const { transport, sent } = recordingTransport();
    const settings = config();
    const url = settings.dialect === 'postgres' ? settings.url : null;
    let listened = () => {};
    const listening = new Promise<void>((resolve) => (listened = resolve));
    const outbox = worker(transport, {
      pollMs: 60_000,
      ...(url && {
        listen: async (onNotify, onLost) => {
          const listener = await listenForMessages(url, onNotify, onLost);
          listened();
          return listener;
        },
      }),
    });
    outbox.start();
    try {
      // The first poll (at start) finds nothing; on PostgreSQL the worker then listens.
      await outbox.drain();
      if (url) await listening;
      const started = Date.now();
      await db()
        .transaction()
        .execute(async (trx) => {
          await enqueueMessage(trx, shipped('wake'));
          // Still uncommitted: nothing may be sent yet.
          await new Promise((resolve) => setTimeout(resolve, 100));
          expect(sent).toEqual([]);
        });
      await expect.poll(() => sent.length, { timeout: 3000, interval: 20 }).toBe(1);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await outbox.stop();
    }
  });
});
