/** The address fields these rules look at; stored and API shapes both fit. */
export interface AddressLike {
  isDefault: boolean;
}

/**
 * The address an order ships to by default and the address form is prefilled with (the
 * spec's `shippingAddress`): the one flagged default, else the first, else none.
 */
export function shippingAddressOf<T extends AddressLike>(addresses: readonly T[]): T | null {
  return addresses.find((a) => a.isDefault) ?? addresses[0] ?? null;
}

/**
 * Saving an address as the shipping address: it replaces the current default address (or
 * is added when there is none), becomes the default, and every other address keeps its
 * place and is no longer default.
 */
export function withShippingAddress<T extends AddressLike>(addresses: readonly T[], address: T): T[] {
  const current = addresses.findIndex((a) => a.isDefault);
  const others = addresses.map((a) => ({ ...a, isDefault: false }));
  const saved = { ...address, isDefault: true };
  if (current === -1) return [...others, saved];
  others[current] = saved;
  return others;
}

/** "Ravi Kumar": first and last name as the spec's `fullName`. */
export function fullNameOf(firstName: string, lastName: string): string {
  return [firstName, lastName].filter((part) => part.trim() !== '').join(' ');
}

/**
 * What an address cannot do without to be delivered to: line 1, city, state and PIN code
 * (line 2 may be blank). The same fields the address and order schemas require.
 */
export const requiredAddressFields = ['addressLine1', 'city', 'state', 'pinCode'] as const;

export type AddressEssentials = Record<(typeof requiredAddressFields)[number], string>;

/** Whether an order can be sent to this address: none of its required fields is blank. */
export function isAddressComplete<T extends AddressEssentials>(address: T | null | undefined): address is T {
  return !!address && requiredAddressFields.every((field) => address[field].trim() !== '');
}
