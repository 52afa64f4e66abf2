import type { Kysely } from 'kysely';
import {
  fellToThreshold,
  generatedSku,
  lowStockThreshold,
  variantColors,
  variantKeyOf,
  variantLabel,
  type AdminProductDetail,
  type productPhotosBody,
  type variantGridBody,
} from '@shop/core';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { inVariantRowOrder, variantRowKey } from '../../db/row-order.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { getShopSettings } from '../shop-settings/shop-settings.service.ts';
import { getProductDetail } from './admin-catalog.service.ts';
import { photosSummary, variantGridSummary, type GridCell } from './change-summaries.ts';
import { queueLowStockAlert, type LowStockFall } from './low-stock-alerts.ts';
import { skusLike } from './product-writes.repository.ts';
import { endSaleIfDue } from './sale-ends.ts';
import { refuseRemovingHeldVariants } from './variant-removals.ts';
import * as repo from './variant-grid.repository.ts';

/**
 * The staff variant grid (PUT /api/admin/products/:id/variants) and a product's photos by
 * colour (PUT /api/admin/products/:id/photos): each saved whole, in one transaction, with one
 * line of history.
 */

type GridBody = z.output<typeof variantGridBody>;
type PhotosBody = z.output<typeof productPhotosBody>;

/** Where staff hear of low stock (STAFF_ORDER_EMAIL); null: nowhere. */
export interface StaffMail {
  staffOrderEmail: string | null;
}

const productNotFound = () => notFound('PRODUCT_NOT_FOUND', 'Product not found');

/** A cell as the save means to leave it, and whether its stock is written (not left as orders left it). */
interface TargetCell extends GridCell {
  sizePosition: number;
  writeStock: boolean;
}

/**
 * Saves a product's whole grid: colours, sizes and every variant's SKU, stock and price, all or
 * nothing. A cell the body leaves out keeps what it holds (a new one starts at zero); an empty
 * SKU is generated (`KP-OXF-NAV-M`); a SKU another product holds is a 409 naming it. Stock is
 * written in the order of rows orders take it in (row-order.ts), each row locked as it is
 * read, so a save racing orders neither deadlocks nor loses a piece: a cell whose stock is
 * still what staff saw (`stockWas`) keeps what orders left. A variant the save takes down to its
 * low-stock threshold queues staff's email in the same transaction.
 */
export async function saveVariantGrid(
  db: Kysely<Database>,
  productId: string,
  body: GridBody,
  actorId: string,
  mail: StaffMail,
  now = new Date(),
): Promise<AdminProductDetail> {
  // A SKU generated here can be generated at the same moment by a save of a product named
  // alike (PostgreSQL; SQLite writes one at a time): its unique index refuses the later commit,
  // and the save is tried again from the start, where the SKU now committed is seen as taken
  // (a generated one is numbered past it, a typed one is refused naming its holder).
  for (let attempt = 1; ; attempt++) {
    try {
      await writeVariantGrid(db, productId, body, actorId, mail, now);
      return getProductDetail(db, productId);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (attempt === GRID_SAVE_ATTEMPTS) {
        throw conflict('SKU_TAKEN', 'A SKU in the grid was taken by another product meanwhile: reload and save again.');
      }
    }
  }
}

/** How many times a grid save is tried when a SKU it wrote was taken at the same moment. */
const GRID_SAVE_ATTEMPTS = 3;

/** One attempt at saving the grid, in one transaction (see `saveVariantGrid`). */
async function writeVariantGrid(
  db: Kysely<Database>,
  productId: string,
  body: GridBody,
  actorId: string,
  mail: StaffMail,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const product = await repo.findGridProduct(trx, productId, { lock: true });
    if (!product) throw productNotFound();
    // The grid's prices apply to the product as it now sells: a sale whose end has come is ended first.
    await endSaleIfDue(trx, productId, now);
    const [shop, storedColors, rows] = await Promise.all([
      getShopSettings(trx),
      repo.findColors(trx, productId),
      repo.findVariantRows(trx, productId),
    ]);
    const before = {
      colors: storedColors,
      sizes: [...new Set(rows.map((r) => r.size))],
      cells: rows.map((r) => ({
        color: r.color,
        size: r.size,
        sku: r.sku,
        stock: r.stock,
        price: r.price,
        originalPrice: r.original_price,
      })),
    };
    const targets = targetCells(body, before.cells);
    await assignSkus(trx, productId, product.name, targets);

    const threshold = lowStockThreshold(
      body.lowStockThreshold === undefined ? product.low_stock_threshold : body.lowStockThreshold,
      shop.lowStockThreshold,
    );
    const fallen = await writeCells(trx, productId, product.name, targets, rows, threshold);
    if (body.colors.join('\u0000') !== storedColors.join('\u0000')) {
      await repo.replaceColors(trx, productId, body.colors);
    }
    await repo.touchProduct(trx, productId, now.toISOString(), body.lowStockThreshold);

    const after = { colors: body.colors, sizes: body.sizes, cells: targets };
    const summary = [
      variantGridSummary(before, after),
      body.lowStockThreshold !== undefined && body.lowStockThreshold !== product.low_stock_threshold
        ? `low stock at ${body.lowStockThreshold ?? 'the shop’s threshold'}`
        : null,
    ]
      .filter(Boolean)
      .join('; ');
    if (summary) {
      await recordAudit(trx, {
        actorId,
        entityType: 'product',
        entityId: productId,
        action: 'variants.changed',
        summary,
        now: now.toISOString(),
      });
    }
    await queueLowStockAlert(trx, fallen, mail.staffOrderEmail, now);
  });
}

