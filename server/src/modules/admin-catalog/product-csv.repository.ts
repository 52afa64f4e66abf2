import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { ListingDeclarations } from '@shop/core';
import type { Database, ProductVariantTable } from '../../db/schema.ts';
import { searchTextFor } from '../../lib/sql-text.ts';

/** Reads and writes of the CSV import and export, many products at a time. */

type Db = Kysely<Database> | Transaction<Database>;

/** Keys per `in (…)` list: well under both databases' limits on bound values. */
const CHUNK = 500;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const productColumns = [
  'id',
  'slug',
  'name',
  'category_id',
  'description',
  'price',
  'original_price',
  'is_active',
  'generic_name',
  'net_quantity',
  'country_of_origin',
  'maker_role',
  'maker_name',
  'maker_address',
  'low_stock_threshold',
] as const;

export type StoredProductRow = Awaited<ReturnType<typeof findProductsBySlugs>>[number];

/**
 * The products of these handles; with `lock`, their rows locked until the transaction ends, in id
 * order (as every staff write takes them): what an import decides from them (on sale, declared)
 * holds until it is written.
 */
export async function findProductsBySlugs(db: Db, slugs: readonly string[], { lock = false } = {}) {
  const rows = [];
  for (const part of chunks(slugs)) {
    const query = db.selectFrom('products').select(productColumns).where('slug', 'in', part);
    rows.push(...(await (lock ? query.orderBy('id').forUpdate() : query).execute()));
  }
  return rows;
}

/** One page of every product, hidden ones too, in slug order (an export streams these pages). */
export async function findProductPage(db: Db, afterSlug: string | null, limit: number) {
  let query = db.selectFrom('products').select(productColumns).orderBy('slug').limit(limit);
  if (afterSlug !== null) query = query.where('slug', '>', afterSlug);
  return query.execute();
}

/** A variant as stored, without its product (the lists are by product). */
export type StoredVariant = Omit<Selectable<ProductVariantTable>, 'product_id'>;

export interface StoredLists {
  colors: Map<string, string[]>;
  tags: Map<string, string[]>;
  variants: Map<string, StoredVariant[]>;
}

/** The colours (in order), tags and variants (in colour, then size order) of the products. */
export async function findLists(db: Db, ids: readonly string[]): Promise<StoredLists> {
  const lists: StoredLists = { colors: new Map(), tags: new Map(), variants: new Map() };
  const push = <T>(map: Map<string, T[]>, id: string, value: T) => {
    const list = map.get(id) ?? [];
    list.push(value);
    map.set(id, list);
  };
  for (const part of chunks(ids)) {
    const [colors, tags, variants] = await Promise.all([
      db
        .selectFrom('product_colors')
        .select(['product_id', 'color'])
        .where('product_id', 'in', part)
        .orderBy('product_id')
        .orderBy('position')
        .execute(),
      db
        .selectFrom('product_tags')
        .select(['product_id', 'tag'])
        .where('product_id', 'in', part)
        .orderBy('product_id')
        .orderBy('tag')
        .execute(),
      db
        .selectFrom('product_variants')
        .select(['product_id', 'color', 'size', 'size_position', 'sku', 'stock', 'price', 'original_price'])
        .where('product_id', 'in', part)
        .orderBy('product_id')
        .orderBy('size_position')
        .orderBy('size')
        .execute(),
    ]);
    for (const c of colors) push(lists.colors, c.product_id, c.color);
    for (const t of tags) push(lists.tags, t.product_id, t.tag);
    for (const { product_id, ...v } of variants) push(lists.variants, product_id, v);
  }
  // Variants in the product's colour order (then size order, kept from the query).
  for (const [id, variants] of lists.variants) {
    const order = lists.colors.get(id) ?? [];
    const rank = (color: string) => (order.includes(color) ? order.indexOf(color) : order.length);
    variants.sort((a, b) => rank(a.color) - rank(b.color));
  }
  return lists;
}

export async function categoryIds(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('categories').select('id').execute();
  return new Set(rows.map((r) => r.id));
}

