import type { Kysely, Transaction } from 'kysely';
import {
  addDays,
  rtoRatesByPin,
  shopDay,
  shopDayStart,
  statsPeriodDays,
  type RtoRates,
  courierNames,
  couriers,
  deliveryProblemStatuses,
  nextShipmentState,
  parseShipmentCsv,
  shipmentRefusalMessages,
  staffTransitions,
  trackingUrl,
  type Courier,
  type CourierSettingData,
  type DeliveryProblemData,
  type ShipmentData,
  type ShipmentEventKind,
  type ShipmentEventOutcome,
  type ShipmentImportData,
  type ShipmentSettingsData,
  type ShipmentStatus,
} from '@shop/core';
import type { Database, ShipmentEventTable } from '../../db/schema.ts';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { returnsByPin as pinReturns } from '../delivery/delivery.service.ts';
import { recordShopChange } from '../shop-settings/shop-settings.service.ts';
import { queueDeliveryFailed, type ParcelFacts } from '../orders/order-messages.ts';
import type { OrderPayments } from '../orders/order-payments.ts';
import { orderNotFound } from '../orders/order-view.ts';
import { assertCodReleased } from '../orders/cod-confirmation.ts';
import {
  advanceLockedOrder,
  cancelLockedOrder,
  findOrderRow,
  paymentFacts,
  type OrderRow,
} from '../orders/status-changes.ts';
import * as repo from './shipments.repository.ts';

type Trx = Transaction<Database>;

export const shipmentNotFound = () => notFound('SHIPMENT_NOT_FOUND', 'Shipment not found');

const HOUR_MS = 3_600_000;

// ---------------------------------------------------------------- reading

async function templates(db: Kysely<Database> | Trx): Promise<Map<Courier, string>> {
  return new Map((await repo.listCourierSettings(db)).map((row) => [row.courier, row.tracking_url_template]));
}

function parcelOf(row: repo.ShipmentRow, template: string): ParcelFacts {
  return { courierName: courierNames[row.courier], awb: row.awb, trackingUrl: trackingUrl(template, row.awb) };
}

function toShipment(row: repo.ShipmentRow, events: repo.ShipmentEventRow[], template: string): ShipmentData {
  return {
    _id: row.id,
    orderId: row.order_id,
    courier: row.courier,
    courierName: courierNames[row.courier],
    awb: row.awb,
    trackingUrl: trackingUrl(template, row.awb),
    status: row.status,
    failedAttempts: row.failed_attempts,
    shippedAt: row.shipped_at,
    reattempt: row.reattempt_requested_at
      ? { phone: row.reattempt_phone, requestedAt: row.reattempt_requested_at }
      : null,
    events: events.map((e) => ({
      kind: e.kind,
      reason: e.reason,
      location: e.location,
      at: e.occurred_at,
      source: e.source,
    })),
  };
}

/** Parcels with their events and tracking links: three queries however many. */
async function withEvents(db: Kysely<Database>, rows: repo.ShipmentRow[]): Promise<ShipmentData[]> {
  const [events, links] = await Promise.all([
    repo.findEvents(
      db,
      rows.map((r) => r.id),
    ),
    templates(db),
  ]);
  return rows.map((row) =>
    toShipment(
      row,
      events.filter((e) => e.shipment_id === row.id),
      links.get(row.courier) ?? '',
    ),
  );
}

async function shipmentView(db: Kysely<Database>, id: string): Promise<ShipmentData> {
  const row = await repo.findShipment(db, id);
  if (!row) throw shipmentNotFound();
  return (await withEvents(db, [row]))[0]!;
}

/** The parcels of the shopper's orders, each with its timeline. */
export async function shipmentsOf(db: Kysely<Database>, userId: string): Promise<ShipmentData[]> {
  return withEvents(db, await repo.findShipmentsOfUser(db, userId));
}

/** An order's parcel as staff see it; null before it ships (or when shipped without one). */
export async function shipmentOfOrder(db: Kysely<Database>, orderId: string): Promise<ShipmentData | null> {
  const row = await repo.findShipmentOfOrder(db, orderId);
  return row ? (await withEvents(db, [row]))[0]! : null;
}

/** Inside an account's erasure (the data-rights module's transaction): its parcels lose what names the person. */
export async function eraseShipmentsOfAccount(trx: Trx, userId: string, now: Date): Promise<void> {
  await repo.eraseShipmentsOf(trx, userId, now.toISOString());
}

