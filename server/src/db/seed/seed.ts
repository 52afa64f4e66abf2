import type { Kysely } from 'kysely';
import { generatedSku, toPaise, variantColors } from '@shop/core';
import { newId } from '../../lib/ids.ts';
import { searchTextFor } from '../../lib/sql-text.ts';
import { artFileName } from '../../modules/catalog/product-art/product-art.ts';
import type { Database } from '../schema.ts';
import { seedCategories, seedDeclarations, seedProducts } from './catalog-data.ts';

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
          ...seedDeclarations(seed),
          is_active: 1,
          created_at: addedAt,
          updated_at: addedAt,
        })),
      )
      .execute();
    const skus = new Set<string>();
    const variants = products.flatMap(({ seed, id }) =>
      variantColors(seed.colors).flatMap((color, colorIndex) =>
        Object.entries(seed.sizes).map(([size, stock], sizePosition) => {
          const sku = generatedSku(seed.name, { color, size }, (s) => skus.has(s));
          skus.add(sku);
          return {
            product_id: id,
            color,
            size,
            size_position: sizePosition,
            sku,
            stock: colorStock(stock, colorIndex, sizePosition),
            price: null,
            original_price: null,
          };
        }),
      ),
    );
    for (let i = 0; i < variants.length; i += 500) {
      await trx
        .insertInto('product_variants')
        .values(variants.slice(i, i + 500))
        .execute();
    }
    // Each colour has its own drawings, in the order of the product's colours (a product with no
    // colour named is drawn in grey, for every colour).
    await trx
      .insertInto('product_images')
      .values(
        products.flatMap(({ seed, id }) =>
          (seed.colors.length > 0 ? seed.colors : ['grey']).flatMap((color, colorIndex) =>
            seed.views.map((view, viewIndex) => ({
              product_id: id,
              position: colorIndex * seed.views.length + viewIndex,
              url: `/images/products/${artFileName(seed.art, color, view)}`,
              color: seed.colors.length > 0 ? color : null,
            })),
          ),
        ),
      )
      .execute();
    await trx
      .insertInto('product_colors')
      .values(
        products.flatMap(({ seed, id }) => seed.colors.map((color, position) => ({ product_id: id, color, position }))),
      )
      .execute();
    await trx
      .insertInto('product_tags')
      .values(products.flatMap(({ seed, id }) => seed.tags.map((tag) => ({ product_id: id, tag }))))
      .execute();

    await trx.insertInto('app_meta').values({ key: SEEDED_MARKER, value: now.toISOString() }).execute();
    return products.length;
  });
}

/**
 * A colour's stock of a size in the demo: the first colour holds what the catalogue lists, the
 * others a share of it, so colours and sizes sell out at different times as in a real shop.
 */
export function colorStock(listed: number, colorIndex: number, sizePosition: number): number {
  if (colorIndex === 0) return listed;
  if ((colorIndex + sizePosition) % 4 === 3) return 0;
  return Math.floor((listed * (5 - colorIndex)) / 6);
}
