import { PostgresAdapter, sql, type Kysely, type Selectable } from 'kysely';
import type { ColorPhoto, StockedVariant, VariantKey } from '@shop/core';
import type { Database, ProductTable } from '../../db/schema.ts';
import { STOCK_ITEM, STOCK_PART, type IndexedCategory, type IndexedProduct } from './catalog-index.ts';

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

/** How many products one statement of `findCatalogue` reads. */
const CATALOGUE_BATCH = 5000;

/**
 * Values many products share, kept once: strings (a picture, the variants in stock of every
 * product stocked alike) and lists (the colours of every product in white and navy).
 */
function interner() {
  const strings = new Map<string, string>();
  const lists = new Map<string, string[]>();
  const string = (value: string) => {
    const known = strings.get(value);
    if (known !== undefined) return known;
    strings.set(value, value);
    return value;
  };
  const list = (text: string | null): string[] => {
    if (text === null || text === '') return [];
    let known = lists.get(text);
    if (!known) lists.set(text, (known = text.split(STOCK_ITEM).map(string)));
    return known;
  };
  return { string, list };
}

/**
 * Every product on sale with what lists, filters and search need, one row each: its colours in
 * order, tags, first picture and the variants in stock come as lists in the row, read a batch
 * of products at a time (in id order), so that the rows the driver makes never outnumber a batch
 * and no object is made per colour, tag, picture or variant. The version read before this is
 * what the index is of: a change committed meanwhile moves the version on and is read next.
 */
