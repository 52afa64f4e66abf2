/**
 * Where the shop delivers and what it promises: the storefront's `GET /api/store` and
 * `GET /api/delivery/:pin`, and the staff Delivery page's settings and PIN ranges.
 */
import { z } from 'zod';
import { COD_CONFIRM_HOURS_LIMITS } from '../cod-confirmation.ts';
import { isPinCodeShape, isSixDigitPin } from '../indian-states.ts';
import { toPaise } from '../money.ts';
import { RETURN_WINDOW_LIMITS } from '../return-rules.ts';
import { SHOP_SETTING_LIMITS } from '../shop-settings.ts';
import { auditEntry } from './admin.ts';
import { lowStockThresholdInput } from './admin-variants.ts';
import { successEnvelope } from './envelope.ts';
import { idSchema, inputText, moneyIn, moneyOut, rupeesSchema } from './primitives.ts';

/** What every storefront page needs to say about shipping, tax and cash on delivery. */
export const storeInfo = z.object({
  shippingFee: moneyOut,
  /** Null: shipping is never free. */
  freeShippingThreshold: moneyOut.nullable(),
  gstPercent: z.number(),
  /** The largest total that may be paid on delivery. */
  codMaxOrderValue: moneyOut,
  codMaxOpenOrders: z.number().int(),
  /** "Only N item(s) left" shows at or below this stock. */
  lowStockThreshold: z.number().int(),
  returnWindowDays: z.number().int(),
  allowSizeExchanges: z.boolean(),
  /** Product prices include GST (what the shopper pays); false: GST is added at checkout. */
  pricesIncludeGst: z.boolean(),
  /** Whom shoppers contact about a product (the seller details): what each listing declares. */
  consumerCare: z.object({ name: z.string(), email: z.string(), phone: z.string() }).optional(),
  texts: z.object({
    shippingPromise: z.string(),
    shippingPolicy: z.string(),
    taxNote: z.string(),
    taxPolicy: z.string(),
    gstLabel: z.string(),
    codPromise: z.string().nullable(),
    /** The Return and Refund Policy's window and exchanges, as the owner set them. */
    returnPolicy: z.string(),
  }),
});
export type StoreInfo = z.infer<typeof storeInfo>;
export const storeInfoResponse = successEnvelope(storeInfo);

const pinText = (label: string) =>
  inputText({ error: `${label} is required.` })
    .trim()
    .refine(isPinCodeShape, `${label} must be a 6-digit PIN code.`);

/**
 * The storefront's question takes any six digits: one India Post does not use is answered
 * (not found), not refused; only what is not six digits is a bad request.
 */
export const deliveryPinParams = z.object({
  pin: inputText({ error: 'PIN code is required.' })
    .trim()
    .refine(isSixDigitPin, 'PIN code must be a 6-digit PIN code.'),
});

export const deliveryAnswer = z.object({
  pinCode: z.string(),
  serviceable: z.boolean(),
  cod: z.boolean(),
  message: z.string(),
});
export type DeliveryAnswerData = z.infer<typeof deliveryAnswer>;
export const deliveryAnswerResponse = successEnvelope(deliveryAnswer);

// ---------------------------------------------------------------- staff

/** Rupees in the JSON, paise once parsed. */
const amount = (label: string) =>
  moneyIn(rupeesSchema.refine((rupees) => toPaise(rupees) <= SHOP_SETTING_LIMITS.maxAmount, `${label} is too large.`));

export const shopSettingsData = z.object({
  freeShippingThreshold: moneyOut.nullable(),
  codMaxOrderValue: moneyOut,
  codMaxOpenOrders: z.number().int(),
  /** Pieces at or below which a variant is low, unless its product sets its own. */
  lowStockThreshold: z.number().int(),
  /** Hours a cash order has to be confirmed before it is cancelled (held from shipping till then); null: off. */
  codConfirmHours: z.number().int().nullable(),
  returnWindowDays: z.number().int(),
  allowSizeExchanges: z.boolean(),
  pricesIncludeGst: z.boolean(),
});
export type ShopSettingsData = z.infer<typeof shopSettingsData>;
export const shopSettingsResponse = successEnvelope(shopSettingsData);

