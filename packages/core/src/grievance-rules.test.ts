import { describe, expect, it } from 'vitest';
import {
  addMonths,
  complaintActionAllowed,
  complaintAgeText,
  complaintDeadlines,
  complaintTimeliness,
  ticketNumber,
  ticketNumberPattern,
  type ComplaintAction,
  type ComplaintFacts,
  type ComplaintStatus,
  type DutyState,
} from './grievance-rules.ts';

const at = (iso: string) => new Date(iso);

describe('addMonths', () => {
  it.each([
    ['2026-11-28T10:00:00.000Z', 1, '2026-12-28T10:00:00.000Z'],
    ['2026-12-15T23:30:00.000Z', 1, '2027-01-15T23:30:00.000Z'],
    ['2027-01-31T09:00:00.000Z', 1, '2027-02-28T09:00:00.000Z'],
    ['2028-01-31T09:00:00.000Z', 1, '2028-02-29T09:00:00.000Z'],
    ['2026-03-31T00:00:00.000Z', 1, '2026-04-30T00:00:00.000Z'],
    ['2026-05-31T12:00:00.000Z', 12, '2027-05-31T12:00:00.000Z'],
  ])('%s + %i month(s) is %s', (from, months, expected) => {
    const result = addMonths(at(from), months);
    expect(result.toISOString()).toBe(expected);
    // Never more than the month asked for: the result stays in the target month.
    expect(result.getTime()).toBeGreaterThan(at(from).getTime());
  });
});

describe('complaintDeadlines', () => {
  it.each([
    ['2026-11-28T10:00:00.000Z', '2026-11-30T10:00:00.000Z', '2026-12-28T10:00:00.000Z'],
    ['2027-01-31T20:15:00.000Z', '2027-02-02T20:15:00.000Z', '2027-02-28T20:15:00.000Z'],
    ['2026-02-27T06:00:00.000Z', '2026-03-01T06:00:00.000Z', '2026-03-27T06:00:00.000Z'],
  ])('received %s: acknowledge by %s, resolve by %s', (received, acknowledgeBy, resolveBy) => {
    const deadlines = complaintDeadlines(at(received));
    expect(deadlines.acknowledgeBy.toISOString()).toBe(acknowledgeBy);
    expect(deadlines.resolveBy.toISOString()).toBe(resolveBy);
    expect(deadlines.acknowledgeBy.getTime() - at(received).getTime()).toBe(48 * 3_600_000);
    expect(deadlines.resolveBy.getTime()).toBeGreaterThan(deadlines.acknowledgeBy.getTime());
  });
});

const received = '2026-11-01T10:00:00.000Z';
const facts = (acknowledgedAt: string | null, resolvedAt: string | null): ComplaintFacts => ({
  receivedAt: at(received),
  acknowledgedAt: acknowledgedAt ? at(acknowledgedAt) : null,
  resolvedAt: resolvedAt ? at(resolvedAt) : null,
});

