import type { Cart, User } from '@shop/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CheckoutFailure, CheckoutOptions } from '../../features/payments/checkout-window.ts';
import { selectPayment } from '../../features/payments/slice.ts';
import { ApiError } from '../../lib/http.ts';
import { createFakeApi, deferred, type FakeHandler, refuse, unreachable } from '../../test/fake-api.ts';
import {
  deliversThere,
  makeAddress,
  makeCart,
  makeCartLine,
  makeCoupon,
  makeOrder,
  makePaymentDetails,
  makeStoreInfo,
  makeUser,
} from '../../test/fixtures.ts';
import { renderWithProviders, signIn } from '../../test/render.tsx';
import { CheckoutPage } from './checkout-page.tsx';

const oxford = makeCartLine({
  _id: 'l1',
  productId: 'oxford',
  name: 'Oxford Shirt',
  price: 1199,
  size: 'M',
  quantity: 2,
});
const tee = makeCartLine({ _id: 'l2', productId: 'tee', name: 'Crew Tee', price: 499, size: 'L' });
const home = makeAddress({
  addressLine1: '12B, MG Road',
  addressLine2: 'Near the park',
  city: 'Bengaluru',
  state: 'Karnataka',
  pinCode: '560001',
});
const shopper = makeUser({ _id: 'u1', phone: '9876543210', addresses: [home], shippingAddress: home });
const placed = { ...makeOrder({ _id: 'o1', orderNumber: 'KP-20261121-0001' }), orderId: 'o1' };

function renderCheckout(
  handlers: Record<string, FakeHandler> = {},
  { user = shopper, cart = makeCart([oxford, tee]) }: { user?: User; cart?: Cart } = {},
) {
  signIn(user);
  const api = createFakeApi({
    'GET /store': () => makeStoreInfo(),
    'GET /payments/options': () => ({ online: { available: true, sandbox: false } }),
    'GET /delivery/:pin': deliversThere,
    'GET /order/orders': () => ({ orders: [] }),
    'GET /cart/details': () => cart,
    'GET /auth/profile': () => user,
    ...handlers,
  });
  return renderWithProviders(<CheckoutPage />, { api, route: '/checkout', path: '/checkout' });
}

const summary = () => screen.getByLabelText('Order summary');
const payWindow = () => screen.getByRole('dialog', { name: 'KAPAS' });

