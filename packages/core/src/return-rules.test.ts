import { describe, expect, it } from 'vitest';
import type { InvoiceTaxLine } from './gst-invoice.ts';
import {
  isBankAccountNumber,
  isIfsc,
  isUpiId,
  maskedAccount,
  nextReturnStatus,
  returnCreditNoteSnapshot,
  returnActions,
  returnedLines,
  returnStatuses,
  returnWindowOpen,
  unitsShare,
  ReturnQuantityError,
  type ReturnAction,
  type ReturnMove,
  type ReturnStatus,
} from './return-rules.ts';
import type { TaxDocumentSnapshot } from './tax-document.ts';

const to = (status: ReturnStatus): ReturnMove => ({ ok: true, to: status });

describe('nextReturnStatus', () => {
  it.each<[ReturnStatus, ReturnAction, boolean, ReturnMove | 'refused']>([
    ['requested', 'approve', false, to('approved')],
    ['requested', 'reject', false, to('rejected')],
    ['approved', 'schedule_pickup', false, to('pickup_scheduled')],
    // Staff correct the courier or AWB of a pickup already booked.
    ['pickup_scheduled', 'schedule_pickup', false, to('pickup_scheduled')],
    ['pickup_scheduled', 'receive', false, to('received')],
    // Handed in by the shopper, no pickup booked.
    ['approved', 'receive', false, to('received')],
    ['received', 'inspect', false, to('inspected')],
    ['inspected', 'refund', false, to('refunded')],
    ['inspected', 'exchange', true, to('exchanged')],
    ['inspected', 'refund', true, 'refused'],
    ['inspected', 'exchange', false, 'refused'],
    ['requested', 'refund', false, 'refused'],
    ['requested', 'receive', false, 'refused'],
    ['approved', 'approve', false, 'refused'],
    ['rejected', 'approve', false, 'refused'],
    ['received', 'refund', false, 'refused'],
    ['refunded', 'refund', false, 'refused'],
    ['exchanged', 'refund', false, 'refused'],
    ['refunded', 'reject', false, 'refused'],
    ['inspected', 'inspect', false, 'refused'],
  ])('%s, %s (exchange %s) → %j', (from, action, exchange, expected) => {
    const move = nextReturnStatus(from, action, { exchange });
    if (expected === 'refused') expect(move.ok).toBe(false);
    else expect(move).toEqual(expected);
  });

  it('leaves the finished statuses only by no action', () => {
    for (const from of ['rejected', 'refunded', 'exchanged'] as const) {
      for (const action of returnActions) {
        expect(nextReturnStatus(from, action, { exchange: action === 'exchange' }).ok).toBe(false);
      }
    }
    expect(returnStatuses).toHaveLength(8);
  });
});

describe('returnWindowOpen (3 days)', () => {
  const delivered = '2026-11-20T10:00:00.000Z';
  it.each<[string | null, string, boolean]>([
    [delivered, '2026-11-20T10:00:00.000Z', true],
    [delivered, '2026-11-23T10:00:00.000Z', true],
    [delivered, '2026-11-23T10:00:00.001Z', false],
    [delivered, '2026-12-01T00:00:00.000Z', false],
    [null, '2026-11-20T10:00:00.000Z', false],
  ])('delivered %s, asked %s → %s', (at, now, open) => {
    expect(returnWindowOpen(at, 3, new Date(now))).toBe(open);
  });
});

describe('refund destinations', () => {
  it.each([
    ['asha.rao@okicici', true],
    ['9876543210@ybl', true],
    ['a_b-c@paytm', true],
    ['asha@', false],
    ['@okicici', false],
    ['asha rao@okicici', false],
    ['asha@ok icici', false],
    ['a@b', false],
    ['asha@123bank', false],
  ])('UPI ID %s → %s', (text, ok) => expect(isUpiId(text)).toBe(ok));

  it.each([
    ['SBIN0001234', true],
    ['HDFC0ABC123', true],
    ['ICIC0000001', true],
    ['SBIN1001234', false],
    ['SBI00001234', false],
    ['sbin0001234', false],
    ['SBIN000123', false],
    ['SBIN00012345', false],
    ['SBIN0-01234', false],
  ])('IFSC %s → %s', (text, ok) => expect(isIfsc(text)).toBe(ok));

  it.each([
    ['123456789', true],
    ['123456789012345678', true],
    ['12345678', false],
    ['1234567890123456789', false],
    ['12345 6789', false],
  ])('account %s → %s', (text, ok) => expect(isBankAccountNumber(text)).toBe(ok));

  it('masks all but the last four digits', () => expect(maskedAccount('123456789012')).toBe('XXXXXXXX9012'));
});

