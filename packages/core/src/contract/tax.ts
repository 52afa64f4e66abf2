import { z } from 'zod';
import { isValidSeriesPrefix } from '../document-numbers.ts';
import { gstinRefusal, gstinRefusalMessages } from '../gstin.ts';
import { indianStates } from '../indian-states.ts';
import { gstRates } from '../tax-document.ts';
import { pinCodeSchema } from './auth.ts';
import { successEnvelope } from './envelope.ts';
import { idSchema, inputText } from './primitives.ts';

const text = (label: string, max: number) =>
  inputText({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be ${max} characters or fewer.`);

const prefix = (label: string) =>
  inputText().trim().refine(isValidSeriesPrefix, `${label} must be 1 to 4 capital letters or digits (e.g. KP).`);

/** The seller as every tax invoice names it (CGST Rule 46): staff set it before going live. */
export const sellerDetailsBody = z
  .object({
    legalName: text('Legal name', 120),
    addressLine1: text('Address line 1', 120),
    addressLine2: inputText().trim().max(120, 'Address line 2 must be 120 characters or fewer.').default(''),
    city: text('City', 60),
    pinCode: pinCodeSchema,
    stateCode: inputText({ error: 'stateCode is required.' })
      .trim()
      .refine(
        (code) => indianStates.some((s) => s.gstCode === code),
        'stateCode must be the GST code of an Indian state or union territory (e.g. 27 for Maharashtra).',
      ),
    gstin: inputText()
      .trim()
      .transform((g) => g.toUpperCase())
      .superRefine((gstin, ctx) => {
        const refusal = gstinRefusal(gstin);
        if (refusal) ctx.addIssue({ code: 'custom', message: gstinRefusalMessages[refusal] });
      }),
    invoicePrefix: prefix('The invoice prefix'),
    creditNotePrefix: prefix('The credit note prefix'),
  })
  .strict()
  .superRefine((seller, ctx) => {
    if (!seller.gstin.startsWith(seller.stateCode)) {
      ctx.addIssue({
        code: 'custom',
        path: ['gstin'],
        message: 'The GSTIN must begin with the code of the state the seller is registered in.',
      });
    }
    if (seller.invoicePrefix === seller.creditNotePrefix) {
      ctx.addIssue({
        code: 'custom',
        path: ['creditNotePrefix'],
        message: 'Credit notes need a series of their own: choose another prefix than the invoices’.',
      });
    }
  });
export type SellerDetailsBody = z.input<typeof sellerDetailsBody>;

export const sellerDetails = z.object({
  legalName: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  pinCode: z.string(),
  stateCode: z.string(),
  stateName: z.string(),
  gstin: z.string(),
  invoicePrefix: z.string(),
  creditNotePrefix: z.string(),
  /** When staff last saved them; null while they are the demo shop's. */
  updatedAt: z.string().nullable(),
});

/** A category's HSN code and GST rate: what its products' invoice lines print and are taxed at. */
export const categoryTaxBody = z
  .object({
    hsn: inputText()
      .trim()
      .regex(/^\d{4}(\d{2}){0,2}$/, 'The HSN code must be 4, 6 or 8 digits.'),
    gstRate: z
      .number({ error: 'The GST rate must be a number of percent.' })
      .refine(
        (rate) => (gstRates as readonly number[]).includes(rate),
        `The GST rate must be one of ${gstRates.join(', ')} percent.`,
      ),
  })
  .strict();
export type CategoryTaxBody = z.input<typeof categoryTaxBody>;

export const categoryTax = z.object({
  categoryId: z.string(),
  name: z.string(),
  hsn: z.string(),
  gstRate: z.number(),
  /** True while staff have not set it: the shop's default for the category is used. */
  isDefault: z.boolean(),
});
export type CategoryTax = z.infer<typeof categoryTax>;

export const taxSettings = z.object({
  seller: sellerDetails,
  categories: z.array(categoryTax),
  rates: z.array(z.number()),
});
export type TaxSettings = z.infer<typeof taxSettings>;

export const taxSettingsResponse = successEnvelope(taxSettings);
export const categoryTaxParams = z.object({ id: idSchema });
