import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'kapas-shop';
const AUDIENCE = 'kapas-shop-web';

export interface TokenClaims {
  userId: string;
  /** The user's token version when the token was issued; log out raises it. */
  tokenVersion: number;
}

export interface TokenService {
  sign(claims: TokenClaims): Promise<string>;
  /** The claims of a valid token, or null for anything forged, expired or malformed. */
  verify(token: string): Promise<TokenClaims | null>;
}

/** How many verified tokens a process remembers (one per signed-in shopper active lately). */
const REMEMBERED_TOKENS = 10_000;

/**
 * HS256 access tokens: algorithm, issuer, audience and expiry are all checked. A token that
 * passed is remembered by its exact text until it expires: a session sends the same token with
 * every request, and checking its signature again (WebCrypto, a round trip through the thread
 * pool) cost more than the rest of authenticating it. Nothing but a verified token is
 * remembered; its expiry is still checked on every use, and whether it was revoked is asked of
 * the database every time (see plugins/authenticate.ts).
 */
export function createTokenService(secret: Uint8Array, ttlSeconds: number): TokenService {
  const verified = new Map<string, TokenClaims & { expiresAt: number }>();
  const remember = (token: string, claims: TokenClaims, expiresAt: number) => {
    // The oldest goes first: Map keeps insertion order.
    if (verified.size >= REMEMBERED_TOKENS) verified.delete(verified.keys().next().value!);
    verified.set(token, { ...claims, expiresAt });
  };
  return {
    sign: ({ userId, tokenVersion }) =>
      new SignJWT({ tv: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(secret),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        // As jose decides it: expired once the current second reaches `exp`.
        if (known.expiresAt > Math.floor(Date.now() / 1000)) {
          return { userId: known.userId, tokenVersion: known.tokenVersion };
        }
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['sub', 'exp', 'tv'],
        });
        if (typeof payload.sub !== 'string' || !Number.isInteger(payload.tv)) return null;
        const claims = { userId: payload.sub, tokenVersion: payload.tv as number };
        remember(token, claims, payload.exp!);
        return claims;
      } catch {
        return null;
      }
    },
  };
}
