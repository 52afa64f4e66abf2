import { describe, expect, it } from 'vitest';
import type { CouponTerms } from '@shop/core';
import { activationChange, changedCouponFields, couponCreatedSummary, couponUpdateSummary } from './coupon-changes.ts';

const base: CouponTerms = {
  code: 'SAVE10',
  discountType: 'percentage',
  value: 10,
  minPurchase: 100_00,
  buyX: 0,
  getY: 0,
  applicableCategories: ['mens-shirts', 'mens-t-shirts'],
  isActive: true,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
};

describe('coupon change summaries', () => {
  it.each<[string, Partial<CouponTerms>, string | null]>([
    ['nothing', {}, null],
    ['the same categories in another order', { applicableCategories: ['mens-t-shirts', 'mens-shirts'] }, null],
    ['only activation', { isActive: false }, null],
    ['the value', { value: 15 }, 'Changed value'],
    [
      'money and limits',
      { minPurchase: 150_00, usageLimit: 5, perCustomerLimit: 1 },
      'Changed minimum purchase, usage limit, per-customer limit',
    ],
    [
      'the type and its numbers',
      { discountType: 'buyXgetY', value: 0, buyX: 2, getY: 1 },
      'Changed type, value, buy X, get Y',
    ],
    ['the window', { startsAt: '2026-12-01T00:00:00.000Z', endsAt: null }, 'Changed start'],
    ['a category removed', { applicableCategories: ['mens-shirts'] }, 'Changed categories'],
    ['the code', { code: 'SAVE15' }, 'Changed code'],
  ])('%s', (_case, change, summary) => {
    const changed = changedCouponFields(base, { ...base, ...change });
    expect(couponUpdateSummary(changed)).toBe(summary);
    // A field never counts as changed against itself.
    expect(changedCouponFields({ ...base, ...change }, { ...base, ...change })).toEqual([]);
  });

  it.each([
    [true, false, { action: 'coupon.deactivated', summary: 'Deactivated' }],
    [false, true, { action: 'coupon.updated', summary: 'Reactivated' }],
    [true, true, null],
    [false, false, null],
  ])('activation %s → %s', (before, after, expected) => {
    expect(activationChange(before, after)).toEqual(expected);
  });

  it('names a new coupon by code and offer', () => {
    expect(couponCreatedSummary(base)).toBe('Created SAVE10: 10% OFF');
    expect(
      couponCreatedSummary({ ...base, code: 'TEES3', discountType: 'buyXgetY', buyX: 2, getY: 1, isActive: false }),
    ).toBe('Created TEES3: Buy 2 Get 1 FREE (inactive)');
  });
});
