/**
 * A parcel's life after it leaves the shop: the couriers the shop ships with, the events a
 * courier (or staff, or a CSV of AWB statuses) reports, and the state machine they drive.
 */

/** The couriers "Mark shipped" offers; `other` is any courier not listed. */
export const couriers = [
  'delhivery',
  'bluedart',
  'dtdc',
  'ecom_express',
  'xpressbees',
  'shadowfax',
  'india_post',
  'other',
] as const;
export type Courier = (typeof couriers)[number];

export const courierNames: Record<Courier, string> = {
  delhivery: 'Delhivery',
  bluedart: 'Blue Dart',
  dtdc: 'DTDC',
  ecom_express: 'Ecom Express',
  xpressbees: 'Xpressbees',
  shadowfax: 'Shadowfax',
  india_post: 'India Post',
  other: 'Other courier',
};

/** Where a parcel is. `rto_in_transit`: on its way back to the shop; `rto_delivered`: back. */
export const shipmentStatuses = [
  'shipped',
  'in_transit',
  'out_for_delivery',
  'delivery_failed',
  'delivered',
  'rto_in_transit',
  'rto_delivered',
] as const;
export type ShipmentStatus = (typeof shipmentStatuses)[number];

/** What a courier reports about a parcel. */
export const shipmentEventKinds = [
  'in_transit',
  'out_for_delivery',
  'delivery_failed',
  'delivered',
  'rto_initiated',
  'rto_delivered',
] as const;
export type ShipmentEventKind = (typeof shipmentEventKinds)[number];

export const shipmentEventLabels: Record<ShipmentEventKind | 'shipped', string> = {
  shipped: 'Shipped',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivery_failed: 'Delivery attempt failed',
  delivered: 'Delivered',
  rto_initiated: 'Returning to the shop',
  rto_delivered: 'Returned to the shop',
};

export const shipmentStatusLabels: Record<ShipmentStatus, string> = {
  shipped: 'Shipped',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivery_failed: 'Delivery attempt failed',
  delivered: 'Delivered',
  rto_in_transit: 'Returning to the shop',
  rto_delivered: 'Returned to the shop',
};

/** Where a parcel is, as the state machine needs it. */
export interface ShipmentState {
  status: ShipmentStatus;
  /** Delivery attempts that failed so far. */
  failedAttempts: number;
}

export type ShipmentRefusal = 'FINISHED' | 'RETURNING';

export type ShipmentMove =
  | {
      ok: true;
      status: ShipmentStatus;
      failedAttempts: number;
      /** The parcel starts its way back now (the courier's decision, or the last attempt failed). */
      returning: boolean;
      /** The parcel's journey ends now: handed to the shopper, or back at the shop. */
      finished: 'delivered' | 'returned' | null;
    }
  | { ok: false; reason: ShipmentRefusal };

export const shipmentRefusalMessages: Record<ShipmentRefusal, string> = {
  FINISHED: 'This parcel has already been delivered or returned.',
  RETURNING: 'This parcel is on its way back to the shop.',
};

/** The owner's limits on delivery attempts. */
export const DEFAULT_MAX_DELIVERY_ATTEMPTS = 3;
export const MAX_DELIVERY_ATTEMPTS_LIMIT = 10;

const forwards: readonly ShipmentStatus[] = ['shipped', 'in_transit', 'out_for_delivery', 'delivery_failed'];

/**
 * What an event does to a parcel. Couriers skip steps (a parcel may be delivered with no
 * "out for delivery" first), so any forward event moves a parcel still on its way out. A
 * failed attempt counts; the `maxAttempts`-th sends the parcel back. On its way back a parcel
 * only arrives (or is reported in transit or returning again); delivered or back, it is done.
 */
