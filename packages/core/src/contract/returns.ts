/**
 * Returns and refunds: the shopper's request from My Orders (`/api/order/:id/returns`), its
 * timeline, and staff's Returns queue (`/api/admin/returns...`).
 */
import { z } from 'zod';
import { couriers } from '../shipment-status.ts';
import {
  isBankAccountNumber,
  isIfsc,
  isUpiId,
  MAX_RETURN_PHOTOS,
  returnReasons,
  returnStatuses,
} from '../return-rules.ts';
import { successEnvelope } from './envelope.ts';
import { idSchema, inputText, moneyOut } from './primitives.ts';
import { markShippedBody } from './shipments.ts';

/** A photo the shop's upload answered: a path of its own uploads, nothing else. */
const photoPath = z
  .string()
  .regex(/^\/uploads\/[A-Za-z0-9_-]{8,64}\.[a-z]{3,4}$/, 'Each photo must be one uploaded to the shop.');

const optionalText = (max: number, label: string) =>
  inputText()
    .trim()
    .max(max, `${label} must be ${max} characters or fewer.`)
    .optional()
    .transform((text) => text ?? '');

/** Where a cash order's refund goes: a UPI ID, or a bank account with its IFSC. */
export const refundDestinationBody = z.discriminatedUnion(
  'method',
  [
    z.object({
      method: z.literal('upi'),
      upiId: inputText({ error: 'The UPI ID is required.' })
        .trim()
        .refine(isUpiId, 'The UPI ID must look like name@bank.'),
    }),
    z.object({
      method: z.literal('bank'),
      accountName: inputText({ error: "The account holder's name is required." })
        .trim()
        .min(2, "The account holder's name is required.")
        .max(100, "The account holder's name must be 100 characters or fewer."),
      accountNumber: inputText({ error: 'The account number is required.' })
        .trim()
        .refine(isBankAccountNumber, 'The account number must be 9 to 18 digits.'),
      ifsc: inputText({ error: 'The IFSC is required.' })
        .trim()
        .transform((text) => text.toUpperCase())
        .refine(isIfsc, 'The IFSC must be 4 letters, a 0, then 6 letters or digits (like SBIN0001234).'),
    }),
  ],
  { error: 'Choose UPI or bank account for the refund.' },
);
export type RefundDestinationBody = z.input<typeof refundDestinationBody>;

export const returnRequestBody = z.object({
  lines: z
    .array(
      z.object({
        /** The order line's position (as the order lists its lines). */
        position: z.number().int().min(0).max(1000),
        quantity: z
          .number({ error: 'Choose how many.' })
          .int('Choose how many.')
          .min(1, 'Choose at least one.')
          .max(1000),
        /** With exchanges allowed: the size wanted instead, in the same colour. */
        exchangeSize: inputText().trim().min(1).max(20).optional(),
      }),
      { error: 'Choose the items to return.' },
    )
    .min(1, 'Choose at least one item to return.')
    .max(50),
  reason: z.enum(returnReasons, { error: 'Choose a reason.' }),
  details: optionalText(1000, 'The description'),
  photos: z.array(photoPath).max(MAX_RETURN_PHOTOS, `Add ${MAX_RETURN_PHOTOS} photos at most.`).default([]),
  /** Cash orders only: where the refund goes. */
  refundTo: refundDestinationBody.optional(),
});
export type ReturnRequestBody = z.input<typeof returnRequestBody>;

export const returnEventData = z.object({
  status: z.enum(returnStatuses),
  note: z.string().nullable(),
  at: z.string(),
});

export const returnLineData = z.object({
  position: z.number().int(),
  name: z.string(),
  color: z.string().nullable(),
  size: z.string(),
  quantity: z.number().int(),
  exchangeSize: z.string().nullable(),
  /** Staff's finding on inspection: back to stock, or written off; null before. */
  inspection: z.enum(['restock', 'write_off']).nullable(),
});

