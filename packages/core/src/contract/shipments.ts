/**
 * Shipments: "Mark shipped" with courier and AWB, a parcel's events (staff, a CSV of AWB
 * statuses, or the signed webhook), the shopper's timeline, and staff's delivery problems.
 */
import { z } from 'zod';
import {
  AWB_PATTERN,
  couriers,
  isTrackingTemplate,
  MAX_DELIVERY_ATTEMPTS_LIMIT,
  shipmentEventKinds,
  shipmentStatuses,
} from '../shipment-status.ts';
import { successEnvelope } from './envelope.ts';
import { phoneSchema } from './auth.ts';
import { idSchema, inputText } from './primitives.ts';

export const shipmentEventSources = ['staff', 'webhook', 'csv'] as const;

const awbText = inputText({ error: 'The AWB number is required.' })
  .trim()
  .regex(AWB_PATTERN, 'The AWB number must be 4 to 40 letters, digits or dashes.');

const reasonText = z
  .string()
  .trim()
  .max(200, 'The reason must be 200 characters or fewer.')
  .transform((text) => (text === '' ? null : text))
  .nullish()
  .transform((text) => text ?? null);

/** "Mark shipped": the courier and the AWB number it printed. */
export const markShippedBody = z.object({
  courier: z.enum(couriers, { error: 'Choose the courier.' }),
  awb: awbText,
});
export type MarkShippedBody = z.input<typeof markShippedBody>;

export const shipmentEventData = z.object({
  kind: z.enum(shipmentEventKinds),
  /** Why a delivery attempt failed, as the courier put it. */
  reason: z.string().nullable(),
  location: z.string().nullable(),
  /** When it happened, as reported. */
  at: z.string(),
  source: z.enum(shipmentEventSources),
});
export type ShipmentEventData = z.infer<typeof shipmentEventData>;

export const shipmentData = z.object({
  _id: z.string(),
  orderId: z.string(),
  courier: z.enum(couriers),
  courierName: z.string(),
  awb: z.string(),
  /** The courier's tracking page for this AWB; null when the courier has no template. */
  trackingUrl: z.string().nullable(),
  status: z.enum(shipmentStatuses),
  failedAttempts: z.number().int(),
  shippedAt: z.string(),
  /** The shopper asked for another attempt after a failed one (with a phone to call, if they gave one). */
  reattempt: z.object({ phone: z.string().nullable(), requestedAt: z.string() }).nullable(),
  /** Oldest first. */
  events: z.array(shipmentEventData),
});
export type ShipmentData = z.infer<typeof shipmentData>;
export const shipmentResponse = successEnvelope(shipmentData);
/** The shopper's shipments, one per shipped order. */
export const shipmentListResponse = successEnvelope(z.object({ shipments: z.array(shipmentData) }));
export const staffOrderShipmentResponse = successEnvelope(shipmentData.nullable());
export const shipmentIdParams = z.object({ id: idSchema });

/** The shopper asks for another attempt after a failed one, with a phone number that reaches them. */
export const reattemptBody = z.object({ phone: phoneSchema.optional() });
export type ReattemptBody = z.input<typeof reattemptBody>;
export const orderShipmentParams = z.object({ id: idSchema });

/** Staff record what the courier told them. `at` defaults to now. */
export const staffShipmentEventBody = z.object({
  kind: z.enum(shipmentEventKinds, { error: 'Choose what happened.' }),
  reason: reasonText,
  at: z.iso.datetime({ offset: true, error: 'The time must be an ISO date and time.' }).optional(),
});
export type StaffShipmentEventBody = z.input<typeof staffShipmentEventBody>;

/**
 * The webhook's body (POST /api/shipments/events), signed in `X-Shipment-Signature` as the
 * hex HMAC-SHA256 of the raw body with the shared secret. `eventId` makes it idempotent: a
 * delivery sent again changes nothing.
 */
export const shipmentWebhookBody = z.object({
  eventId: z.string().trim().min(1, 'eventId is required.').max(100, 'eventId is too long.'),
  awb: awbText,
  kind: z.enum(shipmentEventKinds),
  reason: reasonText,
  location: reasonText,
  occurredAt: z.iso.datetime({ offset: true, error: 'occurredAt must be an ISO date and time.' }),
});
export type ShipmentWebhookBody = z.input<typeof shipmentWebhookBody>;

export const shipmentEventOutcomes = ['applied', 'duplicate', 'ignored'] as const;
export type ShipmentEventOutcome = (typeof shipmentEventOutcomes)[number];
export const shipmentWebhookResponse = successEnvelope(
  z.object({
    outcome: z.enum(shipmentEventOutcomes),
    /** The parcel's status after the event; null when no parcel has the AWB. */
    status: z.enum(shipmentStatuses).nullable(),
  }),
);