describe('complaintTimeliness', () => {
  it.each<
    [
      string,
      ComplaintFacts,
      string,
      {
        status: ComplaintStatus;
        ageHours: number;
        acknowledgement: DutyState;
        resolution: DutyState;
        next: string | null;
      },
    ]
  >([
    [
      'new, an hour old',
      facts(null, null),
      '2026-11-01T11:00:00.000Z',
      { status: 'open', ageHours: 1, acknowledgement: 'due', resolution: 'due', next: '2026-11-03T10:00:00.000Z' },
    ],
    [
      'unanswered at exactly 48 hours: still in time',
      facts(null, null),
      '2026-11-03T10:00:00.000Z',
      { status: 'open', ageHours: 48, acknowledgement: 'due', resolution: 'due', next: '2026-11-03T10:00:00.000Z' },
    ],
    [
      'unanswered a minute past 48 hours',
      facts(null, null),
      '2026-11-03T10:01:00.000Z',
      { status: 'open', ageHours: 48, acknowledgement: 'overdue', resolution: 'due', next: '2026-11-03T10:00:00.000Z' },
    ],
    [
      'acknowledged in time, resolution due',
      facts('2026-11-02T09:00:00.000Z', null),
      '2026-11-10T10:00:00.000Z',
      {
        status: 'acknowledged',
        ageHours: 216,
        acknowledgement: 'done',
        resolution: 'due',
        next: '2026-12-01T10:00:00.000Z',
      },
    ],
    [
      'acknowledged late',
      facts('2026-11-04T09:00:00.000Z', null),
      '2026-11-05T10:00:00.000Z',
      {
        status: 'acknowledged',
        ageHours: 96,
        acknowledgement: 'done-late',
        resolution: 'due',
        next: '2026-12-01T10:00:00.000Z',
      },
    ],
    [
      'acknowledged, not resolved after a month',
      facts('2026-11-02T09:00:00.000Z', null),
      '2026-12-01T10:00:01.000Z',
      {
        status: 'acknowledged',
        ageHours: 720,
        acknowledgement: 'done',
        resolution: 'overdue',
        next: '2026-12-01T10:00:00.000Z',
      },
    ],
    [
      'resolved in time: its age stops when it was resolved',
      facts('2026-11-01T12:00:00.000Z', '2026-11-05T10:00:00.000Z'),
      '2027-01-01T00:00:00.000Z',
      { status: 'resolved', ageHours: 96, acknowledgement: 'done', resolution: 'done', next: null },
    ],
    [
      'resolved at once without an acknowledgement counts as acknowledged',
      facts(null, '2026-11-01T15:00:00.000Z'),
      '2026-11-20T00:00:00.000Z',
      { status: 'resolved', ageHours: 5, acknowledgement: 'done', resolution: 'done', next: null },
    ],
    [
      'resolved late',
      facts('2026-11-01T12:00:00.000Z', '2026-12-05T10:00:00.000Z'),
      '2026-12-06T00:00:00.000Z',
      { status: 'resolved', ageHours: 816, acknowledgement: 'done', resolution: 'done-late', next: null },
    ],
  ])('%s', (_label, complaint, now, expected) => {
    const result = complaintTimeliness(complaint, at(now));
    expect({
      status: result.status,
      ageHours: result.ageHours,
      acknowledgement: result.acknowledgement,
      resolution: result.resolution,
      next: result.nextDeadline?.toISOString() ?? null,
    }).toEqual(expected);
    // Invariant: overdue exactly when a duty is.
    expect(result.overdue).toBe(result.acknowledgement === 'overdue' || result.resolution === 'overdue');
    // Invariant: a resolved complaint has nothing left to meet.
    expect(result.nextDeadline === null).toBe(result.status === 'resolved');
  });
});

describe('complaintAgeText', () => {
  it.each([
    [0, '0 h'],
    [23, '23 h'],
    [24, '1 d'],
    [51, '2 d 3 h'],
    [720, '30 d'],
  ])('%i hours reads %s', (hours, text) => {
    expect(complaintAgeText(hours)).toBe(text);
  });
});

describe('complaintActionAllowed', () => {
  it.each<[ComplaintStatus, ComplaintAction, boolean]>([
    ['open', 'acknowledge', true],
    ['open', 'reply', true],
    ['open', 'resolve', true],
    ['acknowledged', 'acknowledge', false],
    ['acknowledged', 'reply', true],
    ['acknowledged', 'resolve', true],
    ['resolved', 'acknowledge', false],
    ['resolved', 'reply', false],
    ['resolved', 'resolve', false],
  ])('%s: %s → %s', (status, action, allowed) => {
    expect(complaintActionAllowed(status, action)).toBe(allowed);
  });
});

describe('ticketNumber', () => {
  it.each([
    [[0, 1, 2, 3, 4, 5, 6, 7], 'GRV-2345-6789'],
    [[8, 9, 10, 11, 30, 31, 62, 100], 'GRV-ABCD-Z229'],
  ])('indexes %j give %s', (indexes, expected) => {
    const ticket = ticketNumber(() => indexes);
    expect(ticket).toBe(expected);
    expect(ticket).toMatch(ticketNumberPattern);
  });
});