describe('checkout page', () => {
  it('offers no online payment when the shop has no payment provider, only cash on delivery', async () => {
    renderCheckout({ 'GET /payments/options': () => ({ online: { available: false, sandbox: false } }) });
    expect(await screen.findByText('Online payment is not available right now. Please pay on delivery.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Pay with Razorpay/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Cash on Delivery/ })).toBeEnabled();
  });

  it('offers online payment when the shop takes it', async () => {
    const { api } = renderCheckout({ 'GET /payments/options': () => ({ online: { available: true, sandbox: true } }) });
    await waitFor(() => expect(api.callsTo('GET /payments/options')).toHaveLength(1));
    expect(screen.getByRole('button', { name: /Pay with Razorpay/ })).toBeEnabled();
  });

  it('lists the items, where they go, the totals, both ways to pay and the policies', async () => {
    renderCheckout({}, { cart: makeCart([oxford, tee], { discount: 100, coupon: makeCoupon() }) });
    expect(await screen.findByRole('img', { name: 'Oxford Shirt' })).toHaveAttribute(
      'src',
      '/images/products/oxford-1.svg',
    );
    expect(screen.getByRole('img', { name: 'Crew Tee' })).toBeInTheDocument();
    expect(screen.getByText(/^White \/ M · 2 ×/)).toHaveTextContent('White / M · 2 × ₹1,199.00');
    expect(screen.getByText(/^White \/ L · 1 ×/)).toBeInTheDocument();
    expect(screen.getByText('Shipping to:').closest('p')).toHaveTextContent(
      'Shipping to: 12B, MG Road, Near the park, Bengaluru, Karnataka, 560001',
    );
    const rows = Array.from(summary().querySelectorAll('div')).map((row) => row.textContent);
    expect(rows).toEqual([
      'Subtotal₹2,897.00',
      'Discount−₹100.00',
      'Shipping₹10.00',
      'GST (18%)₹505.00',
      'Total₹3,312.00',
    ]);
    expect(screen.getByRole('button', { name: 'Cash on Delivery' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Pay with Razorpay' })).toBeEnabled();
    for (const name of ['Shipping Policy', 'Terms and Conditions', 'Return and Refund Policy']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  describe('where the order goes', () => {
    // Saved in this order: the first without the default tick, the second with it.
    const first = makeAddress({ _id: 'first', addressLine1: '1, First Street', pinCode: '560001', isDefault: false });
    const second = makeAddress({
      _id: 'second',
      addressLine1: '2, Second Street',
      addressLine2: '',
      city: 'Mysuru',
      pinCode: '570001',
      isDefault: true,
    });
    const twoAddresses = makeUser({ addresses: [first, second], shippingAddress: second });
    const shippingTo = () => screen.getByText('Shipping to:').closest('p');
    /** Pays on delivery; the body of the order sent. */
    async function placedOnDelivery(session: ReturnType<typeof renderCheckout>) {
      await session.user.click(screen.getByRole('button', { name: 'Cash on Delivery' }));
      await screen.findByText('Order placed successfully');
      return session.api.callsTo('POST /order')[0]?.body;
    }

    it('ships to the default address, not the first saved, and places the order there', async () => {
      const session = renderCheckout({ 'POST /order': () => placed }, { user: twoAddresses });
      expect(await screen.findByRole('button', { name: 'Cash on Delivery' })).toBeEnabled();
      expect(shippingTo()).toHaveTextContent('Shipping to: 2, Second Street, Mysuru, Karnataka, 570001');
      const pins = () => session.api.callsTo('GET /delivery/:pin').map((c) => c.params.pin);
      await waitFor(() => expect(pins()).toContain('570001'));
      expect(await placedOnDelivery(session)).toMatchObject({
        addressId: 'second',
        shippingAddress: { addressLine1: '2, Second Street', pinCode: '570001' },
      });
    });

    it('lets the shopper pick another saved address for this order, shown and sent', async () => {
      const session = renderCheckout({ 'POST /order': () => placed }, { user: twoAddresses });
      const picker = await screen.findByRole('group', { name: 'Ship this order to' });
      expect(within(picker).getByRole('radio', { name: /2, Second Street.*\(default\)/ })).toBeChecked();

      await session.user.click(within(picker).getByRole('radio', { name: /1, First Street/ }));
      expect(shippingTo()).toHaveTextContent(
        'Shipping to: 1, First Street, Near the park, Bengaluru, Karnataka, 560001',
      );
      expect(await placedOnDelivery(session)).toMatchObject({
        addressId: 'first',
        shippingAddress: { addressLine1: '1, First Street', pinCode: '560001' },
      });
    });

    it('offers no choice with one saved address', async () => {
      renderCheckout();
      expect(await screen.findByRole('button', { name: 'Cash on Delivery' })).toBeEnabled();
      expect(screen.queryByRole('group', { name: 'Ship this order to' })).toBeNull();
    });

    it('reloads the saved addresses when the server no longer has the one picked', async () => {
      const { user, api } = renderCheckout(
        { 'POST /order': refuse(404, 'That address is not one of your saved addresses.', 'ADDRESS_NOT_FOUND') },
        { user: twoAddresses },
      );
      await user.click(await screen.findByRole('button', { name: 'Cash on Delivery' }));
      expect(await screen.findByText('That address is not one of your saved addresses.')).toBeInTheDocument();
      await waitFor(() => expect(api.callsTo('GET /auth/profile')).toHaveLength(1));
    });
  });

  it('shows a drawn placeholder when a product image fails to load', async () => {
    renderCheckout();
    const image = await screen.findByRole('img', { name: 'Oxford Shirt' });
    fireEvent.error(image);
    expect(screen.getByRole('img', { name: 'Oxford Shirt' }).getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
  });

  describe('cash on delivery', () => {
    it('places the order with the items, refreshes the user, says so and shows the orders', async () => {
      let cart = makeCart([oxford, tee]);
      const { user, api, router } = renderCheckout({
        'GET /cart/details': () => cart,
        'POST /order': () => {
          cart = makeCart([]);
          return placed;
        },
      });
      await user.click(await screen.findByRole('button', { name: 'Cash on Delivery' }));

      expect(await screen.findByText('Order placed successfully')).toBeInTheDocument();
      const [call] = api.callsTo('POST /order');
      const address = {
        name: 'Home',
        addressLine1: '12B, MG Road',
        addressLine2: 'Near the park',
        city: 'Bengaluru',
        state: 'Karnataka',
        pinCode: '560001',
        country: 'India',
        phone: '9876543210',
      };
      expect(call?.body).toEqual({
        addressId: home._id,
        shippingAddress: address,
        billingAddress: address,
        notes: 'Please deliver between 10am-5pm',
        paymentMethod: 'cod',
        expectedTotal: makeCart([oxford, tee]).totals.total,
        items: [
          { productId: 'oxford', quantity: 2, size: 'M', color: 'white' },
          { productId: 'tee', quantity: 1, size: 'L', color: 'white' },
        ],
      });
      expect(call?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
      expect(api.callsTo('GET /auth/profile')).toHaveLength(1);
      await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
      expect(router.state.location.state).toEqual({ view: 'orders' });
      await waitFor(() => expect(api.callsTo('GET /cart/details')).toHaveLength(2));
    });

    it('sends ten zeros as the phone when the shopper has none', async () => {
      const { user, api } = renderCheckout(
        { 'POST /order': () => placed },
        { user: makeUser({ phone: null, addresses: [home] }) },
      );
      await user.click(await screen.findByRole('button', { name: 'Cash on Delivery' }));
      await screen.findByText('Order placed successfully');
      expect(api.callsTo('POST /order')[0]?.body).toMatchObject({ shippingAddress: { phone: '0000000000' } });
    });

    it('places one order however often it is pressed', async () => {
      const held = deferred<unknown>();
      const { user, api } = renderCheckout({ 'POST /order': () => held.promise });
      const button = await screen.findByRole('button', { name: 'Cash on Delivery' });
      fireEvent.click(button);
      fireEvent.click(button);
      expect(screen.getByRole('button', { name: 'Placing order...' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Pay with Razorpay' })).toBeDisabled();
      await user.click(screen.getByRole('button', { name: 'Placing order...' }));
      held.resolve(placed);
      expect(await screen.findByText('Order placed successfully')).toBeInTheDocument();
      expect(api.callsTo('POST /order')).toHaveLength(1);
    });

    it.each([
      ['no address', []],
      ['an address without a PIN code', [makeAddress({ pinCode: '' })]],
      ['an address without a city', [makeAddress({ city: ' ' })]],
      ['an address without its first line', [makeAddress({ addressLine1: '' })]],
    ])('refuses %s: "Shipping address or pincode is incomplete."', async (_, addresses) => {
      const { user, api } = renderCheckout({ 'POST /order': () => placed }, { user: makeUser({ addresses }) });
      await user.click(await screen.findByRole('button', { name: 'Cash on Delivery' }));
      expect(await screen.findByText('Shipping address or pincode is incomplete.')).toBeInTheDocument();
      expect(api.callsTo('POST /order')).toHaveLength(0);
    });

    it("shows a refusal in the server's words, refreshes the cart, and retries with the same key", async () => {
      let answer: FakeHandler = refuse(409, 'Only 1 left of Oxford Shirt in size M.', 'OUT_OF_STOCK');
      const { user, api, router } = renderCheckout({ 'POST /order': (call) => answer(call) });
      await user.click(await screen.findByRole('button', { name: 'Cash on Delivery' }));
      expect(await screen.findByText('Only 1 left of Oxford Shirt in size M.')).toBeInTheDocument();
      expect(screen.getByText('Something went wrong while placing the order.')).toBeInTheDocument();
      await waitFor(() => expect(api.callsTo('GET /cart/details')).toHaveLength(2));
      expect(router.state.location.pathname).toBe('/checkout');

      answer = unreachable;
      await user.click(screen.getByRole('button', { name: 'Cash on Delivery' }));
      expect(await screen.findByText('Order placement failed')).toBeInTheDocument();

      answer = () => placed;
      await user.click(screen.getByRole('button', { name: 'Cash on Delivery' }));
      expect(await screen.findByText('Order placed successfully')).toBeInTheDocument();
      const keys = api.callsTo('POST /order').map((call) => call.headers['Idempotency-Key']);
      expect(new Set(keys).size).toBe(1);
    });
  });

  describe('the total shown', () => {
    it('is sent with the order; a changed total (409 CART_CHANGED) shows the new cart, to confirm again', async () => {
      const seen = makeCart([oxford]);
      const repriced = makeCart([{ ...oxford, product: { ...oxford.product, price: 23_599 }, lineTotal: 47_198 }]);
      const message = `The total of your order is now ₹${repriced.totals.total.toLocaleString('en-IN')}.00, not ₹${seen.totals.total.toLocaleString('en-IN')}.00. Please check your cart and place the order again.`;
      const answers: FakeHandler[] = [
        () => {
          throw new ApiError(message, { status: 409, code: 'CART_CHANGED', data: repriced });
        },
        () => placed,
      ];
      const { user, api } = renderCheckout(
        {
          'POST /order': (call) => answers.shift()!(call),
          // Cash on delivery takes the dearer cart too.
          'GET /store': () => makeStoreInfo({ codMaxOrderValue: 100_000_00 }),
        },
        { cart: seen },
      );
      await user.click(await screen.findByRole('button', { name: 'Cash on Delivery' }));

      const payment = screen.getByRole('complementary', { name: 'Payment' });
      expect(await within(payment).findByText(message)).toBeInTheDocument();
      expect(within(payment).getByRole('status')).toHaveTextContent(message);
      const rows = Array.from(summary().querySelectorAll('div')).map((row) => row.textContent);
      expect(rows).toContain(`Total₹${repriced.totals.total.toLocaleString('en-IN')}.00`);
      expect(screen.queryByText('Something went wrong while placing the order.')).not.toBeInTheDocument();
      // The refusal brought the cart: no second fetch was needed to show it.
      expect(api.callsTo('GET /cart/details')).toHaveLength(1);
      expect(api.callsTo('POST /order')[0]?.body).toMatchObject({ expectedTotal: seen.totals.total });

      await user.click(screen.getByRole('button', { name: 'Cash on Delivery' }));
      expect(await screen.findByText('Order placed successfully')).toBeInTheDocument();
      expect(api.callsTo('POST /order')[1]?.body).toMatchObject({ expectedTotal: repriced.totals.total });
    });

    it('is sent with an online order too', async () => {
      const { user, api } = renderCheckout({
        'POST /order': () => placed,
        'POST /payments/initiate': () => makePaymentDetails(),
      });
      await user.click(await screen.findByRole('button', { name: 'Pay with Razorpay' }));
      await screen.findByRole('dialog', { name: 'KAPAS' });
      expect(api.callsTo('POST /order')[0]?.body).toMatchObject({
        paymentMethod: 'razorpay',
        expectedTotal: makeCart([oxford, tee]).totals.total,
      });
    });
  });

  describe('online payment', () => {
    const details = makePaymentDetails({
      order: { id: 'order_sbx_1', amount: 341200, currency: 'INR' },
      description: 'Order KP-20261121-0001',
    });
    const signed = {
      razorpay_order_id: 'order_sbx_1',
      razorpay_payment_id: 'pay_sbx_1',
      razorpay_signature: 'c0ffee',
    };

    function renderOnline(handlers: Record<string, FakeHandler> = {}, cart = makeCart([oxford, tee])) {
      return renderCheckout(
        {
          'POST /order': () => placed,
          'POST /payments/initiate': () => details,
          'POST /payments/sandbox/pay': () => signed,
          'POST /payments/success': () => ({ verified: true, order: { ...placed, status: 'confirmed' } }),
          ...handlers,
        },
        { cart },
      );
    }

    it('places the order, starts the payment and opens the payment window', async () => {
      const { user, api } = renderOnline();
      await user.click(await screen.findByRole('button', { name: 'Pay with Razorpay' }));

      const window = await screen.findByRole('dialog', { name: 'KAPAS' });
      expect(window).toHaveTextContent('Order KP-20261121-0001');
      expect(window).toHaveTextContent('₹3,412.00');
      expect(window).toHaveTextContent('Sandbox — no money moves');
      expect(window).toHaveTextContent('Asha Rao');
      expect(window).toHaveTextContent('asha@example.com');
      expect(window).toHaveTextContent('9876543210');
      expect(within(window).getByRole('button', { name: 'Pay ₹3,412.00' })).toHaveFocus();

      const body = api.callsTo('POST /order')[0]?.body as Record<string, unknown>;
      expect(body).toMatchObject({ paymentMethod: 'razorpay' });
      expect(body).not.toHaveProperty('items');
      expect(api.callsTo('POST /payments/initiate')[0]?.body).toEqual({
        orderId: 'o1',
        user: 'u1',
        method: 'razorpay',
      });
      expect(api.callsTo('POST /payments/sandbox/pay')).toHaveLength(0);
    });

    it('pays: verifies the signed answer, says "Payment successful!", refreshes the user and shows the orders', async () => {
      const { user, api, router, store } = renderOnline();
      await user.click(await screen.findByRole('button', { name: 'Pay with Razorpay' }));
      expect(selectPayment(store.getState()).paymentDetails).toEqual(details);
      await user.click(within(payWindow()).getByRole('button', { name: /^Pay/ }));

      expect(await screen.findByText('Payment successful!')).toBeInTheDocument();
      expect(api.callsTo('POST /payments/sandbox/pay')[0]?.body).toEqual({ razorpay_order_id: 'order_sbx_1' });
      expect(api.callsTo('POST /payments/success')[0]?.body).toEqual(signed);
      expect(api.callsTo('GET /auth/profile')).toHaveLength(1);
      await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
      expect(router.state.location.state).toEqual({ view: 'orders' });
      expect(selectPayment(store.getState()).paymentDetails).toBeNull();
    });

    it('says "Payment cancelled" when the window is closed, and shows the order waiting for payment, to pay now', async () => {
      let cart = makeCart([oxford, tee]);
      const { user, api } = renderOnline({
        'GET /cart/details': () => cart,
        'POST /order': () => {
          cart = makeCart([]);
          return placed;
        },
      });
      await user.click(await screen.findByRole('button', { name: 'Pay with Razorpay' }));
      await user.click(within(payWindow()).getByRole('button', { name: 'Close' }));
      expect(await screen.findByText('Payment cancelled')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

      // The order took the cart's lines: the page does not fall back on an empty cart.
      const waiting = screen.getByRole('region', { name: 'Your order is waiting for payment' });
      expect(waiting).toHaveTextContent(`Order ${placed.orderNumber} · ₹2,842.00`);
      expect(within(waiting).getByRole('link', { name: 'Go to My Orders' })).toHaveAttribute('href', '/profile');
      expect(screen.queryByText('Your cart is empty.')).not.toBeInTheDocument();

      await user.click(within(waiting).getByRole('button', { name: 'Pay now' }));
      expect(await screen.findByRole('dialog', { name: 'KAPAS' })).toBeInTheDocument();
      expect(api.callsTo('POST /order')).toHaveLength(1);
      expect(api.callsTo('POST /payments/initiate').map((c) => (c.body as { orderId: string }).orderId)).toEqual([
        'o1',
        'o1',
      ]);
      await user.click(within(payWindow()).getByRole('button', { name: /^Pay/ }));
      expect(await screen.findByText('Payment successful!')).toBeInTheDocument();
    });

    it('finds the order waiting for payment after a reload (empty cart), and pays it', async () => {
      const waiting = makeOrder({ _id: 'o7', paymentMethod: 'razorpay', paymentStatus: 'awaiting_payment' });
      const paid = makeOrder({ _id: 'o8', paymentMethod: 'razorpay', paymentStatus: 'paid', status: 'confirmed' });
      const { user, api, router } = renderOnline(
        { 'GET /order/orders': () => ({ orders: [waiting, paid] }) },
        makeCart([]),
      );
      const panel = await screen.findByRole('region', { name: 'Your order is waiting for payment' });
      expect(panel).toHaveTextContent(waiting.orderNumber);
      await user.click(within(panel).getByRole('button', { name: 'Pay now' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'KAPAS' })).getByRole('button', { name: /^Pay/ }),
      );
      expect(await screen.findByText('Payment successful!')).toBeInTheDocument();
      expect(api.callsTo('POST /payments/initiate')[0]?.body).toMatchObject({ orderId: 'o7' });
      expect(api.callsTo('POST /order')).toHaveLength(0);
      await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    });

    it('shows an empty cart when no order waits for payment', async () => {
      renderOnline({ 'GET /order/orders': () => ({ orders: [makeOrder({ status: 'confirmed' })] }) }, makeCart([]));
      expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Your order is waiting for payment' })).not.toBeInTheDocument();
    });

    it('retries a lost answer with the same key, and starts a new one when that order was cancelled meanwhile', async () => {
      const answers: FakeHandler[] = [
        unreachable,
        () => ({ ...placed, status: 'cancelled' }),
        () => ({ ...placed, _id: 'o2', orderId: 'o2' }),
      ];
      const { user, api } = renderOnline({ 'POST /order': (call) => answers.shift()!(call) });
      await user.click(await screen.findByRole('button', { name: 'Pay with Razorpay' }));
      expect(await screen.findByText('Order placement failed')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Pay with Razorpay' }));
      expect(await screen.findByRole('dialog', { name: 'KAPAS' })).toBeInTheDocument();
      const keys = api.callsTo('POST /order').map((call) => call.headers['Idempotency-Key']);
      expect(keys).toHaveLength(3);
      expect(keys[1]).toBe(keys[0]);
      expect(keys[2]).not.toBe(keys[0]);
      expect(api.callsTo('POST /payments/initiate')[0]?.body).toMatchObject({ orderId: 'o2' });
    });

    it('says "Payment failed: …" when the payment fails, and keeps the window open to try again', async () => {
      const { user } = renderOnline();
      await user.click(await screen.findByRole('button', { name: 'Pay with Razorpay' }));
      await user.click(within(payWindow()).getByRole('button', { name: 'Fail' }));
      expect(await screen.findByText('Payment failed: Payment declined by the sandbox')).toBeInTheDocument();
      expect(within(payWindow()).getByRole('alert')).toHaveTextContent('Payment declined by the sandbox');

      await user.click(within(payWindow()).getByRole('button', { name: /^Pay/ }));
      expect(await screen.findByText('Payment successful!')).toBeInTheDocument();
    });

    it('says "Payment verification failed" when the server does not accept the payment', async () => {
      const { user, router } = renderOnline({
        'POST /payments/success': refuse(400, 'Payment verification failed', 'PAYMENT_VERIFICATION_FAILED'),
      });
      await user.click(await screen.findByRole('button', { name: 'Pay with Razorpay' }));
      await user.click(within(payWindow()).getByRole('button', { name: /^Pay/ }));
      expect(await screen.findByText('Payment verification failed')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/checkout');
      expect(screen.getByRole('button', { name: 'Pay now' })).toBeEnabled();
    });

    it('needs an order id in the answer: "Missing order ID"', async () => {
      const { user, api } = renderOnline({ 'POST /order': () => ({ ...placed, orderId: undefined }) });
      await user.click(await screen.findByRole('button', { name: 'Pay with Razorpay' }));
      expect(await screen.findByText('Missing order ID')).toBeInTheDocument();
      expect(api.callsTo('POST /payments/initiate')).toHaveLength(0);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it.each([
      ['no key', { ...details, key: '' }],
      ['no order', { ...details, order: undefined }],
    ])('needs a key and an order from the initiation (%s): "Invalid payment response structure"', async (_, answer) => {
      const { user } = renderOnline({ 'POST /payments/initiate': () => answer });
      await user.click(await screen.findByRole('button', { name: 'Pay with Razorpay' }));
      expect(await screen.findByText('Invalid payment response structure')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      // The order is placed: it can be paid once the provider answers.
      expect(screen.getByRole('button', { name: 'Pay now' })).toBeEnabled();
    });

    it.each([
      [
        'the server message',
        refuse(409, 'This order is cancelled and cannot be paid.'),
        'This order is cancelled and cannot be paid.',
      ],
      ['"Payment initiation failed" when unreachable', unreachable, 'Payment initiation failed'],
    ])('shows a failed initiation with %s', async (_, handler, message) => {
      const { user } = renderOnline({ 'POST /payments/initiate': handler });
      await user.click(await screen.findByRole('button', { name: 'Pay with Razorpay' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
    });

    it('says "Shipping address is incomplete." without an address', async () => {
      signIn(makeUser({ addresses: [] }));
      const { user, api } = renderCheckout({ 'POST /order': () => placed }, { user: makeUser({ addresses: [] }) });
      await user.click(await screen.findByRole('button', { name: 'Pay with Razorpay' }));
      expect(await screen.findByText('Shipping address is incomplete.')).toBeInTheDocument();
      expect(api.callsTo('POST /order')).toHaveLength(0);
    });

    it('says "Shipping address or pincode is incomplete." for an address without a state', async () => {
      const addresses = [makeAddress({ state: '' })];
      signIn(makeUser({ addresses }));
      const { user, api } = renderCheckout({ 'POST /order': () => placed }, { user: makeUser({ addresses }) });
      await user.click(await screen.findByRole('button', { name: 'Pay with Razorpay' }));
      expect(await screen.findByText('Shipping address or pincode is incomplete.')).toBeInTheDocument();
      expect(api.callsTo('POST /order')).toHaveLength(0);
    });

    describe("with Razorpay's own Checkout", () => {
      afterEach(() => {
        delete window.Razorpay;
      });

      it('opens window.Razorpay with the same options and handles its answers', async () => {
        const opened: CheckoutOptions[] = [];
        const failed: ((response: CheckoutFailure) => void)[] = [];
        window.Razorpay = class {
          constructor(readonly options: CheckoutOptions) {
            opened.push(options);
          }
          open() {}
          close() {}
          on(_event: 'payment.failed', listener: (response: CheckoutFailure) => void) {
            failed.push(listener);
          }
        };
        const { user } = renderOnline({ 'POST /payments/initiate': () => ({ ...details, sandbox: false }) });
        await user.click(await screen.findByRole('button', { name: 'Pay with Razorpay' }));
        await waitFor(() => expect(opened).toHaveLength(1));
        expect(opened[0]).toMatchObject({
          key: 'rzp_test_sandbox',
          amount: 341200,
          currency: 'INR',
          name: 'KAPAS',
          description: 'Order KP-20261121-0001',
          order_id: 'order_sbx_1',
          prefill: { name: 'Asha Rao', email: 'asha@example.com', contact: '9876543210' },
          theme: { color: '#1d1d1f' },
        });
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

        failed[0]!({ error: {} });
        expect(await screen.findByText('Payment failed: Unknown error')).toBeInTheDocument();
        opened[0]!.modal.ondismiss();
        expect(await screen.findByText('Payment cancelled')).toBeInTheDocument();
      });
    });
  });
});

describe('checkout for an account whose email is not verified', () => {
  const unverified = makeUser({ ...shopper, emailVerified: false });
  const refusal =
    'Please verify your email address before placing an order: open the link we emailed you, or ask for a new one.';
  const notice = () => screen.findByRole('region', { name: 'Confirm your email address to place your order' });

  it('says so beside the ways to pay, with a way to have the link sent again', async () => {
    const { user, api } = renderCheckout({ 'POST /auth/verification-email': () => null }, { user: unverified });
    expect(await notice()).toHaveTextContent(
      'We sent a link to asha@example.com. Open it to confirm your address, then place your order here.',
    );
    await user.click(within(await notice()).getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('We have sent a new link to your email address.')).toBeInTheDocument();
    expect(api.callsTo('POST /auth/verification-email')).toHaveLength(1);
  });

  it('shows no such notice for a verified account', async () => {
    renderCheckout();
    await screen.findByRole('button', { name: 'Cash on Delivery' });
    expect(screen.queryByText('Confirm your email address to place your order')).not.toBeInTheDocument();
  });

  it.each(['Cash on Delivery', 'Pay with Razorpay'])(
    'a refusal for an unverified email (%s) is toasted, the notice shown and the account fetched again',
    async (button) => {
      // The account held in the browser still says verified (it was verified, say, before a reset).
      let profile = shopper;
      const { user, api } = renderCheckout({
        'POST /order': refuse(403, refusal, 'EMAIL_NOT_VERIFIED'),
        'GET /auth/profile': () => profile,
      });
      profile = unverified;
      await user.click(await screen.findByRole('button', { name: button }));
      expect(await screen.findByText(refusal)).toBeInTheDocument();
      expect(await notice()).toBeInTheDocument();
      await waitFor(() => expect(api.callsTo('GET /auth/profile')).toHaveLength(1));
      // Nothing is wrong with the cart: it is neither fetched again nor called a failure.
      expect(screen.queryByText('Something went wrong while placing the order.')).not.toBeInTheDocument();
      expect(api.callsTo('GET /cart/details')).toHaveLength(1);
      expect(screen.getByRole('button', { name: button })).toBeEnabled();
    },
  );

  it('fetches the account again when the link was already used meanwhile (409 ALREADY_VERIFIED)', async () => {
    let profile = unverified;
    const { user, api } = renderCheckout(
      {
        'POST /auth/verification-email': refuse(409, 'Your email address is already verified.', 'ALREADY_VERIFIED'),
        'GET /auth/profile': () => profile,
      },
      { user: unverified },
    );
    profile = shopper;
    await user.click(within(await notice()).getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('Your email address is already verified.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /auth/profile')).toHaveLength(1));
    await waitFor(() =>
      expect(screen.queryByText('Confirm your email address to place your order')).not.toBeInTheDocument(),
    );
  });
});

describe('checkout where the shop cannot deliver, or not on delivery', () => {
  const storeInfo = makeStoreInfo();
  const at = (pinCode: string, state: string) => {
    const address = makeAddress({ city: 'Somewhere', state, pinCode });
    return makeUser({ _id: 'u2', addresses: [address], shippingAddress: address });
  };
  const answers: Record<string, object> = {
    '190001': {
      serviceable: true,
      cod: false,
      message: "Delivers to 190001 · Cash on delivery isn't available for 190001",
    },
    '744101': { serviceable: false, cod: false, message: "We don't deliver to 744101 yet" },
  };
  const handlers = {
    'GET /store': () => storeInfo,
    'GET /delivery/:pin': ({ params }: { params: Record<string, string> }) => ({
      pinCode: params.pin,
      ...answers[params.pin ?? ''],
    }),
  };

  it('says at once that cash on delivery is not taken there, and offers only online payment', async () => {
    renderCheckout(handlers, { user: at('190001', 'Jammu and Kashmir') });
    // Beside the address, and as the reason the button gives.
    expect(await screen.findAllByText("Cash on delivery isn't available for 190001")).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Cash on Delivery' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cash on Delivery' })).toHaveAccessibleDescription(
      "Cash on delivery isn't available for 190001",
    );
    expect(screen.getByRole('button', { name: 'Pay with Razorpay' })).toBeEnabled();
  });

  it('says at once that the shop does not deliver there, and nothing can be placed', async () => {
    renderCheckout(handlers, { user: at('744101', 'Andaman and Nicobar Islands') });
    const shipping = await screen.findByRole('region', { name: 'Delivery address' });
    expect(await within(shipping).findByRole('alert')).toHaveTextContent("We don't deliver to 744101 yet");
    expect(screen.getByRole('button', { name: 'Cash on Delivery' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Pay with Razorpay' })).toBeDisabled();
  });

  it('refuses cash on delivery over the shop’s cap', async () => {
    answers['560001'] = { serviceable: true, cod: true, message: 'Delivers to 560001 · Cash on delivery available' };
    renderCheckout(
      { ...handlers, 'GET /store': () => ({ ...storeInfo, codMaxOrderValue: 100 }) },
      { user: at('560001', 'Karnataka') },
    );
    const why = 'Cash on delivery is available for orders up to ₹100. Please pay online for this order.';
    expect(await screen.findAllByText(why)).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Cash on Delivery' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Pay with Razorpay' })).toBeEnabled();
  });
});
