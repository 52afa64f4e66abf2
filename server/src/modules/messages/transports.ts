import nodemailer from 'nodemailer';

/** A message ready to leave: rendered, addressed, with the id that names it. */
export interface OutgoingMessage {
  /** The outbox id: also the Message-ID's left part, so a duplicate after a crash is recognisable as one. */
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Files sent with it (a tax invoice with its order's email). */
  attachments?: MessageAttachment[];
}

export interface MessageAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/**
 * Where sent messages go. SMTP hands them to a mail server; the development mailbox keeps them
 * in the outbox rows themselves (status sent), for /dev/mailbox to show.
 */
export interface MailTransport {
  kind: 'smtp' | 'mailbox';
  send(message: OutgoingMessage): Promise<void>;
  close(): Promise<void>;
}

/** How long a mail server may take before an attempt counts as failed (retried later). */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * SMTP through nodemailer: `url` like smtp://user:pass@host:587 (STARTTLS when offered) or
 * smtps://…:465. A server that hangs is bounded by the timeouts above.
 */
export function createSmtpTransport(options: {
  url: string;
  from: string;
  /** The host part of every Message-ID (the shop's public host). */
  messageIdHost: string;
  timeouts?: Partial<typeof SMTP_TIMEOUTS>;
}): MailTransport {
  const transporter = nodemailer.createTransport({
    url: options.url,
    pool: true,
    maxConnections: 2,
    ...SMTP_TIMEOUTS,
    ...options.timeouts,
  });
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        attachments: message.attachments,
        messageId: `<${message.id}@${options.messageIdHost}>`,
        date: new Date(),
      });
    },
    async close() {
      transporter.close();
    },
  };
}

/** The development mailbox: nothing leaves the machine; the outbox row is the delivered message. */
export function createMailboxTransport(): MailTransport {
  return {
    kind: 'mailbox',
    async send() {},
    async close() {},
  };
}
