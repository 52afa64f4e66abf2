import type { Kysely } from 'kysely';
import { toPaise } from '@shop/core';
import { newId } from '../../lib/ids.ts';
import { searchTextFor } from '../../lib/sql-text.ts';
import { artFileName } from '../../modules/catalog/product-art/product-art.ts';
import type { Database } from '../schema.ts';
import { seedCategories, seedProducts } from './catalog-data.ts';

const SEEDED_MARKER = 'catalog_seeded_at';

/**
 * Writes the demo catalogue once. The marker row makes a second start (or a second
 * process) a no-op, and everything is one transaction so a crash leaves no half catalogue.
 * Returns the number of products written (0 when already seeded).
 */
export async function seedCatalog(db: Kysely<Database>, now = new Date()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const marker = await trx.selectFrom('app_meta').select('value').where('key', '=', SEEDED_MARKER).executeTakeFirst();
    if (marker) return 0;

    await trx
      .insertInto('categories')
      .values(
        seedCategories.map((c, position) => ({
          id: c.id,
          name: c.name,
          parent_id: c.parentId,
          position,
        })),
      )
      .execute();

    const products = seedProducts.map((p) => {
      const addedAt = new Date(now.getTime() - p.daysSinceAdded * 86_400_000).toISOString();
      return { seed: p, id: newId(), addedAt };
    });
    const drawnColor = (colors: string[]) => colors[0] ?? 'grey';

    await trx
      .insertInto('products')
      .values(
        products.map(({ seed, id, addedAt }) => ({
          id,
          slug: seed.slug,
          name: seed.name,
          search_text: searchTextFor(seed.name),
          description: seed.description,
          category_id: seed.categoryId,
          price: toPaise(seed.price),
          original_price: seed.originalPrice === undefined ? null : toPaise(seed.originalPrice),
          is_active: 1,
          created_at: addedAt,
          updated_at: addedAt,
        })),
      )
      .execute();
    await trx
      .insertInto('product_sizes')
      .values(
        products.flatMap(({ seed, id }) =>
          Object.entries(seed.sizes).map(([size, stock], position) => ({
            product_id: id,
            size,
            position,
            stock,
          })),
        ),
      )
      .execute();
    await trx
      .insertInto('product_images')
      .values(
        products.flatMap(({ seed, id }) =>
          seed.views.map((view, position) => ({
            product_id: id,
            position,
            url: `/images/products/${artFileName(seed.art, drawnColor(seed.colors), view)}`,
          })),
        ),
      )
      .execute();
    await trx
      .insertInto('product_colors')
      .values(products.flatMap(({ seed, id }) => seed.colors.map((color) => ({ product_id: id, color }))))
      .execute();
    await trx
      .insertInto('product_tags')
      .values(products.flatMap(({ seed, id }) => seed.tags.map((tag) => ({ product_id: id, tag }))))
      .execute();

    await trx.insertInto('app_meta').values({ key: SEEDED_MARKER, value: now.toISOString() }).execute();
    return products.length;
  });
}
