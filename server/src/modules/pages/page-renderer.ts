/**
 * Loads the storefront's server renderer (web/dist-ssr/entry-server.js, built by Vite) and
 * gives it an API client that answers in-process: the same routes, schemas and rules as the
 * browser's calls, with no shopper's credentials, so no shopper's data ever reaches a page
 * rendered here.
 */
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Writable } from 'node:stream';

/** What entry-server.tsx exports, as far as the server uses it. */
export interface StorefrontRenderer {
  isServerRendered(pathname: string): boolean;
  renderPage(request: {
    url: string;
    origin: string;
    api: unknown;
    signal?: AbortSignal;
  }): Promise<RenderedPage | null>;
  createApiClient(config: { baseUrl: string; fetch: typeof fetch; getToken: () => string | null }): unknown;
  headTags(head: unknown): string;
  scriptJson(value: unknown): string;
  SERVER_STATE_ID: string;
}

export interface RenderedPage {
  status: number;
  head: unknown;
  state: unknown;
  pipe(destination: Writable): void;
}

export async function loadRenderer(entry: string): Promise<StorefrontRenderer | null> {
  if (!fs.existsSync(entry)) return null;
  return (await import(pathToFileURL(entry).href)) as StorefrontRenderer;
}

/** `fetch` over `app.inject()`: API calls of the renderer never leave the process. */
export function injectedFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url,
      headers: { accept: 'application/json', ...(init?.headers as Record<string, string> | undefined) },
      ...(typeof init?.body === 'string' && { payload: init.body }),
    });
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };
}
