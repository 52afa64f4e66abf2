import { accountLinkMinutes } from '@shop/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { defaultAttemptLimits } from '../../lib/attempt-limits.ts';
import { newShopper, signedInShopper } from '../../test/accounts.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { refuseWrites } from '../../test/failures.ts';
import { linkTokenFor, messagesTo } from '../../test/messages.ts';
import { sendAccountLink } from './account-links.ts';
import { findUserByEmail } from './auth.repository.ts';
import { createOrPromoteAdmin, FORGOT_PASSWORD_ANSWER_MS } from './auth.service.ts';

const NEW_PASSWORD = 'Saffron-Monsoon-Ledger-9';

let addressCounter = 0;
/** A client address of its own, so per-address limits never couple tests. */
const freshAddress = () => {
  addressCounter += 1;
  return `10.61.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
};

describe.each(testDialects)('account recovery and verified emails on %s', (dialect) => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop(dialect, {
      limits: { passwordReset: { perMailbox: 3, perAddress: 4 }, verificationEmail: { perAccount: 2 } },
    });
  });
  afterAll(async () => {
    await shop?.close();
  });

  const post = (url: string, payload?: object, headers: Record<string, string> = {}, remoteAddress = freshAddress()) =>
    shop.app.inject({ method: 'POST', url, headers, remoteAddress, ...(payload && { payload }) });
  const forgot = (email: string, remoteAddress = freshAddress()) =>
    post('/api/auth/forgot-password', { email }, {}, remoteAddress);
  const reset = (token: string, password = NEW_PASSWORD) => post('/api/auth/reset-password', { token, password });
  const signIn = (email: string, password: string) => post('/api/auth/login', { email, password });
  const profile = (token: string) =>
    shop.app.inject({ url: '/api/auth/profile', headers: { authorization: `Bearer ${token}` } });
  const resetToken = (email: string) => linkTokenFor(shop.handle.db, email, 'password-reset');

  describe('forgot password', () => {
    it('answers a known and an unknown email alike, in the same time, and emails only the account', async () => {
      const known = await signedInShopper(shop.app);
      const timings = { known: [] as number[], unknown: [] as number[] };
      const answers = new Set<string>();
      for (let round = 0; round < 3; round++) {
        for (const [kind, email] of [
          ['known', known.email],
          ['unknown', `nobody.${Date.now()}.${round}@example.com`],
        ] as const) {
          const started = performance.now();
          const res = await forgot(email);
          timings[kind].push(performance.now() - started);
          const { date: _date, ...headers } = res.headers;
          answers.add(JSON.stringify({ status: res.statusCode, body: res.body, headers }));
        }
      }
      // One answer, byte for byte, whoever asked.
      expect(answers.size).toBe(1);
      const [only] = [...answers].map((a) => JSON.parse(a));
      expect(only.status).toBe(202);
      expect(JSON.parse(only.body)).toEqual({
        success: true,
        message: "If an account exists for that email, we've sent a link to reset the password.",
        data: null,
      });
      // Both take the floor's time at least, and about the same.
      const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
      for (const ms of [...timings.known, ...timings.unknown])
        expect(ms).toBeGreaterThanOrEqual(FORGOT_PASSWORD_ANSWER_MS - 5);
      expect(Math.abs(median(timings.known) - median(timings.unknown))).toBeLessThan(100);

      const sent = await messagesTo(shop.handle.db, known.email, 'password-reset');
      expect(sent).toHaveLength(3);
      // The link and its lifetime only: no name typed by whoever signed up.
      expect(Object.keys(sent[0]!.data).sort()).toEqual(['expiresInMinutes', 'link']);
      expect(sent[0]!.data).toMatchObject({ expiresInMinutes: 30 });
      expect(sent[0]!.data.link).toMatch(/^\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
      const stored = await shop.handle.db.selectFrom('account_tokens').select('token_hash').execute();
      // Only hashes are kept: no stored value is a token that was sent.
      const token = await resetToken(known.email);
      expect(stored.map((s) => s.token_hash)).not.toContain(token);
    });

    it('never stops the mailbox owner: every request for an email is answered, its emails sent at a bounded rate', async () => {
      const owner = await signedInShopper(shop.app);
      for (const email of [owner.email, `ghost.${Date.now()}@example.com`]) {
        // A stranger asks for the email many times at once, from many addresses, round after round.
        for (let round = 0; round < 4; round++) {
          const answers = await Promise.all(Array.from({ length: 12 }, () => forgot(email)));
          for (const answer of answers) {
            expect(answer.statusCode, `round ${round}`).toBe(202);
            expect(answer.json().message).toBe(
              "If an account exists for that email, we've sent a link to reset the password.",
            );
          }
          // The mailbox gets no more than its budget (3 here) in the window, however many asked.
          const sent = await messagesTo(shop.handle.db, email, 'password-reset');
          expect(sent.length, `round ${round}`).toBe(email === owner.email ? 3 : 0);
        }
      }
      // The owner asks too: answered as anyone is, and a link in the mailbox works.
      expect((await forgot(owner.email)).statusCode).toBe(202);
      expect((await reset(await resetToken(owner.email))).statusCode).toBe(200);
    });

    it('holds emails back only while a link sent before is still working', () => {
      const { mailboxWindowMinutes } = defaultAttemptLimits.passwordReset;
      expect(mailboxWindowMinutes).toBeLessThanOrEqual(accountLinkMinutes['password-reset']);
    });

    it('is limited per address', async () => {
      const address = freshAddress();
      for (let i = 0; i < 4; i++)
        expect((await forgot(`many.${Date.now()}.${i}@example.com`, address)).statusCode).toBe(202);
      expect((await forgot(`many.${Date.now()}.last@example.com`, address)).statusCode).toBe(429);
    });

    it('refuses a malformed email with a 400', async () => {
      const res = await forgot('not-an-email');
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    });
  });

  describe('reset password', () => {
    it('sets the new password, ends every session, and signs the shopper in', async () => {
      const shopper = await signedInShopper(shop.app);
      await forgot(shopper.email);
      const res = await reset(await resetToken(shopper.email));
      expect(res.statusCode, res.body).toBe(200);
      const { accessToken, user } = res.json().data;
      expect(user).toMatchObject({ email: shopper.email, emailVerified: true });
      expect((await profile(accessToken)).statusCode).toBe(200);
      // The session held before is over, and so is the old password.
      expect((await profile(shopper.token)).statusCode).toBe(401);
      expect((await signIn(shopper.email, shopper.password)).statusCode).toBe(401);
      expect((await signIn(shopper.email, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('works once: the same link a second time is refused', async () => {
      const shopper = await signedInShopper(shop.app);
      await forgot(shopper.email);
      const token = await resetToken(shopper.email);
      expect((await reset(token)).statusCode).toBe(200);
      const again = await reset(token, 'Another-Fresh-Passphrase-7');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ code: 'LINK_USED', message: expect.stringContaining('used already') });
      expect((await signIn(shopper.email, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('refuses an expired link, and changes nothing', async () => {
      const shopper = await signedInShopper(shop.app);
      await forgot(shopper.email);
      const past = new Date(Date.now() - 1000).toISOString();
      await shop.handle.db.updateTable('account_tokens').set({ expires_at: past }).execute();
      const res = await reset(await resetToken(shopper.email));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'LINK_EXPIRED' });
      expect((await profile(shopper.token)).statusCode).toBe(200);
      expect((await signIn(shopper.email, shopper.password)).statusCode).toBe(200);
    });

    it('lasts 30 minutes', async () => {
      const shopper = await signedInShopper(shop.app);
      await forgot(shopper.email);
      const user = await findUserByEmail(shop.handle.db, shopper.email);
      const link = await shop.handle.db
        .selectFrom('account_tokens')
        .selectAll()
        .where('user_id', '=', user!.id)
        .where('purpose', '=', 'password-reset')
        .executeTakeFirstOrThrow();
      expect(new Date(link.expires_at).getTime() - new Date(link.created_at).getTime()).toBe(30 * 60_000);
    });

    it("changes only the link's own account, and a link of another kind or made up does nothing", async () => {
      const [a, b] = [await signedInShopper(shop.app), await signedInShopper(shop.app)];
      await forgot(a.email);
      expect((await reset(await resetToken(a.email))).statusCode).toBe(200);
      // B is untouched: its session and password still work.
      expect((await profile(b.token)).statusCode).toBe(200);
      expect((await signIn(b.email, b.password)).statusCode).toBe(200);
      expect((await signIn(b.email, NEW_PASSWORD)).statusCode).toBe(401);
      // B's verification link is not a reset link; nor is a made-up token.
      const verifyToken = await linkTokenFor(shop.handle.db, b.email, 'verify-email');
      for (const token of [verifyToken, 'A'.repeat(43)]) {
        const res = await reset(token);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'INVALID_LINK' });
      }
      expect((await profile(b.token)).statusCode).toBe(200);
    });

    it('stops working when the password changes by another route', async () => {
      const shopper = await signedInShopper(shop.app);
      await forgot(shopper.email);
      const token = await resetToken(shopper.email);
      // An operator promotes the account, with a password of their own.
      await createOrPromoteAdmin(shop.handle.db, {
        email: shopper.email,
        password: 'Operator-Chosen-Phrase-4',
        allowUnverified: true,
      });
      const res = await reset(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'LINK_PASSWORD_CHANGED' });
      expect((await signIn(shopper.email, 'Operator-Chosen-Phrase-4')).statusCode).toBe(200);
    });

    it('retires the other reset links of the account once one is used', async () => {
      const shopper = await signedInShopper(shop.app);
      await forgot(shopper.email);
      const first = await resetToken(shopper.email);
      await forgot(shopper.email);
      const second = await resetToken(shopper.email);
      expect(first).not.toBe(second);
      expect((await reset(second)).statusCode).toBe(200);
      expect((await reset(first, 'Yet-Another-Passphrase-3')).statusCode).toBe(400);
    });

    it('applies the sign-up password rules, and a refused password leaves the link working', async () => {
      const shopper = await signedInShopper(shop.app);
      await forgot(shopper.email);
      const token = await resetToken(shopper.email);
      for (const [password, code] of [
        ['short', 'VALIDATION_FAILED'],
        ['password123', 'COMMON_PASSWORD'],
        ['1qaz1qaz', 'COMMON_PASSWORD'],
        ['MaxPayne', 'COMMON_PASSWORD'],
        ['Ravi-Kumar', 'WEAK_PASSWORD'],
      ]) {
        const res = await reset(token, password);
        expect(res.statusCode, password).toBe(400);
        expect(res.json().code).toBe(code);
      }
      expect((await reset(token)).statusCode).toBe(200);
    });

    it('forgets the addresses the account signed in from under its old password', async () => {
      // Its own app on the same database, with a small per-account budget.
      const strict: FastifyInstance = await buildApp({
        database: shop.handle,
        limits: { signIn: { perAccount: 3, perAddress: 1000, perAccountAndAddress: 1000 } },
      });
      try {
        const squatterAddress = freshAddress();
        const body = newShopper();
        const signup = await strict.inject({
          method: 'POST',
          url: '/api/auth/signup',
          payload: body,
          remoteAddress: squatterAddress,
        });
        expect(signup.statusCode).toBe(201);
        const login = (password: string, remoteAddress: string) =>
          strict.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: body.email, password },
            remoteAddress,
          });
        // Strangers use up the account's budget; the address it signed up from is exempt.
        for (let i = 0; i < 3; i++) expect((await login('wrong-guess-1', freshAddress())).statusCode).toBe(401);
        expect((await login('wrong-guess-1', freshAddress())).statusCode).toBe(429);
        expect((await login('wrong-guess-1', squatterAddress)).statusCode).toBe(401);

        const askedFrom = freshAddress();
        await strict.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: body.email },
          remoteAddress: askedFrom,
        });
        const token = await resetToken(body.email);
        const done = await strict.inject({
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: { token, password: NEW_PASSWORD },
          remoteAddress: askedFrom,
        });
        expect(done.statusCode).toBe(200);
        // The old address is a stranger's now: the used-up budget holds there.
        expect((await login('wrong-guess-1', squatterAddress)).statusCode).toBe(429);
        // The address the reset came from is the owner's.
        expect((await login(NEW_PASSWORD, askedFrom)).statusCode).toBe(200);
      } finally {
        await strict.close();
      }
    });

    it('lets exactly one of two simultaneous uses of a link win (30 rounds)', async () => {
      const shopper = await signedInShopper(shop.app);
      for (let round = 0; round < 30; round++) {
        const user = (await findUserByEmail(shop.handle.db, shopper.email))!;
        const token = await shop.handle.db
          .transaction()
          .execute((trx) => sendAccountLink(trx, user, 'password-reset', new Date()));
        const passwords = [`Round-${round}-Left-Kurta`, `Round-${round}-Right-Dhoti`];
        const results = await Promise.all(passwords.map((password) => reset(token, password)));
        const statuses = results.map((r) => r.statusCode).sort();
        expect(statuses, `round ${round}`).toEqual([200, 400]);
        const winner = passwords[results.findIndex((r) => r.statusCode === 200)]!;
        const loser = passwords.find((p) => p !== winner)!;
        // The loser may see the link used, or the password it was sent under already changed.
        expect(['LINK_USED', 'LINK_PASSWORD_CHANGED']).toContain(
          results.find((r) => r.statusCode === 400)!.json().code,
        );
        expect((await signIn(shopper.email, winner)).statusCode, `round ${round}`).toBe(200);
        expect((await signIn(shopper.email, loser)).statusCode, `round ${round}`).toBe(401);
      }
    }, 120_000);
  });

  describe('verified emails', () => {
    it('sign-up queues a verification link with the account; the link verifies the email once', async () => {
      const shopper = await signedInShopper(shop.app);
      expect((await profile(shopper.token)).json().data.emailVerified).toBe(false);
      const [message] = await messagesTo(shop.handle.db, shopper.email, 'verify-email');
      expect(message).toMatchObject({ user_id: shopper.user._id, status: 'queued' });
      expect(message!.data.link).toMatch(/^\/verify-email\?token=/);

      const token = await linkTokenFor(shop.handle.db, shopper.email, 'verify-email');
      const res = await post('/api/auth/verify-email', { token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: 'Your email address is verified.' });
      // What was set up before the proof (the session, the password) ends; the owner chooses a password.
      expect((await profile(shopper.token)).statusCode).toBe(401);
      const chosen = await reset(res.json().data.setPasswordToken);
      expect(chosen.statusCode, chosen.body).toBe(200);
      expect((await profile(chosen.json().data.accessToken)).json().data.emailVerified).toBe(true);
      const again = await post('/api/auth/verify-email', { token });
      expect(again.statusCode).toBe(400);
      expect(again.json().code).toBe('LINK_USED');
    });

    it('a reset link is not a verification link', async () => {
      const shopper = await signedInShopper(shop.app);
      await forgot(shopper.email);
      const res = await post('/api/auth/verify-email', { token: await resetToken(shopper.email) });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_LINK');
      expect((await profile(shopper.token)).json().data.emailVerified).toBe(false);
    });

    it('sends the link again to a signed-in, unverified account, a few times an hour', async () => {
      const shopper = await signedInShopper(shop.app);
      const send = () => post('/api/auth/verification-email', undefined, shopper.auth);
      expect((await post('/api/auth/verification-email')).statusCode).toBe(401);
      for (let i = 0; i < 2; i++) expect((await send()).statusCode).toBe(202);
      expect(await messagesTo(shop.handle.db, shopper.email, 'verify-email')).toHaveLength(3);
      const limited = await send();
      expect(limited.statusCode).toBe(429);
      expect(await messagesTo(shop.handle.db, shopper.email, 'verify-email')).toHaveLength(3);
      // Every link sent works (the first here); once verified, there is nothing to send.
      const [first] = await messagesTo(shop.handle.db, shopper.email, 'verify-email');
      const token = new URL(String(first!.data.link), 'http://x').searchParams.get('token')!;
      const confirmed = await post('/api/auth/verify-email', { token });
      expect(confirmed.statusCode).toBe(200);
      const chosen = await reset(confirmed.json().data.setPasswordToken);
      const owner = { authorization: `Bearer ${chosen.json().data.accessToken}` };
      const done = await post('/api/auth/verification-email', undefined, owner);
      expect(done.statusCode).toBe(409);
      expect(done.json().code).toBe('ALREADY_VERIFIED');
    });

    it('no account without its verification email: a refused outbox write rolls the sign-up back', async () => {
      const body = newShopper();
      const undo = await refuseWrites(shop.handle, 'messages', 'insert');
      try {
        const res = await post('/api/auth/signup', body);
        expect(res.statusCode).toBe(500);
      } finally {
        await undo();
      }
      expect(await findUserByEmail(shop.handle.db, body.email)).toBeUndefined();
      expect(await messagesTo(shop.handle.db, body.email)).toEqual([]);
      // And with the outbox back, the same sign-up goes through, with its email.
      expect((await post('/api/auth/signup', body)).statusCode).toBe(201);
      expect(await messagesTo(shop.handle.db, body.email, 'verify-email')).toHaveLength(1);
    });

    it('no reset link without its email: a refused outbox write leaves no working link', async () => {
      const shopper = await signedInShopper(shop.app);
      const undo = await refuseWrites(shop.handle, 'messages', 'insert');
      try {
        expect((await forgot(shopper.email)).statusCode).toBe(500);
      } finally {
        await undo();
      }
      const user = await findUserByEmail(shop.handle.db, shopper.email);
      const links = await shop.handle.db
        .selectFrom('account_tokens')
        .select('id')
        .where('user_id', '=', user!.id)
        .where('purpose', '=', 'password-reset')
        .execute();
      expect(links).toEqual([]);
    });
  });
});
