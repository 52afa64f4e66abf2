import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/connect.ts';
import { createOutboxWorker, type OutboxWorker, type OutboxWorkerOptions, type WorkerLog } from './outbox-worker.ts';
import { listenForMessages } from './pg-listener.ts';
import { createMailboxTransport, createSmtpTransport, type MailTransport } from './transports.ts';

/** Where messages go as configured: SMTP, the development mailbox, or nowhere yet (null). */
export function transportFromConfig(config: Pick<Config, 'mailer' | 'publicUrl'>): MailTransport | null {
  const { mailer } = config;
  if (mailer.kind === 'smtp') {
    return createSmtpTransport({
      url: mailer.url,
      from: mailer.from,
      messageIdHost: new URL(config.publicUrl).hostname,
    });
  }
  if (mailer.kind === 'mailbox') return createMailboxTransport();
  return null;
}

/**
 * This process's outbox worker, or null when messages have nowhere to go (production without
 * SMTP_URL): they then stay queued, to be delivered once SMTP_URL is set.
 */
export function outboxWorkerFromConfig(
  config: Pick<Config, 'mailer' | 'publicUrl' | 'database'>,
  database: DatabaseHandle,
  log: WorkerLog,
  writing: Pick<OutboxWorkerOptions, 'attachmentsFor' | 'renderMessage'> = {},
): OutboxWorker | null {
  const transport = transportFromConfig(config);
  if (!transport) return null;
  const settings = config.database;
  return createOutboxWorker({
    db: database.db,
    dialect: database.dialect,
    transport,
    publicUrl: config.publicUrl,
    log,
    ...writing,
    ...(settings.dialect === 'postgres' && {
      listen: (onNotify, onLost) => listenForMessages(settings.url, onNotify, onLost),
    }),
  });
}
