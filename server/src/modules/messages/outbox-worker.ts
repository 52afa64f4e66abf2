import type { Kysely } from 'kysely';
import { afterFailedAttempt, defaultDeliveryPolicy, staleClaimBefore, type DeliveryPolicy } from '@shop/core';
import { isMessageTemplate, renderMessage } from '@shop/emails';
import type { Dialect } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import * as repo from './messages.repository.ts';
import { outboxSignals } from './messages.service.ts';
import type { Listener } from './pg-listener.ts';
import type { MailTransport, MessageAttachment } from './transports.ts';

/** The part of pino the worker writes to. */
export interface WorkerLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface OutboxWorkerOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  transport: MailTransport;
  /** PUBLIC_URL: links in messages start with it. */
  publicUrl: string;
  /** PostgreSQL: be told when any process commits messages (see pg-listener.ts). */
  listen?: (onNotify: () => void, onLost: (error: Error) => void) => Promise<Listener>;
  policy?: DeliveryPolicy;
  /** How often to look for due messages when nobody says there are some (default 5 s). */
  pollMs?: number;
  /** Messages claimed at once (default 20). */
  batchSize?: number;
  now?: () => Date;
  log?: WorkerLog;
  /**
   * The files a message carries, found when it is sent (the order's tax invoice, drawn from
   * the document the order's transaction issued). A failure counts as a failed attempt.
   */
  attachmentsFor?: (message: { template: string; orderId: string | null }) => Promise<MessageAttachment[]>;
  /** Writes a message (default: in this thread; server.ts hands in the rendering thread's). */
  renderMessage?: typeof renderMessage;
}

export interface DrainReport {
  sent: number;
  retried: number;
  failed: number;
}

export interface OutboxWorker {
  /** Starts polling (and listening), and drains at once. */
  start(): void;
  /** Asks for a drain as soon as possible. */
  wake(): void;
  /** Sends every due message now; resolves when there is none left (or the worker stops). */
  drain(): Promise<DrainReport>;
  /** Stops polling, waits for the message in hand, and closes the transport. */
  stop(): Promise<void>;
}

const silent: WorkerLog = { info() {}, warn() {}, error() {} };

/** An error that says trying again later may succeed (the rendering thread's CallTimedOut). */
function isTransient(error: unknown) {
  return (error as { transient?: unknown } | null)?.transient === true;
}

function describe(error: unknown): string {
  const e = error as { message?: unknown; responseCode?: unknown; code?: unknown } | null;
  const message = typeof e?.message === 'string' ? e.message : String(error);
  const code = typeof e?.responseCode === 'number' ? e.responseCode : typeof e?.code === 'string' ? e.code : null;
  return (code !== null && !message.includes(String(code)) ? `${code} ${message}` : message).slice(0, 500);
}