export async function findCatalogue(db: Kysely<Database>): Promise<{
  products: IndexedProduct[];
  categories: IndexedCategory[];
}> {
  const item = sql`cast(${STOCK_ITEM} as text)`;
  const categories = await findCategories(db);
  const categoryNames = new Map(categories.map((c) => [c.id, c.name]));
  const shared = interner();
  const products: IndexedProduct[] = [];
  for (let after = ''; ;) {
    const { rows } = await sql<{
      id: string;
      name: string;
      price: number | string;
      original_price: number | string | null;
      created_at: string;
      category_id: string;
      country_of_origin: string;
      image: string | null;
      colors: string | null;
      tags: string | null;
      stock: string | null;
    }>`
      select p.id, p.name, p.price, p.original_price, p.created_at, p.category_id, p.country_of_origin,
        (select i.url from product_images i where i.product_id = p.id order by i.position limit 1) as image,
        (select string_agg(c.color, ${item} order by c.position) from product_colors c where c.product_id = p.id) as colors,
        (select string_agg(t.tag, ${item} order by t.tag) from product_tags t where t.product_id = p.id) as tags,
        (select string_agg(v.color || cast(${STOCK_PART} as text) || v.size, ${item})
          from product_variants v where v.product_id = p.id and v.stock > 0) as stock
      from products p where p.is_active = 1 and p.id > ${after}
      order by p.id limit ${CATALOGUE_BATCH}`.execute(db);
    for (const p of rows) {
      products.push({
        id: p.id,
        name: p.name,
        price: Number(p.price),
        originalPrice: p.original_price === null ? null : Number(p.original_price),
        createdAt: p.created_at,
        categoryId: shared.string(p.category_id),
        categoryName: categoryNames.get(p.category_id) ?? '',
        image: p.image === null ? null : shared.string(p.image),
        colors: shared.list(p.colors),
        tags: shared.list(p.tags),
        origin: shared.string(p.country_of_origin),
        stock: p.stock === null ? '' : shared.string(p.stock),
      });
    }
    if (rows.length < CATALOGUE_BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  return { products, categories: categories.map((c) => ({ id: c.id, name: c.name, parentId: c.parent_id })) };
}

/** The variants in stock of the given products (every one named has an entry, maybe empty). */
export async function findStockOf(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, VariantKey[]>> {
  const stock = new Map<string, VariantKey[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return stock;
  const rows = await db
    .selectFrom('product_variants')
    .select(['product_id', 'color', 'size'])
    .where('product_id', 'in', [...ids])
    .where('stock', '>', 0)
    .execute();
  for (const r of rows) stock.get(r.product_id)?.push({ color: r.color, size: r.size });
  return stock;
}

/**
 * The catalogue's version and the last change of stock (SQLite: migration 020's log of
 * variants crossing zero; 0 on PostgreSQL, whose changes are notified), in one statement.
 */
export async function catalogueState(db: Kysely<Database>): Promise<{ version: number; stockChange: number }> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const row = await db
    .selectFrom('catalog_state')
    .select([
      'version',
      postgres
        ? sql<number>`0`.as('stock_change')
        : sql<number | null>`(select max(seq) from catalogue_stock_changes)`.as('stock_change'),
    ])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return { version: Number(row.version), stockChange: Number(row.stock_change ?? 0) };
}

/**
 * The products whose stock crossed zero after change `since` (SQLite), or null when the log no
 * longer reaches back that far (it keeps the last 1,000 changes): every product must be read.
 */
export async function stockChangedSince(
  db: Kysely<Database>,
  since: number,
): Promise<{ products: string[]; last: number } | null> {
  const rows = await db
    .selectFrom('catalogue_stock_changes')
    .select(['seq', 'product_id'])
    .where('seq', '>=', since)
    .orderBy('seq')
    .execute();
  // The change `since` itself was read before: if it is gone, some after it may be too.
  if (since > 0 && Number(rows[0]?.seq) !== since) return null;
  const after = rows.filter((r) => Number(r.seq) > since);
  return {
    products: [...new Set(after.map((r) => r.product_id))],
    last: after.length > 0 ? Number(after[after.length - 1]!.seq) : since,
  };
}

/**
 * The catalogue's version and the variants in stock of the given products, in one statement
 * (one round trip to PostgreSQL per list while its notifications are not heard).
 */
export async function versionAndStock(
  db: Kysely<Database>,
  ids: string[],
): Promise<{ version: number; stock: Map<string, VariantKey[]> }> {
  let query = db
    .selectFrom('catalog_state')
    .select([
      sql<number | null>`version`.as('version'),
      sql<string | null>`null`.as('product_id'),
      sql<string | null>`null`.as('color'),
      sql<string | null>`null`.as('size'),
    ])
    .where('id', '=', 1);
  if (ids.length > 0) {
    query = query.unionAll(
      db
        .selectFrom('product_variants')
        .select([
          sql<number | null>`null`.as('version'),
          sql<string | null>`product_id`.as('product_id'),
          sql<string | null>`color`.as('color'),
          sql<string | null>`size`.as('size'),
        ])
        .where('product_id', 'in', ids)
        .where('stock', '>', 0),
    );
  }
  const rows = await query.execute();
  const version = rows.find((r) => r.version !== null)?.version;
  if (version === undefined || version === null) throw new Error('catalog_state has no row');
  const stock = new Map<string, VariantKey[]>(ids.map((id) => [id, []]));
  for (const r of rows) if (r.product_id !== null) stock.get(r.product_id)?.push({ color: r.color!, size: r.size! });
  return { version: Number(version), stock };
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

/**
 * The newest products on sale in a category and its sub-categories (or in any, `categoryId`
 * null), only those sold below their original price at `now` with `onSale` (a sale whose end has
 * come is over, written or not); a page of them and how many there are.
 */
export async function findNewestProducts(
  db: Kysely<Database>,
  filter: { categoryId: string | null; onSale: boolean },
  offset: number,
  limit: number,
  now: string,
): Promise<{ rows: (ProductRow & { low_stock_threshold: number | null })[]; total: number }> {
  let query = db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .where('p.is_active', '=', 1);
  if (filter.categoryId !== null) {
    const categoryId = filter.categoryId;
    query = query.where((eb) => eb.or([eb('c.id', '=', categoryId), eb('c.parent_id', '=', categoryId)]));
  }
  if (filter.onSale) {
    query = query
      .where('p.original_price', 'is not', null)
      .whereRef('p.original_price', '>', 'p.price')
      .where((eb) => eb.or([eb('p.sale_ends_at', 'is', null), eb('p.sale_ends_at', '>', now)]));
  }
  const [rows, count] = await Promise.all([
    query
      .selectAll('p')
      .select('c.name as category_name')
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}
