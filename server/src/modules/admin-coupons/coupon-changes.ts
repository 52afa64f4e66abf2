/**
 * The one-line summaries staff read in a coupon's history (the audit trail). Pure: they
 * compare the stored terms with the terms after a change.
 */
import { couponLabel, type CouponTerms } from '@shop/core';

/** Every term but `isActive`, whose changes are recorded as (de)activation. */
export type CouponField = Exclude<keyof CouponTerms, 'isActive'>;

const fieldLabels: Record<CouponField, string> = {
  code: 'code',
  discountType: 'type',
  value: 'value',
  minPurchase: 'minimum purchase',
  buyX: 'buy X',
  getY: 'get Y',
  applicableCategories: 'categories',
  startsAt: 'start',
  endsAt: 'end',
  usageLimit: 'usage limit',
  perCustomerLimit: 'per-customer limit',
};

function sameValue(before: unknown, after: unknown): boolean {
  // Categories are a set: stored unordered, read back sorted.
  if (Array.isArray(before) && Array.isArray(after)) {
    return JSON.stringify([...new Set(before)].sort()) === JSON.stringify([...new Set(after)].sort());
  }
  return before === after;
}

/** The terms a change alters, in a fixed order. */
export function changedCouponFields(before: CouponTerms, after: CouponTerms): CouponField[] {
  return (Object.keys(fieldLabels) as CouponField[]).filter((field) => !sameValue(before[field], after[field]));
}

/** "Changed value, minimum purchase"; null when no term changed. */
export function couponUpdateSummary(changed: CouponField[]): string | null {
  return changed.length === 0 ? null : `Changed ${changed.map((f) => fieldLabels[f]).join(', ')}`;
}

export function couponCreatedSummary(terms: CouponTerms): string {
  return `Created ${terms.code}: ${couponLabel(terms)}${terms.isActive ? '' : ' (inactive)'}`;
}

/** The audit row for switching a coupon on or off; null when it stays as it was. */
export function activationChange(before: boolean, after: boolean): { action: string; summary: string } | null {
  if (before === after) return null;
  return after
    ? { action: 'coupon.updated', summary: 'Reactivated' }
    : { action: 'coupon.deactivated', summary: 'Deactivated' };
}
