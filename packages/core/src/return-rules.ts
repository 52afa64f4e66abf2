import { rupeesInWords } from './amount-in-words.ts';
import { invoiceTotals, type InvoiceTaxLine } from './gst-invoice.ts';
import { creditNoteSnapshot, type TaxDocumentSnapshot } from './tax-document.ts';

/**
 * Returns as the shop's Return and Refund Policy allows them: damaged, defective or incorrect
 * items, asked for within the owner's window after delivery, refunded for exactly what was
 * paid for the units returned.
 */

export const returnReasons = ['damaged', 'defective', 'incorrect_item'] as const;
export type ReturnReason = (typeof returnReasons)[number];

export const returnReasonLabels: Record<ReturnReason, string> = {
  damaged: 'Damaged',
  defective: 'Defective',
  incorrect_item: 'Incorrect item',
};

/** Reasons a photo must prove. */
export const photoRequiredReasons: readonly ReturnReason[] = ['damaged'];

/** Photos one return may carry. */
export const MAX_RETURN_PHOTOS = 5;

export const DEFAULT_RETURN_WINDOW_DAYS = 3;
export const RETURN_WINDOW_LIMITS = { min: 1, max: 30 } as const;

export const returnStatuses = [
  'requested',
  'approved',
  'rejected',
  'pickup_scheduled',
  'received',
  'inspected',
  'refunded',
  'exchanged',
] as const;
export type ReturnStatus = (typeof returnStatuses)[number];

export const returnStatusLabels: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  pickup_scheduled: 'Pickup scheduled',
  received: 'Received',
  inspected: 'Inspected',
  refunded: 'Refunded',
  exchanged: 'Exchanged',
};

export const returnActions = [
  'approve',
  'reject',
  'schedule_pickup',
  'receive',
  'inspect',
  'refund',
  'exchange',
] as const;
export type ReturnAction = (typeof returnActions)[number];

/**
 * Where each action takes a return, from the statuses it may be taken in. "Received" also
 * follows "approved" directly: a shopper may hand the parcel in without a pickup being booked.
 */
const moves: Record<ReturnAction, { from: readonly ReturnStatus[]; to: ReturnStatus }> = {
  approve: { from: ['requested'], to: 'approved' },
  reject: { from: ['requested'], to: 'rejected' },
  schedule_pickup: { from: ['approved', 'pickup_scheduled'], to: 'pickup_scheduled' },
  receive: { from: ['approved', 'pickup_scheduled'], to: 'received' },
  inspect: { from: ['received'], to: 'inspected' },
  refund: { from: ['inspected'], to: 'refunded' },
  exchange: { from: ['inspected'], to: 'exchanged' },
};

export type ReturnMove = { ok: true; to: ReturnStatus } | { ok: false; message: string };

/** The return's next status after `action`, or why it cannot be taken now. */
export function nextReturnStatus(from: ReturnStatus, action: ReturnAction, facts: { exchange: boolean }): ReturnMove {
  const move = moves[action];
  if (!move.from.includes(from)) {
    return {
      ok: false,
      message: `A return that is ${returnStatusLabels[from].toLowerCase()} cannot be ${actionPast[action]}.`,
    };
  }
  // A return asking for another size ends in an exchange, one asking for money in a refund.
  if (action === 'refund' && facts.exchange)
    return { ok: false, message: 'This return asks for another size, not a refund.' };
  if (action === 'exchange' && !facts.exchange)
    return { ok: false, message: 'This return asks for a refund, not another size.' };
  return { ok: true, to: move.to };
}

const actionPast: Record<ReturnAction, string> = {
  approve: 'approved',
  reject: 'rejected',
  schedule_pickup: 'given a pickup',
  receive: 'marked received',
  inspect: 'inspected',
  refund: 'refunded',
  exchange: 'exchanged',
};

/** Statuses staff still have work on: the Returns queue. */
export const openReturnStatuses: readonly ReturnStatus[] = [
  'requested',
  'approved',
  'pickup_scheduled',
  'received',
  'inspected',
];

const DAY_MS = 86_400_000;

/** The last moment a return may be asked for: `days` whole days after delivery. */
export function returnDeadline(deliveredAt: string, days: number): Date {
  return new Date(new Date(deliveredAt).getTime() + days * DAY_MS);
}

export function returnWindowOpen(deliveredAt: string | null, days: number, now: Date): boolean {
  return deliveredAt !== null && now.getTime() <= returnDeadline(deliveredAt, days).getTime();
}

