import { z } from 'zod';
import { checkAddressState } from '../delivery-rules.ts';
import { normalizePersonName, personNameMessage, personNameRefusal } from '../person-names.ts';
import { successEnvelope } from './envelope.ts';
import { idSchema, inputText } from './primitives.ts';

export const PASSWORD_MIN_LENGTH = 8;
/** Long passphrases are welcome; the cap only bounds the cost of hashing. */
export const PASSWORD_MAX_LENGTH = 128;
export const MAX_ADDRESSES = 10;

const requiredText = (label: string, max: number) =>
  inputText({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be ${max} characters or fewer.`);

/**
 * A first or last name (core's `person-names.ts`): letters of any script, spaces and . ' -,
 * at most 50 characters; kept normalised (NFC, plain apostrophes, single spaces). The sign-up
 * form checks the same schema before it sends.
 */
export const personNameSchema = (label: string) =>
  inputText({ error: `${label} is required.` })
    .transform(normalizePersonName)
    .superRefine((name, ctx) => {
      const refusal = personNameRefusal(name);
      if (refusal) ctx.addIssue({ code: 'custom', message: personNameMessage(label, refusal) });
    });

export const emailSchema = z
  .string({ error: 'Email is required.' })
  .trim()
  .toLowerCase()
  .max(254, 'Email is too long.')
  .pipe(z.email('Please enter a valid email address.'));

/** Digits only, with an optional leading +; spaces, dashes and brackets are dropped. */
export function normalizePhone(raw: string): string {
  return raw.trim().replace(/[\s\-().]/g, '');
}

/** Spec §5: non-blank and at least 10 characters; here 10 to 15 digits, optional leading +. */
export const phoneSchema = z
  .string({ error: 'Please enter a valid phone number.' })
  .transform(normalizePhone)
  .pipe(z.string().regex(/^\+?\d{10,15}$/, 'Please enter a valid phone number.'));

export const passwordSchema = z
  .string({ error: 'Password is required.' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Password must be ${PASSWORD_MAX_LENGTH} characters or fewer.`);

/** An Indian PIN code: six digits, not starting with 0. */
export const pinCodeSchema = z
  .string({ error: 'PIN code is required.' })
  .trim()
  .regex(/^[1-9]\d{5}$/, 'PIN code must be 6 digits.');

/**
 * An address's state must be one of India's states and union territories (any letter case,
 * kept under its canonical name) and its PIN code one that state's post offices use. The
 * refusal names the field it is about, so the form can show it there.
 */
export function inIndianState<T extends { state: string; pinCode: string }>(address: T, ctx: z.RefinementCtx): T {
  const check = checkAddressState(address.state, address.pinCode);
  if (check.ok) return { ...address, state: check.state.name };
  ctx.addIssue({ code: 'custom', path: [check.field], message: check.message });
  return z.NEVER;
}

export const addressInput = z
  .object({
    name: inputText().trim().max(40, 'Address name must be 40 characters or fewer.').default('Home'),
    addressLine1: requiredText('Address line 1', 200),
    addressLine2: inputText().trim().max(200, 'Address line 2 must be 200 characters or fewer.').default(''),
    city: requiredText('City', 80),
    state: requiredText('State', 80),
    pinCode: pinCodeSchema,
    isDefault: z.boolean().default(false),
  })
  .transform(inIndianState);
export type AddressInput = z.input<typeof addressInput>;

export const address = z.object({
  _id: z.string(),
  name: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  state: z.string(),
  pinCode: z.string(),
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof address>;

export const userRoles = ['customer', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];

export const user = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(userRoles),
  /** The account proved it owns its email (a link sent to it, or Google vouching for it). */
  emailVerified: z.boolean(),
  addresses: z.array(address),
  /** The address the address form is prefilled with: the default one, else the first. */
  shippingAddress: address.nullable(),
});
export type User = z.infer<typeof user>;

export const signupBody = z.object({
  firstName: personNameSchema('First name'),
  lastName: personNameSchema('Last name'),
  email: emailSchema,
  phone: phoneSchema,
  password: passwordSchema,
});
export type SignupBody = z.input<typeof signupBody>;

export const loginBody = z.object({
  email: emailSchema,
  // Any length is checked against the hash, but an absurd one is refused before hashing.
  password: z
    .string({ error: 'Password is required.' })
    .min(1, 'Password is required.')
    .max(PASSWORD_MAX_LENGTH * 4),
});
export type LoginBody = z.input<typeof loginBody>;

export const profileUpdateBody = z
  .object({
    addresses: z
      .array(addressInput)
      .max(MAX_ADDRESSES, `At most ${MAX_ADDRESSES} addresses can be saved.`)
      .refine((list) => list.filter((a) => a.isDefault).length <= 1, 'Only one address can be the default.')
      .optional(),
    /** The spec's prefill field: saved as the default address. */
    shippingAddress: addressInput.optional(),
    phone: phoneSchema.optional(),
  })
  .refine((body) => body.addresses !== undefined || body.shippingAddress !== undefined || body.phone !== undefined, {
    message: 'Nothing to update: send addresses, shippingAddress or phone.',
  });
export type ProfileUpdateBody = z.input<typeof profileUpdateBody>;

export const forgotPasswordBody = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

/** The token of an emailed link: base64url, as the shop makes them. */
const linkToken = z
  .string({ error: 'The link is not valid.' })
  .min(1, 'The link is not valid.')
  .max(200, 'The link is not valid.')
  .regex(/^[A-Za-z0-9_-]+$/, 'The link is not valid.');

export const resetPasswordBody = z.object({ token: linkToken, password: passwordSchema });
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

export const verifyEmailBody = z.object({ token: linkToken });
export type VerifyEmailBody = z.input<typeof verifyEmailBody>;

/**
 * A confirmation's answer. When it took the account back from whoever held it before the
 * email was proved (their password included), `setPasswordToken` lets the owner choose a
 * password at once: a one-time reset token for `POST /auth/reset-password`, 30 minutes.
 */
export const verifiedEmail = z.object({ setPasswordToken: z.string().nullable() });
export type VerifiedEmail = z.infer<typeof verifiedEmail>;

/** What the callback page received from the provider, passed on as it came. */
export const googleSignInBody = z.object({
  code: z.string().min(1, 'code is required.').max(2048),
  state: z.string().min(1, 'state is required.').max(512),
  /** The provider's issuer, where it sends one (RFC 9207); checked against the expected issuer. */
  iss: z.string().max(512).optional(),
});

export const accessTokenData = z.object({ accessToken: z.string(), user: user.optional() });

export const userResponse = successEnvelope(user);
export const loginResponse = successEnvelope(z.object({ accessToken: z.string(), user }));
export const googleSignInResponse = successEnvelope(accessTokenData);
export const messageResponse = successEnvelope(z.null());
export const verifyEmailResponse = successEnvelope(verifiedEmail);

export const authProviders = z.object({
  google: z.object({
    enabled: z.boolean(),
    /** True when "Sign in with Google" goes to the local development provider, not Google. */
    development: z.boolean(),
  }),
});
export const authProvidersResponse = successEnvelope(authProviders);

export const userIdParams = z.object({ id: idSchema });
