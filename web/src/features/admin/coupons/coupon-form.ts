/**
 * The coupon form's state (text as typed) and the request body it stands for, checked with
 * the server's own schema. Only the fields of the chosen type are read: a percentage coupon
 * sends buyX = getY = 0, a buy X get Y coupon sends value = 0.
 */
import { couponCreateBody, requestJson, type AdminCoupon, type CouponCreateBody, type DiscountType } from '@shop/core';
import { issuesFromSchema, readNumber, type FieldIssue } from '../shared/form-support.ts';

export interface CouponForm {
  code: string;
  discountType: DiscountType;
  value: string;
  buyX: string;
  getY: string;
  /** Rupees; blank is no minimum. */
  minPurchase: string;
  /** None means every category. */
  applicableCategories: string[];
  /** `datetime-local` values (the browser's local time); blank for open-ended. */
  startsAt: string;
  endsAt: string;
  /** Blank for no limit. */
  usageLimit: string;
  perCustomerLimit: string;
  isActive: boolean;
}

export const couponFieldLabels: Readonly<Record<string, string>> = {
  code: 'Code',
  discountType: 'Type',
  value: 'Discount (%)',
  minPurchase: 'Minimum purchase',
  buyX: 'Buy (X)',
  getY: 'Get free (Y)',
  applicableCategories: 'Categories',
  startsAt: 'Starts',
  endsAt: 'Ends',
  usageLimit: 'Usage limit',
  perCustomerLimit: 'Per-customer limit',
  isActive: 'Active',
};

export function emptyCouponForm(): CouponForm {
  return {
    code: '',
    discountType: 'percentage',
    value: '',
    buyX: '',
    getY: '',
    minPurchase: '',
    applicableCategories: [],
    startsAt: '',
    endsAt: '',
    usageLimit: '',
    perCustomerLimit: '',
    isActive: true,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a `datetime-local` value in the browser's time zone (to the minute). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (local time, no zone) as an ISO instant; undefined when unreadable. */
export function fromLocalInput(text: string): string | undefined {
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

const numberText = (n: number | null) => (n === null ? '' : String(n));

export function couponFormFor(coupon: AdminCoupon): CouponForm {
  const percentage = coupon.discountType === 'percentage';
  return {
    code: coupon.code,
    discountType: coupon.discountType,
    value: percentage ? String(coupon.value) : '',
    buyX: percentage ? '' : String(coupon.buyX),
    getY: percentage ? '' : String(coupon.getY),
    minPurchase: coupon.minPurchase === 0 ? '' : String(coupon.minPurchase),
    applicableCategories: [...coupon.applicableCategories],
    startsAt: toLocalInput(coupon.startsAt),
    endsAt: toLocalInput(coupon.endsAt),
    usageLimit: numberText(coupon.usageLimit),
    perCustomerLimit: numberText(coupon.perCustomerLimit),
    isActive: coupon.isActive,
  };
}

function readDate(text: string, path: string, issues: FieldIssue[]): string | null {
  if (text.trim() === '') return null;
  const iso = fromLocalInput(text);
  if (iso === undefined) issues.push({ path, message: 'must be a date and time' });
  return iso ?? null;
}

export type CouponBodyResult = { ok: true; body: CouponCreateBody } | { ok: false; issues: FieldIssue[] };

export function couponBodyFrom(form: CouponForm): CouponBodyResult {
  const issues: FieldIssue[] = [];
  const percentage = form.discountType === 'percentage';
  if (percentage && form.value.trim() === '') issues.push({ path: 'value', message: 'is required' });
  if (!percentage && (form.buyX.trim() === '' || form.getY.trim() === '')) {
    issues.push({ path: 'buyX', message: 'A buy X get Y coupon needs X and Y of at least 1.' });
  }
  const parsed = couponCreateBody.safeParse({
    code: form.code,
    discountType: form.discountType,
    value: percentage ? (readNumber(form.value, 'value', issues) ?? 0) : 0,
    buyX: percentage ? 0 : (readNumber(form.buyX, 'buyX', issues) ?? 0),
    getY: percentage ? 0 : (readNumber(form.getY, 'getY', issues) ?? 0),
    minPurchase: readNumber(form.minPurchase, 'minPurchase', issues) ?? 0,
    applicableCategories: form.applicableCategories,
    startsAt: readDate(form.startsAt, 'startsAt', issues),
    endsAt: readDate(form.endsAt, 'endsAt', issues),
    usageLimit: readNumber(form.usageLimit, 'usageLimit', issues),
    perCustomerLimit: readNumber(form.perCustomerLimit, 'perCustomerLimit', issues),
    isActive: form.isActive,
  });
  if (!parsed.success) issues.push(...issuesFromSchema(parsed.error.issues));
  if (issues.length > 0 || !parsed.success) return { ok: false, issues };
  return { ok: true, body: requestJson(couponCreateBody, parsed.data) };
}
