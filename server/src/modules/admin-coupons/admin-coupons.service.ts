import type { Kysely } from 'kysely';
import {
  couponShapeIssues,
  type AdminCoupon,
  type AuditEntry,
  type CouponTerms,
  type couponCreateBody,
  type couponUpdateBody,
} from '@shop/core';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { badRequest, conflict, invalidInput, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { auditTrail, recordAudit } from '../audit/audit.service.ts';
import {
  addCoupon,
  changeCouponTerms,
  couponByCode,
  couponRecord,
  couponRecords,
  toPublicCoupon,
  type CouponRecord,
} from '../coupons/coupons.service.ts';
import { unknownCategoryIds } from './admin-coupons.repository.ts';
import { activationChange, changedCouponFields, couponCreatedSummary, couponUpdateSummary } from './coupon-changes.ts';

type CreateBody = z.output<typeof couponCreateBody>;
type UpdateBody = z.output<typeof couponUpdateBody>;

const couponNotFound = () => notFound('COUPON_NOT_FOUND', 'Coupon not found');
const codeTaken = () => conflict('COUPON_CODE_TAKEN', 'A coupon with this code already exists.');

/** The offer as shoppers see it (label included), plus what only staff see. */
function toAdminCoupon(record: CouponRecord): AdminCoupon {
  const { terms } = record;
  return {
    ...toPublicCoupon(terms),
    _id: record.id,
    startsAt: terms.startsAt,
    endsAt: terms.endsAt,
    usageLimit: terms.usageLimit,
    perCustomerLimit: terms.perCustomerLimit,
    isActive: terms.isActive,
    timesRedeemed: record.timesRedeemed,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** The terms a request sets, in paise, without the ones it leaves out. */
function termsOf(body: UpdateBody): Partial<CouponTerms> {
  const { minPurchase, applicableCategories, ...rest } = body;
  const terms: Partial<CouponTerms> = { ...rest };
  if (minPurchase !== undefined) terms.minPurchase = minPurchase;
  if (applicableCategories !== undefined) terms.applicableCategories = [...new Set(applicableCategories)].sort();
  return Object.fromEntries(Object.entries(terms).filter(([, value]) => value !== undefined));
}

async function assertCategoriesExist(db: Kysely<Database>, ids: readonly string[] | undefined) {
  const unknown = await unknownCategoryIds(db, ids ?? []);
  if (unknown.length > 0) {
    throw badRequest(
      'UNKNOWN_CATEGORY',
      `No such categor${unknown.length === 1 ? 'y' : 'ies'}: ${unknown.join(', ')}.`,
    );
  }
}

/** Runs a write that may take a code another coupon has; the unique index decides races. */
async function withUniqueCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}

async function recordOf(db: Kysely<Database>, id: string): Promise<CouponRecord> {
  const record = await couponRecord(db, id);
  if (!record) throw couponNotFound();
  return record;
}

export async function listCoupons(db: Kysely<Database>): Promise<AdminCoupon[]> {
  return (await couponRecords(db)).map(toAdminCoupon);
}

export async function couponDetail(
  db: Kysely<Database>,
  id: string,
): Promise<{ coupon: AdminCoupon; audit: AuditEntry[] }> {
  const [record, audit] = await Promise.all([recordOf(db, id), auditTrail(db, 'coupon', id)]);
  return { coupon: toAdminCoupon(record), audit };
}

/** A new coupon, audited in the same transaction; shoppers can apply it at once if active. */
export async function createCoupon(
  db: Kysely<Database>,
  staffId: string,
  body: CreateBody,
  now = new Date(),
): Promise<AdminCoupon> {
  const terms = termsOf(body) as CouponTerms;
  await assertCategoriesExist(db, terms.applicableCategories);
  const id = newId();
  const at = now.toISOString();
  await withUniqueCode(() =>
    db.transaction().execute(async (trx) => {
      if (await couponByCode(trx, terms.code)) throw codeTaken();
      await addCoupon(trx, { id, terms, now: at });
      await recordAudit(trx, {
        actorId: staffId,
        entityType: 'coupon',
        entityId: id,
        action: 'coupon.created',
        summary: couponCreatedSummary(terms),
        now: at,
      });
    }),
  );
  return toAdminCoupon(await recordOf(db, id));
}

/**
 * Changes some terms. The type rules are checked on the coupon as it would be after the
 * change; only the terms sent are written; each change is audited in the same transaction
 * (deactivating on a row of its own). A change that alters nothing writes nothing.
 */
export async function updateCoupon(
  db: Kysely<Database>,
  staffId: string,
  id: string,
  body: UpdateBody,
  now = new Date(),
): Promise<AdminCoupon> {
  const current = await recordOf(db, id);
  const changes = termsOf(body);
  const next: CouponTerms = { ...current.terms, ...changes };
  const issues = couponShapeIssues(next);
  if (issues.length > 0) {
    throw invalidInput('body', issues);
  }
  await assertCategoriesExist(db, changes.applicableCategories);

  const changed = changedCouponFields(current.terms, next);
  const summary = couponUpdateSummary(changed);
  const activation = activationChange(current.terms.isActive, next.isActive);
  if (!summary && !activation) return toAdminCoupon(current);

  const at = now.toISOString();
  const audit = { actorId: staffId, entityType: 'coupon' as const, entityId: id, now: at };
  await withUniqueCode(() =>
    db.transaction().execute(async (trx) => {
      if (changed.includes('code')) {
        const holder = await couponByCode(trx, next.code);
        if (holder && holder.id !== id) throw codeTaken();
      }
      await changeCouponTerms(trx, id, changes, at);
      if (summary) await recordAudit(trx, { ...audit, action: 'coupon.updated', summary });
      if (activation) await recordAudit(trx, { ...audit, ...activation });
    }),
  );
  return toAdminCoupon(await recordOf(db, id));
}
