/**
 * The storefront's pages rendered on the server, as route patterns: the server routes these
 * addresses to the renderer, the storefront's server entry renders them, and the sitemap lists
 * the fixed ones. Every other address is the browser's alone. One list, so a page added here
 * is routed, rendered and listed together.
 */
export const serverRenderedPaths = [
  '/',
  '/products',
  '/product/:id',
  '/collaboration',
  '/policies',
  '/seller',
  '/privacy',
] as const;

export type ServerRenderedPath = (typeof serverRenderedPaths)[number];

/** The server-rendered pages that are one page each (no `:parameter`), in the list's order. */
export const fixedServerRenderedPaths: readonly ServerRenderedPath[] = serverRenderedPaths.filter(
  (path) => !path.includes(':'),
);