// ---------------------------------------------------------------- mark shipped

function pinOf(order: OrderRow): string {
  const address = JSON.parse(order.shipping_address) as { pinCode?: unknown };
  return typeof address.pinCode === 'string' ? address.pinCode : '';
}

const awbInUse = (awb: string) => conflict('AWB_IN_USE', `AWB number ${awb} is already on another order.`);

/**
 * Staff hand an order to a courier: the parcel (courier, AWB) and the order's move to
 * shipped in one transaction, the shopper's email naming the AWB and its tracking link.
 */
export async function markShipped(
  db: Kysely<Database>,
  actorId: string,
  orderId: string,
  parcel: { courier: Courier; awb: string },
  now = new Date(),
): Promise<ShipmentData> {
  const at = now.toISOString();
  const id = newId();
  try {
    await db.transaction().execute(async (trx) => {
      const order = await findOrderRow(trx, orderId, { lock: true });
      if (!order) throw orderNotFound();
      if (!staffTransitions(paymentFacts(order)).includes('shipped')) {
        throw conflict(
          'CANNOT_SHIP',
          order.status === 'pending'
            ? 'Confirm this order (or wait for its payment) before shipping it.'
            : `An order that is ${order.status} cannot be shipped.`,
        );
      }
      // The owner's hold on cash orders not confirmed yet.
      await assertCodReleased(trx, order, 'shipped');
      if (await repo.findShipmentByAwb(trx, parcel.awb)) throw awbInUse(parcel.awb);
      const row = {
        id,
        order_id: order.id,
        courier: parcel.courier,
        awb: parcel.awb,
        status: 'shipped' as const,
        failed_attempts: 0,
        pin_code: pinOf(order),
        reattempt_phone: null,
        reattempt_requested_at: null,
        shipped_by: actorId,
        shipped_at: at,
        last_event_at: at,
        updated_at: at,
      };
      await repo.insertShipment(trx, row);
      const facts = parcelOf(row, await repo.courierTemplate(trx, parcel.courier));
      await advanceLockedOrder(trx, order, 'shipped', actorId, now, facts);
      await recordAudit(trx, {
        actorId,
        entityType: 'order',
        entityId: order.id,
        action: 'order.shipped',
        summary: `Shipped with ${facts.courierName}, AWB ${parcel.awb}`,
        now: at,
      });
    });
  } catch (error) {
    // Two orders given the same AWB at once: the second insert meets the unique key.
    if (isUniqueViolation(error)) throw awbInUse(parcel.awb);
    throw error;
  }
  return shipmentView(db, id);
}

// ---------------------------------------------------------------- events

export interface ParcelEvent {
  /** Makes the event idempotent: the webhook's event id, a CSV line's, or a fresh one for staff. */
  key: string;
  kind: ShipmentEventKind;
  reason: string | null;
  location: string | null;
  at: string;
  source: ShipmentEventTable['source'];
  actorId: string | null;
}

export type EventResult =
  | { outcome: Exclude<ShipmentEventOutcome, 'ignored'>; status: ShipmentStatus; shipmentId: string }
  | { outcome: 'ignored'; reason: keyof typeof shipmentRefusalMessages; status: ShipmentStatus; shipmentId: string };

/**
 * Applies one event to a parcel, inside one transaction that holds the order's lock, then the
 * parcel's: two deliveries of the same event, or two events of one parcel, are decided one
 * after the other. A failed attempt emails the shopper; the last one allowed turns the parcel
 * back; delivered moves the order on; back at the shop, the order is closed as cancelled:
 * stock back, coupon use given back, credit note, the shopper told (exactly once, whoever
 * reports it), and a paid order refunded once that has committed.
 */
export async function applyParcelEvent(
  db: Kysely<Database>,
  payments: OrderPayments,
  shipment: repo.ShipmentRow,
  event: ParcelEvent,
  now = new Date(),
): Promise<EventResult> {
  const { result, returned } = await db.transaction().execute(async (trx) => {
    const order = await findOrderRow(trx, shipment.order_id, { lock: true });
    if (!order) throw shipmentNotFound();
    return applyLockedParcelEvent(trx, payments, order, shipment.id, event, now);
  });
  if (returned) await payments.refundIfPaid(db, shipment.order_id, now, event.actorId);
  return result;
}