export const returnData = z.object({
  _id: z.string(),
  number: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  status: z.enum(returnStatuses),
  reason: z.enum(returnReasons),
  details: z.string(),
  photos: z.array(z.string()),
  exchange: z.boolean(),
  /** "source" for online orders; "upi" or "bank" (masked) for cash orders. */
  refundTo: z.object({ method: z.enum(['source', 'upi', 'bank']), text: z.string() }),
  decisionReason: z.string().nullable(),
  pickup: z.object({ courier: z.enum(couriers), awb: z.string() }).nullable(),
  /** Set once refunded. */
  refund: z
    .object({ amount: moneyOut, reference: z.string(), at: z.string(), creditNote: z.string().nullable() })
    .nullable(),
  lines: z.array(returnLineData),
  /** Oldest first. */
  events: z.array(returnEventData),
  createdAt: z.string(),
});
export type ReturnData = z.infer<typeof returnData>;
export const returnResponse = successEnvelope(returnData);
export const returnListResponse = successEnvelope(z.object({ returns: z.array(returnData) }));

/** What My Orders needs to offer "Return items" on an order. */
export const returnOptionsData = z.object({
  /** Whether the order may still be returned (delivered, within the window). */
  open: z.boolean(),
  /** The window's end; null before delivery. */
  deadline: z.string().nullable(),
  windowDays: z.number().int(),
  allowExchanges: z.boolean(),
  /** Cash orders ask where the refund goes. */
  needsRefundDestination: z.boolean(),
  lines: z.array(
    z.object({
      position: z.number().int(),
      name: z.string(),
      color: z.string().nullable(),
      size: z.string(),
      /** Units not yet asked back. */
      returnable: z.number().int(),
      /** Other sizes of the same colour, for an exchange. */
      otherSizes: z.array(z.string()),
    }),
  ),
});
export type ReturnOptionsData = z.infer<typeof returnOptionsData>;
export const returnOptionsResponse = successEnvelope(returnOptionsData);

export const returnIdParams = z.object({ id: idSchema });
export const orderReturnParams = z.object({ id: idSchema });

// ---------------------------------------------------------------- staff

export const staffReturnData = returnData.extend({
  customerName: z.string(),
  customerEmail: z.string(),
  paymentMethod: z.enum(['cod', 'razorpay']),
  /** Staff see the whole refund destination, to transfer to it. */
  refundDestination: z.string(),
  ageHours: z.number().int(),
});
export type StaffReturnData = z.infer<typeof staffReturnData>;
export const staffReturnResponse = successEnvelope(staffReturnData);
export const staffReturnListResponse = successEnvelope(z.object({ returns: z.array(staffReturnData) }));
export const staffReturnListQuery = z.object({
  /** "open" (default): the queue; "all": finished ones too. */
  view: z.enum(['open', 'all']).default('open'),
});

export const returnDecisionBody = z.object({
  decision: z.enum(['approve', 'reject'], { error: 'Approve or reject.' }),
  /** Required to reject: the shopper is told why. */
  reason: optionalText(500, 'The reason'),
});
export type ReturnDecisionBody = z.input<typeof returnDecisionBody>;

export const returnPickupBody = markShippedBody;
export type ReturnPickupBody = z.input<typeof returnPickupBody>;

export const returnInspectionBody = z.object({
  lines: z
    .array(z.object({ position: z.number().int().min(0).max(1000), outcome: z.enum(['restock', 'write_off']) }))
    .min(1, 'Inspect every returned line.')
    .max(50),
});
export type ReturnInspectionBody = z.input<typeof returnInspectionBody>;

export const returnRefundBody = z.object({
  /** The transfer's reference (UTR) for a cash order, or a refund made by other means; absent: through the provider. */
  reference: inputText()
    .trim()
    .min(4, 'The transfer reference must be 4 to 40 characters.')
    .max(40, 'The transfer reference must be 4 to 40 characters.')
    .optional(),
});
export type ReturnRefundBody = z.input<typeof returnRefundBody>;

/** Return rate by reason over a period: returns asked of orders delivered in it. */
export const returnStatsQuery = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });
export const returnStatsData = z.object({
  days: z.number().int(),
  delivered: z.number().int(),
  reasons: z.array(
    z.object({ reason: z.enum(returnReasons), returns: z.number().int(), ratePercent: z.number().nullable() }),
  ),
});
export type ReturnStatsData = z.infer<typeof returnStatsData>;
export const returnStatsResponse = successEnvelope(returnStatsData);
