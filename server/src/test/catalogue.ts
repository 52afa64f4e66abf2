import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { newId } from '../lib/ids.ts';
import type { TestShop } from './databases.ts';

/**
 * Resolves once the shop has read again what every write committed so far changed in the
 * catalogue, so that no statement of that runs later in the background. On PostgreSQL the
 * catalogue is kept by notifications (catalogue-feed.ts), read a moment after each commit: a
 * statement count taken meanwhile would count that read too. A list answered without a
 * statement shows the feed listens and has read everything written before it (it pings its own
 * connection first). SQLite reads nothing in the background.
 */
export async function untilCatalogueRead(shop: TestShop): Promise<void> {
  if (shop.config.dialect !== 'postgres') return;
  await expect
    .poll(
      async () => {
        shop.queries.length = 0;
        const res = await shop.app.inject({ method: 'GET', url: '/api/product?limit=1' });
        expect(res.statusCode, res.body).toBe(200);
        return shop.queries.length;
      },
      { timeout: 10_000 },
    )
    .toBe(0);
}

/** Complete Legal Metrology declarations: what a product created on sale must carry. */
export const declared = {
  genericName: 'Shirt',
  netQuantity: '1 N',
  countryOfOrigin: 'India',
  makerRole: 'manufacturer',
  makerName: 'Kapas Apparel Private Limited',
  makerAddress: 'Unit 4, Kamala Mills Compound, Lower Parel, Mumbai 400013',
} as const;

/** The same declarations as the cells of a product CSV's row. */
export const declaredCsvCells = {
  generic_name: declared.genericName,
  net_quantity: declared.netQuantity,
  country_of_origin: declared.countryOfOrigin,
  maker_role: declared.makerRole,
  maker_name: declared.makerName,
  maker_address: declared.makerAddress,
} as const;

/**
 * A product of one test's own, created by staff through the API on sale at `price` rupees in
 * `categoryId`, with 50 pieces in size M: repricing or ordering it touches no other test's.
 */
export async function staffProduct(
  app: FastifyInstance,
  staff: { auth: { authorization: string } },
  categoryId: string,
  price: number,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/product/create',
    headers: staff.auth,
    payload: {
      name: `${categoryId} ${newId()}`,
      ...declared,
      categoryId,
      price,
      description: 'A product of a test of its own.',
      sizes: [{ size: 'M', stock: 50 }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id as string;
}
