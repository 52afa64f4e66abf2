/**
 * The seller page, complaints to the grievance officer and the shopper's data rights
 * (Consumer Protection (E-Commerce) Rules 2020, Digital Personal Data Protection Act 2023).
 */
import { z } from 'zod';
import { complaintActions, complaintStatuses } from '../grievance-rules.ts';
import { emailSchema, phoneSchema, user } from './auth.ts';
import { successEnvelope } from './envelope.ts';
import { order } from './orders.ts';
import { idSchema, inputText, limitQuery, pageQuery } from './primitives.ts';

const text = (label: string, max: number) =>
  inputText({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be ${max} characters or fewer.`);

/** How to reach someone: an email address and a phone number. */
const contact = z.object({ email: z.string(), phone: z.string() });

export const grievanceOfficer = z.object({ name: z.string(), designation: z.string(), ...contact.shape });
export type GrievanceOfficer = z.infer<typeof grievanceOfficer>;

/** What the seller page shows (`GET /api/seller`): who sells, where, and whom to complain to. */
export const sellerPage = z.object({
  legalName: z.string(),
  registeredAddress: z.object({
    addressLine1: z.string(),
    addressLine2: z.string(),
    city: z.string(),
    pinCode: z.string(),
    state: z.string(),
  }),
  /** Where the business operates from (the warehouse, the office), as staff write it. */
  operatingAddress: z.string(),
  gstin: z.string(),
  contact,
  grievanceOfficer,
});
export type SellerPage = z.infer<typeof sellerPage>;
export const sellerPageResponse = successEnvelope(sellerPage);

/** What staff set beside the invoice's seller details: the seller page's contact and the grievance officer. */
export const sellerContactBody = z
  .object({
    operatingAddress: text('Operating address', 400),
    contactEmail: emailSchema,
    contactPhone: phoneSchema,
    grievanceOfficer: z
      .object({
        name: text('Grievance officer’s name', 100),
        designation: text('Grievance officer’s designation', 100),
        email: emailSchema,
        phone: phoneSchema,
      })
      .strict(),
  })
  .strict();
export type SellerContactBody = z.input<typeof sellerContactBody>;

export const sellerContact = z.object({
  operatingAddress: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  grievanceOfficer: grievanceOfficer,
});
export type SellerContact = z.infer<typeof sellerContact>;
export const sellerContactResponse = successEnvelope(sellerContact);

/** What a complaint is about. */
export const complaintTopics = ['order', 'delivery', 'payment', 'return', 'product', 'account', 'other'] as const;
export type ComplaintTopic = (typeof complaintTopics)[number];
export const complaintTopicNames: Record<ComplaintTopic, string> = {
  order: 'An order',
  delivery: 'Delivery',
  payment: 'Payment or refund',
  return: 'Return or exchange',
  product: 'A product',
  account: 'My account or my data',
  other: 'Something else',
};

/** `POST /api/complaints`: signed in or not; a signed-in shopper's name and email are their account's. */
export const complaintBody = z
  .object({
    name: text('Name', 100),
    email: emailSchema,
    phone: z.preprocess((value) => (value === '' ? undefined : value), phoneSchema.optional()),
    topic: z.enum(complaintTopics, { error: `Topic must be one of ${complaintTopics.join(', ')}.` }),
    orderNumber: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      inputText().trim().max(40, 'Order number must be 40 characters or fewer.').optional(),
    ),
    description: text('Description', 4000).refine(
      (value) => value.length >= 10,
      'Please describe the problem in at least 10 characters.',
    ),
  })
  .strict();
export type ComplaintBody = z.input<typeof complaintBody>;

export const complaintMessageAuthors = ['shopper', 'staff'] as const;
export const complaintMessageKinds = ['complaint', 'acknowledgement', 'reply', 'resolution'] as const;
export type ComplaintMessageKind = (typeof complaintMessageKinds)[number];

export const complaintMessage = z.object({
  author: z.enum(complaintMessageAuthors),
  kind: z.enum(complaintMessageKinds),
  body: z.string(),
  createdAt: z.string(),
});

/** A complaint as its ticket page shows it to the shopper. */
export const complaintTicket = z.object({
  ticketNumber: z.string(),
  status: z.enum(complaintStatuses),
  topic: z.enum(complaintTopics),
  orderNumber: z.string().nullable(),
  name: z.string(),
  receivedAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  acknowledgeBy: z.string(),
  resolveBy: z.string(),
  messages: z.array(complaintMessage),
});
export type ComplaintTicket = z.infer<typeof complaintTicket>;

/** The answer to a new complaint: its ticket, and the private link that follows it. */
export const complaintCreated = z.object({ ticket: complaintTicket, link: z.string() });
export type ComplaintCreated = z.infer<typeof complaintCreated>;
export const complaintCreatedResponse = successEnvelope(complaintCreated);
export const complaintTicketResponse = successEnvelope(complaintTicket);

export const ticketParams = z.object({
  ticket: inputText().trim().toUpperCase().max(20, 'is not a ticket number'),
});
export const ticketQuery = z.object({
  key: inputText({ error: 'The link is incomplete.' }).min(1, 'The link is incomplete.').max(100),
});

/** The staff queue: every complaint with its age and deadlines, open ones first by their next deadline. */
export const complaintQueueQuery = z.object({
  status: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(complaintStatuses, { error: `status must be one of ${complaintStatuses.join(', ')}.` }).optional(),
  ),
  page: pageQuery,
  limit: limitQuery,
});

export const complaintRow = z.object({
  _id: z.string(),
  ticketNumber: z.string(),
  status: z.enum(complaintStatuses),
  topic: z.enum(complaintTopics),
  name: z.string(),
  email: z.string(),
  orderNumber: z.string().nullable(),
  receivedAt: z.string(),
  ageHours: z.number(),
  acknowledgeBy: z.string(),
  resolveBy: z.string(),
  acknowledgement: z.enum(['done', 'done-late', 'due', 'overdue']),
  resolution: z.enum(['done', 'done-late', 'due', 'overdue']),
  nextDeadline: z.string().nullable(),
  overdue: z.boolean(),
});
export type ComplaintRow = z.infer<typeof complaintRow>;

export const complaintQueue = z.object({
  complaints: z.array(complaintRow),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  totalPages: z.number(),
  /** Complaints not resolved, and of those the ones past a deadline. */
  openCount: z.number(),
  overdueCount: z.number(),
});
export type ComplaintQueue = z.infer<typeof complaintQueue>;
export const complaintQueueResponse = successEnvelope(complaintQueue);

export const complaintDetail = z.object({
  complaint: complaintRow.extend({ phone: z.string().nullable(), signedIn: z.boolean() }),
  messages: z.array(complaintMessage),
});
export type ComplaintDetail = z.infer<typeof complaintDetail>;
export const complaintDetailResponse = successEnvelope(complaintDetail);

export const complaintIdParams = z.object({ id: idSchema });
export const complaintActionParams = z.object({
  id: idSchema,
  action: z.enum(complaintActions, { error: `action must be one of ${complaintActions.join(', ')}.` }),
});
export const complaintActionBody = z
  .object({
    message: text('Message', 4000),
  })
  .strict();
export type ComplaintActionBody = z.input<typeof complaintActionBody>;

/** Everything the shop holds about a shopper (`GET /api/account/data`), as a JSON download. */
export const accountData = z.object({
  exportedAt: z.string(),
  account: user.extend({ createdAt: z.string(), signInMethods: z.array(z.string()) }),
  orders: z.array(order),
  messages: z.array(
    z.object({
      subject: z.string().nullable(),
      to: z.string(),
      status: z.string(),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
      text: z.string().nullable(),
    }),
  ),
  complaints: z.array(complaintTicket),
});
export type AccountData = z.infer<typeof accountData>;

/** What an account's deletion kept, and why. */
export const accountDeleted = z.object({
  /** Invoices and credit notes kept for tax law, with the year they may be destroyed. */
  keptDocuments: z.array(z.object({ number: z.string(), kind: z.string(), keepUntil: z.string() })),
});
export const accountDeletedResponse = successEnvelope(accountDeleted);
