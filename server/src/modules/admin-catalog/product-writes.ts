import type { Kysely } from 'kysely';
import {
  declarationFields,
  lowStockThreshold,
  declarationsMissingMessage,
  emptyDeclarations,
  missingDeclarations,
  saleEndRefusal,
  sizeTotalsToSet,
  tidyCountry,
  type ListingDeclarations,
  type Product,
  type productCreateBody,
  type productUpdateBody,
} from '@shop/core';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { getProduct, storedProductFields } from '../catalog/catalog.service.ts';
import { changedProductFields, productCreatedSummary, productUpdateSummary } from './change-summaries.ts';
import * as writes from './product-writes.repository.ts';
import { getShopSettings } from '../shop-settings/shop-settings.service.ts';
import { queueLowStockAlert } from './low-stock-alerts.ts';
import { endSaleIfDue } from './sale-ends.ts';
import type { StaffMail } from './variant-grid.ts';

/**
 * Staff create and edit products (POST /api/product/create, PATCH /api/product/update/:id):
 * with their visibility and stock (admin-catalog.service.ts), every staff write of products.
 */

/** Bodies as parsed: prices in paise. */
type CreateBody = z.output<typeof productCreateBody>;
type UpdateBody = z.output<typeof productUpdateBody>;

const productNotFound = () => notFound('PRODUCT_NOT_FOUND', 'Product not found');

function toWrite(body: UpdateBody): writes.ProductWrite {
  return {
    name: body.name,
    description: body.description,
    categoryId: body.categoryId,
    price: body.price,
    originalPrice: body.originalPrice,
    saleEndsAt: body.saleEndsAt,
    colors: body.colors && [...new Set(body.colors)],
    tags: body.tags && [...new Set(body.tags)],
    images: body.images,
    sizes: body.sizes,
    declarations: declarationsIn(body),
  };
}

/**
 * The sizes a write leaves, for its history: a size still at the figure the client read keeps
 * the stock it had (core `sizeTotalsToSet`), so a save that set no stock records none.
 */
function sizesAsSaved(
  sizes: NonNullable<writes.ProductWrite['sizes']>,
  before: readonly { size: string; stock: number }[],
): { size: string; stock: number }[] {
  const set = sizeTotalsToSet(sizes, new Set(before.map((b) => b.size)));
  return sizes.map(({ size, stock }) => ({
    size,
    stock: set.get(size) ?? before.find((b) => b.size === size)?.stock ?? stock,
  }));
}

/** The declarations a body names (undefined: it names none). */
function declarationsIn(body: UpdateBody): Partial<ListingDeclarations> | undefined {
  const named = declarationFields.filter(({ key }) => body[key] !== undefined);
  if (named.length === 0) return undefined;
  const declarations: Partial<ListingDeclarations> = Object.fromEntries(named.map(({ key }) => [key, body[key]]));
  if (declarations.countryOfOrigin !== undefined)
    declarations.countryOfOrigin = tidyCountry(declarations.countryOfOrigin);
  return declarations;
}

/**
 * A product on sale must carry every Legal Metrology declaration: a write that would leave one
 * on sale without them is refused (400), naming each one missing, and writes nothing.
 */
export function refuseIncompleteOnSale(declarations: ListingDeclarations): void {
  const missing = missingDeclarations(declarations);
  if (missing.length === 0) return;
  throw new AppError(
    400,
    'DECLARATIONS_MISSING',
    declarationsMissingMessage(missing),
    declarationFields
      .filter(({ label }) => missing.includes(label))
      .map(({ key }) => ({ path: key, message: 'is required for a product on sale' })),
  );
}

/**
 * A sale end is refused when the write sets one already passed, or leaves one on a product with
 * nothing marked down (400, under the form's sale end field); nothing is written.
 */
function refuseSaleEnd(...args: Parameters<typeof saleEndRefusal>): void {
  const refusal = saleEndRefusal(...args);
  if (refusal) {
    throw new AppError(400, refusal.reason, refusal.message, [{ path: 'saleEndsAt', message: refusal.field }]);
  }
}

async function assertCategory(db: Kysely<Database>, categoryId: string | undefined) {
  if (categoryId !== undefined && !(await writes.categoryExists(db, categoryId))) {
    throw badRequest('UNKNOWN_CATEGORY', `Unknown category: ${categoryId}`);
  }
}

/** The name in lower-case ASCII letters and digits joined by hyphens, accents dropped ("Fèstive" → festive). */
function slugify(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'product'
  );
}

/** How many slugs a product tries before giving up: the name's own, then suffixes drawn at random. */
const SLUG_DRAWS = 8;

