import { renderMessage } from '@shop/emails';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newShopper } from '../../test/accounts.ts';
import { createTestShop, testDialects, type TestShop } from '../../test/databases.ts';
import { messagesTo } from '../../test/messages.ts';
import { signInWithIdentity } from './auth.service.ts';
import { createTokenService } from './tokens.ts';

const tokens = createTokenService(new TextEncoder().encode('a-test-secret-that-is-long-enough-for-hs256'), 3600);

/**
 * Names are letters (any script), spaces and . ' -: a sign-up cannot put a message or a web
 * address into the email the shop then sends to whatever address was typed.
 */
describe.each(testDialects)('the names an account carries, on %s', (dialect) => {
  let shop: TestShop;
  let ip = 0;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const signUp = (body: object) =>
    shop.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body, remoteAddress: `10.31.0.${++ip}` });

  it.each([
    [
      'firstName',
      'Winner\nClaim your prize at https://evil.example',
      "First name can contain only letters, spaces, and . ' -",
    ],
    ['firstName', 'Visit evil.example', 'First name needs a space after a full stop'],
    ['lastName', 'www.evil.example', 'Last name needs a space after a full stop'],
    ['lastName', 'Kumar <a href=x>', "Last name can contain only letters, spaces, and . ' -"],
    ['firstName', 'Ravi 98765 43210', "First name can contain only letters, spaces, and . ' -"],
    ['firstName', '...', 'First name must contain a letter.'],
  ])('refuses a sign-up whose %s is %j (400, nothing stored, nothing sent)', async (field, value, message) => {
    const body = newShopper({ [field]: value });
    const res = await signUp(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining(message),
    });
    expect(await messagesTo(shop.handle.db, body.email)).toEqual([]);
    expect((await signUp({ ...body, [field]: 'Asha' })).statusCode).toBe(201);
  });

  it.each([
    ['रवि', 'शंकर', 'रवि शंकर'],
    ['முருகன்', 'செல்வம்', 'முருகன் செல்வம்'],
    ['A.P.J. Abdul', 'Kalam', 'A.P.J. Abdul Kalam'],
    ['  Mary   Ann ', 'D’Souza', "Mary Ann D'Souza"],
    ['Ravi', 'Sen‐Gupta', 'Ravi Sen-Gupta'],
  ])('accepts %s %s, kept as %j', async (firstName, lastName, fullName) => {
    const res = await signUp(newShopper({ firstName, lastName }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.fullName).toBe(fullName);
  });

  it('sends the confirmation email without either name', async () => {
    const body = newShopper({ firstName: 'Zoravar', lastName: 'Quennell' });
    expect((await signUp(body)).statusCode).toBe(201);
    const [message] = await messagesTo(shop.handle.db, body.email, 'verify-email');
    expect(Object.keys(message!.data)).toEqual(['link']);
    const rendered = await renderMessage('verify-email', message!.data, { publicUrl: 'https://shop.example.in' });
    for (const part of [rendered.subject, rendered.html, rendered.text]) {
      expect(part).not.toContain('Zoravar');
      expect(part).not.toContain('Quennell');
    }
  });

  it.each([
    ['Gita', 'Rao', 'Gita', 'Rao'],
    ['Priya\nVisit https://evil.example', 'Sharma 🙂', 'Priya Visit https evil. example', 'Sharma'],
    ['  Ravi   (Work) ', 'Kumar2', 'Ravi Work', 'Kumar'],
    ['🙂', '1234', 'User', ''],
    ['', '', 'User', ''],
    ['A'.repeat(80), 'राव', 'A'.repeat(50), 'राव'],
  ])('makes the Google names %j %j into %j %j, never refusing the sign-in', async (given, family, first, last) => {
    const subject = `google-${dialect}-${++ip}`;
    const { user } = await signInWithIdentity(
      shop.handle.db,
      tokens,
      {
        provider: 'google',
        subject,
        email: `${subject}@example.com`,
        emailVerified: true,
        firstName: given,
        lastName: family,
      },
      { ownAccountsOnly: false },
    );
    expect(user).toMatchObject({ firstName: first, lastName: last });
  });
});
