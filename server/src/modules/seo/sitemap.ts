/**
 * Sitemaps (sitemaps.org): an index naming one sitemap of the shop's pages and as many of
 * products as it takes at 50,000 addresses each, and robots.txt pointing to it. Pure: the routes
 * hand in the origin and the products.
 */
import { fixedServerRenderedPaths } from '@shop/core';

/** At most this many addresses in one sitemap file (the protocol's limit). */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapProduct {
  id: string;
  /** ISO time of the product's last change. */
  updatedAt: string;
}

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

const head = '<?xml version="1.0" encoding="UTF-8"?>\n';
const ns = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

export const productSitemapPath = (page: number) => `/sitemaps/products-${page}.xml`;
export const pagesSitemapPath = '/sitemaps/pages.xml';

/** The latest of ISO times (they sort as text), or null for none. */
export function latest(times: readonly string[]): string | null {
  let max: string | null = null;
  for (const time of times) if (max === null || time > max) max = time;
  return max;
}

export function productSitemapCount(products: number): number {
  return Math.ceil(products / SITEMAP_MAX_URLS);
}

export function sitemapIndex(origin: string, products: readonly SitemapProduct[], pagesChanged: string | null): string {
  const entries = [{ loc: origin + pagesSitemapPath, lastmod: pagesChanged }];
  for (let page = 1; page <= productSitemapCount(products.length); page++) {
    const slice = products.slice((page - 1) * SITEMAP_MAX_URLS, page * SITEMAP_MAX_URLS);
    entries.push({ loc: origin + productSitemapPath(page), lastmod: latest(slice.map((p) => p.updatedAt)) });
  }
  const body = entries
    .map(
      (e) => `<sitemap><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</sitemap>`,
    )
    .join('\n');
  return `${head}<sitemapindex ${ns}>\n${body}\n</sitemapindex>\n`;
}

function urlset(urls: readonly { loc: string; lastmod?: string | null }[]): string {
  const body = urls
    .map((u) => `<url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`)
    .join('\n');
  return `${head}<urlset ${ns}>\n${body}\n</urlset>\n`;
}

/** One page of the products' sitemap (1-based), or null past the last. */
export function productSitemap(origin: string, products: readonly SitemapProduct[], page: number): string | null {
  if (!Number.isInteger(page) || page < 1 || page > productSitemapCount(products.length)) return null;
  const slice = products.slice((page - 1) * SITEMAP_MAX_URLS, page * SITEMAP_MAX_URLS);
  return urlset(slice.map((p) => ({ loc: `${origin}/product/${encodeURIComponent(p.id)}`, lastmod: p.updatedAt })));
}

/** The shop's own pages: home, the lists of every collection, collaboration, policies, the seller and privacy. */
export function pagesSitemap(origin: string, collections: readonly string[], changed: string | null): string {
  // The products page is listed once for each collection, right after itself.
  const paths = fixedServerRenderedPaths.flatMap((path) =>
    path === '/products'
      ? [path, ...collections.map((id) => `/products?collection=${encodeURIComponent(id)}`)]
      : [path],
  );
  return urlset(paths.map((p) => ({ loc: origin + p, lastmod: p.startsWith('/products') ? changed : null })));
}

/** Private pages and the API stay out of search engines; the sitemap says where the rest is. */
export function robotsTxt(origin: string): string {
  // Sign-in and sign-up stay crawlable so their noindex is read.
  const disallowed = ['/cart', '/checkout', '/profile', '/admin', '/api', '/dev'];
  return [
    'User-agent: *',
    ...disallowed.map((p) => `Disallow: ${p}`),
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
