import { makerRoles } from '@shop/core';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { nameMatches } from '../../lib/sql-text.ts';

/** Which products staff list: every one, only those on sale, or only hidden ones. */
export interface StaffProductFilter {
  nameContains?: string | undefined;
  status: 'all' | 'active' | 'hidden';
  /** Only products with several colours of which some has nothing in stock in any size. */
  needsColorStock?: boolean | undefined;
  /** Only products lacking some declaration, as core's `missingDeclarations` reads them. */
  needsDeclarations?: boolean | undefined;
}

/** The declarations' text columns: blank (spaces aside) is missing, like an unknown maker role. */
const declarationTexts = ['generic_name', 'net_quantity', 'country_of_origin', 'maker_name', 'maker_address'] as const;

function staffProducts(db: Kysely<Database>, filter: StaffProductFilter) {
  let query = db.selectFrom('products as p').innerJoin('categories as c', 'c.id', 'p.category_id');
  if (filter.status !== 'all') query = query.where('p.is_active', '=', filter.status === 'active' ? 1 : 0);
  if (filter.nameContains !== undefined) query = query.where(nameMatches(filter.nameContains));
  if (filter.needsColorStock) {
    query = query.where((eb) =>
      eb.and([
        eb(
          eb.selectFrom('product_colors as pc').select(eb.fn.countAll().as('n')).whereRef('pc.product_id', '=', 'p.id'),
          '>=',
          2,
        ),
        eb.exists(
          eb
            .selectFrom('product_colors as pc')
            .select('pc.color')
            .whereRef('pc.product_id', '=', 'p.id')
            .where((inner) =>
              inner.not(
                inner.exists(
                  inner
                    .selectFrom('product_variants as v')
                    .select('v.sku')
                    .whereRef('v.product_id', '=', 'p.id')
                    .whereRef('v.color', '=', 'pc.color')
                    .where('v.stock', '>', 0),
                ),
              ),
            ),
        ),
      ]),
    );
  }
  if (filter.needsDeclarations) {
    query = query.where((eb) =>
      eb.or([
        ...declarationTexts.map((column) => eb(eb.fn('trim', [eb.ref(`p.${column}`)]), '=', '')),
        eb('p.maker_role', 'not in', makerRoles),
      ]),
    );
  }
  return query;
}

export async function countStaffProducts(db: Kysely<Database>, filter: StaffProductFilter): Promise<number> {
  const row = await staffProducts(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One page, most recently changed first: what staff just touched is on top. */
export async function findStaffProductPage(
  db: Kysely<Database>,
  filter: StaffProductFilter,
  offset: number,
  limit: number,
) {
  return staffProducts(db, filter)
    .select((eb) => [
      'p.id',
      'p.name',
      'p.price',
      'p.original_price',
      'p.is_active',
      'p.updated_at',
      'c.name as category_name',
      'p.generic_name',
      'p.net_quantity',
      'p.country_of_origin',
      'p.maker_role',
      'p.maker_name',
      'p.maker_address',
      eb
        .selectFrom('product_images as i')
        .select('i.url')
        .whereRef('i.product_id', '=', 'p.id')
        .orderBy('i.position')
        .limit(1)
        .as('image'),
    ])
    .orderBy('p.updated_at', 'desc')
    .orderBy('p.id', 'asc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/**
 * Whether the product is on sale, its declarations, and when it last changed (undefined: no such
 * product); with `lock`, its row locked until the transaction ends (PostgreSQL; SQLite's
 * transactions run one at a time), so what is decided from it holds until the write.
 */
export async function findProductState(db: Kysely<Database>, id: string, { lock = false } = {}) {
  const query = db
    .selectFrom('products')
    .select([
      'is_active',
      'updated_at',
      'low_stock_threshold',
      'generic_name',
      'net_quantity',
      'country_of_origin',
      'maker_role',
      'maker_name',
      'maker_address',
    ])
    .where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/** Locks the given products' rows, in id order (the order every staff write takes them in). */
export async function lockProducts(trx: Transaction<Database>, ids: readonly string[]) {
  if (ids.length === 0) return;
  await trx
    .selectFrom('products')
    .select('id')
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function setVisibility(trx: Transaction<Database>, id: string, isActive: boolean, now: string) {
  await trx
    .updateTable('products')
    .set({ is_active: isActive ? 1 : 0, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Marks products as changed (their list order and `updatedAt` follow staff edits). */
export async function touchProducts(trx: Transaction<Database>, ids: string[], now: string) {
  if (ids.length === 0) return;
  await trx.updateTable('products').set({ updated_at: now }).where('id', 'in', ids).execute();
}

export async function setVariantStock(
  trx: Transaction<Database>,
  change: { productId: string; color: string; size: string; stock: number },
) {
  await trx
    .updateTable('product_variants')
    .set({ stock: change.stock })
    .where('product_id', '=', change.productId)
    .where('color', '=', change.color)
    .where('size', '=', change.size)
    .execute();
}

/**
 * Active products' variants at or below `threshold` pieces, or (none given) at or below each
 * one's own threshold (its product's, else the shop's), the emptiest first.
 */
export async function findLowStock(
  db: Kysely<Database>,
  threshold: number | undefined,
  shopThreshold: number,
  limit: number,
) {
  const own = sql<number>`coalesce(${sql.ref('p.low_stock_threshold')}, ${shopThreshold})`;
  return db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.product_id', 'p.name', 'v.color', 'v.size', 'v.sku', 'v.stock', own.as('threshold')])
    .where('p.is_active', '=', 1)
    .where('v.stock', '<=', threshold ?? own)
    .orderBy('v.stock', 'asc')
    .orderBy('p.name', 'asc')
    .orderBy('v.color', 'asc')
    .orderBy('v.size_position', 'asc')
    .limit(limit)
    .execute();
}

/** The names and own low-stock thresholds of the given products that exist, hidden ones included. */
export async function findProductNames(
  db: Kysely<Database>,
  ids: string[],
): Promise<Map<string, { name: string; lowStockThreshold: number | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('products')
    .select(['id', 'name', 'low_stock_threshold'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, { name: r.name, lowStockThreshold: r.low_stock_threshold }]));
}
