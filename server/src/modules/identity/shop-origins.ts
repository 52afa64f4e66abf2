/**
 * Where the provider may send a shopper back to: the origins the shop is served at. A shop
 * opened at http://127.0.0.1:3000 must come back there, not to http://localhost:3000: another
 * origin, without the sign-in's cookie or the shopper's stored session.
 */

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The shop's public URL's origin first, then the CORS allow-list's, and for a public URL on this
 * machine (loopback) the same port under the other loopback names: the same server, which
 * nobody else can reach under them. Nothing a request says is ever added.
 */
export function shopOrigins(publicUrl: string, corsOrigins: readonly string[] = []): string[] {
  const publicOrigin = new URL(publicUrl);
  const origins = [publicOrigin.origin, ...corsOrigins.map((origin) => new URL(origin).origin)];
  if (LOOPBACK_HOSTS.includes(publicOrigin.hostname)) {
    for (const host of LOOPBACK_HOSTS) {
      const alias = new URL(publicOrigin.origin);
      alias.hostname = host;
      origins.push(alias.origin);
    }
  }
  return [...new Set(origins)];
}

/** The SPA's page the provider returns to, at one of the shop's origins. */
export const googleCallbackUrl = (origin: string) => `${origin}/auth/google/callback`;
