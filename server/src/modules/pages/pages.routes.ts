/**
 * The storefront's public pages rendered on the server (`/`, `/products`, `/product/{id}`,
 * `/collaboration`, `/policies`): the HTML holds what a shopper sees first and what search
 * engines and link previews read, and the browser hydrates it. Its head (title, description,
 * canonical, previews, JSON-LD) is the page's own; the page goes out in one write, compressed as
 * the browser asks.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { serverRenderedPaths } from '@shop/core';
import { sendText } from '../../lib/content-encoding.ts';
import { badRequest } from '../../lib/errors.ts';
import { injectedFetch, type StorefrontRenderer } from './page-renderer.ts';
import { parsePageTemplate, splitHoisted, type PageTemplate } from './page-template.ts';

export interface PagesOptions {
  /** The built storefront (index.html). */
  root: string;
  renderer: StorefrontRenderer;
  /** The shop's public address (PUBLIC_URL); null: the address each request came to. */
  publicOrigin: string | null;
  /** How long a page's API calls may take before the page is given up; default 2 s. */
  renderTimeoutMs?: number;
}

/** A host name, IPv4 or [IPv6] address, and an optional port: nothing else may name the shop. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9-]{1,63})*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The shop's origin for canonical, preview and sitemap addresses: PUBLIC_URL, or the address
 * the request came to (Host, or X-Forwarded-Host behind a trusted proxy), refused with 400 when
 * that is no address at all.
 */
export function originOf(request: FastifyRequest, publicOrigin: string | null): string {
  if (publicOrigin) return publicOrigin;
  if (!HOST.test(request.host)) throw badRequest('BAD_HOST', 'The Host header is not a valid address.');
  return `${request.protocol === 'https' ? 'https' : 'http'}://${request.host}`;
}

/**
 * Cache-Control of an answer naming the shop's origin: shared caches may keep it only when the
 * origin is PUBLIC_URL. Named from the request, it follows headers a cache does not key on
 * (X-Forwarded-Host), and one poisoned copy would be served to everyone.
 */
export function originCacheControl(publicOrigin: string | null, shared: string): string {
  return publicOrigin ? shared : shared.replace(/^public\b/, 'private');
}

/** The page: the template's head with the page's tags and the links React hoisted, then #root's content and the store. */
function pageHtml(template: PageTemplate, headTags: string, markup: string, stateScript: string): string {
  const { links, rest } = splitHoisted(markup);
  return `${template.head}  ${headTags}\n${links}\n  ${template.bodyStart}${rest}</div>${stateScript}${template.end}`;
}

async function pagesPlugin(app: FastifyInstance, options: PagesOptions) {
  const { renderer } = options;
  const template = parsePageTemplate(fs.readFileSync(path.join(options.root, 'index.html'), 'utf8'));
  async function renderPage(request: FastifyRequest, reply: FastifyReply) {
    const origin = originOf(request, options.publicOrigin);
    // The page's API calls are the visitor's: a search on it counts against their address.
    const api = renderer.createApiClient({
      baseUrl: '/api',
      fetch: injectedFetch(app, request.ip),
      getToken: () => null,
    });
    let page;
    try {
      const signal = AbortSignal.timeout(options.renderTimeoutMs ?? 2000);
      page = await renderer.renderPage({ url: request.url, origin, api, signal });
    } catch (error) {
      // The API could not answer (the database is away) or the page took too long (a slow
      // database, a stuck API call): the browser renders the page itself once it can, crawlers
      // are told to come back, and no request holds the server's attention for ever.
      request.log.warn({ err: error }, 'page not rendered on the server');
      return reply.code(503).header('retry-after', '5').sendAppShell();
    }
    if (!page) return reply.sendAppShell();
    const state = `<script id="${renderer.SERVER_STATE_ID}" type="application/json">${renderer.scriptJson(page.state)}</script>`;
    const html = pageHtml(template, renderer.headTags(page.head), page.markup, state);
    reply
      .code(page.status)
      .header('content-type', 'text/html; charset=utf-8')
      // Rendered for nobody in particular: no session is read, so any cache may keep it briefly.
      .header('cache-control', originCacheControl(options.publicOrigin, 'public, max-age=0, must-revalidate'));
    return sendText(reply, html);
  }

  for (const url of serverRenderedPaths) app.get(url, { schema: { hide: true } }, renderPage);
}

export default fp(pagesPlugin, { name: 'server-rendered-pages', dependencies: ['web-app'] });
