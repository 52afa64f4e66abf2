import type { Kysely, Transaction } from 'kysely';
import {
  codOffForReturns,
  DEFAULT_RTO_MIN_ORDERS,
  deliveryFor,
  rtoRatePercent,
  type PinReturns,
  type RtoCodRule,
  parseServiceableCsv,
  serializeServiceableCsv,
  type DeliveryAnswer,
  type AuditEntry,
  type ServiceableRange,
  type ServiceableRangeData,
  type serviceableRangeBody,
} from '@shop/core';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { auditTrail } from '../audit/audit.service.ts';
import { recordShopChange, shopHistory } from '../shop-settings/shop-settings.service.ts';
import * as repo from './delivery.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;
type RangeRow = Awaited<ReturnType<typeof repo.listRanges>>[number];

const pinText = (pin: number) => String(pin).padStart(6, '0');
const toRange = (row: RangeRow): ServiceableRange => ({
  from: pinText(row.pin_from),
  to: pinText(row.pin_to),
  cod: row.cod_allowed === 1,
});
const toRangeData = (row: RangeRow): ServiceableRangeData => ({ _id: row.id, ...toRange(row) });

const rangeNotFound = () => notFound('RANGE_NOT_FOUND', 'PIN code range not found');
const rangeTaken = (from: string, to: string) =>
  conflict('RANGE_EXISTS', `${from === to ? from : `${from}–${to}`} is already listed.`);

/**
 * Whether the shop delivers to a PIN code, and takes cash on delivery there: its range says,
 * unless the owner's rule turns cash on delivery off where too many parcels came back.
 */
export async function deliveryTo(db: Db, pinCode: string): Promise<DeliveryAnswer> {
  const ranges = /^\d{6}$/.test(pinCode) ? await repo.rangesHolding(db, Number(pinCode)) : [];
  const answer = deliveryFor(pinCode, ranges.map(toRange));
  if (!answer.cod || !(await codOffByReturns(db, pinCode))) return answer;
  return deliveryFor(pinCode, [{ from: pinCode, to: pinCode, cod: false }]);
}

type RtoRule = Awaited<ReturnType<typeof repo.findRtoCodRule>>;

const ruleOf = (row: RtoRule): RtoCodRule => ({
  thresholdPercent: row?.rto_cod_threshold_percent ?? null,
  minOrders: row?.rto_cod_min_orders ?? DEFAULT_RTO_MIN_ORDERS,
});

const returnsOf = (row: { finished: number | string; returned: number | string | null }): PinReturns => ({
  finished: Number(row.finished),
  returned: Number(row.returned ?? 0),
});

async function codOffByReturns(db: Db, pinCode: string): Promise<boolean> {
  const rule = ruleOf(await repo.findRtoCodRule(db));
  if (rule.thresholdPercent === null) return false;
  const [row] = await repo.returnsByPin(db, pinCode);
  return row !== undefined && codOffForReturns(rule, returnsOf(row));
}

/** Returns to origin per PIN code, and where the owner's rule turns cash on delivery off: the highest rate first. */
export async function returnsByPin(db: Db) {
  const [rows, rule] = await Promise.all([repo.returnsByPin(db), repo.findRtoCodRule(db)]);
  return rows
    .map((row) => {
      const returns = returnsOf(row);
      return {
        pinCode: row.pin_code,
        ...returns,
        ratePercent: rtoRatePercent(returns),
        codOff: codOffForReturns(ruleOf(rule), returns),
      };
    })
    .sort((a, b) => (b.ratePercent ?? 0) - (a.ratePercent ?? 0) || b.finished - a.finished);
}

// ---------------------------------------------------------------- staff: ranges

export async function listRanges(
  db: Kysely<Database>,
): Promise<{ ranges: ServiceableRangeData[]; audit: AuditEntry[] }> {
  const [rows, trail] = await Promise.all([
    repo.listRanges(db),
    auditTrail(db, shopHistory.entityType, shopHistory.entityId, 50),
  ]);
  return { ranges: rows.map(toRangeData), audit: trail };
}

