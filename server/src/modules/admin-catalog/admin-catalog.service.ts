import type { Kysely } from 'kysely';
import {
  declarationsOf,
  colorsWithoutStock,
  fellToThreshold,
  lowStockThreshold,
  missingDeclarations,
  needsColorStock,
  totalPagesFor,
  variantKeyOf,
  variantLabel,
  withSizeTotal,
  type AdminProductDetail,
  type AdminProductPage,
  type adminProductListQuery,
  type LowStockRow,
  type StockChangesBody,
} from '@shop/core';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { auditTrail, recordAudit } from '../audit/audit.service.ts';
import { getProduct, variantsOfProducts } from '../catalog/catalog.service.ts';
import { getShopSettings } from '../shop-settings/shop-settings.service.ts';
import { queueLowStockAlert, type LowStockFall } from './low-stock-alerts.ts';
import { refuseIncompleteOnSale } from './product-writes.ts';
import { lockVariant } from './variant-grid.repository.ts';
import * as repo from './admin-catalog.repository.ts';
import { stockChangeSummary, visibilitySummary } from './change-summaries.ts';
import { inVariantRowOrder } from '../../db/row-order.ts';

const productNotFound = () => notFound('PRODUCT_NOT_FOUND', 'Product not found');

/** Every product, hidden ones too, most recently changed first; three statements per page. */
export async function listProducts(
  db: Kysely<Database>,
  query: z.output<typeof adminProductListQuery>,
): Promise<AdminProductPage> {
  const filter: repo.StaffProductFilter = {
    nameContains: query.q,
    status: query.status,
    needsColorStock: query.needsColorStock,
    needsDeclarations: query.needsDeclarations,
  };
  const [total, rows] = await Promise.all([
    repo.countStaffProducts(db, filter),
    repo.findStaffProductPage(db, filter, (query.page - 1) * query.limit, query.limit),
  ]);
  const variants = await variantsOfProducts(
    db,
    rows.map((r) => r.id),
  );
  return {
    products: rows.map((row) => {
      const productVariants = variants.get(row.id) ?? [];
      const productSizes = sizesOverColors(productVariants);
      // The variants come in the product's colour order; every colour has a variant per size.
      const colors = [...new Set(productVariants.map((v) => v.color))];
      return {
        _id: row.id,
        name: row.name,
        image: row.image ?? '',
        category: row.category_name,
        price: row.price,
        originalPrice: row.original_price,
        isActive: row.is_active === 1,
        sizes: productSizes,
        totalStock: productSizes.reduce((sum, s) => sum + s.stock, 0),
        colorsWithoutStock: needsColorStock(colors, productVariants) ? colorsWithoutStock(colors, productVariants) : [],
        missingDeclarations: missingDeclarations(declarationsOf(row)),
        updatedAt: row.updated_at,
      };
    }),
    page: query.page,
    limit: query.limit,
    total,
    totalPages: totalPagesFor(total, query.limit),
  };
}

/** A product as staff see it, hidden or not, with its history. */
export async function getProductDetail(db: Kysely<Database>, id: string): Promise<AdminProductDetail> {
  const [product, state, audit] = await Promise.all([
    getProduct(db, id, { includeHidden: true }),
    repo.findProductState(db, id),
    auditTrail(db, 'product', id),
  ]);
  if (!state) throw productNotFound();
  return {
    product: {
      ...product,
      isActive: state.is_active === 1,
      updatedAt: state.updated_at,
      lowStockThreshold: state.low_stock_threshold,
    },
    audit,
  };
}

/**
 * Hides a product from the storefront (lists, search, its page, carts) or shows it again.
 * Asking for the state it already has changes and records nothing.
 */
export async function setVisibility(
  db: Kysely<Database>,
  id: string,
  isActive: boolean,
  actorId: string,
  now = new Date(),
): Promise<AdminProductDetail> {
  await db.transaction().execute(async (trx) => {
    // Locked: a save clearing a declaration at the same moment is decided before or after this.
    const current = await repo.findProductState(trx, id, { lock: true });
    if (!current) throw productNotFound();
    if ((current.is_active === 1) === isActive) return;
    if (isActive) refuseIncompleteOnSale(declarationsOf(current));
    await repo.setVisibility(trx, id, isActive, now.toISOString());
    await recordAudit(trx, {
      actorId,
      entityType: 'product',
      entityId: id,
      action: isActive ? 'product.shown' : 'product.hidden',
      summary: visibilitySummary(isActive),
      now: now.toISOString(),
    });
  });
  return getProductDetail(db, id);
}

/**
 * Sets the stock of many variants at once, all or nothing: a variant listed twice is a 400, an
 * unknown product, colour or size a 404, and either writes nothing. A change without a colour
 * sets the size's stock over every colour, as the staff list shows it (core `withSizeTotal`:
 * added to the first colour, taken from the first colours first). Each product whose stock
 * moved gets one history line ("Stock Navy / M: 4 → 10, L: 0 → 3"). Answers how many variants
 * changed.
 */
