import { describe, expect, it } from 'vitest';
import { businessDaysText, DELIVERY_BUSINESS_DAYS, DISPATCH_BUSINESS_DAYS } from './shop-policy.ts';

describe('businessDaysText', () => {
  it.each([
    [{ min: 4, max: 8 }, '4-8 business days'],
    [{ min: 2, max: 5 }, '2-5 business days'],
    [{ min: 3, max: 3 }, '3 business days'],
    [{ min: 1, max: 1 }, '1 business day'],
  ])('%j reads "%s"', (days, text) => {
    expect(businessDaysText(days)).toBe(text);
  });

  it('says the spec’s figures (§9): processing 2-5 days, delivery 4-8 days after dispatch', () => {
    expect(businessDaysText(DISPATCH_BUSINESS_DAYS)).toBe('2-5 business days');
    expect(businessDaysText(DELIVERY_BUSINESS_DAYS)).toBe('4-8 business days');
  });
});