/**
 * The event applied inside a transaction that already holds the order's lock: the parcel's
 * lock is taken second, as everywhere. `returned` asks the caller to refund once committed.
 */
async function applyLockedParcelEvent(
  trx: Trx,
  payments: OrderPayments,
  order: OrderRow,
  shipmentId: string,
  event: ParcelEvent,
  now: Date,
): Promise<{ result: EventResult; returned: boolean }> {
  const at = now.toISOString();
  const row = await repo.findShipment(trx, shipmentId, { lock: true });
  if (!row) throw shipmentNotFound();
  const base = { status: row.status, shipmentId: row.id };
  const unchanged = (result: EventResult) => ({ result, returned: false });
  if (await repo.hasEvent(trx, event.key)) return unchanged({ outcome: 'duplicate', ...base });
  const settings = await repo.findSettings(trx);
  const move = nextShipmentState(
    { status: row.status, failedAttempts: row.failed_attempts },
    event.kind,
    settings.max_delivery_attempts,
  );
  if (!move.ok) return unchanged({ outcome: 'ignored', reason: move.reason, ...base });

  const record = (key: string, kind: ShipmentEventKind, reason: string | null) =>
    repo.insertEvent(trx, {
      id: newId(),
      shipment_id: row.id,
      event_key: key,
      kind,
      reason,
      location: event.location,
      occurred_at: event.at,
      source: event.source,
      actor_id: event.actorId,
      created_at: at,
    });
  await record(event.key, event.kind, event.reason);
  // The last attempt allowed sends the parcel back: the timeline says so.
  if (event.kind === 'delivery_failed' && move.returning) {
    await record(`${event.key}:return`, 'rto_initiated', `No delivery after ${move.failedAttempts} attempts`);
  }
  await repo.moveShipment(trx, row.id, {
    status: move.status,
    failedAttempts: move.failedAttempts,
    at,
    // A request for another attempt is answered by the courier's next move.
    clearReattempt: event.kind !== 'in_transit',
  });

  const parcel = parcelOf(row, await repo.courierTemplate(trx, row.courier));
  if (event.kind === 'delivery_failed') {
    const attempt = {
      parcel,
      reason: event.reason,
      attempt: move.failedAttempts,
      maxAttempts: settings.max_delivery_attempts,
      returning: move.returning,
    };
    await queueDeliveryFailed(trx, order, attempt, now);
  }
  if (move.finished === 'delivered' && order.status === 'shipped') {
    await advanceLockedOrder(trx, order, 'delivered', event.actorId, now);
  }
  let returned = false;
  if (move.finished === 'returned' && order.status === 'shipped') {
    await cancelLockedOrder(trx, payments, order, event.actorId, 'Returned to origin', at);
    returned = true;
  }
  return { result: { outcome: 'applied', status: move.status, shipmentId: row.id }, returned };
}

/**
 * Staff mark an order delivered (the spec's status change) inside the transaction holding its
 * lock: an order with a parcel is delivered through its parcel, so the parcel, its timeline
 * and the order never disagree whichever client asked. False when the order has no parcel (it
 * shipped without one) and moves on its own; a parcel that cannot be delivered (on its way
 * back) refuses with 409.
 */
export async function deliverLockedOrderParcel(
  trx: Trx,
  payments: OrderPayments,
  order: OrderRow,
  actorId: string,
  now: Date,
): Promise<boolean> {
  const shipment = await repo.findShipmentOfOrder(trx, order.id);
  if (!shipment) return false;
  const event = {
    key: `staff:${newId()}`,
    kind: 'delivered' as const,
    reason: null,
    at: now.toISOString(),
    location: null,
    source: 'staff' as const,
    actorId,
  };
  const { result } = await applyLockedParcelEvent(trx, payments, order, shipment.id, event, now);
  if (result.outcome === 'ignored') {
    throw conflict(`SHIPMENT_${result.reason}`, shipmentRefusalMessages[result.reason]);
  }
  return true;
}

