import { toast, toastDurations } from '../../../app/toasts.tsx';
import { ApiError, messageFor } from '../../../lib/http.ts';

/**
 * What a failed staff change says: each refused field's message when the server names them
 * (they read better than the summary), else the server's message, else the fallback.
 */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.fromServer && error.issues.length > 0) {
    const messages = [...new Set(error.issues.map((issue) => issue.message).filter(Boolean))];
    if (messages.length > 0) return messages.join(' ');
  }
  return messageFor(error, fallback);
}

export function notifySuccess(message: string): void {
  toast.success(message, { autoClose: toastDurations.orders });
}

export function notifyFailure(error: unknown, fallback: string): void {
  toast.error(failureText(error, fallback), { autoClose: toastDurations.orders });
}
