import { findIndianState, isPinCodeShape, pinCodeBelongsTo, type IndianState } from './indian-states.ts';
import { formatPromiseAmount, type ShopSettings } from './shop-settings.ts';
import type { Paise } from './money.ts';

/**
 * Where the shop delivers: inclusive ranges of PIN codes (a single code is a range from it to
 * itself), each saying whether cash on delivery is taken there. PINs are six-digit strings.
 */
export interface ServiceableRange {
  from: string;
  to: string;
  cod: boolean;
}

export interface DeliveryAnswer {
  pinCode: string;
  serviceable: boolean;
  cod: boolean;
  /** What the shopper is told: "Delivers to 560001 · Cash on delivery available", or why not. */
  message: string;
}

const width = (r: ServiceableRange) => Number(r.to) - Number(r.from);

/**
 * The range that decides for a PIN: the narrowest one holding it, so a single code (or a
 * small range) overrides the wide range around it. Of two equally narrow ones, the one
 * without cash on delivery wins: a refusal is the safer reading of a contradiction.
 */
export function decidingRange(pinCode: string, ranges: readonly ServiceableRange[]): ServiceableRange | null {
  let best: ServiceableRange | null = null;
  for (const range of ranges) {
    if (pinCode < range.from || pinCode > range.to) continue;
    if (!best || width(range) < width(best) || (width(range) === width(best) && !range.cod)) best = range;
  }
  return best;
}

export const notDeliveredMessage = (pinCode: string) => `We don't deliver to ${pinCode} yet`;
/** Six digits India Post does not use (its codes start 1 to 8): not a place the shop could deliver to. */
export const unknownPinMessage = (pinCode: string) => `We couldn't find PIN code ${pinCode}`;
export const codUnavailableMessage = (pinCode: string) => `Cash on delivery isn't available for ${pinCode}`;

/** Whether, and how, the shop delivers to a PIN code. */
export function deliveryFor(pinCode: string, ranges: readonly ServiceableRange[]): DeliveryAnswer {
  if (!isPinCodeShape(pinCode)) return { pinCode, serviceable: false, cod: false, message: unknownPinMessage(pinCode) };
  const range = decidingRange(pinCode, ranges);
  if (!range) return { pinCode, serviceable: false, cod: false, message: notDeliveredMessage(pinCode) };
  return {
    pinCode,
    serviceable: true,
    cod: range.cod,
    message: range.cod
      ? `Delivers to ${pinCode} · Cash on delivery available`
      : `Delivers to ${pinCode} · ${codUnavailableMessage(pinCode)}`,
  };
}

export type DeliveryRefusalReason = 'NOT_SERVICEABLE' | 'COD_NOT_AVAILABLE' | 'COD_OVER_LIMIT' | 'COD_TOO_MANY_OPEN';

export interface DeliveryRefusal {
  reason: DeliveryRefusalReason;
  message: string;
}

export interface OrderDeliveryFacts {
  delivery: DeliveryAnswer;
  paymentMethod: 'cod' | 'razorpay';
  /** The order's total, paise. */
  total: Paise;
  /** The shopper's cash-on-delivery orders still open (placed, confirmed or shipped). */
  openCodOrders: number;
}

/**
 * Why an order may not go to this address or be paid this way, or null when it may. Checked
 * in order: delivery itself, then cash on delivery at this PIN, its value cap, and how many
 * cash-on-delivery orders the shopper already has open (so no one holds stock with unlimited
 * unpaid orders).
 */
export function deliveryRefusal(
  facts: OrderDeliveryFacts,
  settings: Pick<ShopSettings, 'codMaxOrderValue' | 'codMaxOpenOrders'>,
): DeliveryRefusal | null {
  const { delivery } = facts;
  if (!delivery.serviceable) return { reason: 'NOT_SERVICEABLE', message: notDeliveredMessage(delivery.pinCode) };
  if (facts.paymentMethod !== 'cod') return null;
  if (!delivery.cod) return { reason: 'COD_NOT_AVAILABLE', message: codUnavailableMessage(delivery.pinCode) };
  if (facts.total > settings.codMaxOrderValue) {
    return {
      reason: 'COD_OVER_LIMIT',
      message: `Cash on delivery is available for orders up to ${formatPromiseAmount(settings.codMaxOrderValue)}. Please pay online for this order.`,
    };
  }
  if (facts.openCodOrders >= settings.codMaxOpenOrders) {
    const n = settings.codMaxOpenOrders;
    return {
      reason: 'COD_TOO_MANY_OPEN',
      message: `You already have ${n} cash-on-delivery ${n === 1 ? 'order' : 'orders'} on the way. Please pay online, or order again once one is delivered.`,
    };
  }
  return null;
}

