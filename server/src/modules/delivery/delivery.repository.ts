import { sql, type Kysely, type Transaction } from 'kysely';
import { queryTemplate } from '../../db/query-template.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Takes the lock of the list of serviceable ranges until the transaction ends: the row of the
 * delivery settings, locked (PostgreSQL; SQLite runs one writer at a time). Writes that add
 * ranges take it first, so an import that replaces the list never meets the rows of another
 * import or addition made at the same moment (it would insert the same spans again and break
 * the unique key). Readers are not held up.
 */
export async function lockRangeList(trx: Transaction<Database>) {
  await trx.selectFrom('shop_settings').select('id').where('id', '=', 1).forUpdate().execute();
}

export function listRanges(db: Db) {
  return db.selectFrom('serviceable_pins').selectAll().orderBy('pin_from').orderBy('pin_to').execute();
}

/** The ranges holding a PIN (few: a wide range and the exceptions inside it). */
export async function rangesHolding(db: Db, pin: number) {
  return (await rangesHoldingPin(db, { pin })).rows;
}

// Read by every order and PIN check (query-template.ts: built once).
const rangesHoldingPin = queryTemplate(['pin'], (db, slot) =>
  db.selectFrom('serviceable_pins').selectAll().where('pin_from', '<=', slot.pin).where('pin_to', '>=', slot.pin),
);

export function findRange(db: Db, id: string) {
  return db.selectFrom('serviceable_pins').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findRangeBySpan(db: Db, from: number, to: number) {
  return db
    .selectFrom('serviceable_pins')
    .selectAll()
    .where('pin_from', '=', from)
    .where('pin_to', '=', to)
    .executeTakeFirst();
}

export interface NewRange {
  id: string;
  pin_from: number;
  pin_to: number;
  cod_allowed: number;
  created_at: string;
}

export async function insertRanges(db: Db, ranges: NewRange[]) {
  // In slices: PostgreSQL takes at most 65,535 parameters in one statement.
  for (let i = 0; i < ranges.length; i += 500) {
    await db
      .insertInto('serviceable_pins')
      .values(ranges.slice(i, i + 500))
      .execute();
  }
}

export async function setRangeCod(db: Db, id: string, cod: boolean) {
  const result = await db
    .updateTable('serviceable_pins')
    .set({ cod_allowed: cod ? 1 : 0 })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteRange(db: Db, id: string) {
  const result = await db.deleteFrom('serviceable_pins').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteAllRanges(trx: Transaction<Database>) {
  await trx.deleteFrom('serviceable_pins').execute();
}

/**
 * Finished parcels per PIN code: delivered, and returned to origin (on their way back
 * included), read from the shipments module's parcels (it writes them; returns decide cash on
 * delivery here).
 */
export function returnsByPin(db: Db, pinCode?: string) {
  let query = db
    .selectFrom('shipments')
    .select((eb) => [
      'pin_code',
      eb.fn.countAll<number>().as('finished'),
      eb.fn.sum<number>(sql`case when status = 'delivered' then 0 else 1 end`).as('returned'),
    ])
    .where('status', 'in', ['delivered', 'rto_in_transit', 'rto_delivered'])
    .groupBy('pin_code');
  if (pinCode !== undefined) query = query.where('pin_code', '=', pinCode);
  return query.execute();
}

/** The owner's rule turning cash on delivery off by returns (the shipments module's settings row). */
export async function findRtoCodRule(db: Db) {
  return (await rtoCodRule(db, { id: 1 })).rows[0];
}

// Read by every order (query-template.ts: built once).
const rtoCodRule = queryTemplate(['id'], (db, slot) =>
  db
    .selectFrom('shipment_settings')
    .select(['rto_cod_threshold_percent', 'rto_cod_min_orders'])
    .where('id', '=', slot.id),
);