/** Every colour × size of the body's grid, from its cells or what is stored; 400 for a cell outside the grid or given twice. */
function targetCells(body: GridBody, stored: readonly GridCell[]): TargetCell[] {
  const colors = variantColors(body.colors);
  const given = new Map<string, GridBody['cells'][number]>();
  for (const cell of body.cells) {
    const label = variantLabel(cell);
    if (!colors.includes(cell.color) || !body.sizes.includes(cell.size)) {
      throw badRequest(
        'CELL_OUTSIDE_GRID',
        `${label} is not in the grid: its colour and size must be among the grid's colours and sizes.`,
      );
    }
    if (given.has(variantKeyOf(cell))) throw badRequest('DUPLICATE_CELL', `${label} is listed twice.`);
    if (cell.originalPrice !== null && cell.price === null) {
      throw badRequest('ORIGINAL_PRICE_WITHOUT_PRICE', `${label}: an original price needs the variant's own price.`);
    }
    given.set(variantKeyOf(cell), cell);
  }
  const held = new Map(stored.map((c) => [variantKeyOf(c), c]));
  return colors.flatMap((color) =>
    body.sizes.map((size, sizePosition) => {
      const key = variantKeyOf({ color, size });
      const cell = given.get(key);
      const was = held.get(key);
      if (!cell) {
        return {
          color,
          size,
          sizePosition,
          sku: was?.sku ?? '',
          stock: was?.stock ?? 0,
          price: was?.price ?? null,
          originalPrice: was?.originalPrice ?? null,
          writeStock: false,
        };
      }
      const unchanged = cell.stockWas !== undefined && cell.stockWas === cell.stock;
      return {
        color,
        size,
        sizePosition,
        sku: cell.sku,
        stock: unchanged && was ? was.stock : cell.stock,
        price: cell.price,
        originalPrice: cell.originalPrice,
        writeStock: !unchanged || !was,
      };
    }),
  );
}

/**
 * Checks the SKUs staff typed (unique in the grid, held by no other product: 409 naming the
 * SKU and its holder) and generates the empty ones, unique across the shop.
 */
async function assignSkus(
  trx: Parameters<typeof repo.findSkuHolders>[0],
  productId: string,
  name: string,
  targets: TargetCell[],
) {
  const typed = new Map<string, TargetCell>();
  for (const cell of targets.filter((c) => c.sku !== '')) {
    const other = typed.get(cell.sku);
    if (other) {
      throw badRequest(
        'DUPLICATE_SKU',
        `SKU ${cell.sku} is given to both ${variantLabel(other)} and ${variantLabel(cell)}.`,
      );
    }
    typed.set(cell.sku, cell);
  }
  const holders = await repo.findSkuHolders(trx, productId, [...typed.keys()]);
  if (holders.length > 0) {
    const h = holders[0]!;
    throw conflict('SKU_TAKEN', `SKU ${h.sku} is already used by ${h.name} (${variantLabel(h)}).`);
  }
  const empty = targets.filter((c) => c.sku === '');
  if (empty.length === 0) return;
  const takenElsewhere = await skusLike(
    trx,
    productId,
    empty.map((c) => generatedSku(name, c, () => false)),
  );
  // A SKU this grid keeps is taken; one it drops is free again.
  const taken = new Set([...takenElsewhere, ...typed.keys()]);
  for (const cell of empty) {
    cell.sku = generatedSku(name, cell, (sku) => taken.has(sku));
    taken.add(cell.sku);
  }
}

type StoredRow = Awaited<ReturnType<typeof repo.findVariantRows>>[number];

