import type { Kysely } from 'kysely';
import {
  declarationsOf,
  productAt,
  totalPagesFor,
  type Product,
  type ProductListQuery,
  type ProductPage,
  type ProductSuggestions,
  type ProductSummary,
} from '@shop/core';
import type { Database } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { taxesOfCategories } from '../category-taxes/category-taxes.service.ts';
import type { CatalogIndex, IndexAnswer, IndexQuery, IndexedCard } from './catalog-index.ts';
import * as repo from './catalog.repository.ts';
import type { CatalogueFeed } from './catalogue-feed.ts';
import type { HeldCatalogue } from './held-catalogue.ts';

const productNotFound = () => notFound('PRODUCT_NOT_FOUND', 'Product not found');

/** One product as the API answers it: `_id`, derived `soldOut`, money in paise (the JSON shows rupees). */
function toProduct(row: repo.ProductRow, details: repo.ProductDetails, gstPercent: number): Product {
  const photos = details.photos.get(row.id) ?? [];
  const images = photos.map((p) => p.url);
  const sizes = details.sizes.get(row.id) ?? [];
  return {
    _id: row.id,
    name: row.name,
    title: row.name,
    description: row.description,
    price: row.price,
    originalPrice: row.original_price,
    image: images[0] ?? '',
    images,
    colors: details.colors.get(row.id) ?? [],
    tags: details.tags.get(row.id) ?? [],
    category: row.category_name,
    categoryId: row.category_id,
    soldOut: sizes.every((s) => s.stock <= 0),
    sizes,
    variants: details.variants.get(row.id) ?? [],
    photos,
    saleEndsAt: row.sale_ends_at,
    declarations: declarationsOf(row),
    gstPercent,
    createdAt: row.created_at,
  };
}

/** A card: its colours are those in stock, in the product's order. */
function toProductSummary(product: IndexedCard): ProductSummary {
  return {
    _id: product.id,
    name: product.name,
    title: product.name,
    price: product.price,
    originalPrice: product.originalPrice,
    image: product.image ?? '',
    colors: product.colors,
    category: product.categoryName,
    categoryId: product.categoryId,
    soldOut: product.soldOut,
  };
}

/**
 * The catalogue as this process reads it: what it holds, and on PostgreSQL the feed of
 * notifications that keeps that current (see catalogue-feed.ts).
 */
export interface CatalogueReader {
  db: Kysely<Database>;
  held: HeldCatalogue;
  /** PostgreSQL's notifications; null on SQLite, whose stock changes are read from its log. */
  feed: CatalogueFeed | null;
}

/**
 * The index of the catalogue as it is now, its stock current. Live (PostgreSQL, listening),
 * the feed's. On SQLite one small statement asks the catalogue's version and the stock log's
 * last change: the index is read again (once, however many requests wait for it) only when the
 * version moved on, and only the products named since when stock changed. A change that commits
 * while the index is being read moves the version on again, so the next request reads it once
 * more: no process keeps showing a catalogue older than the database's.
 */
async function currentIndex(catalogue: CatalogueReader): Promise<CatalogIndex> {
  const live = await catalogue.feed?.current();
  if (live) return live.index;
  if (!catalogue.feed) return catalogue.held.catchUp(await repo.catalogueState(catalogue.db));
  return catalogue.held.indexFor(await repo.catalogVersion(catalogue.db));
}

function toPage(answer: IndexAnswer, query: IndexQuery, page: number): ProductPage {
  return {
    products: answer.products.map(toProductSummary),
    page,
    limit: query.limit,
    total: answer.total,
    totalPages: totalPagesFor(answer.total, query.limit),
    ...(answer.facets && { facets: answer.facets }),
  };
}

/**
 * One page from the index. Live (PostgreSQL, listening) or on SQLite, the index is current
 * (see currentIndex). PostgreSQL not listening: the page is worked out from the index held, and
 * one statement asks both the catalogue's version and the stock of the page's products; the
 * index is read again when the version moved on, and the page worked out once more when its
 * products' stock was not what the index held.
 */
