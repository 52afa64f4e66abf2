import {
  couponBodyFrom,
  couponFormFor,
  emptyCouponForm,
  fromLocalInput,
  toLocalInput,
  type CouponForm,
} from './coupon-form.ts';
import { makeTeesCoupon } from '../test-fixtures.ts';

const form = (overrides: Partial<CouponForm>): CouponForm => ({ ...emptyCouponForm(), code: 'diwali10', ...overrides });

describe('couponBodyFrom', () => {
  it('sends a percentage coupon with buyX = getY = 0, an upper-case code and no limits for blanks', () => {
    expect(couponBodyFrom(form({ value: '10', buyX: '2', getY: '1' }))).toEqual({
      ok: true,
      body: {
        code: 'DIWALI10',
        discountType: 'percentage',
        value: 10,
        minPurchase: 0,
        buyX: 0,
        getY: 0,
        applicableCategories: [],
        startsAt: null,
        endsAt: null,
        usageLimit: null,
        perCustomerLimit: null,
        isActive: true,
      },
    });
  });

  it('sends a buy X get Y coupon with value 0, its categories, window (as ISO) and limits', () => {
    const result = couponBodyFrom(
      form({
        discountType: 'buyXgetY',
        value: '15',
        buyX: '2',
        getY: '1',
        minPurchase: '499.5',
        applicableCategories: ['mens-t-shirts'],
        startsAt: '2026-12-01T10:00',
        endsAt: '2026-12-31T23:59',
        usageLimit: '100',
        perCustomerLimit: '1',
        isActive: false,
      }),
    );
    expect(result).toEqual({
      ok: true,
      body: {
        code: 'DIWALI10',
        discountType: 'buyXgetY',
        value: 0,
        minPurchase: 499.5,
        buyX: 2,
        getY: 1,
        applicableCategories: ['mens-t-shirts'],
        startsAt: new Date('2026-12-01T10:00').toISOString(),
        endsAt: new Date('2026-12-31T23:59').toISOString(),
        usageLimit: 100,
        perCustomerLimit: 1,
        isActive: false,
      },
    });
  });

  it.each([
    ['a short code', { code: 'AB', value: '10' }, 'code', 'code must be 3 to 40 characters.'],
    ['a code with spaces', { code: 'BIG SALE', value: '10' }, 'code', 'code may hold only letters, digits, - and _.'],
    ['a percentage without a value', { value: '' }, 'value', 'is required'],
    ['more than 100 %', { value: '150' }, 'value', 'value must be 100 or less.'],
    ['0 %', { value: '0' }, 'value', 'A percentage coupon takes 1 to 100 percent off.'],
    [
      'buy X get Y without Y',
      { discountType: 'buyXgetY', buyX: '2', getY: '' },
      'buyX',
      'A buy X get Y coupon needs X and Y of at least 1.',
    ],
    [
      'an end before the start',
      { value: '5', startsAt: '2026-12-02T10:00', endsAt: '2026-12-01T10:00' },
      'endsAt',
      'The end must come after the start.',
    ],
    ['a usage limit of 0', { value: '5', usageLimit: '0' }, 'usageLimit', 'must be at least 1.'],
    [
      'a fractional per-customer limit',
      { value: '5', perCustomerLimit: '1.5' },
      'perCustomerLimit',
      'must be a whole number.',
    ],
    ['a negative minimum', { value: '5', minPurchase: '-1' }, 'minPurchase', 'must not be negative'],
  ] as [string, Partial<CouponForm>, string, string][])('refuses %s', (_name, overrides, path, message) => {
    const result = couponBodyFrom(form(overrides));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.issues.find((issue) => issue.path === path)?.message).toBe(message);
  });
});

describe('datetime-local values', () => {
  it('round-trip through ISO in the browser time zone, to the minute', () => {
    const iso = fromLocalInput('2026-12-01T10:30');
    expect(iso).toBe(new Date(2026, 11, 1, 10, 30).toISOString());
    expect(toLocalInput(iso!)).toBe('2026-12-01T10:30');
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('not a date')).toBeUndefined();
  });
});

describe('couponFormFor', () => {
  it('shows only the fields of its type and blanks for "no limit"', () => {
    const coupon = makeTeesCoupon({ perCustomerLimit: 2 });
    expect(couponFormFor(coupon)).toEqual({
      code: 'TEES3',
      discountType: 'buyXgetY',
      value: '',
      buyX: '2',
      getY: '1',
      minPurchase: '',
      applicableCategories: ['mens-t-shirts'],
      startsAt: '',
      endsAt: '',
      usageLimit: '',
      perCustomerLimit: '2',
      isActive: true,
    });
  });
});
