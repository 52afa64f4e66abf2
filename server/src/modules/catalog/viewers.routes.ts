import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productIdParams, productViewersBody, productViewersResponse, viewersNote } from '@shop/core';
import { apiDoc } from '../../lib/api-doc.ts';
import { isLoopback, limitedAddress, limitedNetwork } from '../../lib/attempt-limits.ts';
import type { ViewerCounter } from '../../lib/viewer-counter.ts';

/**
 * Who a heartbeat counts as. The id is the tab's own and anyone can send many: a visitor is their
 * network address (an IPv6 address by its /48), so one person's tabs, or a script inventing ids,
 * count once and the count never says more people than there are; several people behind one
 * address count as one, fewer than there are. This machine's own address counts as one too, unless
 * `tabsOnLoopback`: only the demo shop on this machine alone (not in production, not reachable
 * from elsewhere) tells the visitors on it apart by their tabs' ids. A production shop behind a
 * proxy nobody declared sees every shopper at that address, and anyone could invent ids there.
 */
function visitorOf(ip: string, tabId: string, tabsOnLoopback: boolean): string {
  if (isLoopback(ip)) return tabsOnLoopback ? `tab:${tabId}` : 'net:loopback';
  // An IPv6 subscriber holds a /56 or a /48, thousands of /64s: counted by its /48, as one.
  return `net:${limitedNetwork(ip) ?? limitedAddress(ip)}`;
}

/**
 * "N people are viewing this right now", counted from real visits: the product page beats
 * while it is visible, and the answer is the visitors with it open (the threshold in core's
 * `viewersNote`, so no client can show one viewer, or none, as a crowd). Public, no database:
 * the product is not looked up (an id nobody sells is counted for nobody to see, and forgotten
 * with the window).
 */
const viewerRoutesPlugin: FastifyPluginAsyncZod<{ viewers: ViewerCounter; tabsOnLoopback: boolean }> = async (
  app,
  { viewers, tabsOnLoopback },
) => {
  app.post(
    '/product/:id/viewers',
    {
      schema: {
        ...apiDoc('productViewers', 'Say this visitor has the product open; how many have'),
        tags: ['catalogue'],
        params: productIdParams,
        body: productViewersBody,
        response: { 200: productViewersResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: {
        viewers: viewersNote(
          await viewers.seen(request.params.id, visitorOf(request.ip, request.body.visitor, tabsOnLoopback)),
        ),
      },
    }),
  );
};

export const viewerRoutes = fp(viewerRoutesPlugin, { name: 'viewer-routes', encapsulate: true });
