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

/** HS256 access tokens: algorithm, issuer, audience and expiry are all checked. */
export function createTokenService(secret: Uint8Array, ttlSeconds: number): TokenService {
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
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['sub', 'exp', 'tv'],
        });
        if (typeof payload.sub !== 'string' || !Number.isInteger(payload.tv)) return null;
        return { userId: payload.sub, tokenVersion: payload.tv as number };
      } catch {
        return null;
      }
    },
  };
}
