import { sql, type Kysely, type Selectable } from 'kysely';
import type { ColorPhoto, StockedVariant } from '@shop/core';
import type { Database, ProductTable } from '../../db/schema.ts';

export type ProductRow = Selectable<ProductTable> & { category_name: string };

export interface ProductDetails {
  photos: Map<string, ColorPhoto[]>;
  sizes: Map<string, { size: string; stock: number }[]>;
  variants: Map<string, StockedVariant[]>;
  colors: Map<string, string[]>;
  tags: Map<string, string[]>;
}

/** The catalogue's version: it moves on (by triggers) with every change to what lists show. */
export async function catalogVersion(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('catalog_state').select('version').where('id', '=', 1).executeTakeFirstOrThrow();
  return Number(row.version);
}

/** Every product on sale with what lists, filters and search need: five queries (products, colours, tags, images, categories), run at once. */
export async function findCatalogue(db: Kysely<Database>) {
  const [products, colors, tags, images, categories] = await Promise.all([
    db
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select([
        'p.id',
        'p.name',
        'p.price',
        'p.original_price',
        'p.created_at',
        'p.category_id',
        'c.name as category_name',
      ])
      .where('p.is_active', '=', 1)
      .execute(),
    db.selectFrom('product_colors').select(['product_id', 'color']).orderBy('product_id').orderBy('position').execute(),
    db.selectFrom('product_tags').select(['product_id', 'tag']).orderBy('product_id').orderBy('tag').execute(),
    db.selectFrom('product_images').select(['product_id', 'url']).orderBy('product_id').orderBy('position').execute(),
    findCategories(db),
  ]);
  const colorsOf = new Map<string, string[]>();
  for (const r of colors) pushTo(colorsOf, r.product_id, r.color);
  const tagsOf = new Map<string, string[]>();
  for (const r of tags) pushTo(tagsOf, r.product_id, r.tag);
  const imageOf = new Map<string, string>();
  for (const r of images) if (!imageOf.has(r.product_id)) imageOf.set(r.product_id, r.url);
  return {
    products: products.map((p) => ({
      id: p.id,
      name: p.name,
      price: Number(p.price),
      originalPrice: p.original_price === null ? null : Number(p.original_price),
      createdAt: p.created_at,
      categoryId: p.category_id,
      categoryName: p.category_name,
      image: imageOf.get(p.id) ?? null,
      colors: colorsOf.get(p.id) ?? [],
      tags: tagsOf.get(p.id) ?? [],
    })),
    categories: categories.map((c) => ({ id: c.id, name: c.name, parentId: c.parent_id })),
  };
}

/**
 * The catalogue's version and which of the given products have some size in stock, in one
 * statement (one round trip to PostgreSQL per list).
 */
export async function versionAndStock(
  db: Kysely<Database>,
  ids: string[],
): Promise<{ version: number; inStock: Set<string> }> {
  let query = db
    .selectFrom('catalog_state')
    .select([sql<number | null>`version`.as('version'), sql<string | null>`null`.as('product_id')])
    .where('id', '=', 1);
  if (ids.length > 0) {
    query = query.unionAll(
      db
        .selectFrom('product_variants')
        .select([sql<number | null>`null`.as('version'), sql<string | null>`product_id`.as('product_id')])
        .where('product_id', 'in', ids)
        .where('stock', '>', 0)
        .groupBy('product_id'),
    );
  }
  const rows = await query.execute();
  const version = rows.find((r) => r.version !== null)?.version;
  if (version === undefined || version === null) throw new Error('catalog_state has no row');
  return {
    version: Number(version),
    inStock: new Set(rows.flatMap((r) => (r.product_id === null ? [] : [r.product_id]))),
  };
}

/** Which of the given products have some variant in stock. */
export async function findInStock(db: Kysely<Database>, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('product_variants')
    .select('product_id')
    .distinct()
    .where('product_id', 'in', ids)
    .where('stock', '>', 0)
    .execute();
  return new Set(rows.map((r) => r.product_id));
}

/** Every product with some variant in stock. */
export async function findAllInStock(db: Kysely<Database>): Promise<Set<string>> {
  const rows = await db.selectFrom('product_variants').select('product_id').distinct().where('stock', '>', 0).execute();
  return new Set(rows.map((r) => r.product_id));
}

