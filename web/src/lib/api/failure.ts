/**
 * The one shape of a failed server call, whoever made it (a page, a slice, the staff area):
 * what to show, the status and code the server answered, and each refused field it named.
 * The message is the server's own words, else the fallback the endpoint names (spec §8).
 */
import { ApiError, BAD_RESPONSE, NETWORK_ERROR } from '../http.ts';
import { toast, toastDurations } from '../toasts.tsx';

export interface FieldIssue {
  path: string;
  message: string;
}

export interface RequestFailure {
  /** What to show: the server's message, or the endpoint's fallback. */
  message: string;
  /** HTTP status, or null when no answer arrived. */
  status: number | null;
  /** The server's stable code (`OUT_OF_STOCK`, …), `NETWORK_ERROR`/`BAD_RESPONSE`, or null. */
  code: string | null;
  /** Each refused field the server named (empty when it named none). */
  issues: readonly FieldIssue[];
  /** What the server sent along with its refusal, if anything (CART_CHANGED: the cart as it is now). */
  data?: unknown;
}

/**
 * What an endpoint says when the server gives no message of its own: one text, or one for a
 * refusal without a message and another for no answer at all ("Failed to place order" /
 * "Order placement failed"); without `unreachable`, no answer says the client's own words.
 */
export type Fallback = string | { refused: string; unreachable?: string };

export const genericFallback = 'Something went wrong. Please try again.';

/** The answer arrived for a session that has since ended or changed: it must change nothing. */
export const SESSION_CHANGED = 'SESSION_CHANGED';

function fallbackText(fallback: Fallback, unreachable: ApiError | null): string {
  if (typeof fallback === 'string') return fallback;
  if (!unreachable) return fallback.refused;
  return fallback.unreachable ?? (unreachable.message || fallback.refused);
}

/** Any thrown error (the API client's `ApiError`, or anything else) as the one failure shape. */
export function failureFor(error: unknown, fallback: Fallback): RequestFailure {
  if (!(error instanceof ApiError)) {
    return { message: fallbackText(fallback, null), status: null, code: null, issues: [] };
  }
  const fromServer = error.code !== NETWORK_ERROR && error.code !== BAD_RESPONSE;
  return {
    message:
      fromServer && error.message ? error.message : fallbackText(fallback, error.code === NETWORK_ERROR ? error : null),
    status: error.status > 0 ? error.status : null,
    code: error.code,
    issues: fromServer ? [...error.issues] : [],
    ...(error.data !== undefined && { data: error.data }),
  };
}

export function isRequestFailure(value: unknown): value is RequestFailure {
  return typeof value === 'object' && value !== null && 'message' in value && 'code' in value && 'status' in value;
}

/** The message is the server's own words (not one of the fallbacks). */
export function isServerMessage(failure: RequestFailure): boolean {
  return failure.code !== null && failure.code !== NETWORK_ERROR && failure.code !== BAD_RESPONSE;
}

/**
 * A failure from the data layer as it is, and anything else (an `ApiError` from a call outside
 * it, such as an upload, or an error thrown in between) in the same shape.
 */
function asFailure(error: unknown, fallback: string): RequestFailure {
  return isRequestFailure(error) ? error : failureFor(error, fallback);
}

/**
 * What to say about a failure: each refused field's message when the server names them (they
 * read better than its summary), else the failure's message, which already holds the endpoint's
 * fallback when the server said nothing. `fallback` is for errors from outside the data layer.
 */
export function failureText(error: unknown, fallback: string = genericFallback): string {
  const failure = asFailure(error, fallback);
  const messages = [...new Set((failure.issues ?? []).map((issue) => issue.message).filter(Boolean))];
  return messages.length > 0 ? messages.join(' ') : failure.message;
}

/** The fields a refused change names. */
export function issuesOf(error: unknown): readonly FieldIssue[] {
  return asFailure(error, genericFallback).issues ?? [];
}

/** Says a failure in an error toast (the order flows' duration unless told). */
export function toastFailure(error: unknown, options: { autoClose?: number } = {}): void {
  toast.error(failureText(error), { autoClose: options.autoClose ?? toastDurations.orders });
}
