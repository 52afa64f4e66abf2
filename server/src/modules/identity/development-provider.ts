import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import Provider from 'oidc-provider';
import { demoAccessHook, type DemoRequestsFrom } from '../../plugins/demo-access.ts';

export const DEVELOPMENT_CLIENT_ID = 'kapas-shop-development';
/** A name for the development client's sector (see below); no such page exists or is asked for. */
const DEVELOPMENT_SECTOR = 'https://sector.dev.local/kapas-shop-development';

export interface DevelopmentProviderOptions {
  /** Where the provider lives, e.g. http://localhost:3000/dev-oidc. */
  issuer: string;
  clientSecret: string;
  redirectUri: string;
  /** The same callback page at the shop's other origins (see shop-origins.ts). */
  otherRedirectUris?: readonly string[];
  cookieKey: string;
}

/** The email a login typed on the development provider stands for: name@dev.local for a bare name. */
export function developmentEmail(login: string): string {
  const typed = login.trim().toLowerCase();
  return typed.includes('@') ? typed : `${typed}@dev.local`;
}

/**
 * A real, certified OpenID provider (oidc-provider) standing in for Google when none is
 * configured, so "Sign in with Google" works end to end on a developer's machine. Its login
 * page accepts any login: whatever is typed (an email, or a name that becomes
 * name@dev.local) is the account. Never used in production. Keys and sessions live in this
 * process's memory, so it serves one process only.
 */
export function createDevelopmentProvider(options: DevelopmentProviderOptions): Provider {
  const provider = new Provider(options.issuer, {
    clients: [
      {
        client_id: DEVELOPMENT_CLIENT_ID,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri, ...(options.otherRedirectUris ?? [])],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
        // The subject is the login's email, however its letters were typed (pairwiseIdentifier).
        subject_type: 'pairwise',
        // Pairwise subjects for redirect URIs on several hosts (localhost and 127.0.0.1) need a
        // sector. The subject is the email whatever the sector, so one is named and never fetched.
        sector_identifier_uri: DEVELOPMENT_SECTOR,
      },
    ],
    subjectTypes: ['public', 'pairwise'],
    sectorIdentifierUriValidate: () => false,
    // The provider keeps the login as typed as its account id (its session, grant and code must
    // agree on it); what the shop sees is the email that login names, in lower case.
    async pairwiseIdentifier(_ctx, accountId) {
      return developmentEmail(accountId);
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // Put the email in the ID token, as Google does.
    conformIdTokenClaims: false,
    cookies: { keys: [options.cookieKey] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, login) {
      const email = developmentEmail(login);
      // "meera.iyer+test@…" reads as Meera Iyer: the +tag is not part of the name.
      const localPart = (email.split('@')[0] ?? 'dev').split('+')[0] || 'dev';
      const [given = 'Dev', ...family] = localPart.split(/[._-]+/).map((w) => w.charAt(0).toUpperCase() + w.slice(1));
      return {
        // As asked: an id of another spelling would no longer match the sign-in's session.
        accountId: login,
        claims: async () => ({
          sub: email,
          email,
          email_verified: true,
          name: [given, ...family].join(' '),
          given_name: given,
          family_name: family.join(' '),
        }),
      };
    },
  });
  return provider;
}

/**
 * Mounts a provider under `prefix` of the Fastify app. The provider (a Koa app) takes the
 * raw request before Fastify parses any body, with the prefix removed from its URL.
 */
export async function mountProvider(
  app: FastifyInstance,
  prefix: string,
  provider: Provider,
  from: DemoRequestsFrom,
): Promise<void> {
  const handle = provider.callback() as (req: IncomingMessage, res: ServerResponse) => void;
  await app.register(async (scope) => {
    scope.addHook('onRequest', demoAccessHook(from));
    scope.addHook('onRequest', async (request, reply) => {
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url?.slice(prefix.length) || '/';
      reply.hijack();
      handle(raw, reply.raw);
    });
    const passThrough = async () => undefined;
    scope.all(prefix, { schema: { hide: true } }, passThrough);
    scope.all(`${prefix}/*`, { schema: { hide: true } }, passThrough);
  });
}
