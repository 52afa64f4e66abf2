import { z } from 'zod';
import { hasAtMostTwoDecimals, toPaise, toRupees } from '../money.ts';

/**
 * Text a request sends. NUL (U+0000) is refused: no one types it, and PostgreSQL can neither
 * store nor compare text holding it, so it is bad input on every database, never a 500.
 */
export function inputText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !value.includes('\u0000'), 'must not contain NUL characters');
}

/** Opaque identifiers: short, URL-safe strings. */
export const idSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(64, 'is too long')
  .regex(/^[A-Za-z0-9_-]+$/, 'is not a valid id');

/** A rupee amount as the API speaks it: non-negative, at most two decimals. */
export const rupeesSchema = z
  .number()
  .nonnegative('must not be negative')
  .max(10_000_000, 'is too large')
  .refine(hasAtMostTwoDecimals, 'must have at most two decimals');

/**
 * Money leaving the API. Services hand answers over with integer paise; the JSON shows rupees
 * (119900 → 1199). The answer's schema converts it once, as the response is serialised (the
 * server's serializer parses every answer with its schema), so no mapper converts money.
 * Its types: `z.input` is the paise a service gives, `z.output` the rupees a client reads.
 */
export const moneyOut = z.codec(z.number().int(), z.number(), { decode: toRupees, encode: toPaise });

/**
 * Money entering the API: rupees in the JSON (`input`), validated as `input` says, and
 * integer paise once parsed. The request's schema converts it, so services see paise only.
 */
export function moneyIn<T extends z.ZodType<number, number>>(input: T) {
  return z.codec(input, z.number().int(), { decode: toPaise, encode: (paise) => toRupees(paise) as z.output<T> });
}

/**
 * The JSON a client sends for a body it checked with the request's own schema: `parsed` (the
 * schema's output, money in paise) turned back into what the API reads (money in rupees).
 */
export function requestJson<S extends z.ZodType>(schema: S, parsed: z.output<S>): z.input<S> {
  return z.encode(schema, parsed);
}

/** Query-string numbers arrive as text; an empty value counts as absent. */
function queryNumber<T extends z.ZodType<unknown, number>>(inner: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().pipe(inner));
}

export const pageQuery = queryNumber(
  z.number().int('must be a whole number').min(1, 'must be 1 or more').max(100_000, 'is too large'),
).default(1);

export const limitQuery = queryNumber(
  z.number().int('must be a whole number').min(1, 'must be 1 or more').max(100, 'must be 100 or less'),
).default(10);

/** A rupee amount in a query string, in paise once parsed. */
export const rupeesQuery = queryNumber(moneyIn(rupeesSchema));

/** A short free-text query value; blank is treated as absent. */
export const textQuery = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  inputText().trim().max(100, 'must be 100 characters or fewer').optional(),
);
