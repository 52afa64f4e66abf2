import { isIPv4, isIPv6 } from 'node:net';

/**
 * Every attempt limit of the shop, in one place (the README's "Limits" table shows them).
 * Each group counts within fixed windows of its own length, from a key's first attempt.
 */
export const defaultAttemptLimits = {
  /** Failed sign-ins (a check that ran and failed; unknown emails count alike). */
  signIn: {
    windowMinutes: 15,
    /** One account from one address: what the owner's own typos run into. */
    perAccountAndAddress: 10,
    /** One address, all accounts together (password spraying); shared addresses need room. */
    perAddress: 100,
    /** One IPv6 /48 (a subscriber's whole site), all accounts together. */
    perNetwork: 300,
    /**
     * One account, all addresses together, except those it signed in from successfully within
     * `knownAddressDays`: strangers cannot lock the owner out of a familiar address.
     */
    perAccount: 100,
    knownAddressDays: 30,
  },
  /** Every sign-up attempt (refused ones too: "Email already registered" answers a question). */
  signUp: { windowMinutes: 60, perAddress: 300, perNetwork: 900 },
  /** Failed coupon lookups and applies: unknown or inactive codes only. */
  coupons: { windowMinutes: 15, perAddress: 100, perNetwork: 300, perAccount: 20 },
  /**
   * "Forgot password": every request from one address, for known and unknown emails alike (over
   * it, 429); and the reset emails one mailbox is sent. Requests past the mailbox's budget are
   * answered as any other but send nothing, so a stranger asking for someone's email never stops
   * the owner: the links sent in the last `mailboxWindowMinutes` still work (a reset link works
   * 30 minutes), and the next window sends again.
   */
  passwordReset: { windowMinutes: 60, perAddress: 20, mailboxWindowMinutes: 15, perMailbox: 2 },
  /** Every "send the verification link again" of one account. */
  verificationEmail: { windowMinutes: 60, perAccount: 5 },
  /**
   * Catalogue searches a process works out (lists with `q`, search, suggestions) that its
   * micro-cache did not answer: far more than a shopper typing asks for (a few a second at
   * most, while typing), few enough that unique queries from one address cannot take a core.
   * Counted in each process's memory, whatever holds the other counts (catalog.routes.ts).
   */
  search: { windowMinutes: 5, perAddress: 1000, perNetwork: 3000 },
  /**
   * Complaints filed (each emails its acknowledgement to the address typed, signed in or not):
   * far more than one household has grievances, few enough that the form sends no spam.
   */
  complaints: { windowMinutes: 60, perAddress: 10, perNetwork: 50 },
};

type Widen<T> = { [K in keyof T]: T[K] extends number ? number : Widen<T[K]> };
export type AttemptLimits = Widen<typeof defaultAttemptLimits>;
/** Some numbers changed (tests, load tests); the rest stay the defaults. */
export type AttemptLimitChanges = { [G in keyof AttemptLimits]?: Partial<AttemptLimits[G]> };

export function attemptLimitsWith(changes: AttemptLimitChanges = {}): AttemptLimits {
  return {
    signIn: { ...defaultAttemptLimits.signIn, ...changes.signIn },
    signUp: { ...defaultAttemptLimits.signUp, ...changes.signUp },
    coupons: { ...defaultAttemptLimits.coupons, ...changes.coupons },
    passwordReset: { ...defaultAttemptLimits.passwordReset, ...changes.passwordReset },
    verificationEmail: { ...defaultAttemptLimits.verificationEmail, ...changes.verificationEmail },
    search: { ...defaultAttemptLimits.search, ...changes.search },
    complaints: { ...defaultAttemptLimits.complaints, ...changes.complaints },
  };
}

/**
 * Every count raised to at least `floor` (AUTH_MAX_ATTEMPTS, for load tests and browser
 * journeys that sign many shoppers up from one address); windows unchanged.
 */