/** A random slug suffix: six letters or digits (36^6, about two billion). */
function slugSuffix(): string {
  const bytes = randomBytes(6);
  return Array.from(bytes, (b) => (b % 36).toString(36)).join('');
}

/** Creates a product on sale; `actorId` is the staff member, recorded in its history. */
export async function createProduct(
  db: Kysely<Database>,
  body: CreateBody,
  actorId: string | null = null,
  now = new Date(),
): Promise<Product> {
  await assertCategory(db, body.categoryId);
  const write = toWrite(body);
  const declarations = { ...emptyDeclarations, ...write.declarations };
  // Created on sale, as the specification's product form does: so complete from the start.
  refuseIncompleteOnSale(declarations);
  // A new product's variants have no prices of their own: its own price is all there is.
  refuseSaleEnd(
    write.saleEndsAt ?? null,
    { price: body.price, originalPrice: write.originalPrice ?? null },
    [],
    now.getTime(),
    { setNow: true },
  );
  const id = newId();
  await db.transaction().execute(async (trx) => {
    // The slug is the name's, or when another product has it (also one being created at this
    // moment) the name's with a suffix drawn at random, drawn again while taken.
    const base = slugify(body.name);
    const product = {
      name: body.name,
      description: body.description ?? '',
      categoryId: body.categoryId,
      price: body.price,
      originalPrice: write.originalPrice ?? null,
      saleEndsAt: write.saleEndsAt ?? null,
      colors: write.colors ?? [],
      tags: write.tags ?? [],
      images: write.images ?? [],
      sizes: write.sizes ?? [],
      declarations,
    };
    for (let draw = 0; ; draw++) {
      const slug = draw === 0 ? base : `${base}-${slugSuffix()}`;
      if (await writes.insertProduct(trx, id, slug, product, now.toISOString())) break;
      if (draw === SLUG_DRAWS) throw new Error(`no free slug for “${body.name}” after ${SLUG_DRAWS} draws`);
    }
    await recordAudit(trx, {
      actorId,
      entityType: 'product',
      entityId: id,
      action: 'product.created',
      summary: productCreatedSummary(body.name),
      now: now.toISOString(),
    });
  });
  return getProduct(db, id, { now: now.getTime() });
}

/**
 * Changes what the body names, hidden products included (staff edit them before showing
 * them again). The history records which fields actually changed, and by whom. The product's
 * row is locked first, so what is checked (on sale, declared, marked down) is what the write
 * leaves, whatever else is written to it at the same moment; a sale whose end has come is
 * ended first, so the body's prices apply to the product as it now sells. A size whose stock is
 * still what the client read (`stockWas`) keeps what orders left; a variant the write takes down
 * to its low-stock threshold queues staff's email in the same transaction.
 */
export async function updateProduct(
  db: Kysely<Database>,
  id: string,
  body: UpdateBody,
  actorId: string | null = null,
  mail: StaffMail = { staffOrderEmail: null },
  now = new Date(),
): Promise<Product> {
  await assertCategory(db, body.categoryId);
  const write = toWrite(body);
  await db.transaction().execute(async (trx) => {
    const locked = await writes.lockProduct(trx, id);
    if (!locked) throw productNotFound();
    await endSaleIfDue(trx, id, now);
    const before = await storedProductFields(trx, id);
    if (!before) throw productNotFound();
    const declarations = { ...before.declarations, ...write.declarations };
    // A hidden product may be saved half-declared; it cannot be shown until complete.
    if (before.isActive) refuseIncompleteOnSale(declarations);
    const threshold = lowStockThreshold(locked.low_stock_threshold, (await getShopSettings(trx)).lowStockThreshold);
    const fallen = await writes.updateProductRow(trx, id, write, now.toISOString(), threshold);
    if (!fallen) throw productNotFound();
    // Checked on what the write leaves: its prices and the variants' own.
    const after = (await writes.lockProduct(trx, id))!;
    refuseSaleEnd(
      after.sale_ends_at,
      { price: Number(after.price), originalPrice: after.original_price },
      await writes.findOwnPricedVariants(trx, id),
      now.getTime(),
      { setNow: typeof write.saleEndsAt === 'string' },
    );
    const summary = productUpdateSummary(
      changedProductFields(before, {
        ...write,
        sizes: write.sizes && sizesAsSaved(write.sizes, before.sizes),
        declarations: write.declarations && declarations,
      }),
    );
    if (summary) {
      await recordAudit(trx, {
        actorId,
        entityType: 'product',
        entityId: id,
        action: 'product.updated',
        summary,
        now: now.toISOString(),
      });
    }
    await queueLowStockAlert(trx, fallen, mail.staffOrderEmail, now);
  });
  return getProduct(db, id, { includeHidden: true, now: now.getTime() });
}
