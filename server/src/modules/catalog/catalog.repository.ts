import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Paise, ProductSort } from '@shop/core';
import type { Database, ProductTable } from '../../db/schema.ts';
import { containsPattern } from '../../lib/sql-text.ts';

/** What the list can be narrowed by; prices in paise. */
export interface ProductFilter {
  categoryId?: string | undefined;
  color?: string | undefined;
  tag?: string | undefined;
  minPrice?: Paise | undefined;
  maxPrice?: Paise | undefined;
  nameContains?: string | undefined;
}

export type ProductRow = Selectable<ProductTable> & { category_name: string };

/** A list row: the product, its category's name, first image and whether any size is in stock. */
export type ProductSummaryRow = ProductRow & { image: string | null; in_stock: unknown };

export interface ProductDetails {
  images: Map<string, string[]>;
  sizes: Map<string, { size: string; stock: number }[]>;
  colors: Map<string, string[]>;
  tags: Map<string, string[]>;
}

/** What name search matches: the name, lower-cased once at write time. */
export function searchTextFor(name: string): string {
  return name.toLowerCase();
}

/** Name search on `products as p`: `text` anywhere in the name, % and _ taken literally. */
export function nameMatches(text: string) {
  const pattern = containsPattern(text.toLowerCase());
  return sql<boolean>`p.search_text like ${pattern} escape '\\'`;
}

function filteredProducts(db: Kysely<Database>, filter: ProductFilter) {
  let query = db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .where('p.is_active', '=', 1);
  const { categoryId, color, tag, minPrice, maxPrice, nameContains } = filter;
  if (categoryId !== undefined) {
    // A collection (top category) includes the products of its sub-categories.
    query = query.where((eb) => eb.or([eb('p.category_id', '=', categoryId), eb('c.parent_id', '=', categoryId)]));
  }
  if (color !== undefined) {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('product_colors as pc')
          .select('pc.product_id')
          .whereRef('pc.product_id', '=', 'p.id')
          .where('pc.color', '=', color),
      ),
    );
  }
  if (tag !== undefined) {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('product_tags as pt')
          .select('pt.product_id')
          .whereRef('pt.product_id', '=', 'p.id')
          .where('pt.tag', '=', tag),
      ),
    );
  }
  if (minPrice !== undefined) query = query.where('p.price', '>=', minPrice);
  if (maxPrice !== undefined) query = query.where('p.price', '<=', maxPrice);
  if (nameContains !== undefined) query = query.where(nameMatches(nameContains));
  return query;
}

const sortOrders: Record<ProductSort, [column: 'p.price' | 'p.created_at' | 'p.name', 'asc' | 'desc']> = {
  price: ['p.price', 'asc'],
  '-price': ['p.price', 'desc'],
  newest: ['p.created_at', 'desc'],
  name: ['p.name', 'asc'],
};