// ---------------------------------------------------------------- refund destination (cash orders)

/** A UPI ID (virtual payment address): a handle, "@", and the bank's or app's name. */
export const UPI_ID_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9._-]{1,255}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;
/** An IFSC: four letters (the bank), a zero, six letters or digits (the branch). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** An Indian bank account number: 9 to 18 digits. */
export const BANK_ACCOUNT_PATTERN = /^\d{9,18}$/;

export const isUpiId = (text: string) => UPI_ID_PATTERN.test(text);
export const isIfsc = (text: string) => IFSC_PATTERN.test(text);
export const isBankAccountNumber = (text: string) => BANK_ACCOUNT_PATTERN.test(text);

/** "XXXXXX1234": what staff lists and emails show of an account number. */
export const maskedAccount = (account: string) => `${'X'.repeat(Math.max(0, account.length - 4))}${account.slice(-4)}`;

// ---------------------------------------------------------------- refund amounts

/** A unit count of one invoice line: how many were refunded before, how many now. */
export interface ReturnedUnits {
  /** The goods line's index on the invoice (the order's line position order). */
  lineIndex: number;
  /** Units of the line refunded by earlier returns. */
  alreadyRefunded: number;
  /** Units refunded now. */
  quantity: number;
}

/**
 * The part of `value` (a line's taxable value or one of its taxes) that `units` of its
 * `quantity` units carry, counted cumulatively: the first n units carry ⌊value × n / quantity⌋,
 * so units refunded now carry share(before + now) − share(before). However a line is returned,
 * in one return or several, its refunds add up to exactly the line's value and never pass it.
 */
export function unitsShare(value: number, quantity: number, before: number, units: number): number {
  const share = (n: number) => Number((BigInt(value) * BigInt(n)) / BigInt(quantity));
  return share(before + units) - share(before);
}

/** Why units cannot be refunded: more than the line had. */
export class ReturnQuantityError extends Error {}

/**
 * The credit note's lines for units returned: each a part of the invoice's goods line, its
 * discount, taxable value and taxes shared by `unitsShare`. Shipping is not refunded: it
 * carried the order, which arrived.
 */
export function returnedLines(
  invoiceLines: readonly InvoiceTaxLine[],
  units: readonly ReturnedUnits[],
): InvoiceTaxLine[] {
  return units
    .filter((u) => u.quantity > 0)
    .map((u) => {
      const line = invoiceLines[u.lineIndex];
      if (!line || u.alreadyRefunded < 0 || u.alreadyRefunded + u.quantity > line.quantity) {
        throw new ReturnQuantityError(`Line ${u.lineIndex + 1} has no ${u.quantity} more units to refund.`);
      }
      const part = (value: number) => unitsShare(value, line.quantity, u.alreadyRefunded, u.quantity);
      return {
        ...line,
        quantity: u.quantity,
        grossValue: part(line.grossValue),
        discount: part(line.discount),
        taxableValue: part(line.taxableValue),
        cgst: part(line.cgst),
        sgst: part(line.sgst),
        igst: part(line.igst),
      };
    });
}

/**
 * A credit note for the units of one return, against the order's invoice: its lines the
 * returned part of the invoice's, its total what is refunded. The refund and the credit note
 * come from this one computation, so the note states exactly what was paid back.
 */
export function returnCreditNoteSnapshot(
  invoice: TaxDocumentSnapshot,
  units: readonly ReturnedUnits[],
  number: string,
  issuedAt: string,
): TaxDocumentSnapshot {
  const lines = returnedLines(invoice.lines, units);
  const totals = invoiceTotals(lines);
  return {
    ...creditNoteSnapshot(invoice, number, issuedAt),
    lines,
    totals,
    amountInWords: rupeesInWords(totals.total),
  };
}

/** The owner's return settings, as the policy states them. */
export interface ReturnSettings {
  returnWindowDays: number;
  allowSizeExchanges: boolean;
}

/** The Return and Refund Policy's promise, from the owner's settings: no page promises another window. */
export function returnPolicyText({ returnWindowDays, allowSizeExchanges }: ReturnSettings): string {
  const days = `${returnWindowDays} ${returnWindowDays === 1 ? 'day' : 'days'}`;
  const exchanges = allowSizeExchanges
    ? 'Instead of a refund you may ask for another size of the same colour, while it is in stock.'
    : 'We do not offer exchanges.';
  return `Returns are accepted within ${days} of delivery, only for damaged, defective or incorrect items. ${exchanges}`;
}