/** The CSV upload of AWB statuses: one line per event, `awb,status,reason,time` (and `event_id`, optional). */
export const shipmentCsvBody = z.object({
  csv: z
    .string({ error: 'Send the CSV file as the body.' })
    .max(2_000_000, 'The CSV file is too large (2 MB at most).'),
});
export const shipmentImportData = z.object({
  applied: z.number().int(),
  duplicates: z.number().int(),
  /** Lines that could not be applied, by line number (the header is line 1). */
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
});
export type ShipmentImportData = z.infer<typeof shipmentImportData>;
export const shipmentImportResponse = successEnvelope(shipmentImportData);

export const courierSettingData = z.object({
  courier: z.enum(couriers),
  name: z.string(),
  /** An https address with `{awb}` where the number goes; empty: no tracking link. */
  trackingUrlTemplate: z.string(),
});
export type CourierSettingData = z.infer<typeof courierSettingData>;
export const courierListResponse = successEnvelope(z.object({ couriers: z.array(courierSettingData) }));
export const courierParams = z.object({ courier: z.enum(couriers) });
export const courierTemplateBody = z.object({
  trackingUrlTemplate: z
    .string()
    .trim()
    .max(300, 'The tracking link must be 300 characters or fewer.')
    .refine(isTrackingTemplate, 'The tracking link must be an https address with {awb} where the number goes.'),
});

export const shipmentSettingsData = z.object({
  maxDeliveryAttempts: z.number().int(),
  /** Percent; null: cash on delivery is never turned off by returns. */
  rtoCodThresholdPercent: z.number().nullable(),
  rtoCodMinOrders: z.number().int(),
});
export type ShipmentSettingsData = z.infer<typeof shipmentSettingsData>;
export const shipmentSettingsResponse = successEnvelope(shipmentSettingsData);
export const shipmentSettingsBody = z.object({
  maxDeliveryAttempts: z
    .number({ error: 'Delivery attempts must be a whole number.' })
    .int('Delivery attempts must be a whole number.')
    .min(1, 'Allow at least one delivery attempt.')
    .max(MAX_DELIVERY_ATTEMPTS_LIMIT, `Delivery attempts must be ${MAX_DELIVERY_ATTEMPTS_LIMIT} or fewer.`),
  rtoCodThresholdPercent: z
    .number({ error: 'The return rate must be a whole number of percent.' })
    .int('The return rate must be a whole number of percent.')
    .min(0, 'The return rate must not be negative.')
    .max(100, 'The return rate must be 100 or less.')
    .nullable(),
  rtoCodMinOrders: z
    .number({ error: 'The number of parcels must be a whole number.' })
    .int('The number of parcels must be a whole number.')
    .min(1, 'Judge over at least one parcel.')
    .max(100_000, 'The number of parcels must be 100000 or fewer.'),
});
export type ShipmentSettingsBody = z.input<typeof shipmentSettingsBody>;

/** One parcel in staff's "Delivery problems" queue. */
export const deliveryProblemData = z.object({
  shipment: shipmentData,
  orderNumber: z.string(),
  customerName: z.string(),
  phone: z.string(),
  pinCode: z.string(),
  /** The last failed attempt's reason, if any. */
  reason: z.string().nullable(),
  /** Since the parcel's last event (the failed attempt, or the start of its way back). */
  since: z.string(),
  ageHours: z.number().int(),
});
export type DeliveryProblemData = z.infer<typeof deliveryProblemData>;
export const deliveryProblemListResponse = successEnvelope(z.object({ problems: z.array(deliveryProblemData) }));

/** Returns to origin per PIN code (dashboard and delivery settings). */
export const pinReturnsData = z.object({
  pinCode: z.string(),
  finished: z.number().int(),
  returned: z.number().int(),
  ratePercent: z.number().nullable(),
  codOff: z.boolean(),
});
export const pinReturnsListResponse = successEnvelope(z.object({ pins: z.array(pinReturnsData) }));

/** The dashboard's returns to origin by PIN code: parcels shipped in the last 30 shop days. */
export const rtoRateData = z.object({
  pinCode: z.string(),
  shipped: z.number().int(),
  returned: z.number().int(),
  ratePercent: z.number(),
});
export type RtoRateData = z.infer<typeof rtoRateData>;
export const rtoRatesResponse = successEnvelope(
  z.object({
    /** The first shop day (in India, YYYY-MM-DD) counted: parcels shipped from then on. */
    since: z.string(),
    pins: z.array(rtoRateData),
  }),
);
export type RtoRates = z.infer<typeof rtoRatesResponse>['data'];