/**
 * Writes the grid row by row in the order orders take stock in: a variant gone is deleted (409
 * when open orders hold pieces of it: `refuseRemovingHeldVariants`), one
 * changed updated (its row locked and its stock read first, when the stock is written), a new
 * one inserted. A SKU moving from one variant of the product to another is parked on a
 * temporary SKU first, so no statement meets the SKU index's other holder. Answers the
 * variants taken down to their low-stock threshold.
 */
async function writeCells(
  trx: Parameters<typeof repo.findSkuHolders>[0],
  productId: string,
  name: string,
  targets: TargetCell[],
  rows: StoredRow[],
  threshold: number,
): Promise<LowStockFall[]> {
  const held = new Map(rows.map((r) => [variantKeyOf(r), r]));
  const wanted = new Map(targets.map((t) => [variantKeyOf(t), t]));
  const storedSkus = new Set(rows.map((r) => r.sku));
  const parked: { key: { productId: string; color: string; size: string }; sku: string }[] = [];
  const fallen: LowStockFall[] = [];
  const gone: repo.VariantRef[] = [];

  const steps = [
    ...rows.filter((r) => !wanted.has(variantKeyOf(r))).map((r) => ({ productId, color: r.color, size: r.size })),
    ...targets.map((t) => ({ productId, color: t.color, size: t.size })),
  ];
  for (const key of inVariantRowOrder(steps)) {
    const target = wanted.get(variantKeyOf(key));
    const row = held.get(variantKeyOf(key));
    if (!target) {
      // Locked in its turn; deleted below once no open order is found holding it.
      await repo.lockVariant(trx, key);
      gone.push(key);
      continue;
    }
    const skuChanges = !row || row.sku !== target.sku;
    // A SKU another variant of this product holds now goes on once that one has let it go.
    const sku = skuChanges && storedSkus.has(target.sku) ? `~${newId()}` : target.sku;
    if (sku !== target.sku) parked.push({ key, sku: target.sku });
    if (!row) {
      await repo.insertVariant(trx, {
        product_id: productId,
        color: key.color,
        size: key.size,
        size_position: target.sizePosition,
        sku,
        stock: target.stock,
        price: target.price,
        original_price: target.originalPrice,
      });
      continue;
    }
    const set: repo.VariantChange = {};
    if (target.writeStock && target.stock !== row.stock) {
      const current = await repo.lockVariant(trx, key);
      if (current !== undefined && current !== target.stock) {
        set.stock = target.stock;
        if (fellToThreshold(current, target.stock, threshold)) {
          fallen.push({
            productId,
            name,
            color: key.color,
            size: key.size,
            sku: target.sku,
            stock: target.stock,
            threshold,
          });
        }
      }
    }
    if (skuChanges) set.sku = sku;
    if (row.size_position !== target.sizePosition) set.size_position = target.sizePosition;
    if (row.price !== target.price) set.price = target.price;
    if (row.original_price !== target.originalPrice) set.original_price = target.originalPrice;
    if (Object.keys(set).length > 0) await repo.updateVariant(trx, key, set);
  }
  await refuseRemovingHeldVariants(trx, productId, gone);
  for (const key of gone) await repo.deleteVariant(trx, key);
  for (const { key, sku } of parked.sort((a, b) => (variantRowKey(a.key) < variantRowKey(b.key) ? -1 : 1))) {
    await repo.updateVariant(trx, key, { sku });
  }
  return fallen;
}

/**
 * Saves a product's photos whole: their order and each one's colour (null: every colour's).
 * A colour the product does not have is a 400. One line of history when anything changed.
 */
export async function saveProductPhotos(
  db: Kysely<Database>,
  productId: string,
  body: PhotosBody,
  actorId: string,
  now = new Date(),
): Promise<AdminProductDetail> {
  await db.transaction().execute(async (trx) => {
    const product = await repo.findGridProduct(trx, productId);
    if (!product) throw productNotFound();
    const [colors, before] = await Promise.all([repo.findColors(trx, productId), repo.findPhotos(trx, productId)]);
    for (const photo of body.photos) {
      if (photo.color !== null && !colors.includes(photo.color)) {
        throw badRequest('UNKNOWN_COLOR', `${product.name} has no colour ${photo.color}: add it to the grid first.`);
      }
    }
    const summary = photosSummary(before, body.photos);
    if (!summary) return;
    await repo.replacePhotos(trx, productId, body.photos);
    await repo.touchProduct(trx, productId, now.toISOString(), undefined);
    await recordAudit(trx, {
      actorId,
      entityType: 'product',
      entityId: productId,
      action: 'photos.changed',
      summary,
      now: now.toISOString(),
    });
  });
  return getProductDetail(db, productId);
}
