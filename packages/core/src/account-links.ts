/**
 * One-time links the shop emails about an account: a password reset, and the proof that an
 * email address is the account's own.
 */
export type AccountLinkPurpose = 'password-reset' | 'verify-email';

/** How long each link works, in minutes. */
export const accountLinkMinutes: Record<AccountLinkPurpose, number> = {
  // Short: it lets whoever holds it into the account.
  'password-reset': 30,
  // Long enough for a shopper who reads their mail once a day or two.
  'verify-email': 3 * 24 * 60,
};

/** The page of the shop each link opens, with its token. */
export const accountLinkPaths: Record<AccountLinkPurpose, string> = {
  'password-reset': '/reset-password',
  'verify-email': '/verify-email',
};

/** The path of a link, with its token in the query. */
export function accountLinkPath(purpose: AccountLinkPurpose, token: string): string {
  return `${accountLinkPaths[purpose]}?token=${encodeURIComponent(token)}`;
}

/** A link as it was issued. */
export interface IssuedLink {
  purpose: AccountLinkPurpose;
  usedAt: string | null;
  expiresAt: string;
  /** The email it was sent to. */
  email: string;
  /** The fingerprint of the account's password when it was issued. */
  passwordFingerprint: string;
}

/** The account as it is now. */
export interface LinkedAccount {
  email: string;
  passwordFingerprint: string;
}

export type AccountLinkRefusal = 'USED' | 'EXPIRED' | 'EMAIL_CHANGED' | 'PASSWORD_CHANGED';

/**
 * Why a link no longer works, or null when it does: used already, past its time, sent to an
 * address the account no longer has, or (a reset) the password changed since, by any route.
 */
export function accountLinkRefusal(link: IssuedLink, account: LinkedAccount, now: Date): AccountLinkRefusal | null {
  if (link.usedAt !== null) return 'USED';
  if (link.expiresAt <= now.toISOString()) return 'EXPIRED';
  if (link.email !== account.email) return 'EMAIL_CHANGED';
  if (link.purpose === 'password-reset' && link.passwordFingerprint !== account.passwordFingerprint) {
    return 'PASSWORD_CHANGED';
  }
  return null;
}

export const accountLinkRefusalMessages: Record<AccountLinkRefusal | 'UNKNOWN', string> = {
  UNKNOWN: 'This link is not valid. Please ask for a new one.',
  USED: 'This link has been used already. Please ask for a new one.',
  EXPIRED: 'This link has expired. Please ask for a new one.',
  EMAIL_CHANGED: 'This link was sent to an address the account no longer has. Please ask for a new one.',
  PASSWORD_CHANGED: 'The password has changed since this link was sent. Please ask for a new one.',
};