/** An event for an AWB (webhook, CSV); null when no parcel has it. */
async function applyByAwb(
  db: Kysely<Database>,
  payments: OrderPayments,
  awb: string,
  event: ParcelEvent,
  now: Date,
): Promise<EventResult | null> {
  const shipment = await repo.findShipmentByAwb(db, awb);
  if (!shipment) return null;
  try {
    return await applyParcelEvent(db, payments, shipment, event, now);
  } catch (error) {
    // The same event delivered twice at the very same moment: the second meets the unique key.
    if (isUniqueViolation(error)) {
      const again = await repo.findShipment(db, shipment.id);
      return { outcome: 'duplicate', status: again?.status ?? shipment.status, shipmentId: shipment.id };
    }
    throw error;
  }
}

/** Staff record what the courier told them (a phone call, the courier's portal). */
export async function recordStaffEvent(
  db: Kysely<Database>,
  payments: OrderPayments,
  actorId: string,
  shipmentId: string,
  body: { kind: ShipmentEventKind; reason: string | null; at?: string | undefined },
  now = new Date(),
): Promise<ShipmentData> {
  const shipment = await repo.findShipment(db, shipmentId);
  if (!shipment) throw shipmentNotFound();
  const at = body.at ? new Date(body.at).toISOString() : now.toISOString();
  const event = { key: `staff:${newId()}`, ...body, at, location: null, source: 'staff' as const, actorId };
  const result = await applyParcelEvent(db, payments, shipment, event, now);
  if (result.outcome === 'ignored') {
    throw conflict(`SHIPMENT_${result.reason}`, shipmentRefusalMessages[result.reason]);
  }
  return shipmentView(db, shipmentId);
}

export interface WebhookEvent {
  eventId: string;
  awb: string;
  kind: ShipmentEventKind;
  reason: string | null;
  location: string | null;
  occurredAt: string;
}

/** The webhook's event, once its signature is checked: applied once, whatever the retries. */
export async function receiveWebhookEvent(
  db: Kysely<Database>,
  payments: OrderPayments,
  body: WebhookEvent,
  now = new Date(),
): Promise<{ outcome: ShipmentEventOutcome; status: ShipmentStatus | null }> {
  const event: ParcelEvent = {
    key: `webhook:${body.eventId}`,
    kind: body.kind,
    reason: body.reason,
    location: body.location,
    at: new Date(body.occurredAt).toISOString(),
    source: 'webhook',
    actorId: null,
  };
  const result = await applyByAwb(db, payments, body.awb, event, now);
  return result ? { outcome: result.outcome, status: result.status } : { outcome: 'ignored', status: null };
}

/**
 * A CSV of AWB statuses: each line its own event (known by the export's event id, or by AWB,
 * status and time, so the same file uploaded again changes nothing), applied in the file's
 * order. Lines that cannot be applied are reported by number; the others count.
 */
export async function importCsv(
  db: Kysely<Database>,
  payments: OrderPayments,
  actorId: string,
  csv: string,
  now = new Date(),
): Promise<ShipmentImportData> {
  const parsed = parseShipmentCsv(csv);
  const errors = [...parsed.errors];
  let applied = 0;
  let duplicates = 0;
  for (const line of parsed.events) {
    const event: ParcelEvent = {
      key: line.eventId ? `csv:${line.eventId}` : `csv:${line.awb}:${line.kind}:${line.at}`,
      kind: line.kind,
      reason: line.reason,
      location: line.location,
      at: line.at,
      source: 'csv',
      actorId,
    };
    const result = await applyByAwb(db, payments, line.awb, event, now);
    if (!result) errors.push({ line: line.line, message: `No shipment has AWB number ${line.awb}.` });
    else if (result.outcome === 'applied') applied += 1;
    else if (result.outcome === 'duplicate') duplicates += 1;
    else if (result.outcome === 'ignored') {
      errors.push({ line: line.line, message: `${line.awb}: ${shipmentRefusalMessages[result.reason]}` });
    }
  }
  errors.sort((a, b) => a.line - b.line);
  return { applied, duplicates, errors };
}

// ---------------------------------------------------------------- the shopper's request

/**
 * After a failed attempt the shopper asks for another, with a phone number that reaches them:
 * staff see it in "Delivery problems" and pass it to the courier.
 */
