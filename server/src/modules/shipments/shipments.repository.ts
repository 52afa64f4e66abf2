import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Courier, ShipmentStatus } from '@shop/core';
import type { Database, ShipmentEventTable, ShipmentTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type ShipmentRow = Selectable<ShipmentTable>;
export type ShipmentEventRow = Selectable<ShipmentEventTable>;

export async function insertShipment(trx: Transaction<Database>, row: Insertable<ShipmentTable>) {
  await trx.insertInto('shipments').values(row).execute();
}

/** One parcel; with `lock`, held until the transaction ends (every event on it takes it, after its order's). */
export function findShipment(db: Db, id: string, { lock = false }: { lock?: boolean } = {}) {
  const query = db.selectFrom('shipments').selectAll().where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export function findShipmentByAwb(db: Db, awb: string) {
  return db.selectFrom('shipments').selectAll().where('awb', '=', awb).executeTakeFirst();
}

export function findShipmentOfOrder(db: Db, orderId: string) {
  return db.selectFrom('shipments').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** The parcels of a shopper's orders, newest first. */
export function findShipmentsOfUser(db: Db, userId: string) {
  return db
    .selectFrom('shipments as s')
    .innerJoin('orders as o', 'o.id', 's.order_id')
    .selectAll('s')
    .where('o.user_id', '=', userId)
    .orderBy('s.shipped_at', 'desc')
    .execute();
}

export async function findEvents(db: Db, shipmentIds: string[]) {
  if (shipmentIds.length === 0) return [];
  return db
    .selectFrom('shipment_events')
    .selectAll()
    .where('shipment_id', 'in', shipmentIds)
    .orderBy('shipment_id')
    .orderBy('occurred_at')
    .orderBy('created_at')
    .execute();
}

export async function hasEvent(db: Db, key: string): Promise<boolean> {
  return (
    (await db.selectFrom('shipment_events').select('id').where('event_key', '=', key).executeTakeFirst()) !== undefined
  );
}

export async function insertEvent(trx: Transaction<Database>, row: Insertable<ShipmentEventTable>) {
  await trx.insertInto('shipment_events').values(row).execute();
}

export async function moveShipment(
  trx: Transaction<Database>,
  id: string,
  change: { status: ShipmentStatus; failedAttempts: number; at: string; clearReattempt: boolean },
) {
  await trx
    .updateTable('shipments')
    .set({
      status: change.status,
      failed_attempts: change.failedAttempts,
      last_event_at: change.at,
      updated_at: change.at,
      ...(change.clearReattempt && { reattempt_phone: null, reattempt_requested_at: null }),
    })
    .where('id', '=', id)
    .execute();
}

export async function requestReattempt(trx: Transaction<Database>, id: string, phone: string | null, now: string) {
  await trx
    .updateTable('shipments')
    .set({ reattempt_phone: phone, reattempt_requested_at: now, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export function listCourierSettings(db: Db) {
  return db.selectFrom('courier_settings').selectAll().execute();
}

export async function courierTemplate(db: Db, courier: Courier): Promise<string> {
  const row = await db
    .selectFrom('courier_settings')
    .select('tracking_url_template')
    .where('courier', '=', courier)
    .executeTakeFirst();
  return row?.tracking_url_template ?? '';
}

export async function setCourierTemplate(trx: Transaction<Database>, courier: Courier, template: string, now: string) {
  await trx
    .updateTable('courier_settings')
    .set({ tracking_url_template: template, updated_at: now })
    .where('courier', '=', courier)
    .execute();
}

export function findSettings(db: Db) {
  return db.selectFrom('shipment_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}

export async function updateSettings(
  trx: Transaction<Database>,
  settings: { max_delivery_attempts: number; rto_cod_threshold_percent: number | null; rto_cod_min_orders: number },
  now: string,
) {
  await trx
    .updateTable('shipment_settings')
    .set({ ...settings, updated_at: now })
    .where('id', '=', 1)
    .execute();
}

/** Parcels in these statuses, oldest event first, with their order and customer: one statement. */
export function findProblemParcels(db: Db, statuses: readonly ShipmentStatus[]) {
  return db
    .selectFrom('shipments as s')
    .innerJoin('orders as o', 'o.id', 's.order_id')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .selectAll('s')
    .select(['o.order_number', 'o.shipping_address', 'u.first_name', 'u.last_name'])
    .where('s.status', 'in', [...statuses])
    .orderBy('s.last_event_at')
    .orderBy('s.id')
    .limit(500)
    .execute();
}

/**
 * Takes the personal data out of an account's parcels: the phone the shopper asked the courier
 * to call, and the couriers' and staff's free text on each event (a reason or a location may
 * name the person, their phone or their street). The courier, AWB, PIN code, statuses and
 * times stay: they are the shop's record of what was shipped, and the PIN code's
 * return-to-origin count is no one's in particular.
 */
export async function eraseShipmentsOf(trx: Transaction<Database>, userId: string, at: string) {
  const ids = (
    await trx
      .selectFrom('shipments as s')
      .innerJoin('orders as o', 'o.id', 's.order_id')
      .select('s.id')
      .where('o.user_id', '=', userId)
      .execute()
  ).map((row) => row.id);
  if (ids.length === 0) return;
  await trx.updateTable('shipments').set({ reattempt_phone: null, updated_at: at }).where('id', 'in', ids).execute();
  await trx
    .updateTable('shipment_events')
    .set({ reason: null, location: null })
    .where('shipment_id', 'in', ids)
    .execute();
}

/** Parcels shipped from `since` per PIN code, and how many of them went back or are going back. */
export function shippedByPinSince(db: Db, since: string) {
  return db
    .selectFrom('shipments')
    .select((eb) => [
      'pin_code',
      eb.fn.countAll<number>().as('shipped'),
      eb.fn.sum<number>(sql`case when status in ('rto_in_transit', 'rto_delivered') then 1 else 0 end`).as('returned'),
    ])
    .where('shipped_at', '>=', since)
    .groupBy('pin_code')
    .execute();
}