/**
 * Delivers the outbox. Each process runs one: it claims due messages (see
 * claimDueMessages), renders and sends each outside any transaction, then marks it sent. A
 * failed attempt goes back to the queue with a growing delay, and is failed after the last
 * one. A process that dies between sending and marking leaves the message `sending`; once
 * its claim is older than the lease another process sends it again: at most a duplicate,
 * never a loss. It logs one line per failed attempt, not per poll.
 */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, dialect, transport, publicUrl } = options;
  const policy = options.policy ?? defaultDeliveryPolicy;
  const pollMs = options.pollMs ?? 5000;
  const batchSize = options.batchSize ?? 20;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? silent;
  const render = options.renderMessage ?? renderMessage;

  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<DrainReport> | null = null;
  let again = false;
  let listener: Listener | null = null;
  let listening: Promise<void> | null = null;
  let databaseTrouble = false;

  async function deliver(row: repo.MessageRow, report: DrainReport) {
    // A slow mail server may have kept the batch's earlier messages long: the lease counts from here.
    const claim = await repo.renewClaim(db, { id: row.id, claimedAt: row.claimed_at! }, now().toISOString());
    if (!claim) return;
    const where = { messageId: row.id, template: row.template, attempt: row.attempts };
    const failedAttempt = async (reason: string, subject?: string) => {
      const next = afterFailedAttempt(row.attempts, now(), policy);
      const nextAttemptAt = next.status === 'queued' ? next.nextAttemptAt.toISOString() : null;
      await repo.markUnsent(db, claim, { error: reason, nextAttemptAt, subject });
      if (nextAttemptAt) {
        log.warn({ ...where, err: reason, nextAttemptAt }, 'message not delivered; trying again later');
        report.retried += 1;
      } else {
        log.error({ ...where, err: reason }, 'message failed after its last attempt');
        report.failed += 1;
      }
    };
    let rendered;
    try {
      if (!isMessageTemplate(row.template)) throw new Error(`no template named ${row.template}`);
      rendered = await render(row.template, JSON.parse(row.data), { publicUrl });
    } catch (error) {
      // The rendering thread was stuck or away: another attempt may well write it.
      if (isTransient(error)) return failedAttempt(`Could not be written yet: ${describe(error)}`);
      // Writing it again would fail the same way: no retries.
      const reason = `Could not be written: ${describe(error)}`;
      await repo.markUnsent(db, claim, { error: reason, nextAttemptAt: null });
      log.error({ ...where, err: reason }, 'message failed: it could not be written');
      report.failed += 1;
      return;
    }
    try {
      const attachments = (await options.attachmentsFor?.({ template: row.template, orderId: row.order_id })) ?? [];
      await transport.send({
        id: row.id,
        to: row.recipient,
        ...rendered,
        ...(attachments.length > 0 && { attachments }),
      });
    } catch (error) {
      return failedAttempt(describe(error), rendered.subject);
    }
    await repo.markSent(db, claim, { sentAt: now().toISOString(), ...rendered });
    report.sent += 1;
  }

  async function drainAll(report: DrainReport) {
    while (!stopping) {
      const at = now();
      const claimed = await repo.claimDueMessages(db, dialect, {
        now: at.toISOString(),
        staleBefore: staleClaimBefore(at, policy).toISOString(),
        limit: batchSize,
      });
      for (const row of claimed) {
        if (stopping) break;
        await deliver(row, report);
      }
      if (claimed.length < batchSize) return;
    }
  }

  function drain(): Promise<DrainReport> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      const report: DrainReport = { sent: 0, retried: 0, failed: 0 };
      do {
        again = false;
        await drainAll(report);
      } while (again && !stopping);
      return report;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  /** A drain from the timer or a signal: failures are logged once until the database answers again. */
  function drainQuietly() {
    drain().then(
      () => {
        if (databaseTrouble) log.info({}, 'outbox worker reaches the database again');
        databaseTrouble = false;
      },
      (error: unknown) => {
        if (!databaseTrouble) log.error({ err: describe(error) }, 'outbox worker cannot work the outbox');
        databaseTrouble = true;
      },
    );
  }

  function ensureListening() {
    if (!options.listen || listener || listening || stopping) return;
    listening = options
      .listen(wake, (error) => {
        listener = null;
        log.warn({ err: describe(error) }, 'outbox worker stopped listening; polling until it listens again');
      })
      .then(
        (l) => {
          if (stopping) void l.close();
          else listener = l;
        },
        () => {
          // Polling goes on; the next tick tries to listen again.
        },
      )
      .finally(() => {
        listening = null;
      });
  }

  function tick() {
    if (stopping) return;
    ensureListening();
    drainQuietly();
    timer = setTimeout(tick, pollMs);
    timer.unref();
  }

  function wake() {
    if (started && !stopping) drainQuietly();
  }

  return {
    start() {
      if (started) return;
      started = true;
      // SQLite: one connection per process, so a drain asked for while the enqueuing transaction
      // is open runs right after its commit. PostgreSQL: the trigger's NOTIFY, sent at commit.
      if (dialect === 'sqlite') outboxSignals.on('enqueued', wake);
      tick();
    },
    wake,
    drain,
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      outboxSignals.off('enqueued', wake);
      await running?.catch(() => {});
      await listening;
      await listener?.close();
      await transport.close();
    },
  };
}
