/**
 * The deadlines of a complaint under the Consumer Protection (E-Commerce) Rules 2020, rule
 * 4(5): the grievance officer acknowledges a complaint within 48 hours of receiving it and
 * resolves it within one month. Pure rules: the staff queue, the ticket page and the tests
 * read the same answers.
 */

export const complaintStatuses = ['open', 'acknowledged', 'resolved'] as const;
export type ComplaintStatus = (typeof complaintStatuses)[number];

/** Hours the shop has to acknowledge a complaint. */
export const ACKNOWLEDGE_WITHIN_HOURS = 48;
/** Calendar months the shop has to resolve it. */
export const RESOLVE_WITHIN_MONTHS = 1;

const HOUR_MS = 3_600_000;

/**
 * The same instant a number of calendar months later (UTC), kept within the shorter month:
 * 31 January + 1 month is the end of 28 (or 29) February, never 3 March.
 */
export function addMonths(instant: Date, months: number): Date {
  const result = new Date(instant.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

export interface ComplaintDeadlines {
  acknowledgeBy: Date;
  resolveBy: Date;
}

/** When a complaint received at `receivedAt` must be acknowledged and resolved. */
export function complaintDeadlines(receivedAt: Date): ComplaintDeadlines {
  return {
    acknowledgeBy: new Date(receivedAt.getTime() + ACKNOWLEDGE_WITHIN_HOURS * HOUR_MS),
    resolveBy: addMonths(receivedAt, RESOLVE_WITHIN_MONTHS),
  };
}

/** Where one duty stands: done in time, done late, still due, or overdue (not done, past its deadline). */
export type DutyState = 'done' | 'done-late' | 'due' | 'overdue';

export interface ComplaintFacts {
  receivedAt: Date;
  acknowledgedAt: Date | null;
  resolvedAt: Date | null;
}

export interface ComplaintTimeliness extends ComplaintDeadlines {
  status: ComplaintStatus;
  /** Whole hours since it was received (until it was resolved, for a resolved one). */
  ageHours: number;
  acknowledgement: DutyState;
  resolution: DutyState;
  /** The next deadline still to meet: null once resolved. */
  nextDeadline: Date | null;
  /** True while a duty is overdue. */
  overdue: boolean;
}

function dutyState(doneAt: Date | null, deadline: Date, now: Date): DutyState {
  if (doneAt) return doneAt.getTime() <= deadline.getTime() ? 'done' : 'done-late';
  return now.getTime() > deadline.getTime() ? 'overdue' : 'due';
}

/**
 * A complaint's status, age and deadlines at `now`. Resolving a complaint also answers it: a
 * complaint resolved without a separate acknowledgement counts as acknowledged when it was
 * resolved.
 */
export function complaintTimeliness(complaint: ComplaintFacts, now: Date): ComplaintTimeliness {
  const deadlines = complaintDeadlines(complaint.receivedAt);
  const acknowledgedAt = complaint.acknowledgedAt ?? complaint.resolvedAt;
  const acknowledgement = dutyState(acknowledgedAt, deadlines.acknowledgeBy, now);
  const resolution = dutyState(complaint.resolvedAt, deadlines.resolveBy, now);
  const until = complaint.resolvedAt ?? now;
  const ageHours = Math.max(0, Math.floor((until.getTime() - complaint.receivedAt.getTime()) / HOUR_MS));
  const status: ComplaintStatus = complaint.resolvedAt ? 'resolved' : acknowledgedAt ? 'acknowledged' : 'open';
  const nextDeadline = complaint.resolvedAt ? null : acknowledgedAt ? deadlines.resolveBy : deadlines.acknowledgeBy;
  return {
    ...deadlines,
    status,
    ageHours,
    acknowledgement,
    resolution,
    nextDeadline,
    overdue: acknowledgement === 'overdue' || resolution === 'overdue',
  };
}

/** An age as staff read it in the queue: "5 h", "2 d 3 h". */
export function complaintAgeText(ageHours: number): string {
  if (ageHours < 24) return `${ageHours} h`;
  const days = Math.floor(ageHours / 24);
  const hours = ageHours % 24;
  return hours === 0 ? `${days} d` : `${days} d ${hours} h`;
}

/** The steps staff take on a complaint, and which ones each status allows. */
export const complaintActions = ['acknowledge', 'reply', 'resolve'] as const;
export type ComplaintAction = (typeof complaintActions)[number];

/** Whether staff may take `action` on a complaint in `status`; a resolved complaint takes no more. */
export function complaintActionAllowed(status: ComplaintStatus, action: ComplaintAction): boolean {
  if (status === 'resolved') return false;
  if (action === 'acknowledge') return status === 'open';
  return true;
}

/**
 * A ticket number shoppers can read out on the phone: a prefix and eight characters of an
 * alphabet without look-alikes (no 0/O, 1/I/L). `random` gives the characters' indexes.
 */
export const TICKET_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export function ticketNumber(random: (size: number) => number[]): string {
  const picks = random(8).map((n) => TICKET_ALPHABET[n % TICKET_ALPHABET.length]);
  return `GRV-${picks.slice(0, 4).join('')}-${picks.slice(4).join('')}`;
}
export const ticketNumberPattern = /^GRV-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;
