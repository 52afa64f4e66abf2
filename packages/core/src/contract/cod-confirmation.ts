/**
 * Cash on delivery, confirmed: the storefront's page that a confirmation email's link opens
 * (`/api/cod-confirmation`, no sign-in: the signed token is the permission), and staff
 * confirming a cash order themselves.
 */
import { z } from 'zod';
import {
  codConfirmationSources,
  codLinkActions,
  codLinkOutcomeMessages,
  type CodLinkOutcome,
} from '../cod-confirmation.ts';
import { successEnvelope } from './envelope.ts';
import { moneyOut } from './primitives.ts';

const outcomes = Object.keys(codLinkOutcomeMessages) as [CodLinkOutcome, ...CodLinkOutcome[]];

export const codLinkQuery = z.object({
  token: z.string({ error: 'token is required.' }).min(1, 'token is required.').max(200, 'token is too long.'),
});
export const codLinkBody = codLinkQuery;

export const codLinkView = z.object({
  /** What the link does: confirm the order, or cancel it. */
  action: z.enum(codLinkActions),
  orderNumber: z.string(),
  /** What is paid on delivery. */
  total: moneyOut,
  /** Null while the link still acts; else how the order stands (what the page says). */
  outcome: z.enum(outcomes).nullable(),
  /** The outcome in the shopper's words; null with it. */
  message: z.string().nullable(),
});
export type CodLinkView = z.infer<typeof codLinkView>;
export const codLinkResponse = successEnvelope(codLinkView);

/** How a cash order's confirmation stands, for staff; null for an online order. */
export const codConfirmation = z
  .object({
    state: z.enum(['awaiting', 'confirmed', 'closed']),
    confirmedAt: z.string().nullable(),
    /** Who confirmed it: the shopper from the email's link, or staff. */
    via: z.enum(codConfirmationSources).nullable(),
  })
  .nullable();
export type CodConfirmation = z.infer<typeof codConfirmation>;