describe('unitsShare: units refunded in any order add up to the line, never more', () => {
  it.each<[number, number, number, number, number]>([
    // value, quantity, before, now, share
    [100_000, 1, 0, 1, 100_000],
    [100_000, 3, 0, 1, 33_333],
    [100_000, 3, 1, 1, 33_333],
    [100_000, 3, 2, 1, 33_334],
    [100_000, 3, 0, 3, 100_000],
    [100_000, 3, 1, 2, 66_667],
    [1, 2, 0, 1, 0],
    [1, 2, 1, 1, 1],
    [0, 5, 0, 5, 0],
  ])('%i over %i units, %i before, %i now → %i', (value, quantity, before, now, share) => {
    expect(unitsShare(value, quantity, before, now)).toBe(share);
  });

  it('sums to the value for every way of splitting the units', () => {
    for (const value of [1, 7, 99_999, 123_457, 10_000_001]) {
      for (let quantity = 1; quantity <= 7; quantity++) {
        for (let first = 0; first <= quantity; first++) {
          const total = unitsShare(value, quantity, 0, first) + unitsShare(value, quantity, first, quantity - first);
          expect(total).toBe(value);
        }
      }
    }
  });
});

const line = (over: Partial<InvoiceTaxLine>): InvoiceTaxLine => ({
  description: 'Linen Shirt — M',
  hsn: '6205',
  quantity: 3,
  grossValue: 300_000,
  discount: 30_000,
  taxableValue: 270_000,
  ratePercent: 5,
  cgst: 6_750,
  sgst: 6_750,
  igst: 0,
  ...over,
});

describe('returnedLines', () => {
  const invoiceLines = [
    line({}),
    line({
      description: 'Tee — L',
      hsn: '6109',
      quantity: 1,
      grossValue: 99_900,
      discount: 0,
      taxableValue: 99_900,
      cgst: 2_498,
      sgst: 2_497,
    }),
    line({
      description: 'Shipping',
      hsn: '9965',
      quantity: 1,
      grossValue: 1_000,
      discount: 0,
      taxableValue: 1_000,
      cgst: 25,
      sgst: 25,
    }),
  ];

  it.each<[string, { lineIndex: number; alreadyRefunded: number; quantity: number }[], Partial<InvoiceTaxLine>[]]>([
    [
      'one of three shirts, first',
      [{ lineIndex: 0, alreadyRefunded: 0, quantity: 1 }],
      [{ quantity: 1, grossValue: 100_000, discount: 10_000, taxableValue: 90_000, cgst: 2_250, sgst: 2_250 }],
    ],
    [
      'the last shirt after two',
      [{ lineIndex: 0, alreadyRefunded: 2, quantity: 1 }],
      [{ quantity: 1, grossValue: 100_000, discount: 10_000, taxableValue: 90_000, cgst: 2_250, sgst: 2_250 }],
    ],
    [
      'the tee, odd paise of tax kept',
      [{ lineIndex: 1, alreadyRefunded: 0, quantity: 1 }],
      [{ quantity: 1, taxableValue: 99_900, cgst: 2_498, sgst: 2_497 }],
    ],
    ['nothing returned of a line', [{ lineIndex: 0, alreadyRefunded: 0, quantity: 0 }], []],
  ])('%s', (_name, units, expected) => {
    const lines = returnedLines(invoiceLines, units);
    expect(lines).toHaveLength(expected.length);
    expected.forEach((e, i) => expect(lines[i]).toMatchObject(e));
  });

  it.each([
    ['more than ordered', { lineIndex: 0, alreadyRefunded: 0, quantity: 4 }],
    ['more than left after an earlier return', { lineIndex: 0, alreadyRefunded: 2, quantity: 2 }],
    ['a line the invoice has not', { lineIndex: 9, alreadyRefunded: 0, quantity: 1 }],
  ])('refuses %s', (_name, units) => {
    expect(() => returnedLines(invoiceLines, [units])).toThrow(ReturnQuantityError);
  });

  it('makes a credit note whose total is the refund, against the invoice', () => {
    const invoice = {
      kind: 'invoice',
      number: 'KP/26-27/000007',
      issuedAt: '2026-11-20T10:00:00.000Z',
      lines: invoiceLines,
    } as unknown as TaxDocumentSnapshot;
    const note = returnCreditNoteSnapshot(
      invoice,
      [
        { lineIndex: 0, alreadyRefunded: 1, quantity: 2 },
        { lineIndex: 1, alreadyRefunded: 0, quantity: 1 },
      ],
      'KPCN/26-27/000002',
      '2026-11-22T10:00:00.000Z',
    );
    expect(note).toMatchObject({
      kind: 'credit_note',
      number: 'KPCN/26-27/000002',
      against: { number: 'KP/26-27/000007', issuedAt: '2026-11-20T10:00:00.000Z' },
      totals: { taxableValue: 180_000 + 99_900, cgst: 4_500 + 2_498, sgst: 4_500 + 2_497, igst: 0 },
    });
    expect(note.totals.total).toBe(180_000 + 99_900 + 4_500 * 2 + 2_498 + 2_497);
    expect(note.lines.map((l) => l.hsn)).toEqual(['6205', '6109']);
  });
});
