import { toast, toastDurations } from '../../../lib/toasts.tsx';
import { ApiError, messageFor } from '../../../lib/http.ts';
import type { StaffFailure } from './admin-api.ts';

function isStaffFailure(error: unknown): error is StaffFailure {
  return typeof error === 'object' && error !== null && 'issues' in error && 'fromServer' in error;
}

/** The fields a refused change names (from a staff request's failure, or a thrown `ApiError`). */
export function issuesIn(error: unknown): readonly { path: string; message: string }[] {
  if (error instanceof ApiError || isStaffFailure(error)) return error.issues;
  return [];
}

/**
 * What a failed staff change says: each refused field's message when the server names them
 * (they read better than the summary), else the server's message, else the fallback.
 */
export function failureText(error: unknown, fallback: string): string {
  const issues = issuesIn(error);
  const messages = [...new Set(issues.map((issue) => issue.message).filter(Boolean))];
  if (messages.length > 0) return messages.join(' ');
  if (isStaffFailure(error)) return error.fromServer ? error.message : fallback;
  return messageFor(error, fallback);
}

export function notifySuccess(message: string): void {
  toast.success(message, { autoClose: toastDurations.orders });
}

export function notifyFailure(error: unknown, fallback: string): void {
  toast.error(failureText(error, fallback), { autoClose: toastDurations.orders });
}
