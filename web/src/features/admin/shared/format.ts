/** How staff pages write dates: in the browser's own time zone, Indian English order. */
const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** "21 Nov 2026, 3:30 pm"; an unreadable value is shown as it came. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}
