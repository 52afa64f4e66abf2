/** The address fields these rules look at; stored and API shapes both fit. */
export interface AddressLike {
  isDefault: boolean;
}

/**
 * The address an order ships to unless the shopper picks another, and the one the profile
 * shows as default and the address form is prefilled with (the spec's `shippingAddress`): the
 * one flagged default. With none flagged (addresses saved before every list had a default),
 * the first saved, which is the one `withOneDefault` would flag. None saved: none.
 */
export function shippingAddressOf<T extends AddressLike>(addresses: readonly T[]): T | null {
  return addresses.find((a) => a.isDefault) ?? addresses[0] ?? null;
}

/**
 * The address an order ships to: the saved address the shopper picked (by its id), or with no
 * pick their shipping address (`shippingAddressOf`). A pick that is not one of these addresses
 * gives none: an order never goes anywhere but where the shopper chose.
 */
export function addressToShipTo<T extends AddressLike & { _id: string }>(
  addresses: readonly T[],
  chosenId?: string | null,
): T | null {
  if (chosenId == null) return shippingAddressOf(addresses);
  return addresses.find((a) => a._id === chosenId) ?? null;
}

/**
 * A saved list has exactly one default address once it has any: the last one flagged (the
 * newest, as a saved address is added at the end), else the first. So the first address a
 * shopper saves is their default, whatever the form said.
 */
export function withOneDefault<T extends AddressLike>(addresses: readonly T[]): T[] {
  const flagged = addresses.findLastIndex((a) => a.isDefault);
  const chosen = flagged === -1 ? 0 : flagged;
  return addresses.map((a, i) => ({ ...a, isDefault: i === chosen }));
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

type AddressText = AddressEssentials & { addressLine2: string };

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether two addresses are the same place: every line equal, ignoring case and outer spaces. */
export function isSameAddress(a: AddressText, b: AddressText): boolean {
  return (['addressLine1', 'addressLine2', 'city', 'state', 'pinCode'] as const).every((field) =>
    sameText(a[field], b[field]),
  );
}

/**
 * The list after the profile's address form saves `address` (spec §4): the non-default
 * addresses are kept and this one is added at the end. Saved as the default, it un-defaults
 * the others and the former default is kept too, to pick at checkout; saved as not default,
 * it takes the former default's place (the form was prefilled from it). An address equal to
 * one already saved replaces it rather than being listed twice. The list has one default.
 */
export function withSavedAddress<T extends AddressLike & AddressText>(addresses: readonly T[], address: T): T[] {
  const kept = addresses.filter((a) => (address.isDefault || !a.isDefault) && !isSameAddress(a, address));
  return withOneDefault([...kept.map((a) => ({ ...a, isDefault: false })), address]);
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
