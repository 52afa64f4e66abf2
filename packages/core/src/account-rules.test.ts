import { describe, expect, it } from 'vitest';
import { fullNameOf, shippingAddressOf, withShippingAddress } from './account-rules.ts';

const a = (id: string, isDefault = false) => ({ id, isDefault });

describe('shippingAddressOf', () => {
  it.each([
    [[], null],
    [[a('1')], '1'],
    [[a('1'), a('2', true)], '2'],
    [[a('1'), a('2')], '1'],
  ])('%j → %s', (addresses, expected) => {
    expect(shippingAddressOf(addresses)?.id ?? null).toBe(expected);
  });
});

describe('withShippingAddress', () => {
  it.each([
    ['is added as the default when there is none', [], ['new*']],
    ['is added after the others when none is default', [a('1'), a('2')], ['1', '2', 'new*']],
    ['replaces the default in its place', [a('1'), a('2', true), a('3')], ['1', 'new*', '3']],
  ])('%s', (_case, addresses, expected) => {
    const result = withShippingAddress(addresses, a('new'));
    expect(result.map((x) => x.id + (x.isDefault ? '*' : ''))).toEqual(expected);
    expect(result.filter((x) => x.isDefault)).toHaveLength(1);
  });
});

describe('fullNameOf', () => {
  it.each([
    ['Ravi', 'Kumar', 'Ravi Kumar'],
    ['Ravi', '', 'Ravi'],
    ['', 'Kumar', 'Kumar'],
  ])('%s + %s → %s', (first, last, full) => {
    expect(fullNameOf(first, last)).toBe(full);
  });
});
