/**
 * Where an order ships to, settled as a step of placing it (inside the order's transaction,
 * after a retry has been answered: an order once placed is answered as it is, whatever the
 * saved addresses became since). The address typed in the request (the spec's
 * `shippingAddress`) is taken as sent; a saved address picked by its id, or with neither the
 * shopper's shipping address, is taken from their account, by core's `addressToShipTo`, and
 * must be theirs and complete. A refusal rolls the order back: nothing is written.
 */
import {
  addressToShipTo,
  DEFAULT_CONTACT_PHONE,
  isAddressComplete,
  orderAddressInput,
  type placeOrderBody,
} from '@shop/core';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { getUser } from '../auth/auth.service.ts';

export type OrderRequest = z.output<typeof placeOrderBody>;
/** An address an order ships to, as the order keeps it. */
export type ShippingAddress = z.output<typeof orderAddressInput>;

const incomplete = (message = 'Shipping address or pincode is incomplete.') =>
  badRequest('ADDRESS_INCOMPLETE', message);

export async function settledShippingAddress(
  db: Kysely<Database>,
  userId: string,
  { shippingAddress, addressId }: Pick<OrderRequest, 'shippingAddress' | 'addressId'>,
): Promise<ShippingAddress> {
  if (shippingAddress && addressId === undefined) return shippingAddress;
  const account = await getUser(db, userId);
  const saved = addressToShipTo(account.addresses, addressId);
  if (!saved) {
    throw addressId === undefined
      ? badRequest('NO_SHIPPING_ADDRESS', 'Shipping address is incomplete.')
      : notFound('ADDRESS_NOT_FOUND', 'That address is not one of your saved addresses.');
  }
  if (!isAddressComplete(saved)) throw incomplete();
  // Saved addresses have no phone: the one sent with the order, else the account's.
  const parsed = orderAddressInput.safeParse({
    name: saved.name,
    addressLine1: saved.addressLine1,
    addressLine2: saved.addressLine2,
    city: saved.city,
    state: saved.state,
    pinCode: saved.pinCode,
    phone: shippingAddress?.phone ?? account.phone ?? DEFAULT_CONTACT_PHONE,
  });
  // An address saved before today's rules (a PIN code of another state, say) is not sent anywhere.
  if (!parsed.success) throw incomplete(parsed.error.issues[0]?.message);
  return parsed.data;
}
