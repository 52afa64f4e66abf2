/**
 * The address form and the address as saved (spec §3, §4, §5): the house number and line 1
 * are saved together as "house, line 1" in addressLine1, under the name "Home".
 */
import {
  checkAddressState,
  requiredAddressFields,
  withSavedAddress,
  type Address,
  type AddressInput,
  type User,
} from '@shop/core';

export interface AddressForm {
  houseNumber: string;
  pinCode: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  isDefault: boolean;
}

const emptyAddressForm: AddressForm = {
  houseNumber: '',
  pinCode: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  isDefault: false,
};

const ADDRESS_SEPARATOR = ', ';

/** "12B, MG Road" → house "12B", line 1 "MG Road"; without the separator all of it is line 1. */
function splitAddressLine1(saved: string): { houseNumber: string; addressLine1: string } {
  const at = saved.indexOf(ADDRESS_SEPARATOR);
  if (at === -1) return { houseNumber: '', addressLine1: saved };
  return { houseNumber: saved.slice(0, at), addressLine1: saved.slice(at + ADDRESS_SEPARATOR.length) };
}

/** The form prefilled from the user's shipping address (spec §2, Profile). */
export function addressFormFor(shippingAddress: Address | null): AddressForm {
  if (!shippingAddress) return emptyAddressForm;
  return {
    ...splitAddressLine1(shippingAddress.addressLine1),
    pinCode: shippingAddress.pinCode,
    addressLine2: shippingAddress.addressLine2,
    city: shippingAddress.city,
    state: shippingAddress.state,
    isDefault: shippingAddress.isDefault,
  };
}

type AddressField = Exclude<keyof AddressForm, 'isDefault'>;

/** What is wrong with the form, and which fields it is about; null when it may be sent. */
export interface AddressProblem {
  fields: AddressField[];
  message: string;
}

/**
 * The first thing wrong with the address (spec §5's message for blank fields, then the
 * server's rule that the PIN code is one of the state's), worked out from the form as it
 * stands: a message goes as soon as its fields are put right.
 */
export function addressProblem(form: AddressForm): AddressProblem | null {
  // Core's complete address (line 1, city, state, PIN code), and the form's house number too.
  const required = ['houseNumber', ...requiredAddressFields] as const;
  const blank = required.filter((field) => form[field].trim() === '');
  if (blank.length > 0) return { fields: blank, message: 'Please fill in all required address fields.' };
  const inState = checkAddressState(form.state, form.pinCode.trim());
  return inState.ok ? null : { fields: [inState.field], message: inState.message };
}

function toAddressInput(address: Address): Required<AddressInput> {
  const { name, addressLine1, addressLine2, city, state, pinCode, isDefault } = address;
  return { name, addressLine1, addressLine2, city, state, pinCode, isDefault };
}

/** The addresses to save after the form: core's `withSavedAddress` (spec §4, one default). */
export function addressesAfterSaving(user: Pick<User, 'addresses'>, form: AddressForm): AddressInput[] {
  return withSavedAddress(user.addresses.map(toAddressInput), {
    name: 'Home',
    addressLine1: `${form.houseNumber.trim()}${ADDRESS_SEPARATOR}${form.addressLine1.trim()}`,
    addressLine2: form.addressLine2.trim(),
    city: form.city.trim(),
    state: form.state.trim(),
    pinCode: form.pinCode.trim(),
    isDefault: form.isDefault,
  });
}

/** The lines an address is shown as. */
export function addressLines(address: Pick<Address, 'addressLine1' | 'addressLine2' | 'city' | 'state' | 'pinCode'>) {
  return [address.addressLine1, address.addressLine2, `${address.city}, ${address.state} ${address.pinCode}`].filter(
    (line) => line.trim() !== '',
  );
}