export function nextShipmentState(state: ShipmentState, event: ShipmentEventKind, maxAttempts: number): ShipmentMove {
  const same = { failedAttempts: state.failedAttempts, returning: false, finished: null };
  if (state.status === 'delivered' || state.status === 'rto_delivered') return { ok: false, reason: 'FINISHED' };
  if (state.status === 'rto_in_transit') {
    if (event === 'rto_delivered') return { ok: true, ...same, status: 'rto_delivered', finished: 'returned' };
    if (event === 'in_transit' || event === 'rto_initiated') return { ok: true, ...same, status: 'rto_in_transit' };
    return { ok: false, reason: 'RETURNING' };
  }
  if (!forwards.includes(state.status)) return { ok: false, reason: 'FINISHED' };
  switch (event) {
    case 'in_transit':
    case 'out_for_delivery':
      return { ok: true, ...same, status: event };
    case 'delivered':
      return { ok: true, ...same, status: 'delivered', finished: 'delivered' };
    case 'delivery_failed': {
      const failedAttempts = state.failedAttempts + 1;
      const returning = failedAttempts >= maxAttempts;
      return {
        ok: true,
        status: returning ? 'rto_in_transit' : 'delivery_failed',
        failedAttempts,
        returning,
        finished: null,
      };
    }
    case 'rto_initiated':
      return { ok: true, ...same, status: 'rto_in_transit', returning: true };
    case 'rto_delivered':
      return { ok: true, ...same, status: 'rto_delivered', returning: true, finished: 'returned' };
  }
}

/** Statuses staff follow up in "Delivery problems": a failed attempt, or a parcel coming back. */
export const deliveryProblemStatuses: readonly ShipmentStatus[] = ['delivery_failed', 'rto_in_transit'];

/** AWB numbers: letters, digits and dashes, as couriers print them. */
export const AWB_PATTERN = /^[A-Za-z0-9-]{4,40}$/;

/**
 * A parcel's tracking link: the courier's template with `{awb}` replaced; null when the
 * template is empty (no tracking page) or says nowhere to put the number.
 */
export function trackingUrl(template: string, awb: string): string | null {
  if (!template.includes('{awb}')) return null;
  return template.replaceAll('{awb}', encodeURIComponent(awb));
}

/** Whether a tracking-link template is one the shop may put in an email: https, with `{awb}`. */
export function isTrackingTemplate(template: string): boolean {
  if (template === '') return true;
  if (!template.includes('{awb}')) return false;
  try {
    const url = new URL(template.replaceAll('{awb}', 'AWB'));
    return url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The words aggregators' AWB status exports use, read as events (case, spaces, dashes and
 * underscores aside). "Undelivered" and "NDR" (non-delivery report) are failed attempts.
 */
const statusWords: Record<string, ShipmentEventKind> = {
  intransit: 'in_transit',
  pickedup: 'in_transit',
  reachedatdestinationhub: 'in_transit',
  outfordelivery: 'out_for_delivery',
  ofd: 'out_for_delivery',
  deliveryfailed: 'delivery_failed',
  deliveryattemptfailed: 'delivery_failed',
  undelivered: 'delivery_failed',
  ndr: 'delivery_failed',
  delivered: 'delivered',
  rtoinitiated: 'rto_initiated',
  rto: 'rto_initiated',
  rtointransit: 'rto_initiated',
  returnedtoorigin: 'rto_delivered',
  rtodelivered: 'rto_delivered',
};

export function shipmentEventFromText(text: string): ShipmentEventKind | null {
  return statusWords[text.toLowerCase().replace(/[\s_-]+/g, '')] ?? null;
}

/** The owner's rule for cash on delivery by a PIN code's returns to origin; null threshold: off. */
export interface RtoCodRule {
  /** Refuse cash on delivery where more than this percentage of parcels came back. */
  thresholdPercent: number | null;
  /** ...counted over at least this many finished parcels (delivered or returned). */
  minOrders: number;
}

export const DEFAULT_RTO_MIN_ORDERS = 10;

/** A PIN code's finished parcels: delivered, and returned to origin (on their way back included). */
export interface PinReturns {
  finished: number;
  returned: number;
}

/** The RTO rate in percent, or null with nothing finished. */
export function rtoRatePercent({ finished, returned }: PinReturns): number | null {
  return finished === 0 ? null : (returned * 100) / finished;
}

/** Whether the rule turns cash on delivery off for a PIN code with these returns. */
export function codOffForReturns(rule: RtoCodRule, returns: PinReturns): boolean {
  if (rule.thresholdPercent === null || returns.finished < Math.max(1, rule.minOrders)) return false;
  return returns.returned * 100 > rule.thresholdPercent * returns.finished;
}
