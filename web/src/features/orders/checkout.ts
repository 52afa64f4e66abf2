/**
 * What a checkout sends and how it reads a refusal, apart from the page: the attempt an
 * Idempotency-Key belongs to, the order's body, and the cart a CART_CHANGED refusal brings.
 */
import {
  DEFAULT_CONTACT_PHONE,
  DEFAULT_DELIVERY_NOTE,
  type Address,
  type Cart,
  type PaymentMethod,
  type PlaceOrderBody,
} from '@shop/core';
import { isRequestFailure, type RequestFailure } from '../../lib/api/failure.ts';
import { cartSignature } from './idempotency-key.ts';

type ShippingParts = Pick<Address, 'addressLine1' | 'addressLine2' | 'city' | 'state' | 'pinCode'>;

/** "12B, MG Road, Near the park, Bengaluru, Karnataka, 560001" */
export function shippingLine(address: ShippingParts): string {
  return [address.addressLine1, address.addressLine2, address.city, address.state, address.pinCode]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}

/** One attempt: this shopper paying this way for this cart content, to this saved address. */
export function attemptScope(userId: string, method: PaymentMethod, cart: Cart | null, addressId = ''): string {
  return `${userId}:${method}:${cart ? cartSignature(cart) : ''}:${addressId}`;
}

export interface OrderBodyInput {
  method: PaymentMethod;
  /** The saved address shown as "Shipping to": the server ships to it by its id. */
  shipping: ShippingParts & Pick<Address, '_id'>;
  /** The shopper's phone, if they gave one. */
  phone: string | null | undefined;
  cart: Cart | null;
}

/**
 * The order as placed from this cart: the saved address shown (by its id, and its lines as the
 * spec sends them, shipping and billing alike), the spec's delivery note, the total shown, and
 * for cash on delivery the lines themselves.
 */
export function orderBodyFor({ method, shipping, phone, cart }: OrderBodyInput): PlaceOrderBody {
  const orderAddress = {
    name: 'Home',
    addressLine1: shipping.addressLine1,
    addressLine2: shipping.addressLine2,
    city: shipping.city,
    state: shipping.state,
    pinCode: shipping.pinCode,
    country: 'India' as const,
    phone: phone?.trim() || DEFAULT_CONTACT_PHONE,
  };
  return {
    addressId: shipping._id,
    shippingAddress: orderAddress,
    billingAddress: orderAddress,
    notes: DEFAULT_DELIVERY_NOTE,
    paymentMethod: method,
    // The total shown: the server refuses the order if its own differs (a price changed meanwhile).
    ...(cart && { expectedTotal: cart.totals.total }),
    ...(method === 'cod' && {
      items: (cart?.items ?? []).map((line) => ({
        productId: line.productId,
        quantity: line.quantity,
        size: line.size,
        color: line.color,
      })),
    }),
  };
}

/** A refusal because the cart is not what the shopper saw: it brings the cart as it is now. */
export function changedCart(failure: unknown): { failure: RequestFailure; cart: Cart } | null {
  if (!isRequestFailure(failure) || failure.code !== 'CART_CHANGED') return null;
  const cart = failure.data as Partial<Cart> | undefined;
  return Array.isArray(cart?.items) && typeof cart.totals === 'object' ? { failure, cart: cart as Cart } : null;
}