export async function countProducts(db: Kysely<Database>, filter: ProductFilter): Promise<number> {
  const row = await filteredProducts(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One page of products with what a card shows, in one statement. */
export async function findProductPage(
  db: Kysely<Database>,
  filter: ProductFilter,
  sort: ProductSort,
  offset: number,
  limit: number,
): Promise<ProductSummaryRow[]> {
  const [column, direction] = sortOrders[sort];
  return filteredProducts(db, filter)
    .selectAll('p')
    .select((eb) => [
      'c.name as category_name',
      eb
        .selectFrom('product_images as i')
        .select('i.url')
        .whereRef('i.product_id', '=', 'p.id')
        .orderBy('i.position')
        .limit(1)
        .as('image'),
      eb
        .exists(
          eb
            .selectFrom('product_sizes as s')
            .select('s.product_id')
            .whereRef('s.product_id', '=', 'p.id')
            .where('s.stock', '>', 0),
        )
        .as('in_stock'),
    ])
    .orderBy(column, direction)
    .orderBy('p.id', 'asc')
    .limit(limit)
    .offset(offset)
    .execute();
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

/** The colours of many products in one query, whatever their number. */
export async function findColors(db: Kysely<Database>, ids: string[]): Promise<Map<string, string[]>> {
  const colors = new Map<string, string[]>();
  if (ids.length === 0) return colors;
  const rows = await db
    .selectFrom('product_colors')
    .select(['product_id', 'color'])
    .where('product_id', 'in', ids)
    .orderBy('product_id')
    .orderBy('color')
    .execute();
  for (const r of rows) pushTo(colors, r.product_id, r.color);
  return colors;
}

function pushTo<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Images, sizes, colours and tags of the given products in four queries. */
export async function findProductDetails(db: Kysely<Database>, ids: string[]): Promise<ProductDetails> {
  const details: ProductDetails = { images: new Map(), sizes: new Map(), colors: new Map(), tags: new Map() };
  if (ids.length === 0) return details;
  const [images, sizes, colors, tags] = await Promise.all([
    db
      .selectFrom('product_images')
      .select(['product_id', 'url'])
      .where('product_id', 'in', ids)
      .orderBy('product_id')
      .orderBy('position')
      .execute(),
    findSizesOf(db, ids),
    db
      .selectFrom('product_colors')
      .select(['product_id', 'color'])
      .where('product_id', 'in', ids)
      .orderBy('product_id')
      .orderBy('color')
      .execute(),
    db
      .selectFrom('product_tags')
      .select(['product_id', 'tag'])
      .where('product_id', 'in', ids)
      .orderBy('product_id')
      .orderBy('tag')
      .execute(),
  ]);
  for (const r of images) pushTo(details.images, r.product_id, r.url);
  details.sizes = sizes;
  for (const r of colors) pushTo(details.colors, r.product_id, r.color);
  for (const r of tags) pushTo(details.tags, r.product_id, r.tag);
  return details;
}

/** The sizes of many products in one query, each product's in its own order. */
export async function findSizesOf(
  db: Kysely<Database>,
  ids: string[],
): Promise<Map<string, { size: string; stock: number }[]>> {
  const sizes = new Map<string, { size: string; stock: number }[]>();
  if (ids.length === 0) return sizes;
  const rows = await db
    .selectFrom('product_sizes')
    .select(['product_id', 'size', 'stock'])
    .where('product_id', 'in', ids)
    .orderBy('product_id')
    .orderBy('position')
    .execute();
  for (const r of rows) pushTo(sizes, r.product_id, { size: r.size, stock: r.stock });
  return sizes;
}

export async function findSizes(db: Kysely<Database>, productId: string) {
  return db
    .selectFrom('product_sizes')
    .select(['size', 'stock'])
    .where('product_id', '=', productId)
    .orderBy('position')
    .execute();
}

export async function categoryExists(db: Kysely<Database>, id: string): Promise<boolean> {
  const row = await db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export async function findCategories(db: Kysely<Database>) {
  return db.selectFrom('categories').select(['id', 'name', 'parent_id']).orderBy('position').execute();
}

export interface ProductWrite {
  name?: string | undefined;
  description?: string | undefined;
  categoryId?: string | undefined;
  price?: Paise | undefined;
  originalPrice?: Paise | null | undefined;
  colors?: string[] | undefined;
  tags?: string[] | undefined;
  images?: string[] | undefined;
  sizes?: { size: string; stock: number }[] | undefined;
}

export async function insertProduct(
  trx: Transaction<Database>,
  id: string,
  slug: string,
  product: Required<Omit<ProductWrite, 'originalPrice'>> & { originalPrice: Paise | null },
  now: string,
): Promise<void> {
  await trx
    .insertInto('products')
    .values({
      id,
      slug,
      name: product.name,
      search_text: searchTextFor(product.name),
      description: product.description,
      category_id: product.categoryId,
      price: product.price,
      original_price: product.originalPrice,
      is_active: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await replaceProductLists(trx, id, product);
}

export async function updateProductRow(
  trx: Transaction<Database>,
  id: string,
  changes: ProductWrite,
  now: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('products')
    .set({
      updated_at: now,
      ...(changes.name !== undefined && { name: changes.name, search_text: searchTextFor(changes.name) }),
      ...(changes.description !== undefined && { description: changes.description }),
      ...(changes.categoryId !== undefined && { category_id: changes.categoryId }),
      ...(changes.price !== undefined && { price: changes.price }),
      ...(changes.originalPrice !== undefined && { original_price: changes.originalPrice }),
    })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await replaceProductLists(trx, id, changes);
  return true;
}

/** Replaces each list the write names (sizes, images, colours, tags) and leaves the others. */
async function replaceProductLists(trx: Transaction<Database>, id: string, lists: ProductWrite): Promise<void> {
  if (lists.sizes) {
    await trx.deleteFrom('product_sizes').where('product_id', '=', id).execute();
    if (lists.sizes.length > 0)
      await trx
        .insertInto('product_sizes')
        .values(lists.sizes.map((s, position) => ({ product_id: id, size: s.size, stock: s.stock, position })))
        .execute();
  }
  if (lists.images) {
    await trx.deleteFrom('product_images').where('product_id', '=', id).execute();
    if (lists.images.length > 0)
      await trx
        .insertInto('product_images')
        .values(lists.images.map((url, position) => ({ product_id: id, url, position })))
        .execute();
  }
  if (lists.colors) {
    await trx.deleteFrom('product_colors').where('product_id', '=', id).execute();
    if (lists.colors.length > 0)
      await trx
        .insertInto('product_colors')
        .values(lists.colors.map((color) => ({ product_id: id, color })))
        .execute();
  }
  if (lists.tags) {
    await trx.deleteFrom('product_tags').where('product_id', '=', id).execute();
    if (lists.tags.length > 0)
      await trx
        .insertInto('product_tags')
        .values(lists.tags.map((tag) => ({ product_id: id, tag })))
        .execute();
  }
}

export async function slugTaken(db: Kysely<Database> | Transaction<Database>, slug: string): Promise<boolean> {
  const row = await db.selectFrom('products').select('id').where('slug', '=', slug).executeTakeFirst();
  return row !== undefined;
}
