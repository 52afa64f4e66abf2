import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketNumberPattern } from '@shop/core';
import { signedInAdmin, signedInShopper } from '../../test/accounts.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { messagesTo } from '../../test/messages.ts';

const complaint = (overrides: Record<string, unknown> = {}) => ({
  name: 'Asha Rao',
  email: `asha.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`,
  topic: 'delivery',
  orderNumber: 'KP-2611-ABCD',
  description: 'My parcel was marked delivered but never arrived.',
  ...overrides,
});

const HOUR = 3_600_000;

describe.each(testDialects)('seller page and complaints, on %s', (dialect) => {
  let shop: TestShop;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  let address = 0;

  beforeAll(async () => {
    shop = await createTestShop(dialect);
    admin = await signedInAdmin(shop);
  });
  afterAll(async () => {
    await shop?.close();
  });

  // Each complaint from its own address: the per-address limit is tested on its own.
  const file = (payload: object, headers: Record<string, string> = {}, remoteAddress = `10.20.${++address}.1`) =>
    shop.app.inject({ method: 'POST', url: '/api/complaints', payload, headers, remoteAddress });
  const staff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    shop.app.inject({ method, url, headers: admin.auth, ...(payload && { payload }) });
  const openLink = (link: string) => shop.app.inject({ method: 'GET', url: `/api${link}` });

  describe('the seller page', () => {
    it('GET /api/seller: the invoice’s seller, where it operates, its contact and grievance officer', async () => {
      const res = await shop.app.inject({ method: 'GET', url: '/api/seller' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({
        legalName: 'Kapas Apparel Private Limited',
        registeredAddress: {
          addressLine1: 'Unit 4, Kamala Mills Compound, Senapati Bapat Marg',
          addressLine2: 'Lower Parel',
          city: 'Mumbai',
          pinCode: '400013',
          state: 'Maharashtra',
        },
        operatingAddress: 'Unit 4, Kamala Mills Compound, Senapati Bapat Marg, Lower Parel, Mumbai 400013, Maharashtra',
        gstin: '27AAKCK4821L1Z6',
        contact: { email: 'care@kapas.in', phone: '+918047182200' },
        grievanceOfficer: {
          name: 'Meera Iyer',
          designation: 'Grievance Officer',
          email: 'grievance@kapas.in',
          phone: '+918047182201',
        },
      });
    });

    it('staff change the contact and the grievance officer; the page shows them, the invoice seller stays', async () => {
      const body = {
        operatingAddress: 'Plot 12, MIDC Andheri East, Mumbai 400093',
        contactEmail: 'Help@Kapas.in',
        contactPhone: '+91 22 5555 0101',
        grievanceOfficer: {
          name: 'Rohan Mehta',
          designation: 'Head, Customer Care',
          email: 'rohan@kapas.in',
          phone: '022 5555 0102',
        },
      };
      const saved = await staff('PUT', '/api/admin/seller-contact', body);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data).toEqual({
        operatingAddress: 'Plot 12, MIDC Andheri East, Mumbai 400093',
        contactEmail: 'help@kapas.in',
        contactPhone: '+912255550101',
        grievanceOfficer: {
          name: 'Rohan Mehta',
          designation: 'Head, Customer Care',
          email: 'rohan@kapas.in',
          phone: '02255550102',
        },
      });
      const page = (await shop.app.inject({ method: 'GET', url: '/api/seller' })).json().data;
      expect(page.grievanceOfficer.name).toBe('Rohan Mehta');
      expect(page.contact).toEqual({ email: 'help@kapas.in', phone: '+912255550101' });
      expect(page.legalName).toBe('Kapas Apparel Private Limited');
      expect((await staff('GET', '/api/admin/seller-contact')).json().data.operatingAddress).toBe(
        'Plot 12, MIDC Andheri East, Mumbai 400093',
      );
    });

    it('refuses a bad contact with the field named, and shoppers', async () => {
      const bad = await staff('PUT', '/api/admin/seller-contact', {
        operatingAddress: '',
        contactEmail: 'nope',
        contactPhone: '12',
        grievanceOfficer: { name: 'A', designation: 'B', email: 'a@b.in', phone: '9876543210' },
      });
      expect(bad.statusCode).toBe(400);
      const paths = bad.json().issues.map((i: { path: string }) => i.path);
      expect(paths).toEqual(expect.arrayContaining(['operatingAddress', 'contactEmail', 'contactPhone']));
      const shopper = await signedInShopper(shop.app);
      const refused = await shop.app.inject({
        method: 'PUT',
        url: '/api/admin/seller-contact',
        headers: shopper.auth,
        payload: {},
      });
      expect(refused.statusCode).toBe(403);
    });
  });

  describe('filing a complaint', () => {
    it('signed out: a ticket number at once, an acknowledgement emailed, the link opens the ticket', async () => {
      const body = complaint();
      const before = Date.now();
      const res = await file(body);
      expect(res.statusCode, res.body).toBe(201);
      const { ticket, link } = res.json().data;
      expect(ticket.ticketNumber).toMatch(ticketNumberPattern);
      expect(res.json().message).toBe(`Complaint received. Your ticket number is ${ticket.ticketNumber}.`);
      expect(ticket).toMatchObject({
        status: 'open',
        topic: 'delivery',
        orderNumber: 'KP-2611-ABCD',
        name: 'Asha Rao',
        acknowledgedAt: null,
        resolvedAt: null,
        messages: [{ author: 'shopper', kind: 'complaint', body: body.description }],
      });
      const received = Date.parse(ticket.receivedAt);
      expect(received).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(ticket.acknowledgeBy) - received).toBe(48 * HOUR);
      expect(link).toMatch(new RegExp(`^/complaints/${ticket.ticketNumber}\\?key=[A-Za-z0-9_-]{32}$`));

      const mails = await messagesTo(shop.handle.db, body.email, 'complaint-received');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.user_id).toBeNull();
      expect(mails[0]!.data).toEqual({
        name: 'Asha Rao',
        ticketNumber: ticket.ticketNumber,
        link,
        acknowledgeBy: ticket.acknowledgeBy,
        resolveBy: ticket.resolveBy,
      });

      const opened = await openLink(link);
      expect(opened.statusCode, opened.body).toBe(200);
      expect(opened.headers['cache-control']).toBe('private, no-store');
      expect(opened.json().data).toEqual(ticket);
    });

    it('signed in: the complaint belongs to the account; a stale token still files it', async () => {
      const shopper = await signedInShopper(shop.app);
      const body = complaint({ email: shopper.email, name: 'Ravi Kumar', orderNumber: '' });
      const res = await file(body, shopper.auth);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.ticket.orderNumber).toBeNull();
      const row = await shop.handle.db
        .selectFrom('complaints')
        .selectAll()
        .where('ticket_number', '=', res.json().data.ticket.ticketNumber)
        .executeTakeFirstOrThrow();
      expect(row.user_id).toBe(shopper.user._id);
      expect((await messagesTo(shop.handle.db, shopper.email, 'complaint-received'))[0]!.user_id).toBe(
        shopper.user._id,
      );

      const stale = await file(complaint(), { authorization: 'Bearer not-a-token' });
      expect(stale.statusCode, stale.body).toBe(201);
    });

    it('a wrong key or ticket opens nothing, with the same answer', async () => {
      const { ticket, link } = (await file(complaint())).json().data;
      const wrongKey = await openLink(`/complaints/${ticket.ticketNumber}?key=${'x'.repeat(32)}`);
      const wrongTicket = await openLink(link.replace(ticket.ticketNumber, 'GRV-2222-2222'));
      const noKey = await openLink(`/complaints/${ticket.ticketNumber}`);
      expect([wrongKey.statusCode, wrongTicket.statusCode, noKey.statusCode]).toEqual([404, 404, 400]);
      expect(wrongKey.json()).toEqual(wrongTicket.json());
      expect(wrongKey.json().code).toBe('COMPLAINT_NOT_FOUND');
    });

    it.each([
      ['no description', { description: '' }, 'description'],
      ['too short a description', { description: 'bad' }, 'description'],
      ['a bad email', { email: 'asha@' }, 'email'],
      ['an unknown topic', { topic: 'refund-now' }, 'topic'],
      ['a bad phone', { phone: '12' }, 'phone'],
    ])('refuses %s (400, nothing kept, nothing sent)', async (_label, change, path) => {
      const body = complaint(change);
      const res = await file(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(path);
      expect(await messagesTo(shop.handle.db, body.email)).toEqual([]);
    });

    it('refuses more than 10 complaints an hour from one address (429)', async () => {
      const codes: number[] = [];
      for (let i = 0; i < 11; i += 1) codes.push((await file(complaint(), {}, '10.99.0.7')).statusCode);
      expect(codes.slice(0, 10)).toEqual(Array(10).fill(201));
      expect(codes[10]).toBe(429);
    });
  });

  describe('the staff queue', () => {
    it('shows each complaint’s age and deadlines; acknowledge, reply, resolve each email the shopper', async () => {
      const body = complaint();
      const { ticket, link } = (await file(body)).json().data;
      // Received three days ago: its acknowledgement is overdue.
      const threeDaysAgo = new Date(Date.now() - 72 * HOUR).toISOString();
      await shop.handle.db
        .updateTable('complaints')
        .set({ created_at: threeDaysAgo })
        .where('ticket_number', '=', ticket.ticketNumber)
        .execute();

      const queue = await staff('GET', '/api/admin/complaints?status=open&limit=100');
      expect(queue.statusCode, queue.body).toBe(200);
      const row = queue
        .json()
        .data.complaints.find((c: { ticketNumber: string }) => c.ticketNumber === ticket.ticketNumber);
      expect(row).toMatchObject({
        status: 'open',
        name: 'Asha Rao',
        email: body.email,
        ageHours: 72,
        acknowledgement: 'overdue',
        resolution: 'due',
        overdue: true,
        receivedAt: threeDaysAgo,
        acknowledgeBy: new Date(Date.parse(threeDaysAgo) + 48 * HOUR).toISOString(),
      });
      expect(queue.json().data.overdueCount).toBeGreaterThanOrEqual(1);
      // The oldest open complaint comes first.
      expect(queue.json().data.complaints[0].ticketNumber).toBe(ticket.ticketNumber);

      const id = row._id;
      const acknowledged = await staff('POST', `/api/admin/complaints/${id}/acknowledge`, {
        message: 'We have asked the courier.',
      });
      expect(acknowledged.statusCode, acknowledged.body).toBe(200);
      expect(acknowledged.json().data.complaint).toMatchObject({
        status: 'acknowledged',
        acknowledgement: 'done-late',
      });
      const again = await staff('POST', `/api/admin/complaints/${id}/acknowledge`, { message: 'Again' });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('COMPLAINT_ACKNOWLEDGED');

      expect(
        (await staff('POST', `/api/admin/complaints/${id}/reply`, { message: 'The courier found it.' })).statusCode,
      ).toBe(200);
      const resolved = await staff('POST', `/api/admin/complaints/${id}/resolve`, { message: 'Delivered today.' });
      expect(resolved.statusCode).toBe(200);
      expect(resolved.json().data.messages.map((m: { kind: string }) => m.kind)).toEqual([
        'complaint',
        'acknowledgement',
        'reply',
        'resolution',
      ]);
      const late = await staff('POST', `/api/admin/complaints/${id}/reply`, { message: 'More' });
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('COMPLAINT_RESOLVED');

      const updates = await messagesTo(shop.handle.db, body.email, 'complaint-updated');
      expect(updates.map((m) => [m.data.step, m.data.message, m.data.link])).toEqual([
        ['acknowledgement', 'We have asked the courier.', link],
        ['reply', 'The courier found it.', link],
        ['resolution', 'Delivered today.', link],
      ]);

      const followed = (await openLink(link)).json().data;
      expect(followed.status).toBe('resolved');
      expect(followed.messages.map((m: { author: string; body: string }) => [m.author, m.body])).toEqual([
        ['shopper', body.description],
        ['staff', 'We have asked the courier.'],
        ['staff', 'The courier found it.'],
        ['staff', 'Delivered today.'],
      ]);
      const detail = (await staff('GET', `/api/admin/complaints/${id}`)).json().data;
      expect(detail.complaint).toMatchObject({ status: 'resolved', ageHours: 72, nextDeadline: null, overdue: false });
    });

    it('a reply to a complaint not yet acknowledged acknowledges it', async () => {
      const { ticket } = (await file(complaint())).json().data;
      const queue = (await staff('GET', '/api/admin/complaints?status=open&limit=100')).json().data;
      const id = queue.complaints.find((c: { ticketNumber: string }) => c.ticketNumber === ticket.ticketNumber)._id;
      const replied = await staff('POST', `/api/admin/complaints/${id}/reply`, {
        message: 'Which size did you order?',
      });
      expect(replied.statusCode, replied.body).toBe(200);
      expect(replied.json().data.complaint).toMatchObject({ status: 'acknowledged', acknowledgement: 'done' });
      expect((await staff('POST', `/api/admin/complaints/${id}/acknowledge`, { message: 'x' })).statusCode).toBe(409);
    });

    it('is for staff only, and an unknown complaint or step is refused', async () => {
      const shopper = await signedInShopper(shop.app);
      const res = await shop.app.inject({ method: 'GET', url: '/api/admin/complaints', headers: shopper.auth });
      expect(res.statusCode).toBe(403);
      expect((await staff('GET', '/api/admin/complaints/nope')).statusCode).toBe(404);
      expect((await staff('POST', '/api/admin/complaints/nope/resolve', { message: 'x' })).statusCode).toBe(404);
      expect((await staff('POST', '/api/admin/complaints/nope/escalate', { message: 'x' })).statusCode).toBe(400);
    });
  });
});
