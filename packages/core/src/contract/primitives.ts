import { z } from 'zod';
import { hasAtMostTwoDecimals } from '../money.ts';

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

export const rupeesQuery = queryNumber(rupeesSchema);

/** A short free-text query value; blank is treated as absent. */
export const textQuery = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  inputText().trim().max(100, 'must be 100 characters or fewer').optional(),
);