export async function requestReattempt(
  db: Kysely<Database>,
  userId: string,
  orderId: string,
  phone: string | null,
  now = new Date(),
): Promise<ShipmentData> {
  const id = await db.transaction().execute(async (trx) => {
    const order = await findOrderRow(trx, orderId, { lock: true });
    if (!order || order.user_id !== userId) throw orderNotFound();
    const row = await repo.findShipmentOfOrder(trx, orderId);
    if (!row) throw shipmentNotFound();
    if (row.status !== 'delivery_failed') {
      throw conflict('NO_FAILED_ATTEMPT', 'Another attempt can be asked for only after a failed delivery attempt.');
    }
    await repo.requestReattempt(trx, row.id, phone, now.toISOString());
    return row.id;
  });
  return shipmentView(db, id);
}

// ---------------------------------------------------------------- staff's queue and settings

/** Parcels whose delivery failed or that are on their way back, the longest waiting first. */
export async function deliveryProblems(db: Kysely<Database>, now = new Date()): Promise<DeliveryProblemData[]> {
  const rows = await repo.findProblemParcels(db, deliveryProblemStatuses);
  const shipments = await withEvents(db, rows);
  return rows.map((row, i) => {
    const address = JSON.parse(row.shipping_address) as { phone?: string; pinCode?: string };
    const failures = shipments[i]!.events.filter((e) => e.kind === 'delivery_failed');
    return {
      shipment: shipments[i]!,
      orderNumber: row.order_number,
      customerName: `${row.first_name} ${row.last_name}`.trim(),
      phone: address.phone ?? '',
      pinCode: row.pin_code,
      reason: failures.at(-1)?.reason ?? null,
      since: row.last_event_at,
      ageHours: Math.max(0, Math.floor((now.getTime() - new Date(row.last_event_at).getTime()) / HOUR_MS)),
    };
  });
}

export async function courierSettings(db: Kysely<Database>): Promise<CourierSettingData[]> {
  const links = await templates(db);
  return couriers.map((courier) => ({
    courier,
    name: courierNames[courier],
    trackingUrlTemplate: links.get(courier) ?? '',
  }));
}

export async function setCourierTemplate(
  db: Kysely<Database>,
  actorId: string,
  courier: Courier,
  template: string,
  now = new Date(),
): Promise<CourierSettingData[]> {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await repo.setCourierTemplate(trx, courier, template, at);
    await recordShopChange(
      trx,
      actorId,
      'courier.tracking',
      `${courierNames[courier]} tracking link: ${template || 'none'}`,
      now,
    );
  });
  return courierSettings(db);
}

export async function shipmentSettings(db: Kysely<Database>): Promise<ShipmentSettingsData> {
  const row = await repo.findSettings(db);
  return {
    maxDeliveryAttempts: row.max_delivery_attempts,
    rtoCodThresholdPercent: row.rto_cod_threshold_percent,
    rtoCodMinOrders: row.rto_cod_min_orders,
  };
}

export async function updateShipmentSettings(
  db: Kysely<Database>,
  actorId: string,
  body: ShipmentSettingsData,
  now = new Date(),
): Promise<ShipmentSettingsData> {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await repo.updateSettings(
      trx,
      {
        max_delivery_attempts: body.maxDeliveryAttempts,
        rto_cod_threshold_percent: body.rtoCodThresholdPercent,
        rto_cod_min_orders: body.rtoCodMinOrders,
      },
      at,
    );
    const cod =
      body.rtoCodThresholdPercent === null
        ? 'never off for returns'
        : `off where over ${body.rtoCodThresholdPercent}% of ${body.rtoCodMinOrders}+ parcels came back`;
    const summary = `${body.maxDeliveryAttempts} delivery attempts; cash on delivery ${cod}`;
    await recordShopChange(trx, actorId, 'shipments.settings', summary, now);
  });
  return shipmentSettings(db);
}

/** Returns to origin per PIN code (the delivery module counts them: they decide cash on delivery there). */
export const returnsByPin = pinReturns;

/** The dashboard's returns to origin by PIN code: parcels shipped in the last 30 shop days (today's included). */
export async function rtoRatesSince(db: Kysely<Database>, now = new Date()): Promise<RtoRates> {
  const since = addDays(shopDay(now), 1 - statsPeriodDays.last30Days);
  const rows = await repo.shippedByPinSince(db, shopDayStart(since).toISOString());
  const pins = rtoRatesByPin(
    rows.map((row) => ({ pinCode: row.pin_code, shipped: Number(row.shipped), returned: Number(row.returned ?? 0) })),
  );
  return { since, pins };
}
