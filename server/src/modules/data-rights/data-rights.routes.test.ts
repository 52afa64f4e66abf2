import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erasedEmail, taxDocumentKeepUntil, type Order } from '@shop/core';
import { signedInAdmin } from '../../test/accounts.ts';
import { orderAddress } from '../../test/addresses.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { messagesTo } from '../../test/messages.ts';
import { apiShopper, type ApiShopper } from '../../test/shoppers.ts';
import { freshSize } from '../../test/stock.ts';

const home = {
  name: 'Home',
  addressLine1: '4, Residency Road',
  addressLine2: 'Flat 2',
  city: 'Bengaluru',
  state: 'Karnataka',
  pinCode: '560025',
  isDefault: true,
};

describe.each(testDialects)('a shopper’s data: download and erasure, on %s', (dialect) => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop(dialect);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const db = () => shop.handle.db;
  /** Puts one piece of a fresh variant in the shopper's cart. */
  const addFresh = async (me: ApiShopper, price?: number) => {
    const s = await freshSize(db(), 10, price);
    const added = await me.call('POST', '/api/cart', {
      product: s.productId,
      color: s.color,
      size: s.size,
      quantity: 1,
    });
    expect(added.statusCode, added.body).toBe(200);
  };

  /** A shopper with a saved address, a complaint and one cash order (invoiced when placed). */
  async function shopperWithHistory(): Promise<{ me: ApiShopper; order: Order; ticket: string }> {
    const me = await apiShopper(shop.app, { firstName: 'Ravi', lastName: 'Kumar' });
    const saved = await me.call('PATCH', '/api/auth/profile', { addresses: [home] });
    expect(saved.statusCode, saved.body).toBe(200);
    await addFresh(me, 499_00);
    const placed = await me.call('POST', '/api/order', { shippingAddress: orderAddress, paymentMethod: 'cod' });
    expect(placed.statusCode, placed.body).toBe(201);
    const complaint = await me.call('POST', '/api/complaints', {
      name: 'Ravi Kumar',
      email: me.email,
      topic: 'order',
      orderNumber: placed.json().data.orderNumber,
      description: 'The shirt I ordered has not shipped yet.',
    });
    expect(complaint.statusCode, complaint.body).toBe(201);
    return { me, order: placed.json().data, ticket: complaint.json().data.ticket.ticketNumber };
  }

  it('GET /api/account/data: the account, addresses, orders, emails and complaints, as a JSON file', async () => {
    const { me, order, ticket } = await shopperWithHistory();
    const res = await me.call('GET', '/api/account/data');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="kapas-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = res.json().data;
    expect(data.account).toMatchObject({
      _id: me.user._id,
      firstName: 'Ravi',
      lastName: 'Kumar',
      email: me.email,
      phone: '9876543210',
      signInMethods: ['password'],
      addresses: [expect.objectContaining({ addressLine1: '4, Residency Road', city: 'Bengaluru', isDefault: true })],
    });
    expect(data.account.createdAt).toEqual(expect.any(String));
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({
      orderNumber: order.orderNumber,
      total: order.total,
      shippingAddress: { addressLine1: orderAddress.addressLine1, phone: orderAddress.phone },
      documents: [expect.objectContaining({ kind: 'invoice' })],
    });
    // The verification email, the order's, and the one asking to confirm the cash order.
    expect(data.messages.map((m: { to: string; status: string }) => [m.to, m.status])).toEqual([
      [me.email, 'queued'],
      [me.email, 'queued'],
      [me.email, 'queued'],
      [me.email, 'queued'],
    ]);
    expect(data.complaints).toEqual([
      expect.objectContaining({ ticketNumber: ticket, status: 'open', orderNumber: order.orderNumber }),
    ]);
    expect(data.complaints[0].messages[0].body).toBe('The shirt I ordered has not shipped yet.');
  });

  it('GET /api/account/data needs a session', async () => {
    expect((await shop.app.inject({ method: 'GET', url: '/api/account/data' })).statusCode).toBe(401);
  });

  it('DELETE /api/account is refused while an order is open, and changes nothing', async () => {
    const { me, order } = await shopperWithHistory();
    const res = await me.call('DELETE', '/api/account');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'OPEN_ORDERS',
      message: `Your order ${order.orderNumber} is still open. Cancel it, or wait until it is delivered, then delete your account.`,
    });
    const profile = await me.call('GET', '/api/auth/profile');
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toMatchObject({
      email: me.email,
      addresses: [expect.objectContaining({ city: 'Bengaluru' })],
    });
    expect((await me.cart()).items).toHaveLength(0);
    expect(await messagesTo(db(), me.email)).toHaveLength(4);
  });

  it('DELETE /api/account erases the personal data at once, keeps the tax documents, and ends every session', async () => {
    const { me, order, ticket } = await shopperWithHistory();
    // A second session, as on another device.
    const other = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: me.email, password: me.password },
    });
    const otherAuth = { authorization: `Bearer ${other.json().data.accessToken}` };
    expect((await me.call('POST', `/api/order/${order._id}/cancel`)).statusCode).toBe(200);
    // The cancelled order holds nothing; a hold left as if by a change made around the shop
    // (with the address it came from) goes with the account.
    expect(
      await db().selectFrom('order_holds').select('order_id').where('user_id', '=', me.user._id).execute(),
    ).toEqual([]);
    await db()
      .insertInto('order_holds')
      .values({
        order_id: order._id,
        position: 9,
        product_id: 'left-behind',
        color: '',
        size: 'M',
        quantity: 1,
        user_id: me.user._id,
        client_address: '100.64.9.9',
        client_network: '100.64.9.0/24',
      })
      .execute();
    // Something left in the cart goes too.
    await addFresh(me);
    const before = await db()
      .selectFrom('tax_documents')
      .select(['kind', 'number', 'snapshot', 'issued_at'])
      .where('order_id', '=', order._id)
      .orderBy('kind', 'desc')
      .execute();
    expect(before.map((d) => d.kind)).toEqual(['invoice', 'credit_note']);

    // A complaint filed signed out with the account's email is the shopper's too.
    const signedOut = await shop.app.inject({
      method: 'POST',
      url: '/api/complaints',
      payload: { name: 'Ravi K', email: me.email, topic: 'other', description: 'Filed before signing in.' },
      remoteAddress: '10.78.0.1',
    });
    expect(signedOut.statusCode, signedOut.body).toBe(201);

    const res = await me.call('DELETE', '/api/account');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Your account is deleted.');
    expect(res.json().data.keptDocuments).toEqual(
      before.map((d) => ({ number: d.number, kind: d.kind, keepUntil: taxDocumentKeepUntil(new Date(d.issued_at)) })),
    );

    // Every session has ended, and the old email and password open nothing.
    expect((await me.call('GET', '/api/auth/profile')).statusCode).toBe(401);
    expect((await shop.app.inject({ method: 'GET', url: '/api/auth/profile', headers: otherAuth })).statusCode).toBe(
      401,
    );
    const login = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: me.email, password: me.password },
    });
    expect(login.statusCode).toBe(401);

    // The account's row is emptied; what hung off it is gone.
    const user = await db().selectFrom('users').selectAll().where('id', '=', me.user._id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      email: erasedEmail(me.user._id),
      first_name: 'Erased',
      last_name: 'account',
      phone: null,
      password_hash: null,
      email_verified_at: null,
    });
    expect(user.erased_at).toEqual(expect.any(String));
    const count = async (table: 'addresses' | 'identities' | 'account_tokens' | 'carts', column = 'user_id') =>
      (
        await db()
          .selectFrom(table)
          .select(column as 'user_id')
          .where('user_id', '=', me.user._id)
          .execute()
      ).length;
    expect([
      await count('addresses'),
      await count('identities'),
      await count('account_tokens'),
      await count('carts'),
    ]).toEqual([0, 0, 0, 0]);
    expect(await messagesTo(db(), me.email)).toEqual([]);
    expect(await db().selectFrom('messages').select('id').where('user_id', '=', me.user._id).execute()).toEqual([]);

    // The order keeps what was sold and the state that decided its tax; the person is gone.
    const row = await db().selectFrom('orders').selectAll().where('id', '=', order._id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.shipping_address)).toEqual({
      name: 'Erased',
      addressLine1: '',
      addressLine2: '',
      city: '',
      state: 'Karnataka',
      pinCode: '',
      country: 'India',
      phone: '',
    });
    expect(JSON.parse(row.billing_address).phone).toBe('');
    expect([row.client_address, row.client_network, row.total]).toEqual([null, null, order.total * 100]);
    expect(
      await db().selectFrom('order_holds').select('order_id').where('user_id', '=', me.user._id).execute(),
    ).toEqual([]);

    // The tax documents stay exactly as issued.
    const after = await db()
      .selectFrom('tax_documents')
      .select(['kind', 'number', 'snapshot', 'issued_at'])
      .where('order_id', '=', order._id)
      .orderBy('kind', 'desc')
      .execute();
    expect(after).toEqual(before);
    expect(after[0]!.snapshot).toContain('Ravi Kumar');

    // The complaint keeps its steps and dates, not who made it or what they wrote.
    const complaint = await db()
      .selectFrom('complaints')
      .selectAll()
      .where('ticket_number', '=', ticket)
      .executeTakeFirstOrThrow();
    expect(complaint).toMatchObject({ name: 'Erased', email: '', phone: null, user_id: null, order_number: null });
    const thread = await db()
      .selectFrom('complaint_messages')
      .select(['author', 'body'])
      .where('complaint_id', '=', complaint.id)
      .execute();
    expect(thread).toEqual([{ author: 'shopper', body: 'Erased at the shopper’s request.' }]);
    const filedSignedOut = await db()
      .selectFrom('complaints')
      .select(['name', 'email'])
      .where('ticket_number', '=', signedOut.json().data.ticket.ticketNumber)
      .executeTakeFirstOrThrow();
    expect(filedSignedOut).toEqual({ name: 'Erased', email: '' });

    // A new account may take the freed email.
    const again = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { firstName: 'Ravi', lastName: 'Kumar', email: me.email, phone: '9876543210', password: me.password },
      remoteAddress: '10.77.0.1',
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('a delivered order does not hold the erasure back', async () => {
    const { me, order } = await shopperWithHistory();
    const admin = await signedInAdmin(shop);
    for (const status of ['confirmed', 'shipped', 'delivered']) {
      const moved = await shop.app.inject({
        method: 'PATCH',
        url: `/api/order/${order._id}/status`,
        headers: admin.auth,
        payload: { status },
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const res = await me.call('DELETE', '/api/account');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.keptDocuments.map((d: { kind: string }) => d.kind)).toEqual(['invoice']);
  });

  it("erasure takes the phone and the couriers' words off the account's parcels, keeping what was shipped", async () => {
    const { me, order } = await shopperWithHistory();
    const admin = await signedInAdmin(shop);
    const staff = (method: 'POST' | 'PATCH', url: string, payload: object) =>
      shop.app.inject({ method, url, headers: admin.auth, payload });
    expect((await staff('PATCH', `/api/order/${order._id}/status`, { status: 'confirmed' })).statusCode).toBe(200);
    const awb = `ER${Date.now().toString(36).toUpperCase()}${dialect.length}`;
    const shipped = await staff('POST', `/api/admin/orders/${order._id}/shipment`, { courier: 'delhivery', awb });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const shipmentId = shipped.json().data._id as string;
    const failed = await staff('POST', `/api/admin/shipments/${shipmentId}/events`, {
      kind: 'delivery_failed',
      reason: 'Ravi Kumar not reachable on 98450 12345, gate locked at 4 Residency Road',
    });
    expect(failed.statusCode, failed.body).toBe(200);
    const asked = await me.call('POST', `/api/order/${order._id}/shipment/reattempt`, { phone: '9845012345' });
    expect(asked.statusCode, asked.body).toBe(200);
    // A parcel still holding the phone when its order finished (delivered before the parcel and
    // the status moved together): the erasure must not rely on the courier's last move.
    await db().updateTable('orders').set({ status: 'delivered' }).where('id', '=', order._id).execute();
    await db()
      .updateTable('shipment_events')
      .set({ location: "Koramangala, near Ravi's house" })
      .where('shipment_id', '=', shipmentId)
      .execute();

    const res = await me.call('DELETE', '/api/account');
    expect(res.statusCode, res.body).toBe(200);

    const parcel = await db()
      .selectFrom('shipments')
      .selectAll()
      .where('id', '=', shipmentId)
      .executeTakeFirstOrThrow();
    expect(parcel).toMatchObject({ reattempt_phone: null, awb, courier: 'delhivery', status: 'delivery_failed' });
    const events = await db().selectFrom('shipment_events').selectAll().where('shipment_id', '=', shipmentId).execute();
    expect(events.map((e) => [e.kind, e.reason, e.location])).toEqual([['delivery_failed', null, null]]);
  });

  it('a staff account is not deleted from the shop (409)', async () => {
    const admin = await signedInAdmin(shop);
    const res = await shop.app.inject({ method: 'DELETE', url: '/api/account', headers: admin.auth });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('STAFF_ACCOUNT');
  });
});