export const shopSettingsBody = z.object({
  /** Rupees; null turns free shipping off. */
  freeShippingThreshold: amount('The free-shipping threshold').nullable(),
  codMaxOrderValue: amount('The cash-on-delivery limit'),
  codMaxOpenOrders: z
    .number({ error: 'The open cash-on-delivery orders limit must be a whole number.' })
    .int('The open cash-on-delivery orders limit must be a whole number.')
    .min(0, 'The open cash-on-delivery orders limit must not be negative.')
    .max(
      SHOP_SETTING_LIMITS.maxOpenOrders,
      `The open cash-on-delivery orders limit must be ${SHOP_SETTING_LIMITS.maxOpenOrders} or less.`,
    ),
  /** Pieces at or below which a variant is low, unless its product sets its own; left out: unchanged. */
  lowStockThreshold: lowStockThresholdInput.optional(),
  /** Null turns it off; left out, it stays as it is. */
  codConfirmHours: z
    .number({ error: 'The hours to confirm a cash-on-delivery order must be a whole number.' })
    .int('The hours to confirm a cash-on-delivery order must be a whole number.')
    .min(
      COD_CONFIRM_HOURS_LIMITS.min,
      `The hours to confirm a cash-on-delivery order must be at least ${COD_CONFIRM_HOURS_LIMITS.min}.`,
    )
    .max(
      COD_CONFIRM_HOURS_LIMITS.max,
      `The hours to confirm a cash-on-delivery order must be ${COD_CONFIRM_HOURS_LIMITS.max} or less.`,
    )
    .nullable()
    .optional(),
  /** Days after delivery a return may be asked for; left out, it stays as it is. */
  returnWindowDays: z
    .number({ error: 'The return window must be a whole number of days.' })
    .int('The return window must be a whole number of days.')
    .min(RETURN_WINDOW_LIMITS.min, `The return window must be at least ${RETURN_WINDOW_LIMITS.min} day.`)
    .max(RETURN_WINDOW_LIMITS.max, `The return window must be ${RETURN_WINDOW_LIMITS.max} days or less.`)
    .optional(),
  allowSizeExchanges: z.boolean({ error: 'Size exchanges must be on or off.' }).optional(),
  /** Prices include GST from now on (orders placed keep theirs); left out, it stays as it is. */
  pricesIncludeGst: z.boolean({ error: 'Prices include GST must be on or off.' }).optional(),
});
export type ShopSettingsBody = z.input<typeof shopSettingsBody>;

export const serviceableRangeData = z.object({
  _id: z.string(),
  from: z.string(),
  to: z.string(),
  cod: z.boolean(),
});
export type ServiceableRangeData = z.infer<typeof serviceableRangeData>;
export const serviceableRangeResponse = successEnvelope(serviceableRangeData);
/** The ranges, and the history of the shop's delivery settings and ranges (newest first). */
export const serviceableRangeListResponse = successEnvelope(
  z.object({ ranges: z.array(serviceableRangeData), audit: z.array(auditEntry) }),
);

export const serviceableRangeBody = z
  .object({
    from: pinText('The first PIN code'),
    /** Left out (or blank) for a single code. */
    to: z.preprocess((v) => (v === '' ? undefined : v), pinText('The last PIN code').optional()),
    cod: z.boolean({ error: 'cod must be true or false.' }).default(true),
  })
  .refine((r) => r.to === undefined || r.to >= r.from, {
    path: ['to'],
    message: 'The last PIN code must not come before the first.',
  });
export type ServiceableRangeBody = z.input<typeof serviceableRangeBody>;

export const serviceableRangeIdParams = z.object({ id: idSchema });
export const serviceableRangeCodBody = z.object({ cod: z.boolean({ error: 'cod must be true or false.' }) });

/** The import's body: the CSV itself (sent as text/csv, or as JSON `{ csv }`). */
export const serviceableCsvBody = z.object({
  csv: z
    .string({ error: 'Send the CSV file as the body.' })
    .max(2_000_000, 'The CSV file is too large (2 MB at most).'),
});
export const serviceableImportResponse = successEnvelope(z.object({ imported: z.number().int() }));