/** The schema the shop's tables are in (PostgreSQL): notifications name it. */
export async function catalogueSchema(db: Kysely<Database>): Promise<string> {
  // The schema of the table the shop's statements reach, which the triggers name: not
  // current_schema(), the first schema on the search path that exists, which may hold no tables
  // of the shop's (a schema named after the role, with the shop in public).
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.oid = 'product_variants'::regclass`.execute(db);
  return rows[0]!.schema;
}

/** A product on sale; with `includeHidden` (staff), a hidden one too. */
export async function findProduct(
  db: Kysely<Database>,
  id: string,
  { includeHidden = false } = {},
): Promise<ProductRow | undefined> {
  let query = db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .selectAll('p')
    .select('c.name as category_name')
    .where('p.id', '=', id);
  if (!includeHidden) query = query.where('p.is_active', '=', 1);
  return query.executeTakeFirst();
}

function pushTo<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Photos, variants, colours and tags of the given products in four queries. */
export async function findProductDetails(db: Kysely<Database>, ids: string[]): Promise<ProductDetails> {
  const details: ProductDetails = {
    photos: new Map(),
    sizes: new Map(),
    variants: new Map(),
    colors: new Map(),
    tags: new Map(),
  };
  if (ids.length === 0) return details;
  const [photos, variants, colors, tags] = await Promise.all([
    db
      .selectFrom('product_images')
      .select(['product_id', 'url', 'color'])
      .where('product_id', 'in', ids)
      .orderBy('product_id')
      .orderBy('position')
      .execute(),
    findVariantsOf(db, ids),
    db
      .selectFrom('product_colors')
      .select(['product_id', 'color'])
      .where('product_id', 'in', ids)
      .orderBy('product_id')
      .orderBy('position')
      .execute(),
    db
      .selectFrom('product_tags')
      .select(['product_id', 'tag'])
      .where('product_id', 'in', ids)
      .orderBy('product_id')
      .orderBy('tag')
      .execute(),
  ]);
  for (const r of photos) pushTo(details.photos, r.product_id, { url: r.url, color: r.color });
  details.variants = variants;
  for (const [id, list] of variants) details.sizes.set(id, sizesOverColors(list));
  for (const r of colors) pushTo(details.colors, r.product_id, r.color);
  for (const r of tags) pushTo(details.tags, r.product_id, r.tag);
  return details;
}

/** Each size once, in the product's order, with its stock over every colour. */
function sizesOverColors(variants: readonly StockedVariant[]): { size: string; stock: number }[] {
  const stock = new Map<string, number>();
  for (const v of variants) stock.set(v.size, (stock.get(v.size) ?? 0) + v.stock);
  return [...stock].map(([size, pieces]) => ({ size, stock: pieces }));
}

/** The variants of many products in one query, each product's in colour then size order. */
export async function findVariantsOf(db: Kysely<Database>, ids: string[]): Promise<Map<string, StockedVariant[]>> {
  const variants = new Map<string, StockedVariant[]>();
  if (ids.length === 0) return variants;
  const rows = await db
    .selectFrom('product_variants as v')
    .leftJoin('product_colors as c', (join) =>
      join.onRef('c.product_id', '=', 'v.product_id').onRef('c.color', '=', 'v.color'),
    )
    .select(['v.product_id', 'v.color', 'v.size', 'v.sku', 'v.stock', 'v.price', 'v.original_price'])
    .where('v.product_id', 'in', ids)
    .orderBy('v.product_id')
    .orderBy(sql`coalesce(${sql.ref('c.position')}, 0)`)
    .orderBy('v.size_position')
    .execute();
  for (const r of rows) {
    pushTo(variants, r.product_id, {
      color: r.color,
      size: r.size,
      sku: r.sku,
      stock: r.stock,
      price: r.price === null ? null : Number(r.price),
      originalPrice: r.original_price === null ? null : Number(r.original_price),
    });
  }
  return variants;
}

/** The sizes of many products, each size once with its stock over every colour, each product's in its own order. */
export async function findSizesOf(
  db: Kysely<Database>,
  ids: string[],
): Promise<Map<string, { size: string; stock: number }[]>> {
  const sizes = new Map<string, { size: string; stock: number }[]>();
  for (const [id, list] of await findVariantsOf(db, ids)) sizes.set(id, sizesOverColors(list));
  return sizes;
}

/** A product's sizes in its order: of one colour, or with their stock over every colour. */
export async function findSizes(db: Kysely<Database>, productId: string, color?: string) {
  const variants = (await findVariantsOf(db, [productId])).get(productId) ?? [];
  if (color === undefined) return sizesOverColors(variants);
  return variants.filter((v) => v.color === color).map((v) => ({ size: v.size, stock: v.stock }));
}

export async function findCategories(db: Kysely<Database>) {
  return db.selectFrom('categories').select(['id', 'name', 'parent_id']).orderBy('position').execute();
}

/** Every product on sale, by id, with the time of its last change: what sitemaps list. */
export async function findSitemapProducts(db: Kysely<Database>): Promise<{ id: string; updated_at: string }[]> {
  return db.selectFrom('products').select(['id', 'updated_at']).where('is_active', '=', 1).orderBy('id').execute();
}