async function pageOf(catalogue: CatalogueReader, query: IndexQuery, page: number): Promise<ProductPage> {
  const live = await catalogue.feed?.current();
  // An index whose reading failed (the database went away mid-read) is no answer: the list asks
  // the database as when not listening, and says 503 if it is still away.
  const liveIndex = live ? await live.index.catch(() => null) : null;
  if (liveIndex) return toPage(liveIndex.query(query), query, page);
  if (!catalogue.feed) return toPage((await currentIndex(catalogue)).query(query), query, page);

  const { db } = catalogue;
  const held = catalogue.held.held();
  let index = held ? await held.index.catch(() => null) : null;
  let answer = index?.query(query);
  const { version, stock } = await repo.versionAndStock(db, answer?.products.map((p) => p.id) ?? []);
  if (!index || !answer || !held || version > held.version) {
    index = await catalogue.held.indexFor(version);
    answer = index.query(query);
    const pageStock = await repo.findStockOf(
      db,
      answer.products.map((p) => p.id),
    );
    if (await catalogue.held.applyStock(pageStock, index)) answer = index.query(query);
  } else if (await catalogue.held.applyStock(stock, index)) {
    answer = index.query(query);
  }
  return toPage(answer, query, page);
}

const pageQuery = (page: number, limit: number) => ({ offset: (page - 1) * limit, limit });

/** The catalogue's version and the last change of stock, as lists are made from them (the stamp of the lists' cache). */
export function catalogueState(db: Kysely<Database>) {
  return repo.catalogueState(db);
}

export async function listProducts(catalogue: CatalogueReader, query: ProductListQuery): Promise<ProductPage> {
  if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
    throw badRequest('INVALID_PRICE_RANGE', 'minPrice must not be greater than maxPrice');
  }
  return pageOf(
    catalogue,
    {
      categoryId: query.category,
      color: query.color?.toLowerCase(),
      origin: query.origin,
      size: query.size?.toUpperCase(),
      inStock: query.inStock,
      tag: query.tag,
      minPrice: query.minPrice,
      maxPrice: query.maxPrice,
      q: query.q,
      sort: query.sort ?? (query.q === undefined ? 'price' : 'relevance'),
      facets: true,
      ...pageQuery(query.page, query.limit),
    },
    query.page,
  );
}

export async function searchProducts(catalogue: CatalogueReader, q: string, page: number, limit: number) {
  return pageOf(catalogue, { q, sort: 'relevance', ...pageQuery(page, limit) }, page);
}

export async function listCategoryProducts(
  catalogue: CatalogueReader,
  categoryId: string,
  page: number,
  limit: number,
) {
  if (!(await currentIndex(catalogue)).categoryExists(categoryId)) {
    throw notFound('CATEGORY_NOT_FOUND', 'Category not found');
  }
  return pageOf(catalogue, { categoryId, sort: 'price', ...pageQuery(page, limit) }, page);
}

/** What the search box offers while the shopper types. */
export async function suggest(catalogue: CatalogueReader, q: string): Promise<ProductSuggestions> {
  const { products, categories } = (await currentIndex(catalogue)).suggest(q, 6, 4);
  return {
    products: products.map((p) => ({
      _id: p.id,
      name: p.name,
      price: p.price,
      image: p.image ?? '',
      category: p.categoryName,
    })),
    categories: categories.map(({ category, count }) => ({ _id: category.id, name: category.name, count })),
  };
}

/** A product on sale, as it stands at `now`; with `includeHidden` (staff), a hidden one too. */
export async function getProduct(
  db: Kysely<Database>,
  id: string,
  { includeHidden = false, now = Date.now() } = {},
): Promise<Product> {
  const row = await repo.findProduct(db, id, { includeHidden });
  if (!row) throw productNotFound();
  return (await productsOf(db, [row], now))[0]!;
}

/**
 * Products as answered at `now`: their photos, variants and colours, and their categories' GST
 * rates, read together. One whose sale end has come is at its original prices (core's
 * `productAt`), also before the job that writes the end has run.
 */
async function productsOf(db: Kysely<Database>, rows: repo.ProductRow[], now: number): Promise<Product[]> {
  const [details, taxes] = await Promise.all([
    repo.findProductDetails(
      db,
      rows.map((row) => row.id),
    ),
    taxesOfCategories(db, [...new Set(rows.map((row) => row.category_id))]),
  ]);
  return rows.map((row) => productAt(toProduct(row, details, taxes.get(row.category_id)!.gstRate), now));
}