const spanText = (r: ServiceableRange) => (r.from === r.to ? r.from : `${r.from}–${r.to}`);

export async function addRange(
  db: Kysely<Database>,
  actorId: string,
  body: z.output<typeof serviceableRangeBody>,
  now = new Date(),
): Promise<ServiceableRangeData> {
  const to = body.to ?? body.from;
  const row = {
    id: newId(),
    pin_from: Number(body.from),
    pin_to: Number(to),
    cod_allowed: body.cod ? 1 : 0,
    created_at: now.toISOString(),
  };
  if (await repo.findRangeBySpan(db, row.pin_from, row.pin_to)) throw rangeTaken(body.from, to);
  const range = toRange(row);
  try {
    await db.transaction().execute(async (trx) => {
      await repo.lockRangeList(trx);
      await repo.insertRanges(trx, [row]);
      const cod = range.cod ? 'with' : 'without';
      await recordShopChange(
        trx,
        actorId,
        'range.added',
        `Delivers to ${spanText(range)}, ${cod} cash on delivery`,
        now,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw rangeTaken(body.from, to);
    throw error;
  }
  return toRangeData(row);
}

export async function setRangeCod(
  db: Kysely<Database>,
  actorId: string,
  id: string,
  cod: boolean,
  now = new Date(),
): Promise<ServiceableRangeData> {
  return db.transaction().execute(async (trx) => {
    if (!(await repo.setRangeCod(trx, id, cod))) throw rangeNotFound();
    const row = await repo.findRange(trx, id);
    if (!row) throw rangeNotFound();
    const summary = `Cash on delivery ${cod ? 'on' : 'off'} for ${spanText(toRange(row))}`;
    await recordShopChange(trx, actorId, 'range.cod', summary, now);
    return toRangeData(row);
  });
}

export async function deleteRange(db: Kysely<Database>, actorId: string, id: string, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await repo.findRange(trx, id);
    if (!row || !(await repo.deleteRange(trx, id))) throw rangeNotFound();
    await recordShopChange(trx, actorId, 'range.removed', `No longer delivers to ${spanText(toRange(row))}`, now);
  });
}

export async function exportCsv(db: Kysely<Database>): Promise<string> {
  return serializeServiceableCsv((await repo.listRanges(db)).map(toRange));
}

/**
 * Replaces every range with the CSV's, in one transaction: a file with any bad line changes
 * nothing, and the answer lists every bad line by its number.
 */
export async function importCsv(db: Kysely<Database>, actorId: string, csv: string, now = new Date()): Promise<number> {
  const parsed = parseServiceableCsv(csv);
  if (!parsed.ok) {
    const issues = parsed.errors.map((e) => ({ path: `line ${e.line}`, message: e.message }));
    const first = issues.slice(0, 3).map((i) => `Line ${i.path.slice(5)}: ${i.message}`);
    const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : '';
    throw new AppError(400, 'INVALID_CSV', `The file was not imported. ${first.join(' ')}${more}`, issues);
  }
  if (parsed.ranges.length === 0) {
    throw new AppError(400, 'INVALID_CSV', 'The file lists no PIN codes: the shop would deliver nowhere.');
  }
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    // One import at a time (and no addition meanwhile): each deletes what the one before wrote.
    await repo.lockRangeList(trx);
    await repo.deleteAllRanges(trx);
    await repo.insertRanges(
      trx,
      parsed.ranges.map((r) => ({
        id: newId(),
        pin_from: Number(r.from),
        pin_to: Number(r.to),
        cod_allowed: r.cod ? 1 : 0,
        created_at: at,
      })),
    );
    await recordShopChange(
      trx,
      actorId,
      'ranges.imported',
      `Imported ${parsed.ranges.length} PIN code ranges from a CSV file`,
      now,
    );
  });
  return parsed.ranges.length;
}
