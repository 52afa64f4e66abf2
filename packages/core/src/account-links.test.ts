import { describe, expect, it } from 'vitest';
import { accountLinkPath, accountLinkRefusal, type IssuedLink } from './account-links.ts';

const now = new Date('2026-11-26T10:00:00.000Z');
const reset: IssuedLink = {
  purpose: 'password-reset',
  usedAt: null,
  expiresAt: '2026-11-26T10:30:00.000Z',
  email: 'asha@example.com',
  passwordFingerprint: 'fp-1',
};
const account = { email: 'asha@example.com', passwordFingerprint: 'fp-1' };

describe('accountLinkRefusal', () => {
  it.each([
    ['a fresh reset link works', reset, account, null],
    ['a used link', { ...reset, usedAt: '2026-11-26T09:59:00.000Z' }, account, 'USED'],
    ['one past its time', { ...reset, expiresAt: '2026-11-26T09:59:59.999Z' }, account, 'EXPIRED'],
    ['one that ends right now', { ...reset, expiresAt: now.toISOString() }, account, 'EXPIRED'],
    ['used and expired: used is the answer', { ...reset, usedAt: 'x', expiresAt: '2000-01-01' }, account, 'USED'],
    ['sent to another address', reset, { ...account, email: 'other@example.com' }, 'EMAIL_CHANGED'],
    ['a reset after the password changed', reset, { ...account, passwordFingerprint: 'fp-2' }, 'PASSWORD_CHANGED'],
    [
      'a verification link ignores the password',
      { ...reset, purpose: 'verify-email' as const },
      { ...account, passwordFingerprint: 'fp-2' },
      null,
    ],
  ])('%s', (_case, link, current, expected) => {
    expect(accountLinkRefusal(link, current, now)).toBe(expected);
  });
});

describe('accountLinkPath', () => {
  it.each([
    ['password-reset', 'abc_-1', '/reset-password?token=abc_-1'],
    ['verify-email', 'a+b/c', '/verify-email?token=a%2Bb%2Fc'],
  ] as const)('%s with %s → %s', (purpose, token, path) => {
    expect(accountLinkPath(purpose, token)).toBe(path);
  });
});