export type AddressStateCheck =
  { ok: true; state: IndianState } | { ok: false; field: 'state' | 'pinCode'; message: string };

/**
 * The address form's rule: the state is one of India's states and union territories (any
 * letter case; the canonical name is kept), and the PIN code is one its post offices use.
 */
export function checkAddressState(stateName: string, pinCode: string): AddressStateCheck {
  const state = findIndianState(stateName);
  if (!state) return { ok: false, field: 'state', message: 'Please choose a state or union territory of India.' };
  if (!pinCodeBelongsTo(pinCode, state)) {
    return { ok: false, field: 'pinCode', message: `PIN code ${pinCode} is not in ${state.name}.` };
  }
  return { ok: true, state };
}

// ---------------------------------------------------------------- CSV

export const SERVICEABLE_CSV_HEADER = 'from,to,cod';
/** Enough for every post office in India one by one (about 19,000 PINs), with room to spare. */
export const MAX_SERVICEABLE_RANGES = 30_000;

const yes = new Set(['yes', 'y', 'true', '1']);
const no = new Set(['no', 'n', 'false', '0']);

export type ServiceableCsvResult =
  { ok: true; ranges: ServiceableRange[] } | { ok: false; errors: { line: number; message: string }[] };

/**
 * Reads a CSV of ranges: the header `from,to,cod`, then one range a line. A single code may
 * leave `to` empty; `cod` is yes/no (also true/false, 1/0). Blank lines are skipped. Every bad
 * line is reported with its number (the header is line 1), so nothing is imported half-right.
 */
export function parseServiceableCsv(text: string): ServiceableCsvResult {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const errors: { line: number; message: string }[] = [];
  const fail = (line: number, message: string) => {
    if (errors.length < 50) errors.push({ line, message });
  };
  const header = (lines[0] ?? '').split(',').map((cell) => cell.trim().toLowerCase().replace(/^"|"$/g, ''));
  if (header.join(',') !== SERVICEABLE_CSV_HEADER) {
    return {
      ok: false,
      errors: [{ line: 1, message: `The first line must be the header "${SERVICEABLE_CSV_HEADER}".` }],
    };
  }
  const ranges: ServiceableRange[] = [];
  const seen = new Map<string, number>();
  for (let i = 1; i < lines.length; i++) {
    const lineNo = i + 1;
    const raw = lines[i]!.trim();
    if (raw === '') continue;
    const cells = raw.split(',').map((cell) => cell.trim().replace(/^"|"$/g, '').trim());
    if (cells.length !== 3) {
      fail(lineNo, `Expected 3 values (from,to,cod), found ${cells.length}.`);
      continue;
    }
    const [from, toCell, codCell] = cells as [string, string, string];
    const to = toCell === '' ? from : toCell;
    if (!isPinCodeShape(from)) {
      fail(lineNo, `"${from}" is not a PIN code (6 digits, the first 1 to 8).`);
      continue;
    }
    if (!isPinCodeShape(to)) {
      fail(lineNo, `"${to}" is not a PIN code (6 digits, the first 1 to 8).`);
      continue;
    }
    if (to < from) {
      fail(lineNo, `The range ends (${to}) before it starts (${from}).`);
      continue;
    }
    const cod = codCell.toLowerCase();
    if (!yes.has(cod) && !no.has(cod)) {
      fail(lineNo, `cod must be yes or no, not "${codCell}".`);
      continue;
    }
    const key = `${from}-${to}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      fail(lineNo, `${from === to ? from : `${from}–${to}`} is already listed on line ${earlier}.`);
      continue;
    }
    seen.set(key, lineNo);
    ranges.push({ from, to, cod: yes.has(cod) });
  }
  if (lines.slice(1).filter((line) => line.trim() !== '').length > MAX_SERVICEABLE_RANGES) {
    return { ok: false, errors: [{ line: 1, message: `At most ${MAX_SERVICEABLE_RANGES} ranges can be imported.` }] };
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, ranges };
}

/** The CSV the import reads back unchanged: ranges in PIN order, `cod` as yes/no. */
export function serializeServiceableCsv(ranges: readonly ServiceableRange[]): string {
  const sorted = [...ranges].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
  return [SERVICEABLE_CSV_HEADER, ...sorted.map((r) => `${r.from},${r.to},${r.cod ? 'yes' : 'no'}`)].join('\n') + '\n';
}
