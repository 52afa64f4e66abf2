import { z } from 'zod';

/** Every successful answer of the API: `{ success: true, message?, data }`. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string().optional(), data });
}

/** Every refusal: a human message for the toast, a stable code for programs. */
export const errorEnvelope = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** What the refusal is about, where the caller needs it to go on (CART_CHANGED: the cart as it is now). */
  data: z.unknown().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
