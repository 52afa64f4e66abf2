import { describe, expect, it } from 'vitest';
import { fullNameOf, isAddressComplete, shippingAddressOf, withShippingAddress } from './account-rules.ts';
import { addressInput } from './contract/auth.ts';
import { orderAddressInput } from './contract/orders.ts';

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

describe('isAddressComplete', () => {
  const home = {
    addressLine1: '4, Anna Salai',
    addressLine2: '',
    city: 'Chennai',
    state: 'Tamil Nadu',
    pinCode: '600002',
  };
  it.each([
    ['every field filled', home, true],
    ['line 2 given', { ...home, addressLine2: 'Near the museum' }, true],
    ['line 1 blank', { ...home, addressLine1: '' }, false],
    ['city blank', { ...home, city: '' }, false],
    ['state blank', { ...home, state: '' }, false],
    ['PIN code blank', { ...home, pinCode: '' }, false],
    ['PIN code only spaces', { ...home, pinCode: '   ' }, false],
    ['city only spaces', { ...home, city: ' \t' }, false],
  ])('%s → %s', (_case, address, complete) => {
    expect(isAddressComplete(address)).toBe(complete);
    // One rule: the address and order schemas accept exactly the complete addresses.
    expect(addressInput.safeParse(address).success).toBe(complete);
    expect(orderAddressInput.safeParse({ ...address, phone: '9876543210' }).success).toBe(complete);
  });

  it.each([null, undefined])('no address (%s) is not complete', (address) => {
    expect(isAddressComplete(address)).toBe(false);
  });
});
