/**
 * Loads the storefront's server renderer (web/dist-ssr/entry-server.js, built by Vite) and
 * gives it an API client that answers in-process: the same routes, schemas and rules as the
 * browser's calls, with no shopper's credentials, so no shopper's data ever reaches a page
 * rendered here.
 */
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

/** What entry-server.tsx exports, as far as the server uses it. */
export interface StorefrontRenderer {
  isServerRendered(pathname: string): boolean;
  renderPage(request: {
    url: string;
    origin: string;
    api: unknown;
    signal?: AbortSignal;
  }): Promise<RenderedPage | null>;
  createApiClient(config: {
    baseUrl: string;
    fetch: ReturnType<typeof injectedFetch>;
    getToken: () => string | null;
  }): unknown;
  headTags(head: unknown): string;
  scriptJson(value: unknown): string;
  SERVER_STATE_ID: string;
}

export interface RenderedPage {
  status: number;
  head: unknown;
  state: unknown;
  /** The inside of #root. */
  markup: string;
}

export async function loadRenderer(entry: string): Promise<StorefrontRenderer | null> {
  if (!fs.existsSync(entry)) return null;
  return (await import(pathToFileURL(entry).href)) as StorefrontRenderer;
}

/** What the storefront's API client reads of an answer (web/src/lib/http.ts, FetchedAnswer). */
interface InjectedAnswer {
  ok: boolean;
  status: number;
  text(): Promise<string>;
}

/**
 * `fetch` over `app.inject()`: API calls of the renderer never leave the process. The answer is
 * the little the client reads, not a Response: building one (headers, body stream) cost more
 * than the call. The calls come from `clientAddress`, the address of the visitor the page is
 * rendered for, so the API's per-address limits (searches) count the visitor, not the server.
 */
export function injectedFetch(app: FastifyInstance, clientAddress?: string) {
  return async (
    url: string,
    init: { method: string; headers: Record<string, string>; body: string | undefined },
  ): Promise<InjectedAnswer> => {
    const answer = await app.inject({
      method: init.method as 'GET',
      url,
      headers: { accept: 'application/json', ...init.headers },
      ...(clientAddress && { remoteAddress: clientAddress }),
      ...(init.body !== undefined && { payload: init.body }),
    });
    const status = answer.statusCode;
    const text = status === 204 || status === 304 ? '' : answer.payload;
    return { ok: status >= 200 && status < 300, status, text: async () => text };
  };
}