/**
 * The newest products on sale in a category (and its sub-categories; any, for null), or only
 * those below their original price at `now` (a sale whose end has come is over): a page of them
 * with each one's own low-stock threshold (null: the shop's), and how many there are.
 */
export async function newestProducts(
  db: Kysely<Database>,
  filter: { categoryId: string | null; onSale: boolean },
  offset: number,
  limit: number,
  now = Date.now(),
): Promise<{ products: { product: Product; lowStockThreshold: number | null }[]; total: number }> {
  const { rows, total } = await repo.findNewestProducts(db, filter, offset, limit, new Date(now).toISOString());
  const products = await productsOf(db, rows, now);
  return {
    products: rows.map((row, i) => ({ product: products[i]!, lowStockThreshold: row.low_stock_threshold })),
    total,
  };
}

/** A product on sale as it stands at `now`, or null (missing, or hidden from shoppers). */
export async function productOnSale(db: Kysely<Database>, id: string, now = Date.now()): Promise<Product | null> {
  const row = await repo.findProduct(db, id);
  return row ? (await productsOf(db, [row], now))[0]! : null;
}

/** A product's sizes: of one colour, or (none given) with their stock over every colour. */
export async function getProductSizes(db: Kysely<Database>, id: string, color?: string) {
  if (!(await repo.findProduct(db, id))) throw productNotFound();
  return repo.findSizes(db, id, color?.toLowerCase());
}

/** The variants of many products, hidden ones too, each product's in colour then size order. */
export function variantsOfProducts(db: Kysely<Database>, ids: string[]) {
  return repo.findVariantsOf(db, ids);
}

/** The sizes and stock of many products, hidden ones too, each product's in its own order. */
export function sizesOfProducts(db: Kysely<Database>, ids: string[]) {
  return repo.findSizesOf(db, ids);
}

export async function listCategories(db: Kysely<Database>) {
  const rows = await repo.findCategories(db);
  return rows.map((c) => ({ _id: c.id, name: c.name, parentId: c.parent_id }));
}

/** A product's editable fields as stored, hidden ones too: what staff's edits are compared with. */
export async function storedProductFields(db: Kysely<Database>, id: string) {
  const row = await repo.findProduct(db, id, { includeHidden: true });
  if (!row) return undefined;
  const details = await repo.findProductDetails(db, [id]);
  return {
    name: row.name,
    description: row.description,
    categoryId: row.category_id,
    price: row.price,
    originalPrice: row.original_price,
    colors: details.colors.get(id) ?? [],
    tags: details.tags.get(id) ?? [],
    images: (details.photos.get(id) ?? []).map((p) => p.url),
    sizes: details.sizes.get(id) ?? [],
    declarations: declarationsOf(row),
    saleEndsAt: row.sale_ends_at,
    isActive: row.is_active === 1,
  };
}

/** How long a process keeps the sitemap's list of products at most, whatever the version says. */
const SITEMAP_KEEP_MS = 5 * 60_000;
const sitemapLists = new WeakMap<Kysely<Database>, { version: number; at: number; list: Promise<SitemapEntry[]> }>();

export interface SitemapEntry {
  id: string;
  updatedAt: string;
}

/**
 * The products a sitemap lists (on sale, by id) with their last change. Read again when the
 * catalogue's version moves on or after a few minutes (a description edit does not move it).
 */
export async function sitemapProducts(db: Kysely<Database>): Promise<SitemapEntry[]> {
  const version = await repo.catalogVersion(db);
  const held = sitemapLists.get(db);
  if (held && held.version === version && Date.now() - held.at < SITEMAP_KEEP_MS) return held.list;
  const list = repo
    .findSitemapProducts(db)
    .then((rows) => rows.map((r) => ({ id: r.id, updatedAt: new Date(r.updated_at).toISOString() })));
  const state = { version, at: Date.now(), list };
  sitemapLists.set(db, state);
  list.catch(() => {
    if (sitemapLists.get(db) === state) sitemapLists.delete(db);
  });
  return list;
}
