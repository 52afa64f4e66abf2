import type { AppDeps } from '../../app.ts';
import type { Config } from '../../config.ts';
import { derivedSecret } from '../../secrets.ts';
import { createDevelopmentProvider, DEVELOPMENT_CLIENT_ID } from './development-provider.ts';
import { createOidcIdentityProvider } from './oidc-identity-provider.ts';
import { googleCallbackUrl, shopOrigins } from './shop-origins.ts';

export const DEVELOPMENT_PROVIDER_PREFIX = '/dev-oidc';

/** "Sign in with Google" as configured: Google itself, the development provider, or none. */
export function identityFromConfig(
  config: Pick<Config, 'publicUrl' | 'identityProvider'> & Partial<Pick<Config, 'corsOrigins'>>,
  secret: Uint8Array,
): AppDeps['identity'] {
  const [publicOrigin = config.publicUrl, ...otherOrigins] = shopOrigins(config.publicUrl, config.corsOrigins);
  const redirectUri = googleCallbackUrl(publicOrigin);
  const secureCookies = config.publicUrl.startsWith('https:');
  const setting = config.identityProvider;
  if (setting.kind === 'google') {
    const { issuer, clientId, clientSecret } = setting;
    return {
      provider: createOidcIdentityProvider({ providerName: 'google', issuer, clientId, clientSecret, redirectUri }),
      secureCookies,
    };
  }
  if (setting.kind === 'development') {
    const issuer = `${config.publicUrl}${DEVELOPMENT_PROVIDER_PREFIX}`;
    // The shopper comes back to the origin they opened the shop at. (Google itself returns to
    // the public URL only: each of its redirect URIs must be registered in its console.)
    const otherRedirectUris = otherOrigins.map(googleCallbackUrl);
    const clientSecret = derivedSecret(secret, 'development-oidc-client');
    const provider = createDevelopmentProvider({
      issuer,
      clientSecret,
      redirectUri,
      otherRedirectUris,
      cookieKey: derivedSecret(secret, 'development-oidc-cookies'),
    });
    return {
      // A separate provider name, so development accounts never pass for Google ones.
      provider: createOidcIdentityProvider({
        providerName: 'google-development',
        issuer,
        clientId: DEVELOPMENT_CLIENT_ID,
        clientSecret,
        redirectUri,
        otherRedirectUris,
      }),
      development: { prefix: DEVELOPMENT_PROVIDER_PREFIX, provider },
      secureCookies,
    };
  }
  return undefined;
}