export function attemptLimitsAtLeast(floor: number): AttemptLimitChanges {
  const { signIn, signUp, coupons, passwordReset, verificationEmail, search, complaints } = defaultAttemptLimits;
  const raise = (n: number) => Math.max(n, floor);
  return {
    signIn: {
      perAccountAndAddress: raise(signIn.perAccountAndAddress),
      perAddress: raise(signIn.perAddress),
      perNetwork: raise(signIn.perNetwork),
      perAccount: raise(signIn.perAccount),
    },
    signUp: { perAddress: raise(signUp.perAddress), perNetwork: raise(signUp.perNetwork) },
    coupons: {
      perAddress: raise(coupons.perAddress),
      perNetwork: raise(coupons.perNetwork),
      perAccount: raise(coupons.perAccount),
    },
    passwordReset: { perAddress: raise(passwordReset.perAddress), perMailbox: raise(passwordReset.perMailbox) },
    verificationEmail: { perAccount: raise(verificationEmail.perAccount) },
    search: { perAddress: raise(search.perAddress), perNetwork: raise(search.perNetwork) },
    complaints: { perAddress: raise(complaints.perAddress), perNetwork: raise(complaints.perNetwork) },
  };
}

/** "15 minutes", "an hour", "2 hours": how long a refused client waits at most. */
export function waitingTime(windowMinutes: number): string {
  if (windowMinutes === 60) return 'an hour';
  if (windowMinutes % 60 === 0) return `${windowMinutes / 60} hours`;
  return windowMinutes === 1 ? 'a minute' : `${windowMinutes} minutes`;
}

/** The first `groups` 16-bit groups of an IPv6 address, written in full: `2001:db8:0:1`. */
function ipv6Prefix(address: string, groupCount: number): string {
  const bare = address.split('%')[0]!;
  const [head = '', tail] = bare.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const right = tail === undefined ? [] : groups(tail);
  // An IPv4 tail (::ffff:1.2.3.4) stands for two groups.
  const rightCount = right.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const left = groups(head);
  const full =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - rightCount).fill('0'), ...right];
  return full
    .slice(0, groupCount)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':');
}

/**
 * Whether `ip` is this machine itself (127.0.0.0/8, ::1, or such an address mapped into IPv6):
 * the shop's own calls, or a proxy in front that was not declared with TRUST_PROXY, behind which
 * every shopper would share one address.
 */
export function isLoopback(ip: string): boolean {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1] ?? ip;
  return (isIPv4(v4) && v4.startsWith('127.')) || ip === '::1';
}

/**
 * The address a per-address limit counts: an IPv4 address as it is, and an IPv6 address by
 * its /64 network, as one subscriber is given a whole /64 and could otherwise change address
 * with every request.
 */
export function limitedAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip)) return ip;
  if (isIPv6(ip.split('%')[0]!)) return `${ipv6Prefix(ip.toLowerCase(), 4)}::/64`;
  return ip;
}

/**
 * The wider network an IPv6 address belongs to, counted by a second, larger budget: providers
 * give one subscriber a /56 or a /48, 256 or 65,536 /64s, which would otherwise each have the
 * per-address budget. Null for IPv4, where one address is what a subscriber has.
 */
export function limitedNetwork(ip: string): string | null {
  const bare = ip.split('%')[0]!;
  if (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(bare) || !isIPv6(bare)) return null;
  return `${ipv6Prefix(bare.toLowerCase(), 3)}::/48`;
}

/**
 * The network an address belongs to, where one holder's share of the stock is counted (orders
 * not paid or shipped yet): an IPv4 /24, as one provider's customers, an office or a small
 * hosting customer usually come from one; an IPv6 /48, a subscriber's whole site (its /64 being
 * the address itself, `limitedAddress`). Null for what is not an address.
 */
export function clientNetwork(ip: string): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const v4 = mapped ? mapped[1]! : ip;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  return limitedNetwork(ip);
}
