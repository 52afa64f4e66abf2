/**
 * The shop's messages (emails): their templates and delivery states, and the staff area's
 * calls about them (`/api/admin/messages/...`, admin role only).
 */
import { z } from 'zod';
import { auditEntry } from './admin.ts';
import { successEnvelope } from './envelope.ts';
import { idSchema, limitQuery, pageQuery } from './primitives.ts';

/** Every message the shop can send; `@shop/emails` has a template (and a data shape) for each. */
export const messageTemplates = [
  'password-reset',
  'verify-email',
  'order-placed',
  'payment-received',
  'payment-reminder',
  'order-cancelled',
  'cod-confirmation',
  'order-shipped',
  'order-delivered',
  'delivery-failed',
  'refund-recorded',
  'return-update',
  'staff-new-order',
  'complaint-received',
  'complaint-updated',
  'staff-low-stock',
] as const;
export type MessageTemplate = (typeof messageTemplates)[number];

/**
 * Messages that carry a link signing someone in or proving their address. Staff never see
 * their content (the link would let them into the shopper's account) and never send them
 * again (the shopper asks for a new link instead).
 */
export const privateMessageTemplates: readonly MessageTemplate[] = ['password-reset', 'verify-email'];

/** queued → sending → sent, or back to queued to try again, or failed after the last attempt. */
export const messageStatuses = ['queued', 'sending', 'sent', 'failed'] as const;
export type MessageStatus = (typeof messageStatuses)[number];

export const adminMessageListQuery = z.object({
  /** Blank means every status (a cleared filter). */
  status: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(messageStatuses, { error: `status must be one of ${messageStatuses.join(', ')}.` }).optional(),
  ),
  page: pageQuery,
  limit: limitQuery,
});
export type AdminMessageListQuery = z.input<typeof adminMessageListQuery>;

export const adminMessageRow = z.object({
  _id: z.string(),
  template: z.enum(messageTemplates),
  to: z.string(),
  /** Known once the message has been rendered for sending. */
  subject: z.string().nullable(),
  status: z.enum(messageStatuses),
  attempts: z.number().int(),
  /** When the next attempt is due (queued messages). */
  nextAttemptAt: z.string().nullable(),
  /** What went wrong the last time it was tried. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** The order it is about, if any. */
  order: z.object({ _id: z.string(), orderNumber: z.string() }).nullable(),
  /** The message this one is a copy of (sent again by staff). */
  resentFrom: z.string().nullable(),
});
export type AdminMessageRow = z.infer<typeof adminMessageRow>;

export const adminMessagePage = z.object({
  messages: z.array(adminMessageRow),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type AdminMessagePage = z.infer<typeof adminMessagePage>;
export const adminMessageListResponse = successEnvelope(adminMessagePage);

export const adminMessageDetail = z.object({
  message: adminMessageRow,
  /** What was sent: null until it is, and for private messages (`privateMessageTemplates`). */
  content: z.object({ html: z.string(), text: z.string() }).nullable(),
  /** The content exists but is not shown: it holds a link into the shopper's account. */
  contentWithheld: z.boolean(),
  /** Staff may queue a copy (a finished message that is not private). */
  resendable: z.boolean(),
  audit: z.array(auditEntry),
});
export type AdminMessageDetail = z.infer<typeof adminMessageDetail>;
export const adminMessageDetailResponse = successEnvelope(adminMessageDetail);

export const adminMessageIdParams = z.object({ id: idSchema });