/** Which of the SKUs belong to variants of products other than `except`, with their product. */
export async function skusOutside(db: Db, skus: readonly string[], except: ReadonlySet<string>) {
  const found = new Map<string, string>();
  for (const part of chunks([...new Set(skus)])) {
    const rows = await db
      .selectFrom('product_variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select(['v.sku', 'v.product_id', 'p.slug'])
      .where('v.sku', 'in', part)
      .execute();
    for (const r of rows) if (!except.has(r.product_id)) found.set(r.sku, r.slug);
  }
  return found;
}

/** The SKUs of products other than `except` that start with `base`: what a generated SKU must avoid. */
export async function skusStartingWith(db: Db, base: string, except: ReadonlySet<string>): Promise<string[]> {
  const rows = await db
    .selectFrom('product_variants')
    .select(['sku', 'product_id'])
    .where('sku', 'like', `${base}%`)
    .execute();
  return rows.filter((r) => !except.has(r.product_id)).map((r) => r.sku);
}

export interface ProductRowWrite {
  id: string;
  slug: string;
  name: string;
  description: string;
  categoryId: string;
  price: number;
  originalPrice: number | null;
  declarations: ListingDeclarations;
}

/** The declarations as the product row's columns. */
const declarationColumns = (d: ListingDeclarations) => ({
  generic_name: d.genericName,
  net_quantity: d.netQuantity,
  country_of_origin: d.countryOfOrigin,
  maker_role: d.makerRole,
  maker_name: d.makerName,
  maker_address: d.makerAddress,
});

/** Inserts new products; false when a handle was taken meanwhile (nothing then is kept). */
export async function insertProducts(trx: Transaction<Database>, rows: readonly ProductRowWrite[], now: string) {
  for (const part of chunks(rows, 100)) {
    const inserted = await trx
      .insertInto('products')
      .values(
        part.map((p) => ({
          id: p.id,
          slug: p.slug,
          name: p.name,
          search_text: searchTextFor(p.name),
          description: p.description,
          category_id: p.categoryId,
          price: p.price,
          original_price: p.originalPrice,
          ...declarationColumns(p.declarations),
          is_active: 1,
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((oc) => oc.column('slug').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== part.length) return false;
  }
  return true;
}

export async function updateProduct(trx: Transaction<Database>, p: ProductRowWrite, now: string) {
  await trx
    .updateTable('products')
    .set({
      name: p.name,
      search_text: searchTextFor(p.name),
      description: p.description,
      category_id: p.categoryId,
      price: p.price,
      original_price: p.originalPrice,
      ...declarationColumns(p.declarations),
      updated_at: now,
    })
    .where('id', '=', p.id)
    .execute();
}

/** Marks products as changed now (their variants, colours or tags were). */
export async function touchProducts(trx: Transaction<Database>, ids: readonly string[], now: string) {
  for (const part of chunks(ids)) {
    await trx.updateTable('products').set({ updated_at: now }).where('id', 'in', part).execute();
  }
}

/** Replaces the colours and tags of products (each given product's whole lists). */
export async function replaceColorsAndTags(
  trx: Transaction<Database>,
  lists: readonly { id: string; colors: readonly string[]; tags: readonly string[] }[],
) {
  for (const part of chunks(lists)) {
    const ids = part.map((l) => l.id);
    await trx.deleteFrom('product_colors').where('product_id', 'in', ids).execute();
    await trx.deleteFrom('product_tags').where('product_id', 'in', ids).execute();
    const colors = part.flatMap((l) => l.colors.map((color, position) => ({ product_id: l.id, color, position })));
    const tags = part.flatMap((l) => l.tags.map((tag) => ({ product_id: l.id, tag })));
    for (const rows of chunks(colors)) await trx.insertInto('product_colors').values(rows).execute();
    for (const rows of chunks(tags)) await trx.insertInto('product_tags').values(rows).execute();
  }
}

/** A variant row as an import writes it. */
export type VariantWrite = Selectable<ProductVariantTable>;

/**
 * Sets the stock of many variants, 250 a statement (`UPDATE … FROM (VALUES …)`, which both
 * databases read alike: the values' columns are `column1`…): an import that changes every
 * row's stock would otherwise be one statement per variant.
 */
export async function setStocks(
  trx: Transaction<Database>,
  rows: readonly { productId: string; color: string; size: string; stock: number }[],
) {
  for (const part of chunks(rows, 250)) {
    const values = sql.join(part.map((r) => sql`(${r.productId}, ${r.color}, ${r.size}, ${r.stock})`));
    await sql`update product_variants set stock = cast(v.column4 as integer)
      from (values ${values}) as v
      where product_variants.product_id = v.column1
        and product_variants.color = v.column2
        and product_variants.size = v.column3`.execute(trx);
  }
}

/** Inserts new variants, many a statement. */
export async function insertVariants(trx: Transaction<Database>, rows: readonly VariantWrite[]) {
  for (const part of chunks(rows, 250)) await trx.insertInto('product_variants').values(part).execute();
}