export async function changeStock(
  db: Kysely<Database>,
  body: StockChangesBody,
  actorId: string,
  mail: { staffOrderEmail: string | null } = { staffOrderEmail: null },
  now = new Date(),
): Promise<{ updated: number }> {
  const productIds = [...new Set(body.changes.map((c) => c.productId))];

  return db.transaction().execute(async (trx) => {
    // Products before variants, as every staff write and the sale ends take them: none waits
    // on another in a circle.
    await repo.lockProducts(trx, productIds);
    // The "from" of each history line is read here; an order placed at the same moment may
    // make it a piece off, but the stock written is exactly what staff asked for.
    const [products, stored, shop] = await Promise.all([
      repo.findProductNames(trx, productIds),
      variantsOfProducts(trx, productIds),
      getShopSettings(trx),
    ]);
    const seen = new Set<string>();
    const moves = new Map<string, { label: string; color: string; size: string; from: number; to: number }[]>();
    for (const change of body.changes) {
      const name = products.get(change.productId)?.name;
      if (name === undefined) throw notFound('PRODUCT_NOT_FOUND', `Product not found: ${change.productId}`);
      const variants = stored.get(change.productId) ?? [];
      const label = change.color === undefined ? change.size : variantLabel({ color: change.color, size: change.size });
      const targets = variants.filter(
        (v) => v.size === change.size && (change.color === undefined || v.color === change.color),
      );
      if (targets.length === 0) {
        throw notFound('SIZE_NOT_FOUND', `${name} has no ${change.color ? label : `size ${change.size}`}.`);
      }
      // A variant reached twice (listed twice, or a size over every colour and one of its colours)
      // would be written twice, the later write winning by where it stands in the list.
      const keys = targets.map((v) => `${change.productId}\u0000${variantKeyOf(v)}`);
      if (keys.some((k) => seen.has(k))) {
        throw badRequest('DUPLICATE_SIZE', `${label} of product ${change.productId} is listed twice.`);
      }
      for (const k of keys) seen.add(k);
      const to = withSizeTotal(
        targets.map((v) => v.stock),
        change.stock,
      );
      const list = moves.get(change.productId) ?? [];
      targets.forEach((v, i) =>
        list.push({ label: variantLabel(v), color: v.color, size: v.size, from: v.stock, to: to[i]! }),
      );
      moves.set(change.productId, list);
    }

    const writes = [...moves].flatMap(([productId, list]) =>
      list.filter((m) => m.from !== m.to).map((m) => ({ productId, color: m.color, size: m.size, stock: m.to })),
    );
    // Written in the same order of rows as orders take stock (see row-order.ts), each row locked
    // and its stock read first: a variant this change takes down to its low-stock threshold is
    // told to staff once.
    const fallen: LowStockFall[] = [];
    for (const write of inVariantRowOrder(writes)) {
      const current = await lockVariant(trx, write);
      await repo.setVariantStock(trx, write);
      const product = products.get(write.productId)!;
      const threshold = lowStockThreshold(product.lowStockThreshold, shop.lowStockThreshold);
      if (current !== undefined && fellToThreshold(current, write.stock, threshold)) {
        const sku =
          stored.get(write.productId)?.find((v) => v.color === write.color && v.size === write.size)?.sku ?? '';
        fallen.push({ ...write, name: product.name, sku, threshold });
      }
    }
    await queueLowStockAlert(trx, fallen, mail.staffOrderEmail, now);

    const changedProducts: string[] = [];
    for (const [productId, list] of moves) {
      const summary = stockChangeSummary(list.map((m) => ({ size: m.label, from: m.from, to: m.to })));
      if (!summary) continue;
      changedProducts.push(productId);
      await recordAudit(trx, {
        actorId,
        entityType: 'product',
        entityId: productId,
        action: 'stock.changed',
        summary,
        now: now.toISOString(),
      });
    }
    await repo.touchProducts(trx, changedProducts, now.toISOString());
    return { updated: writes.length };
  });
}

/** Variants running out: at or below `threshold`, or (none given) each at or below its own. */
export async function lowStock(
  db: Kysely<Database>,
  threshold: number | undefined,
  limit: number,
): Promise<LowStockRow[]> {
  const shop = await getShopSettings(db);
  const rows = await repo.findLowStock(db, threshold, shop.lowStockThreshold, limit);
  return rows.map((r) => ({
    productId: r.product_id,
    name: r.name,
    color: r.color,
    size: r.size,
    sku: r.sku,
    stock: r.stock,
    threshold: Number(r.threshold),
  }));
}

/** Each size with its stock summed over the product's colours, in size order. */
function sizesOverColors(variants: readonly { size: string; stock: number }[]): { size: string; stock: number }[] {
  const stock = new Map<string, number>();
  for (const v of variants) stock.set(v.size, (stock.get(v.size) ?? 0) + v.stock);
  return [...stock].map(([size, pieces]) => ({ size, stock: pieces }));
}
