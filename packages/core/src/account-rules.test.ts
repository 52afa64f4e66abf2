import { describe, expect, it } from 'vitest';
import {
  addressToShipTo,
  fullNameOf,
  isAddressComplete,
  isSameAddress,
  shippingAddressOf,
  withOneDefault,
  withSavedAddress,
  withShippingAddress,
} from './account-rules.ts';
import { addressInput } from './contract/auth.ts';
import { orderAddressInput } from './contract/orders.ts';

const a = (id: string, isDefault = false) => ({ id, isDefault });

describe('shippingAddressOf', () => {
  it.each([
    [[], null],
    [[a('1')], '1'],
    [[a('1'), a('2', true)], '2'],
    [[a('1'), a('2')], '1'],
    [[a('1'), a('2'), a('3', true)], '3'],
  ])('%j → %s', (addresses, expected) => {
    expect(shippingAddressOf(addresses)?.id ?? null).toBe(expected);
  });
});

describe('addressToShipTo', () => {
  const saved = (_id: string, isDefault = false) => ({ _id, isDefault });
  const list = [saved('first'), saved('default', true), saved('other')];
  it.each([
    ['no pick: the default, not the first', list, undefined, 'default'],
    ['no pick (null): the default', list, null, 'default'],
    ['no pick, none flagged: the first', [saved('first'), saved('other')], undefined, 'first'],
    ['the pick', list, 'other', 'other'],
    ['the first, picked', list, 'first', 'first'],
    ['a pick that is not saved: none', list, 'someone-elses', null],
    ['nothing saved: none', [], undefined, null],
    ['nothing saved, a pick: none', [], 'first', null],
  ])('%s', (_case, addresses, chosen, expected) => {
    expect(addressToShipTo(addresses, chosen)?._id ?? null).toBe(expected);
  });
});

describe('withOneDefault', () => {
  const flags = (list: { id: string; isDefault: boolean }[]) => list.map((x) => x.id + (x.isDefault ? '*' : ''));
  it.each([
    ['nothing saved', [], []],
    ['the only address becomes the default', [a('1')], ['1*']],
    ['none flagged: the first', [a('1'), a('2')], ['1*', '2']],
    ['one flagged stays', [a('1'), a('2', true)], ['1', '2*']],
    ['several flagged: the last (newest)', [a('1', true), a('2'), a('3', true)], ['1', '2', '3*']],
  ])('%s', (_case, addresses, expected) => {
    expect(flags(withOneDefault(addresses))).toEqual(expected);
  });
});

describe('withSavedAddress', () => {
  const place = (line: string, isDefault = false) => ({
    addressLine1: line,
    addressLine2: '',
    city: 'Pune',
    state: 'Maharashtra',
    pinCode: '411001',
    isDefault,
  });
  const lines = (list: ReturnType<typeof place>[]) => list.map((x) => x.addressLine1 + (x.isDefault ? '*' : ''));
  it.each([
    ['the first, not ticked, becomes the default', [], place('A'), ['A*']],
    ['the first, ticked', [], place('A', true), ['A*']],
    ['a second ticked: the first kept, no longer default', [place('A', true)], place('B', true), ['A', 'B*']],
    ['a second not ticked takes the default’s place', [place('A', true)], place('B'), ['B*']],
    [
      'not ticked: the other addresses kept, the first of them default',
      [place('A'), place('B', true)],
      place('C'),
      ['A*', 'C'],
    ],
    [
      'ticked: every address kept, only the new one default',
      [place('A'), place('B', true)],
      place('C', true),
      ['A', 'B', 'C*'],
    ],
    ['the same address again is not listed twice', [place('A', true), place('B')], place(' a ', true), ['B', ' a *']],
    ['the same as a non-default one, ticked', [place('A', true), place('B')], place('B', true), ['A', 'B*']],
  ])('%s', (_case, addresses, saved, expected) => {
    const result = withSavedAddress(addresses, saved);
    expect(lines(result)).toEqual(expected);
    expect(result.filter((x) => x.isDefault)).toHaveLength(1);
  });
});

describe('isSameAddress', () => {
  const home = {
    addressLine1: '12B, MG Road',
    addressLine2: '',
    city: 'Bengaluru',
    state: 'Karnataka',
    pinCode: '560001',
  };
  it.each([
    ['identical', home, true],
    ['other letter case and spaces', { ...home, addressLine1: ' 12b, mg road ', city: 'BENGALURU' }, true],
    ['another line 1', { ...home, addressLine1: '4, MG Road' }, false],
    ['another line 2', { ...home, addressLine2: 'Flat 3' }, false],
    ['another PIN code', { ...home, pinCode: '560002' }, false],
  ])('%s → %s', (_case, other, same) => {
    expect(isSameAddress(home, other)).toBe(same);
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
