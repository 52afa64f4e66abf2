import { defaultDeliveryPolicy } from '@shop/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInAdmin, signedInShopper } from '../../test/accounts.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { queueMessage } from '../../test/messages.ts';
import type { EnqueueRequest } from './messages.service.ts';
import { createOutboxWorker } from './outbox-worker.ts';
import { createMailboxTransport, type MailTransport } from './transports.ts';

const local = '127.0.0.1';
const shipped = (n: number | string): EnqueueRequest => ({
  template: 'order-shipped',
  to: `asha.${n}@example.com`,
  data: { firstName: 'Asha', orderNumber: `KP-${n}` },
});
const reset: EnqueueRequest = {
  template: 'password-reset',
  to: 'asha.reset@example.com',
  data: { link: '/reset-password?token=secret-token', expiresInMinutes: 30 },
};
const failing: MailTransport = {
  kind: 'smtp',
  send: async () => {
    throw Object.assign(new Error('Recipient address rejected'), { responseCode: 550 });
  },
  close: async () => {},
};

describe.each(testDialects)('messages on %s', (dialect) => {
  let shop: TestShop;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  // Messages are queued seconds apart, from an hour ago: due, and in a known order.
  const since = Date.now() - 3_600_000;
  let second = 0;

  beforeAll(async () => {
    shop = await createTestShop(dialect, { mailbox: true });
    admin = await signedInAdmin(shop);
  });
  afterAll(async () => {
    await shop?.close();
  });
  beforeEach(async () => {
    await shop.handle.db.deleteFrom('audit_events').where('entity_type', '=', 'message').execute();
    await shop.handle.db.deleteFrom('messages').execute();
  });

  /** Queues messages a second apart, in order: the last is the newest. */
  async function queue(...requests: EnqueueRequest[]) {
    const ids: string[] = [];
    for (const request of requests) {
      second += 1;
      const at = new Date(since + second * 1000);
      ids.push(await queueMessage(shop.handle.db, request, at));
    }
    return ids;
  }
  const deliver = (transport: MailTransport = createMailboxTransport()) =>
    createOutboxWorker({
      db: shop.handle.db,
      dialect,
      transport,
      publicUrl: 'http://localhost:3000',
      policy: { ...defaultDeliveryPolicy, maxAttempts: 1 },
    }).drain();
  const staff = (method: 'GET' | 'POST', url: string) => shop.app.inject({ method, url, headers: admin.auth });

  describe('the development mailbox', () => {
    it('lists every message, newest first, and carries noindex', async () => {
      await queue(shipped('first'), shipped('second'), shipped('third'));
      await deliver();
      const res = await shop.app.inject({ url: '/dev/mailbox', remoteAddress: local });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(res.headers['content-security-policy']).toMatch(/default-src 'none'/);
      expect(res.body).toContain('<meta name="robots" content="noindex, nofollow">');
      const subjects = [...res.body.matchAll(/Order (KP-\w+) is on its way/g)].map((m) => m[1]);
      expect(subjects).toEqual(['KP-third', 'KP-second', 'KP-first']);
      expect(res.body).toContain('asha.third@example.com');
      expect(res.body).toContain('order-shipped');
    });

    it('shows a message: its HTML in a sandboxed frame, its text and its links', async () => {
      const [id] = await queue(reset);
      await deliver();
      const res = await shop.app.inject({ url: `/dev/mailbox/${id}`, remoteAddress: local });
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/<iframe title="The message as HTML" sandbox="[^"]*" srcdoc="&lt;!DOCTYPE html/);
      expect(res.body).toContain('<pre>');
      expect(res.body).toContain('Choose a new password');
      expect(res.body).toContain('<a href="http://localhost:3000/reset-password?token=secret-token"');
      // The frame's HTML is escaped into the attribute: nothing of it runs as the page's own markup.
      expect(res.body.split('srcdoc="')[1]!.split('"></iframe>')[0]).not.toMatch(/[<>"]/);
    });

    it('says when a message is not delivered yet, and 404s an unknown one', async () => {
      const [id] = await queue(shipped('waiting'));
      const res = await shop.app.inject({ url: `/dev/mailbox/${id}`, remoteAddress: local });
      expect(res.body).toContain('Not delivered yet');
      expect((await shop.app.inject({ url: '/dev/mailbox/no-such-id', remoteAddress: local })).statusCode).toBe(404);
    });

    it('is not there for another machine, nor for a request a proxy passed on', async () => {
      const [id] = await queue(reset);
      await deliver();
      for (const [remoteAddress, headers] of [
        ['203.0.113.7', {}],
        [local, { 'x-forwarded-for': '203.0.113.7' }],
        [local, { forwarded: 'for=203.0.113.7' }],
      ] as const) {
        for (const url of ['/dev/mailbox', `/dev/mailbox/${id}`]) {
          const res = await shop.app.inject({ url, remoteAddress, headers });
          expect(res.statusCode, url).toBe(404);
          expect(res.body).not.toContain('secret-token');
        }
      }
    });

    it('is absent when messages go elsewhere (production, SMTP)', async () => {
      const production = await createTestShop(dialect);
      try {
        const res = await production.app.inject({ url: '/dev/mailbox', remoteAddress: local });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
      } finally {
        await production.close();
      }
    });
  });

  describe('the staff API', () => {
    it('is for staff only: 401 without a token, 403 for a shopper', async () => {
      const [id] = await queue(shipped('guarded'));
      const shopper = await signedInShopper(shop.app);
      for (const [method, url] of [
        ['GET', '/api/admin/messages'],
        ['GET', `/api/admin/messages/${id}`],
        ['POST', `/api/admin/messages/${id}/resend`],
      ] as const) {
        expect((await shop.app.inject({ method, url })).statusCode, url).toBe(401);
        expect((await shop.app.inject({ method, url, headers: shopper.auth })).statusCode, url).toBe(403);
      }
      // Nothing was sent again (the shopper's own sign-up queued their verification email).
      const others = shop.handle.db.selectFrom('messages').select('id').where('recipient', '!=', shopper.email);
      expect(await others.execute()).toHaveLength(1);
    });

    it('lists messages newest first, filtered by status, with the error of failed ones', async () => {
      const [sentId] = await queue(shipped('a'));
      await deliver();
      const [failedId] = await queue(shipped('b'));
      await deliver(failing);
      const [queuedId] = await queue(shipped('c'));

      const all = (await staff('GET', '/api/admin/messages')).json().data;
      expect(all).toMatchObject({ page: 1, limit: 10, total: 3, totalPages: 1 });
      expect(all.messages.map((m: { _id: string }) => m._id)).toEqual([queuedId, failedId, sentId]);
      expect(all.messages[1]).toEqual({
        _id: failedId,
        template: 'order-shipped',
        to: 'asha.b@example.com',
        subject: 'Order KP-b is on its way',
        status: 'failed',
        attempts: 1,
        nextAttemptAt: null,
        lastError: '550 Recipient address rejected',
        createdAt: expect.any(String),
        sentAt: null,
        order: null,
        resentFrom: null,
      });
      expect(all.messages[0]).toMatchObject({ status: 'queued', subject: null, nextAttemptAt: expect.any(String) });

      for (const [status, id] of [
        ['sent', sentId],
        ['failed', failedId],
        ['queued', queuedId],
      ] as const) {
        const page = (await staff('GET', `/api/admin/messages?status=${status}`)).json().data;
        expect(page.messages.map((m: { _id: string }) => m._id)).toEqual([id]);
      }
      expect((await staff('GET', '/api/admin/messages?status=')).json().data.total).toBe(3);
      const second = (await staff('GET', '/api/admin/messages?limit=2&page=2')).json().data;
      expect(second).toMatchObject({ total: 3, totalPages: 2, messages: [{ _id: sentId }] });
    });

    it.each([
      ['status=lost', /status must be one of queued, sending, sent, failed/],
      ['page=0', /page/],
      ['limit=1000', /limit/],
    ])('refuses ?%s with a 400', async (query, message) => {
      const res = await staff('GET', `/api/admin/messages?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    });

    it('shows what a message said, but not a private one (it holds a link into the account)', async () => {
      const [orderMessage, resetMessage] = await queue(shipped('shown'), reset);
      await deliver();
      const shown = (await staff('GET', `/api/admin/messages/${orderMessage}`)).json().data;
      expect(shown).toMatchObject({ contentWithheld: false, resendable: true, audit: [] });
      expect(shown.content.text).toContain('KP-shown');
      expect(shown.content.html).toContain('KP-shown');

      const res = await staff('GET', `/api/admin/messages/${resetMessage}`);
      expect(res.json().data).toMatchObject({ content: null, contentWithheld: true, resendable: false });
      expect(res.body).not.toContain('secret-token');
      expect((await staff('GET', '/api/admin/messages/no-such-message')).statusCode).toBe(404);
    });

    it('sends a sent or failed message again: a new queued copy, audited, then delivered', async () => {
      const [sentId] = await queue(shipped('again'));
      await deliver();
      const res = await staff('POST', `/api/admin/messages/${sentId}/resend`);
      expect(res.statusCode).toBe(201);
      const copy = res.json().data;
      expect(copy.message).toMatchObject({
        template: 'order-shipped',
        to: 'asha.again@example.com',
        status: 'queued',
        attempts: 0,
        resentFrom: sentId,
      });
      expect(copy.message._id).not.toBe(sentId);
      const original = (await staff('GET', `/api/admin/messages/${sentId}`)).json().data;
      expect(original.audit).toEqual([
        expect.objectContaining({
          action: 'message.resent',
          entityType: 'message',
          entityId: sentId,
          actor: expect.objectContaining({ email: admin.email }),
          summary: `Sent again to asha.again@example.com (copy ${copy.message._id})`,
        }),
      ]);
      expect(await deliver()).toEqual({ sent: 1, retried: 0, failed: 0 });
      const delivered = (await staff('GET', `/api/admin/messages/${copy.message._id}`)).json().data;
      expect(delivered.message.status).toBe('sent');

      const [failedId] = await queue(shipped('failed-once'));
      await deliver(failing);
      expect((await staff('POST', `/api/admin/messages/${failedId}/resend`)).statusCode).toBe(201);
    });

    it('refuses to send again a message still on its way, a private one, or none', async () => {
      const [queuedId, resetId] = await queue(shipped('on-its-way'), reset);
      const before = await shop.handle.db.selectFrom('messages').select('id').execute();
      const onItsWay = await staff('POST', `/api/admin/messages/${queuedId}/resend`);
      expect(onItsWay.statusCode).toBe(409);
      expect(onItsWay.json()).toMatchObject({ code: 'MESSAGE_NOT_FINISHED' });
      await deliver();
      const privateOne = await staff('POST', `/api/admin/messages/${resetId}/resend`);
      expect(privateOne.statusCode).toBe(409);
      expect(privateOne.json()).toMatchObject({ code: 'MESSAGE_PRIVATE' });
      expect((await staff('POST', '/api/admin/messages/no-such-message/resend')).statusCode).toBe(404);
      // Nothing was written: no copy, no audit.
      expect(await shop.handle.db.selectFrom('messages').select('id').execute()).toHaveLength(before.length);
      expect(
        await shop.handle.db.selectFrom('audit_events').select('id').where('entity_type', '=', 'message').execute(),
      ).toEqual([]);
    });
  });
});
