import { describe, expect, it } from 'vitest';
import { unprovedHoldEnd, type EmailProof } from './email-proof.ts';

describe('unprovedHoldEnd', () => {
  it.each<[EmailProof, boolean, { takeNameFromProvider: boolean; choosePasswordNext: boolean } | null]>([
    ['verify-link', false, { takeNameFromProvider: false, choosePasswordNext: true }],
    ['reset-link', false, { takeNameFromProvider: false, choosePasswordNext: false }],
    ['identity-provider', false, { takeNameFromProvider: true, choosePasswordNext: false }],
    ['verify-link', true, null],
    ['reset-link', true, null],
    ['identity-provider', true, null],
  ])('%s, email verified already: %s', (proof, emailVerified, expected) => {
    const end = unprovedHoldEnd(proof, { emailVerified });
    if (expected === null) {
      expect(end).toBeNull();
      return;
    }
    expect(end).toMatchObject(expected);
    // Whatever proves the email, the unproved holder keeps nothing: no password, no session,
    // no way back by a reset link, and none of what they saved.
    expect([...end!.clears].sort()).toEqual(['addresses', 'password', 'phone', 'reset-links', 'sessions']);
  });
});
