import type { AdminOrderDetail } from '@shop/core';
import { screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../../../lib/http.ts';
import { deferred, type FakeHandler } from '../../../test/fake-api.ts';
import { makeAdminOrderDetail, makeAuditEntry, makePaidOnlineDetail, renderStaffPage } from '../test-fixtures.ts';
import { AdminOrderDetailPage } from './order-detail-page.tsx';

const pendingOrder = makeAdminOrderDetail(
  {
    _id: 'o1',
    orderNumber: 'KP-20261121-0001',
    history: [{ status: 'pending', at: '2026-11-21T10:00:00.000Z', note: 'Order placed' }],
    billingAddress: {
      name: 'Office',
      addressLine1: '4th Floor, Tower B',
      addressLine2: '',
      city: 'Pune',
      state: 'Maharashtra',
      pinCode: '411001',
      country: 'India',
      phone: '9876543210',
    },
  },
  {
    audit: [
      makeAuditEntry({ summary: 'Status: pending → confirmed' }),
      makeAuditEntry({ actor: null, summary: 'Unpaid order cancelled', at: '2026-11-21T12:00:00.000Z' }),
    ],
  },
);

function renderDetail(handlers: Record<string, FakeHandler>, id = 'o1') {
  return renderStaffPage(<AdminOrderDetailPage />, '/admin/orders/:id', handlers, `/admin/orders/${id}`);
}

/** A server that keeps one order and moves it when asked. */
function serverWith(initial: AdminOrderDetail) {
  let detail = initial;
  return {
    get current() {
      return detail;
    },
    set(next: AdminOrderDetail) {
      detail = next;
    },
    get: (() => detail) as FakeHandler,
  };
}

describe('staff order page', () => {
  it('shows the order: lines, totals, customer, addresses, payment, status history and the audit trail', async () => {
    renderDetail({ 'GET /admin/orders/:id': () => pendingOrder });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order KP-20261121-0001' })).toBeInTheDocument();

    const items = screen.getByRole('list', { name: 'Items' });
    const line = within(items).getByRole('listitem');
    expect(line).toHaveTextContent('Oxford Shirt');
    expect(line).toHaveTextContent('Navy / M · Qty 2 × ₹1,199.00');
    expect(line).toHaveTextContent('SKU KP-OXF-NAV-M');
    expect(line).toHaveTextContent('₹2,398.00');
    expect(line.querySelector('img')).toHaveAttribute('src', '/images/products/oxford-1.svg');
    const totals = screen.getByRole('region', { name: 'Items (2)' });
    expect(totals).toHaveTextContent('Shipping₹10.00');
    expect(totals).toHaveTextContent('GST₹434.00');
    expect(totals).toHaveTextContent('Total₹2,842.00');

    const customer = screen.getByRole('region', { name: 'Customer' });
    expect(customer).toHaveTextContent('Asha Rao');
    expect(within(customer).getByRole('link', { name: 'asha@example.com' })).toHaveAttribute(
      'href',
      'mailto:asha@example.com',
    );
    const delivery = screen.getByRole('region', { name: 'Delivery' });
    expect(delivery).toHaveTextContent('12B, MG Road');
    expect(delivery).toHaveTextContent('Bengaluru, Karnataka 560001');
    expect(delivery).toHaveTextContent('Note: Please deliver between 10am-5pm');
    expect(delivery).toHaveTextContent('Billing address');
    expect(delivery).toHaveTextContent('4th Floor, Tower B');
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent('MethodCash on delivery');

    const history = screen.getByRole('list', { name: 'Status changes' });
    expect(history).toHaveTextContent('Pending');
    expect(history).toHaveTextContent('Order placed');

    const audit = screen.getByRole('list', { name: 'Recorded changes' });
    const [first, second] = within(audit).getAllByRole('listitem');
    expect(first).toHaveTextContent('Status: pending → confirmed');
    expect(first).toHaveTextContent('by Ravi Kumar (ravi@kapas.in)');
    expect(second).toHaveTextContent('Unpaid order cancelled');
    expect(second).toHaveTextContent('by The shop');
    expect(screen.getByRole('heading', { name: 'History' })).toBeInTheDocument();
  });

  it('shows the online payment with its provider ids', async () => {
    renderDetail({ 'GET /admin/orders/:id': () => makePaidOnlineDetail({ _id: 'o1' }) });
    const payment = await screen.findByRole('region', { name: 'Payment' });
    expect(payment).toHaveTextContent('Online (Razorpay)');
    expect(payment).toHaveTextContent('Paid');
    expect(payment).toHaveTextContent('order_abc123');
    expect(payment).toHaveTextContent('pay_xyz789');
    expect(screen.getByText('No changes recorded yet.')).toBeInTheDocument();
  });

  it('offers one button per allowed move, sends it, says so and shows the order again', async () => {
    const server = serverWith(pendingOrder);
    const { user, api } = renderDetail({
      'GET /admin/orders/:id': server.get,
      'PATCH /order/:id/status': () => {
        server.set(
          makeAdminOrderDetail(
            { ...pendingOrder.order, status: 'confirmed' },
            { nextStatuses: ['shipped', 'cancelled'], audit: [makeAuditEntry({ summary: 'Marked confirmed' })] },
          ),
        );
        return server.current.order;
      },
    });
    const actions = await screen.findByRole('group', { name: 'Order actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Mark confirmed', 'Cancel order']);

    await user.click(within(actions).getByRole('button', { name: 'Mark confirmed' }));
    expect(await screen.findByText('Order status updated')).toBeInTheDocument();
    expect(api.callsTo('PATCH /order/:id/status')).toMatchObject([
      { path: '/order/o1/status', body: { status: 'confirmed' } },
    ]);
    expect(await screen.findByRole('button', { name: 'Mark shipped' })).toBeInTheDocument();
    expect(screen.getByText('Marked confirmed')).toBeInTheDocument();
    expect(api.callsTo('GET /admin/orders/:id')).toHaveLength(2);
  });

  it('"Mark shipped" asks for the courier and the AWB number, then ships with them', async () => {
    const confirmed = makeAdminOrderDetail(
      { ...pendingOrder.order, status: 'confirmed' },
      { nextStatuses: ['shipped', 'cancelled'] },
    );
    const { user, api } = renderDetail({
      'GET /admin/orders/:id': () => confirmed,
      'POST /admin/orders/:id/shipment': () => ({ _id: 's1', orderId: 'o1', awb: 'BD998877' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Mark shipped' }));
    const dialog = screen.getByRole('dialog', { name: 'Ship order KP-20261121-0001' });
    // Nothing is sent until both are given.
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    expect(within(dialog).getByText('Choose the courier.')).toBeInTheDocument();
    expect(api.callsTo('POST /admin/orders/:id/shipment')).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText('Courier'), 'Blue Dart');
    await user.type(within(dialog).getByLabelText('AWB number'), ' BD998877 ');
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    expect(await screen.findByText('Order marked shipped')).toBeInTheDocument();
    expect(api.callsTo('POST /admin/orders/:id/shipment')).toMatchObject([
      { path: '/admin/orders/o1/shipment', body: { courier: 'bluedart', awb: 'BD998877' } },
    ]);
    expect(api.callsTo('PATCH /order/:id/status')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('"Mark delivered" on an order with a parcel asks the server, which delivers the parcel, and shows it again', async () => {
    const shipped = makeAdminOrderDetail(
      {
        ...pendingOrder.order,
        status: 'shipped',
        history: [
          { status: 'pending', at: '2026-11-21T10:00:00.000Z', note: null },
          { status: 'shipped', at: '2026-11-22T10:00:00.000Z', note: null },
        ],
      },
      { nextStatuses: ['delivered'] },
    );
    const parcel = {
      _id: 's1',
      orderId: 'o1',
      courier: 'dtdc',
      courierName: 'DTDC',
      awb: 'DT123456',
      trackingUrl: null,
      status: 'in_transit',
      failedAttempts: 0,
      shippedAt: '2026-11-22T10:00:00.000Z',
      reattempt: null,
      events: [{ kind: 'in_transit', reason: null, location: null, at: '2026-11-22T12:00:00.000Z', source: 'webhook' }],
    };
    const { user, api } = renderDetail({
      'GET /admin/orders/:id': () => shipped,
      'GET /admin/orders/:id/shipment': () => parcel,
      'PATCH /order/:id/status': () => ({ ...shipped.order, status: 'delivered' }),
    });
    const section = await screen.findByRole('region', { name: 'Parcel' });
    expect(section).toHaveTextContent('DTDC · AWB DT123456');
    await user.click(screen.getByRole('button', { name: 'Mark delivered' }));
    expect(await screen.findByText('Order status updated')).toBeInTheDocument();
    expect(api.callsTo('PATCH /order/:id/status')).toMatchObject([
      { path: '/order/o1/status', body: { status: 'delivered' } },
    ]);
    expect(api.callsTo('POST /admin/shipments/:id/events')).toHaveLength(0);
    // The parcel is read again, to show its delivery.
    await waitFor(() => expect(api.callsTo('GET /admin/orders/:id/shipment').length).toBeGreaterThan(1));
  });

  it('keeps every button waiting while a change runs', async () => {
    const answer = deferred<unknown>();
    const { user } = renderDetail({
      'GET /admin/orders/:id': () => pendingOrder,
      'PATCH /order/:id/status': () => answer.promise,
    });
    await user.click(await screen.findByRole('button', { name: 'Mark confirmed' }));
    const actions = screen.getByRole('group', { name: 'Order actions' });
    expect(within(actions).getByRole('button', { name: 'Saving…' })).toBeDisabled();
    expect(within(actions).getByRole('button', { name: 'Cancel order' })).toBeDisabled();
    answer.resolve(pendingOrder.order);
    await waitFor(() => expect(within(actions).getByRole('button', { name: 'Mark confirmed' })).toBeEnabled());
  });

  it("shows the server's message when a move is refused, and changes nothing on screen", async () => {
    const { user, api } = renderDetail({
      'GET /admin/orders/:id': () => pendingOrder,
      'PATCH /order/:id/status': () => {
        throw new ApiError('An order cannot move from pending to shipped.', { status: 409, code: 'BAD_TRANSITION' });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Mark confirmed' }));
    expect(await screen.findByText('An order cannot move from pending to shipped.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark confirmed' })).toBeEnabled();
    expect(api.callsTo('GET /admin/orders/:id')).toHaveLength(1);
  });

  it('asks before cancelling, says the stock goes back, and cancels only when confirmed', async () => {
    const server = serverWith(pendingOrder);
    const { user, api } = renderDetail({
      'GET /admin/orders/:id': server.get,
      'PATCH /order/:id/status': () => {
        server.set(makeAdminOrderDetail({ ...pendingOrder.order, status: 'cancelled' }, { nextStatuses: [] }));
        return server.current.order;
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    let dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    expect(dialog).toHaveTextContent('Order KP-20261121-0001 will be cancelled and its items put back in stock.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('PATCH /order/:id/status')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('Order cancelled')).toBeInTheDocument();
    expect(api.callsTo('PATCH /order/:id/status')[0]!.body).toEqual({ status: 'cancelled' });
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Order actions' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says a captured payment is refunded when a paid order is cancelled', async () => {
    const { user } = renderDetail({ 'GET /admin/orders/:id': () => makePaidOnlineDetail({ _id: 'o1' }) });
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('refunded through the payment provider');
  });

  it('refunds through the payment provider', async () => {
    const server = serverWith(makePaidOnlineDetail({ _id: 'o1' }));
    const { user, api } = renderDetail({
      'GET /admin/orders/:id': server.get,
      'POST /admin/orders/:id/refund': () => {
        server.set(makeAdminOrderDetail({ ...server.current.order, paymentStatus: 'refunded' }, { refundable: false }));
        return server.current;
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Record refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Record a refund' });
    expect(within(dialog).getByRole('radio', { name: /Refund through the payment provider/ })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Refund ₹2,842.00' }));

    expect(await screen.findByText('Payment refunded')).toBeInTheDocument();
    expect(api.callsTo('POST /admin/orders/:id/refund')).toMatchObject([{ path: '/admin/orders/o1/refund', body: {} }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Record refund' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('GET /admin/orders/:id')).toHaveLength(2);
  });

  it('records a refund made elsewhere, with its reference', async () => {
    const { user, api } = renderDetail({
      'GET /admin/orders/:id': () => makePaidOnlineDetail({ _id: 'o1' }),
      'POST /admin/orders/:id/refund': () => ({}),
    });
    await user.click(await screen.findByRole('button', { name: 'Record refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Record a refund' });
    await user.click(within(dialog).getByRole('radio', { name: /Record a refund made elsewhere/ }));

    // No reference, no request.
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    expect(within(dialog).getByRole('textbox', { name: 'Refund reference' })).toHaveAccessibleDescription(
      'Enter the reference of the refund you made.',
    );
    expect(api.callsTo('POST /admin/orders/:id/refund')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Refund reference' }), '  UTR 4455  ');
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    expect(await screen.findByText('Refund recorded')).toBeInTheDocument();
    expect(api.callsTo('POST /admin/orders/:id/refund')[0]!.body).toEqual({ reference: 'UTR 4455' });
  });

  it("keeps the refund dialog open with the server's message when the refund fails", async () => {
    const { user, api } = renderDetail({
      'GET /admin/orders/:id': () => makePaidOnlineDetail({ _id: 'o1' }),
      'POST /admin/orders/:id/refund': () => {
        throw new ApiError('The payment provider could not refund this payment, and nothing was changed.', {
          status: 502,
          code: 'REFUND_FAILED',
        });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Record refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Record a refund' });
    await user.click(within(dialog).getByRole('button', { name: 'Refund ₹2,842.00' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The payment provider could not refund this payment, and nothing was changed.',
    );
    expect(within(dialog).getByRole('button', { name: 'Refund ₹2,842.00' })).toBeEnabled();
    expect(api.callsTo('GET /admin/orders/:id')).toHaveLength(1);
  });

  it('offers no action on a delivered order with nothing to refund', async () => {
    renderDetail({
      'GET /admin/orders/:id': () => makeAdminOrderDetail({ _id: 'o1', status: 'delivered' }, { nextStatuses: [] }),
    });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Order actions' })).not.toBeInTheDocument();
  });

  it("shows the server's message for an unknown order, with the way back to the list", async () => {
    renderDetail(
      {
        'GET /admin/orders/:id': () => {
          throw new ApiError('Order not found.', { status: 404, code: 'NOT_FOUND' });
        },
      },
      'nope',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Order not found.');
    expect(screen.getByRole('link', { name: '← All orders' })).toHaveAttribute('href', '/admin/orders');
  });
});
