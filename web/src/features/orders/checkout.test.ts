import { DEFAULT_CONTACT_PHONE, DEFAULT_DELIVERY_NOTE } from '@shop/core';
import type { RequestFailure } from '../../lib/api/failure.ts';
import { makeAddress, makeCart, makeCartLine } from '../../test/fixtures.ts';
import { attemptScope, changedCart, orderBodyFor, shippingLine } from './checkout.ts';

const home = makeAddress({
  addressLine1: '12B, MG Road',
  addressLine2: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  pinCode: '560001',
});
const cart = makeCart([makeCartLine({ name: 'Oxford', quantity: 2 }), makeCartLine({ name: 'Tee', size: 'L' })]);

describe('orderBodyFor', () => {
  it.each([
    ['cash on delivery sends the lines', 'cod', '9876543210', true, '9876543210'],
    ['online payment sends no lines: the order takes the cart', 'razorpay', '9876543210', false, '9876543210'],
    ['no phone: ten zeros', 'cod', null, true, DEFAULT_CONTACT_PHONE],
    ['a blank phone: ten zeros', 'razorpay', '  ', false, DEFAULT_CONTACT_PHONE],
  ] as const)('%s', (_case, method, phone, sendsLines, sentPhone) => {
    const body = orderBodyFor({ method, shipping: home, phone, cart });
    expect(body.paymentMethod).toBe(method);
    // The server ships to the saved address by its id: exactly the one shown.
    expect(body.addressId).toBe(home._id);
    expect(body.shippingAddress).toEqual(body.billingAddress);
    expect(body.shippingAddress).toMatchObject({ name: 'Home', country: 'India', pinCode: '560001', phone: sentPhone });
    expect(body.notes).toBe(DEFAULT_DELIVERY_NOTE);
    // The total shown goes with every order, so the server can refuse one it would price otherwise.
    expect(body.expectedTotal).toBe(cart.totals.total);
    if (sendsLines) {
      expect(body.items).toEqual(
        cart.items.map(({ productId, quantity, size, color }) => ({ productId, quantity, size, color })),
      );
    } else {
      expect(body).not.toHaveProperty('items');
    }
  });
});

describe('attemptScope', () => {
  it('differs by shopper, way of paying, cart content and address, and not otherwise', () => {
    const scope = attemptScope('u1', 'cod', cart);
    expect(attemptScope('u1', 'cod', makeCart([...cart.items]))).toBe(scope);
    expect(attemptScope('u2', 'cod', cart)).not.toBe(scope);
    expect(attemptScope('u1', 'razorpay', cart)).not.toBe(scope);
    expect(attemptScope('u1', 'cod', makeCart(cart.items.slice(1)))).not.toBe(scope);
    expect(attemptScope('u1', 'cod', cart, 'a1')).toBe(attemptScope('u1', 'cod', makeCart([...cart.items]), 'a1'));
    expect(attemptScope('u1', 'cod', cart, 'a1')).not.toBe(attemptScope('u1', 'cod', cart, 'a2'));
  });
});

describe('changedCart', () => {
  const refusal = (code: string | null, data?: unknown): RequestFailure => ({
    message: 'Your cart changed',
    status: 409,
    code,
    issues: [],
    data,
  });
  it.each([
    ['a CART_CHANGED refusal with the cart', refusal('CART_CHANGED', cart), true],
    ['a CART_CHANGED refusal without a cart', refusal('CART_CHANGED'), false],
    ['a CART_CHANGED refusal with something else', refusal('CART_CHANGED', { items: 'none' }), false],
    ['another refusal', refusal('OUT_OF_STOCK', cart), false],
    ['not a refusal at all', new Error('boom'), false],
  ])('%s → %s', (_case, failure, brings) => {
    expect(changedCart(failure)?.cart ?? null).toEqual(brings ? cart : null);
  });
});

describe('shippingLine', () => {
  it('joins the filled parts with commas', () => {
    expect(shippingLine({ ...home, addressLine2: ' Near the park ' })).toBe(
      '12B, MG Road, Near the park, Bengaluru, Karnataka, 560001',
    );
    expect(shippingLine(home)).toBe('12B, MG Road, Bengaluru, Karnataka, 560001');
  });
});
