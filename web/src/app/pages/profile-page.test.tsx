import type { User } from '@shop/core';
import { screen, waitFor, within } from '@testing-library/react';
import { createFakeApi, deferred, type FakeHandler, refuse, unreachable } from '../../test/fake-api.ts';
import { makeAddress, makeOrder, makePaymentDetails, makeUser } from '../../test/fixtures.ts';
import { renderWithProviders, signIn } from '../../test/render.tsx';
import { ProfilePage } from './profile-page.tsx';

function renderProfile(user: User, handlers: Record<string, FakeHandler> = {}) {
  signIn(user);
  const api = createFakeApi({ 'GET /auth/profile': () => user, ...handlers });
  return renderWithProviders(<ProfilePage />, { api, route: '/profile', path: '/profile' });
}

const pane = () => screen.getByRole('heading', { level: 2 }).closest('section')!;

describe('profile page', () => {
  it('shows the details: name, email, phone and the default address', () => {
    const home = makeAddress({ addressLine1: '12B, MG Road', addressLine2: '', pinCode: '560001', isDefault: true });
    const office = makeAddress({ addressLine1: '4, Residency Road', city: 'Mysuru', isDefault: false });
    renderProfile(makeUser({ addresses: [office, home], shippingAddress: home }));

    expect(screen.getByRole('heading', { level: 1, name: 'My Account' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Profile Details' })).toBeInTheDocument();
    expect(screen.getByText('Asha Rao')).toBeInTheDocument();
    expect(screen.getByText('asha@example.com')).toBeInTheDocument();
    expect(screen.getByText('9876543210')).toBeInTheDocument();
    const address = pane().querySelector('address')!;
    expect(address).toHaveTextContent('12B, MG Road');
    expect(address).toHaveTextContent('Bengaluru, Karnataka 560001');
    expect(address).not.toHaveTextContent('Mysuru');
    expect(screen.queryByText('No default address added.')).not.toBeInTheDocument();
  });

  it('offers to add a missing phone, and an address when there is none', async () => {
    const { user } = renderProfile(makeUser({ phone: null, addresses: [], shippingAddress: null }));
    expect(screen.getByText('No default address added.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Not Provided (Click to Add)' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Update Phone Number' })).toHaveFocus();
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('type', 'tel');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Add Address' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Edit Address' })).toBeInTheDocument();
  });

  it('shows the address orders ship to as the default when none is flagged (saved before there was one)', () => {
    const first = makeAddress({ addressLine1: '1, First Street', isDefault: false });
    const second = makeAddress({ addressLine1: '2, Second Street', isDefault: false });
    renderProfile(makeUser({ addresses: [first, second], shippingAddress: first }));
    expect(pane().querySelector('address')).toHaveTextContent('1, First Street');
    expect(screen.queryByText('No default address added.')).not.toBeInTheDocument();
  });

  describe('My Orders', () => {
    async function openOrders(handlers: Record<string, FakeHandler>, user = makeUser()) {
      const view = renderProfile(user, handlers);
      await view.user.click(screen.getByRole('button', { name: /^Orders/ }));
      return view;
    }

    it('shows a loading state, then "No orders placed yet." with a Back button', async () => {
      const held = deferred<unknown>();
      const { user } = await openOrders({ 'GET /order/orders': () => held.promise });
      expect(screen.getByRole('heading', { level: 2, name: 'My Orders' })).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('Loading your orders…');
      held.resolve({ orders: [] });
      expect(await screen.findByText('No orders placed yet.')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(screen.getByRole('heading', { level: 2, name: 'Profile Details' })).toBeInTheDocument();
    });

    it('opens straight on the orders when asked to (after a checkout)', async () => {
      signIn(makeUser());
      const api = createFakeApi({ 'GET /auth/profile': () => makeUser(), 'GET /order/orders': () => ({ orders: [] }) });
      renderWithProviders(<ProfilePage />, { api, route: '/profile', path: '/profile', state: { view: 'orders' } });
      expect(screen.getByRole('heading', { level: 2, name: 'My Orders' })).toBeInTheDocument();
      expect(await screen.findByText('No orders placed yet.')).toBeInTheDocument();
    });

    it('opens straight on the orders from the link in an order email (/profile?view=orders)', async () => {
      signIn(makeUser());
      const api = createFakeApi({ 'GET /auth/profile': () => makeUser(), 'GET /order/orders': () => ({ orders: [] }) });
      renderWithProviders(<ProfilePage />, { api, route: '/profile?view=orders', path: '/profile' });
      expect(screen.getByRole('heading', { level: 2, name: 'My Orders' })).toBeInTheDocument();
      expect(await screen.findByText('No orders placed yet.')).toBeInTheDocument();
    });

    it('shows each order: number, total, item count and its status', async () => {
      const orders = [
        makeOrder({ orderNumber: 'KP-1', status: 'pending', total: 2842, itemCount: 2 }),
        makeOrder({ orderNumber: 'KP-2', status: 'cancelled' }),
        makeOrder({ orderNumber: 'KP-3', status: 'confirmed', paymentMethod: 'razorpay', paymentStatus: 'paid' }),
      ];
      await openOrders({ 'GET /order/orders': () => ({ orders }) });
      const pending = await screen.findByRole('article', { name: 'Order KP-1' });
      expect(pending).toHaveTextContent('KP-1');
      expect(pending).toHaveTextContent('₹2,842.00');
      expect(pending).toHaveTextContent('Items2');
      expect(pending).toHaveTextContent('Status: pending');
      expect(pending).toHaveTextContent('Oxford Shirt (Navy / M) × 2');
      expect(within(pending).getByRole('button', { name: 'Cancel Order KP-1' })).toBeEnabled();

      const cancelled = screen.getByRole('article', { name: 'Order KP-2' });
      expect(within(cancelled).getByText('Order Cancelled')).toHaveClass('text-sale');
      expect(within(cancelled).queryByRole('button')).not.toBeInTheDocument();

      const confirmed = screen.getByRole('article', { name: 'Order KP-3' });
      expect(within(confirmed).getByText('Status: confirmed')).toHaveClass('text-success');
      expect(confirmed).toHaveTextContent('Paid online');
    });

    it('offers no cancelling once the 12 hours the terms give have passed', async () => {
      const placed = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 60 * 60 * 1000).toISOString();
      const orders = [
        makeOrder({ _id: 'o1', orderNumber: 'KP-1', status: 'pending', createdAt: placed(11.5) }),
        makeOrder({ _id: 'o2', orderNumber: 'KP-2', status: 'pending', createdAt: placed(12.5) }),
      ];
      await openOrders({ 'GET /order/orders': () => ({ orders }) });
      const recent = await screen.findByRole('article', { name: 'Order KP-1' });
      expect(within(recent).getByRole('button', { name: 'Cancel Order KP-1' })).toBeEnabled();
      const older = screen.getByRole('article', { name: 'Order KP-2' });
      expect(older).toHaveTextContent('Status: pending');
      expect(within(older).queryByRole('button', { name: 'Cancel Order KP-2' })).not.toBeInTheDocument();
    });

    it('cancels a pending order after a confirmation: toast, list and user refreshed', async () => {
      let orders = [makeOrder({ _id: 'o1', orderNumber: 'KP-1', status: 'pending' })];
      const { user, api } = await openOrders({
        'GET /order/orders': () => ({ orders }),
        'POST /order/:id/cancel': () => {
          orders = [{ ...orders[0]!, status: 'cancelled', cancellable: false }];
          return orders[0];
        },
      });
      await user.click(await screen.findByRole('button', { name: 'Cancel Order KP-1' }));
      const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
      await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));

      expect(await screen.findByText('Order cancelled')).toBeInTheDocument();
      expect(screen.getByText('Order Cancelled')).toBeInTheDocument();
      expect(api.callsTo('POST /order/:id/cancel')[0]).toMatchObject({ path: '/order/o1/cancel', body: undefined });
      await waitFor(() => expect(api.callsTo('GET /order/orders')).toHaveLength(2));
      await waitFor(() => expect(api.callsTo('GET /auth/profile')).toHaveLength(1));
    });

    it('offers Cancel Order on a paid order until it ships, saying it is refunded in full', async () => {
      let orders = [
        makeOrder({
          _id: 'o1',
          orderNumber: 'KP-1',
          status: 'confirmed',
          paymentMethod: 'razorpay',
          paymentStatus: 'paid',
          total: 1499,
        }),
        makeOrder({ _id: 'o2', orderNumber: 'KP-2', status: 'confirmed' }),
        makeOrder({
          _id: 'o3',
          orderNumber: 'KP-3',
          status: 'shipped',
          paymentMethod: 'razorpay',
          paymentStatus: 'paid',
        }),
      ];
      const { user, api } = await openOrders({
        'GET /order/orders': () => ({ orders }),
        'POST /order/:id/cancel': () => {
          orders = [
            { ...orders[0]!, status: 'cancelled', paymentStatus: 'refunded', cancellable: false },
            ...orders.slice(1),
          ];
          return orders[0];
        },
      });
      const shipped = await screen.findByRole('article', { name: 'Order KP-3' });
      expect(within(shipped).queryByRole('button', { name: /^Cancel Order/ })).not.toBeInTheDocument();
      expect(
        within(screen.getByRole('article', { name: 'Order KP-2' })).getByRole('button', { name: 'Cancel Order KP-2' }),
      ).toBeEnabled();
      const paid = screen.getByRole('article', { name: 'Order KP-1' });
      expect(paid).toHaveTextContent('Status: confirmed');
      await user.click(within(paid).getByRole('button', { name: 'Cancel Order KP-1' }));
      const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
      expect(dialog).toHaveTextContent('Your payment of ₹1,499.00 will be refunded in full to the way you paid');
      await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
      expect(await screen.findByText('Order cancelled')).toBeInTheDocument();
      expect(api.callsTo('POST /order/:id/cancel')[0]).toMatchObject({ path: '/order/o1/cancel' });
      await waitFor(() =>
        expect(within(screen.getByRole('article', { name: 'Order KP-1' })).getByText('Order Cancelled')).toBeVisible(),
      );
      expect(screen.getByRole('article', { name: 'Order KP-1' })).toHaveTextContent('Refunded');
    });

    it("shows a shipped order's parcel: AWB, tracking link and timeline; after a failed attempt, asks for another", async () => {
      const shippedHistory = [
        { status: 'pending' as const, at: '2026-11-21T10:00:00.000Z', note: null },
        { status: 'shipped' as const, at: '2026-11-22T10:00:00.000Z', note: null },
      ];
      const parcel = {
        _id: 's1',
        orderId: 'o1',
        courier: 'delhivery',
        courierName: 'Delhivery',
        awb: 'DL123456',
        trackingUrl: 'https://www.delhivery.com/track/package/DL123456',
        status: 'delivery_failed',
        failedAttempts: 1,
        shippedAt: '2026-11-22T10:00:00.000Z',
        reattempt: null,
        events: [
          {
            kind: 'in_transit',
            reason: null,
            location: 'Bhiwandi hub',
            at: '2026-11-22T18:00:00.000Z',
            source: 'webhook',
          },
          {
            kind: 'delivery_failed',
            reason: 'Customer not reachable',
            location: null,
            at: '2026-11-23T11:00:00.000Z',
            source: 'webhook',
          },
        ],
      };
      const { user, api } = await openOrders({
        'GET /order/orders': () => ({
          orders: [makeOrder({ _id: 'o1', orderNumber: 'KP-1', status: 'shipped', history: shippedHistory })],
        }),
        'GET /order/shipments': () => ({ shipments: [parcel] }),
        'POST /order/:id/shipment/reattempt': () => ({
          ...parcel,
          reattempt: { phone: '9123456780', requestedAt: '2026-11-23T12:00:00.000Z' },
        }),
      });
      const panel = await screen.findByRole('region', { name: 'Parcel of order KP-1' });
      expect(panel).toHaveTextContent('Delivery attempt failed');
      expect(panel).toHaveTextContent('Delhivery · AWB DL123456');
      expect(within(panel).getByRole('link', { name: /Track on Delhivery/ })).toHaveAttribute(
        'href',
        'https://www.delhivery.com/track/package/DL123456',
      );
      const timeline = within(panel).getByRole('list', { name: 'Parcel timeline' });
      expect(
        within(timeline)
          .getAllByRole('listitem')
          .map((item) => item.children[1]?.textContent),
      ).toEqual(['Shipped', 'In transit', 'Delivery attempt failed']);
      expect(timeline).toHaveTextContent('Customer not reachable');

      await user.type(within(panel).getByLabelText(/Phone number for the courier/), '91234 56780');
      await user.click(within(panel).getByRole('button', { name: 'Ask for another attempt' }));
      expect(await screen.findByText('We have asked the courier to try again.')).toBeInTheDocument();
      expect(api.callsTo('POST /order/:id/shipment/reattempt')).toMatchObject([
        { path: '/order/o1/shipment/reattempt', body: { phone: '91234 56780' } },
      ]);
    });

    it('keeps the order when the confirmation is declined', async () => {
      const { user, api } = await openOrders({
        'GET /order/orders': () => ({ orders: [makeOrder({ orderNumber: 'KP-1' })] }),
        'POST /order/:id/cancel': () => makeOrder(),
      });
      await user.click(await screen.findByRole('button', { name: 'Cancel Order KP-1' }));
      await user.click(screen.getByRole('button', { name: 'Keep order' }));
      expect(api.callsTo('POST /order/:id/cancel')).toHaveLength(0);
    });

    it.each([
      [
        'the server message',
        refuse(409, 'This order has shipped and can no longer be cancelled.'),
        'This order has shipped and can no longer be cancelled.',
      ],
      ['"Failed to cancel order" when unreachable', unreachable, 'Failed to cancel order'],
    ])('shows a refused cancellation with %s', async (_, handler, message) => {
      const { user } = await openOrders({
        'GET /order/orders': () => ({ orders: [makeOrder({ orderNumber: 'KP-1' })] }),
        'POST /order/:id/cancel': handler,
      });
      await user.click(await screen.findByRole('button', { name: 'Cancel Order KP-1' }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, cancel it' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(screen.getByText('Status: pending')).toBeInTheDocument();
    });

    it('pays an online order waiting for its payment again ("Pay now"): window, verification, list refreshed', async () => {
      let orders = [
        makeOrder({ _id: 'o1', orderNumber: 'KP-1', paymentMethod: 'razorpay', paymentStatus: 'awaiting_payment' }),
        makeOrder({ _id: 'o2', orderNumber: 'KP-2', paymentMethod: 'razorpay', paymentStatus: 'failed' }),
        makeOrder({ _id: 'o3', orderNumber: 'KP-3' }),
      ];
      const signed = { razorpay_order_id: 'order_sbx_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'c0ffee' };
      const { user, api } = await openOrders({
        'GET /order/orders': () => ({ orders }),
        'POST /payments/initiate': () =>
          makePaymentDetails({ order: { id: 'order_sbx_1', amount: 284200, currency: 'INR' } }),
        'POST /payments/sandbox/pay': () => signed,
        'POST /payments/success': () => {
          orders = orders.map((o) => (o._id === 'o1' ? { ...o, status: 'confirmed', paymentStatus: 'paid' } : o));
          return { verified: true, order: orders[0] };
        },
      });
      const waiting = await screen.findByRole('article', { name: 'Order KP-1' });
      expect(
        within(screen.getByRole('article', { name: 'Order KP-2' })).getByRole('button', {
          name: 'Pay now for Order KP-2',
        }),
      ).toBeEnabled();
      expect(
        within(screen.getByRole('article', { name: 'Order KP-3' })).queryByRole('button', { name: /^Pay now/ }),
      ).not.toBeInTheDocument();

      await user.click(within(waiting).getByRole('button', { name: 'Pay now for Order KP-1' }));
      const window = await screen.findByRole('dialog', { name: 'KAPAS' });
      expect(api.callsTo('POST /payments/initiate')[0]?.body).toMatchObject({ orderId: 'o1' });
      await user.click(within(window).getByRole('button', { name: /^Pay/ }));

      expect(await screen.findByText('Payment successful!')).toBeInTheDocument();
      expect(api.callsTo('POST /payments/success')[0]?.body).toEqual(signed);
      await waitFor(() =>
        expect(
          within(screen.getByRole('article', { name: 'Order KP-1' })).getByText('Status: confirmed'),
        ).toBeInTheDocument(),
      );
      expect(api.callsTo('GET /auth/profile')).toHaveLength(1);
    });

    it('says "Payment cancelled" when that window is closed, and lets the order be paid later', async () => {
      const orders = [makeOrder({ orderNumber: 'KP-1', paymentMethod: 'razorpay', paymentStatus: 'awaiting_payment' })];
      const { user } = await openOrders({
        'GET /order/orders': () => ({ orders }),
        'POST /payments/initiate': () => makePaymentDetails(),
      });
      await user.click(await screen.findByRole('button', { name: 'Pay now for Order KP-1' }));
      expect(screen.getByRole('button', { name: 'Pay now for Order KP-1' })).toBeDisabled();
      await user.click(
        within(await screen.findByRole('dialog', { name: 'KAPAS' })).getByRole('button', { name: 'Close' }),
      );
      expect(await screen.findByText('Payment cancelled')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Pay now for Order KP-1' })).toBeEnabled();
    });

    it('shows the error when the orders cannot be loaded, and tries again', async () => {
      let answer: FakeHandler = refuse(500, 'Failed to fetch orders');
      const { user } = await openOrders({ 'GET /order/orders': (call) => answer(call) });
      expect(await screen.findByText('Error: Failed to fetch orders')).toBeInTheDocument();
      answer = () => ({ orders: [] });
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('No orders placed yet.')).toBeInTheDocument();
    });
  });

  it('prefills the address form from the shipping address, house number split back out', async () => {
    const shipping = makeAddress({ addressLine1: '12B, MG Road, Indiranagar', addressLine2: 'Near the park' });
    const { user } = renderProfile(makeUser({ addresses: [shipping], shippingAddress: shipping }));
    await user.click(screen.getByRole('button', { name: /^Address/ }));

    expect(screen.getByLabelText('House number')).toHaveValue('12B');
    expect(screen.getByLabelText('Address line 1')).toHaveValue('MG Road, Indiranagar');
    expect(screen.getByLabelText(/Address line 2/)).toHaveValue('Near the park');
    expect(screen.getByLabelText('Postal code')).toHaveValue('560001');
    expect(screen.getByLabelText('City')).toHaveValue('Bengaluru');
    expect(screen.getByLabelText('State')).toHaveValue('Karnataka');
    expect(screen.getByRole('checkbox', { name: 'Make this my default address' })).toBeChecked();
  });

  it('asks for every required address field before saving', async () => {
    const { user, api } = renderProfile(makeUser(), { 'PATCH /auth/profile': () => makeUser() });
    await user.click(screen.getByRole('button', { name: /^Address/ }));
    await user.type(screen.getByLabelText('House number'), '7');
    await user.type(screen.getByLabelText('Postal code'), '400001');
    await user.type(screen.getByLabelText('Address line 1'), 'Marine Drive');
    await user.type(screen.getByLabelText('City'), 'Mumbai');
    await user.type(screen.getByLabelText('State'), '   ');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required address fields.');
    expect(api.callsTo('PATCH /auth/profile')).toHaveLength(0);
  });

  it('clears each address message once its fields are put right', async () => {
    const { user } = renderProfile(makeUser({ addresses: [], shippingAddress: null }));
    await user.click(screen.getByRole('button', { name: /^Address/ }));
    await user.type(screen.getByLabelText('House number'), '7');
    await user.type(screen.getByLabelText('Postal code'), '400001');
    await user.type(screen.getByLabelText('Address line 1'), 'Marine Drive');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required address fields.');
    expect(screen.getByLabelText('City')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('House number')).not.toHaveAttribute('aria-invalid');

    // City filled, state still missing: the message stays, the city is no longer marked.
    await user.type(screen.getByLabelText('City'), 'Mumbai');
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required address fields.');
    expect(screen.getByLabelText('City')).not.toHaveAttribute('aria-invalid');

    // A state whose PIN codes this is not: the PIN code's message instead.
    await user.selectOptions(screen.getByLabelText('State'), 'Karnataka');
    expect(screen.getByRole('alert')).toHaveTextContent('PIN code 400001 is not in Karnataka.');
    expect(screen.getByLabelText('Postal code')).toHaveAttribute('aria-invalid', 'true');

    // The right state: nothing left to say.
    await user.selectOptions(screen.getByLabelText('State'), 'Maharashtra');
    expect(screen.getByRole('alert')).toHaveTextContent('');
    expect(screen.getByLabelText('Postal code')).not.toHaveAttribute('aria-invalid');
  });

  it('lists the states and territories, and says at once when the PIN code is not in the chosen one', async () => {
    const { user, api } = renderProfile(makeUser({ addresses: [], shippingAddress: null }));
    await user.click(screen.getByRole('button', { name: /^Address/ }));
    const state = screen.getByLabelText('State');
    expect(within(state).getAllByRole('option')).toHaveLength(37);
    expect(within(state).getByRole('option', { name: 'Andaman and Nicobar Islands' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('House number'), '7');
    await user.type(screen.getByLabelText('Postal code'), '400001');
    await user.type(screen.getByLabelText('Address line 1'), 'Marine Drive');
    await user.type(screen.getByLabelText('City'), 'Mumbai');
    await user.selectOptions(state, 'Karnataka');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByRole('alert')).toHaveTextContent('PIN code 400001 is not in Karnataka.');
    expect(api.callsTo('PATCH /auth/profile')).toHaveLength(0);
  });

  it('saves the first address as the default, without the tick, and shows it as the default at once', async () => {
    const saved = makeAddress({
      addressLine1: '7, Marine Drive',
      addressLine2: '',
      city: 'Mumbai',
      state: 'Maharashtra',
    });
    const after = makeUser({ addresses: [saved], shippingAddress: saved });
    const { user, api } = renderProfile(makeUser({ addresses: [], shippingAddress: null }), {
      'GET /auth/profile': () => after,
      'PATCH /auth/profile': () => after,
    });
    await user.click(screen.getByRole('button', { name: 'Add Address' }));
    const field = (label: string | RegExp) => screen.getByLabelText(label);
    await user.type(field('House number'), '7');
    await user.type(field('Postal code'), '400001');
    await user.type(field('Address line 1'), 'Marine Drive');
    await user.type(field('City'), 'Mumbai');
    await user.selectOptions(field('State'), 'Maharashtra');
    expect(screen.getByRole('checkbox', { name: 'Make this my default address' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Address saved!')).toBeInTheDocument();
    expect(api.callsTo('PATCH /auth/profile')[0]?.body).toEqual({
      addresses: [expect.objectContaining({ addressLine1: '7, Marine Drive', isDefault: true })],
    });
    expect(pane().querySelector('address')).toHaveTextContent('7, Marine Drive');
    expect(screen.queryByText('No default address added.')).not.toBeInTheDocument();
  });

  it('saves the address: the others kept, the former default no longer default, the new one added, then the user refreshed', async () => {
    const oldDefault = makeAddress({ _id: 'old', addressLine1: '1, Old Street', isDefault: true });
    const office = makeAddress({
      _id: 'office',
      name: 'Home',
      addressLine1: '4, Residency Road',
      addressLine2: '',
      city: 'Mysuru',
      state: 'Karnataka',
      pinCode: '570001',
      isDefault: false,
    });
    const before = makeUser({ addresses: [oldDefault, office], shippingAddress: oldDefault });
    const saved = makeAddress({ addressLine1: '7, Marine Drive', city: 'Mumbai', isDefault: true });
    const after = makeUser({ addresses: [{ ...oldDefault, isDefault: false }, office, saved], shippingAddress: saved });
    let profile = before;
    const { user, api } = renderProfile(before, {
      'GET /auth/profile': () => profile,
      'PATCH /auth/profile': () => {
        profile = after;
        return after;
      },
    });

    await user.click(screen.getByRole('button', { name: /^Address/ }));
    const field = (label: string | RegExp) => screen.getByLabelText(label);
    await user.clear(field('House number'));
    await user.type(field('House number'), ' 7 ');
    await user.clear(field('Postal code'));
    await user.type(field('Postal code'), '400001');
    await user.clear(field('Address line 1'));
    await user.type(field('Address line 1'), 'Marine Drive');
    await user.clear(field(/Address line 2/));
    await user.type(field(/Address line 2/), 'Opp. the sea face');
    await user.clear(field('City'));
    await user.type(field('City'), 'Mumbai');
    await user.selectOptions(field('State'), 'Maharashtra');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Address saved!')).toBeInTheDocument();
    expect(api.callsTo('PATCH /auth/profile')[0]?.body).toEqual({
      addresses: [
        {
          name: 'Home',
          addressLine1: '1, Old Street',
          addressLine2: oldDefault.addressLine2,
          city: oldDefault.city,
          state: oldDefault.state,
          pinCode: oldDefault.pinCode,
          isDefault: false,
        },
        {
          name: 'Home',
          addressLine1: '4, Residency Road',
          addressLine2: '',
          city: 'Mysuru',
          state: 'Karnataka',
          pinCode: '570001',
          isDefault: false,
        },
        {
          name: 'Home',
          addressLine1: '7, Marine Drive',
          addressLine2: 'Opp. the sea face',
          city: 'Mumbai',
          state: 'Maharashtra',
          pinCode: '400001',
          isDefault: true,
        },
      ],
    });
    expect(api.callsTo('GET /auth/profile')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: 'Profile Details' })).toBeInTheDocument();
    expect(pane().querySelector('address')).toHaveTextContent('7, Marine Drive');
    expect(JSON.parse(localStorage.getItem('user')!).shippingAddress.city).toBe('Mumbai');
  });

  it('says "Failed to save address" when the server refuses, with its reason', async () => {
    const { user } = renderProfile(makeUser({ shippingAddress: makeAddress() }), {
      'PATCH /auth/profile': refuse(400, 'PIN code must be 6 digits.'),
    });
    await user.click(screen.getByRole('button', { name: /^Address/ }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to save address')).toBeInTheDocument();
    expect(within(pane()).getByRole('alert')).toHaveTextContent('PIN code must be 6 digits.');
    expect(screen.getByRole('heading', { level: 2, name: 'Edit Address' })).toBeInTheDocument();
  });

  it.each(['', '98765'])('refuses the phone %j as not valid', async (phone) => {
    const { user, api } = renderProfile(makeUser({ phone: null }));
    await user.click(screen.getByRole('button', { name: 'Not Provided (Click to Add)' }));
    if (phone) await user.type(screen.getByLabelText('Phone number'), phone);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid phone number.');
    expect(api.callsTo('PATCH /auth/profile')).toHaveLength(0);
  });

  it('saves the phone, refreshes the user and goes back to the details', async () => {
    let profile = makeUser({ phone: null });
    const { user, api } = renderProfile(profile, {
      'GET /auth/profile': () => profile,
      'PATCH /auth/profile': () => {
        profile = makeUser({ phone: '9123456780' });
        return profile;
      },
    });
    await user.click(screen.getByRole('button', { name: 'Not Provided (Click to Add)' }));
    await user.type(screen.getByLabelText('Phone number'), '9123456780');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Phone number updated!')).toBeInTheDocument();
    expect(api.callsTo('PATCH /auth/profile')[0]?.body).toEqual({ phone: '9123456780' });
    expect(api.callsTo('GET /auth/profile')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: 'Profile Details' })).toBeInTheDocument();
    expect(screen.getByText('9123456780')).toBeInTheDocument();
  });

  it('says "Failed to update phone number." when the server refuses', async () => {
    const { user } = renderProfile(makeUser({ phone: null }), {
      'PATCH /auth/profile': refuse(400, 'Please enter a valid phone number.'),
    });
    await user.click(screen.getByRole('button', { name: 'Not Provided (Click to Add)' }));
    await user.type(screen.getByLabelText('Phone number'), 'abcdefghijk');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update phone number.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Update Phone Number' })).toBeInTheDocument();
  });

  it('logs out: revokes the token, clears the session, says so and goes to /signin', async () => {
    const { user, api, router, store } = renderProfile(makeUser(), { 'POST /auth/logout': () => null });
    await user.click(screen.getByRole('button', { name: 'Log Out' }));

    expect(await screen.findByText('Logged out')).toBeInTheDocument();
    expect(api.callsTo('POST /auth/logout')).toHaveLength(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(store.getState().auth.user).toBeNull();
  });

  it('logs out here even when the server cannot be reached', async () => {
    const { user, router } = renderProfile(makeUser(), {
      'POST /auth/logout': unreachable,
    });
    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  describe('Your data', () => {
    const openData = async (handlers: Record<string, FakeHandler>) => {
      const view = renderProfile(makeUser(), handlers);
      await view.user.click(screen.getByRole('button', { name: /^Your data/ }));
      expect(screen.getByRole('heading', { level: 2, name: 'Your data' })).toHaveFocus();
      return view;
    };

    it('deletes the account only once the shopper confirms, then ends the session here and goes home', async () => {
      const { user, api, router, store } = await openData({
        'DELETE /account': () => ({ keptDocuments: [] }),
        'POST /auth/logout': refuse(401, 'Your session is invalid or has expired. Please sign in again.'),
      });
      const remove = screen.getByRole('button', { name: 'Delete my account' });
      expect(remove).toBeDisabled();
      await user.click(screen.getByLabelText('I understand that this cannot be undone.'));
      await user.click(remove);

      expect(await screen.findByText('Your account is deleted.')).toBeInTheDocument();
      expect(api.callsTo('DELETE /account')).toHaveLength(1);
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(localStorage.getItem('token')).toBeNull();
      expect(store.getState().auth.user).toBeNull();
    });

    it('says why the account is not deleted while an order is open, and stays signed in', async () => {
      const message =
        'Your order KP-2611-ABCD is still open. Cancel it, or wait until it is delivered, then delete your account.';
      const { user, store } = await openData({ 'DELETE /account': refuse(409, message, 'OPEN_ORDERS') });
      await user.click(screen.getByLabelText('I understand that this cannot be undone.'));
      await user.click(screen.getByRole('button', { name: 'Delete my account' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(store.getState().auth.user).not.toBeNull();
      expect(screen.getByRole('heading', { level: 2, name: 'Your data' })).toBeInTheDocument();
    });
  });
});
