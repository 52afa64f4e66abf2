/**
 * Account pre-hijacking: anyone can open an account with someone else's email, set a password,
 * save an address and keep a session, waiting for the owner to confirm the email or sign in
 * with Google. Proving the email shows only that the mailbox's owner is there now; nothing
 * set up before the proof was set up by someone who showed that.
 */

/**
 * How an account's email comes to be proved: its verification link used (a click on the
 * confirm page), a reset link used (it reached the inbox), or a real identity provider
 * vouching for the address as it links the account.
 */
export type EmailProof = 'verify-link' | 'reset-link' | 'identity-provider';

/** What the proof takes back from whoever held the account before it. */
export interface UnprovedHoldEnd {
  /**
   * Always: the password chosen before (the owner chooses their own), every session, unused
   * reset links, and the saved addresses and phone (someone's personal details, and an address
   * would prefill the owner's checkout). The cart stays: it holds no one's details, every line
   * shows at checkout, and nearly every proof is a new shopper's own, made with a cart filled.
   */
  clears: readonly ['password', 'sessions', 'reset-links', 'addresses', 'phone'];
  /** The name becomes the one the provider knows the owner by (when it gives one). */
  takeNameFromProvider: boolean;
  /**
   * The owner is led straight to choosing a password: a confirmation leaves the account
   * without one. A reset sets one itself; a provider signs the owner in.
   */
  choosePasswordNext: boolean;
}

const clears = ['password', 'sessions', 'reset-links', 'addresses', 'phone'] as const;

/**
 * What proving the email does to the account: nothing to an account whose email was proved
 * already (what it holds was set up by its proved owner), else the end of the unproved hold.
 */
export function unprovedHoldEnd(proof: EmailProof, account: { emailVerified: boolean }): UnprovedHoldEnd | null {
  if (account.emailVerified) return null;
  return {
    clears,
    takeNameFromProvider: proof === 'identity-provider',
    choosePasswordNext: proof === 'verify-link',
  };
}
