import { toast, toastDurations } from '../../../lib/toasts.tsx';
import { failureText } from '../../../lib/api/failure.ts';

export { failureText, issuesOf as issuesIn } from '../../../lib/api/failure.ts';

export function notifySuccess(message: string): void {
  toast.success(message, { autoClose: toastDurations.orders });
}

/** Says a failed staff change: the server's words (or its fields'), else the endpoint's fallback. */
export function notifyFailure(error: unknown, fallback?: string): void {
  toast.error(failureText(error, fallback), { autoClose: toastDurations.orders });
}
