import type { Kysely } from 'kysely';
import {
  almostSoldOut,
  dealsCountdownEnd,
  DEFAULT_NEW_ARRIVAL_TAB,
  heroOffer,
  lowStockThreshold,
  NEW_ARRIVALS_PAGE_SIZE,
  newArrivalTabs,
  renewedDealWindow,
  runningDeals,
  type Deal,
  type dealBody,
  type FeaturedProduct,
  type HomeCard,
  type HomePage,
  type NewArrivalsPage,
  type NewArrivalTab,
  type Testimonial,
  type testimonialBody,
} from '@shop/core';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { newestProducts, productOnSale } from '../catalog/catalog.service.ts';
import { getShopSettings } from '../shop-settings/shop-settings.service.ts';
import * as repo from './home.repository.ts';

type Db = Kysely<Database>;

/** How the home page treats the demo's sample deals: renewed once ended (demo mode) or not. */
export interface HomeOptions {
  renewSampleDeals: boolean;
}

const dealNotFound = () => notFound('DEAL_NOT_FOUND', 'Deal not found');
const testimonialNotFound = () => notFound('TESTIMONIAL_NOT_FOUND', 'Testimonial not found');

/** A deal as shoppers and staff see it: a sample deal renewed in demo mode, so both see one window. */
function toDeal(row: repo.DealRow, options: HomeOptions, now: number): Deal {
  const stored = { startsAt: row.starts_at, endsAt: row.ends_at };
  const window = options.renewSampleDeals && row.sample === 1 ? renewedDealWindow(stored, now) : stored;
  return {
    _id: row.id,
    title: row.title,
    discountText: row.discount_text,
    image: row.image,
    link: row.link,
    ...window,
    sample: row.sample === 1,
  };
}

const byEnd = (a: Deal, b: Deal) => (a.endsAt < b.endsAt ? -1 : a.endsAt > b.endsAt ? 1 : 0);

function toTestimonial(row: repo.TestimonialRow): Testimonial {
  return {
    _id: row.id,
    name: row.name,
    role: row.role,
    text: row.text,
    rating: row.rating,
    photo: row.photo,
    sample: row.sample === 1,
  };
}

/** The deals running at `now`, in the order they end (a renewed sample takes its new place). */
async function dealsRunning(db: Db, options: HomeOptions, now: number): Promise<Deal[]> {
  const rows = await repo.findDealsNotEnded(db, new Date(now).toISOString());
  return runningDeals(
    rows.map((row) => toDeal(row, options, now)),
    now,
  ).sort(byEnd);
}

/** A page of New Arrivals: the newest products of the tab, "Almost Sold Out" only when even the best-stocked variant is low. */
export async function newArrivals(
  db: Db,
  tabId: NewArrivalTab,
  page: number,
  now = Date.now(),
): Promise<NewArrivalsPage> {
  const tab = newArrivalTabs.find((t) => t.id === tabId)!;
  const [found, settings] = await Promise.all([
    newestProducts(
      db,
      { categoryId: tab.categoryId, onSale: tab.id === 'deals' },
      (page - 1) * NEW_ARRIVALS_PAGE_SIZE,
      NEW_ARRIVALS_PAGE_SIZE,
      now,
    ),
    getShopSettings(db),
  ]);
  const products = found.products.map(({ product, lowStockThreshold: own }): HomeCard => ({
    _id: product._id,
    name: product.name,
    category: product.category,
    price: product.price,
    originalPrice: product.originalPrice,
    image: product.image,
    soldOut: product.soldOut,
    almostSoldOut: almostSoldOut(
      product.variants.map((v) => v.stock),
      lowStockThreshold(own, settings.lowStockThreshold),
    ),
  }));
  return { tab: tab.id, products, page, total: found.total, hasMore: page * NEW_ARRIVALS_PAGE_SIZE < found.total };
}

async function featuredProduct(db: Db, now: number): Promise<FeaturedProduct | null> {
  const id = await repo.findFeaturedProductId(db);
  const product = id === null ? null : await productOnSale(db, id, now);
  if (!product) return null;
  return {
    _id: product._id,
    name: product.name,
    description: product.description,
    category: product.category,
    price: product.price,
    originalPrice: product.originalPrice,
    image: product.image,
    sizes: product.sizes.map((s) => ({ size: s.size, inStock: s.stock > 0 })),
  };
}

/** Everything the home page shows from the shop, at `now`. */
export async function homePage(
  db: Db,
  options: HomeOptions,
  tab: NewArrivalTab = DEFAULT_NEW_ARRIVAL_TAB,
  now = Date.now(),
): Promise<HomePage> {
  const [deals, arrivals, featured, testimonials] = await Promise.all([
    dealsRunning(db, options, now),
    newArrivals(db, tab, 1, now),
    featuredProduct(db, now),
    repo.findTestimonials(db),
  ]);
  return {
    deals,
    dealsEndAt: dealsCountdownEnd(deals, now),
    heroOffer: heroOffer(deals, now),
    newArrivals: arrivals,
    featured,
    testimonials: testimonials.map(toTestimonial),
  };
}

// Staff

type DealInput = z.output<typeof dealBody>;
type TestimonialInput = z.output<typeof testimonialBody>;

const dealColumns = (body: DealInput) => ({
  title: body.title,
  discount_text: body.discountText,
  image: body.image,
  link: body.link,
  starts_at: body.startsAt,
  ends_at: body.endsAt,
});

/** Every deal, ended ones too, in the order they end. */
export async function listDeals(db: Db, options: HomeOptions, now = Date.now()): Promise<Deal[]> {
  return (await repo.findDeals(db)).map((row) => toDeal(row, options, now)).sort(byEnd);
}

async function dealById(db: Db, id: string, options: HomeOptions): Promise<Deal> {
  const row = await repo.findDeal(db, id);
  if (!row) throw dealNotFound();
  return toDeal(row, options, Date.now());
}

export async function createDeal(db: Db, body: DealInput, options: HomeOptions, now = new Date()): Promise<Deal> {
  const id = newId();
  const at = now.toISOString();
  await repo.insertDeal(db, { id, ...dealColumns(body), sample: 0, created_at: at, updated_at: at });
  return dealById(db, id, options);
}

/** Staff's change makes a sample deal their own: it runs as they set it, renewed no more. */
export async function updateDeal(
  db: Db,
  id: string,
  body: DealInput,
  options: HomeOptions,
  now = new Date(),
): Promise<Deal> {
  const updated = await repo.updateDeal(db, id, { ...dealColumns(body), sample: 0, updated_at: now.toISOString() });
  if (!updated) throw dealNotFound();
  return dealById(db, id, options);
}

export async function deleteDeal(db: Db, id: string): Promise<void> {
  if (!(await repo.deleteDeal(db, id))) throw dealNotFound();
}

export async function listTestimonials(db: Db): Promise<Testimonial[]> {
  return (await repo.findTestimonials(db)).map(toTestimonial);
}

const testimonialColumns = (body: TestimonialInput) => ({
  name: body.name,
  role: body.role,
  text: body.text,
  rating: body.rating,
  photo: body.photo,
  sample: body.sample ? 1 : 0,
});

async function testimonialById(db: Db, id: string): Promise<Testimonial> {
  const row = await repo.findTestimonial(db, id);
  if (!row) throw testimonialNotFound();
  return toTestimonial(row);
}

export async function createTestimonial(db: Db, body: TestimonialInput, now = new Date()): Promise<Testimonial> {
  const id = newId();
  const at = now.toISOString();
  await repo.insertTestimonial(db, { id, ...testimonialColumns(body), created_at: at, updated_at: at });
  return testimonialById(db, id);
}

export async function updateTestimonial(
  db: Db,
  id: string,
  body: TestimonialInput,
  now = new Date(),
): Promise<Testimonial> {
  if (!(await repo.updateTestimonial(db, id, { ...testimonialColumns(body), updated_at: now.toISOString() }))) {
    throw testimonialNotFound();
  }
  return testimonialById(db, id);
}

export async function deleteTestimonial(db: Db, id: string): Promise<void> {
  if (!(await repo.deleteTestimonial(db, id))) throw testimonialNotFound();
}

/** The product the specials banner features (null: the banner is hidden). */
export async function homeFeature(db: Db, now = Date.now()) {
  const [productId, product] = await Promise.all([repo.findFeaturedProductId(db), featuredProduct(db, now)]);
  return { productId, product };
}

/** Features a product on sale in the specials banner, or (null) none. */
export async function setHomeFeature(db: Db, productId: string | null, now = new Date()) {
  if (productId !== null && !(await productOnSale(db, productId))) {
    throw notFound('PRODUCT_NOT_FOUND', 'Product not found');
  }
  await repo.saveFeaturedProductId(db, productId, now.toISOString());
  return homeFeature(db);
}

/**
 * The demo's home page: sample deals, all running `dealDays` from `now` (demo mode renews them),
 * sample testimonials (shown as samples) and the featured product. Returns the rows written.
 */
export async function addSampleContent(
  db: Db,
  content: {
    deals: readonly { title: string; discountText: string; link: string }[];
    dealDays: number;
    testimonials: readonly { name: string; role: string; text: string; rating: number }[];
    featuredProductId: string | null;
  },
  now: Date,
): Promise<number> {
  const startsAt = now.toISOString();
  const endsAt = new Date(now.getTime() + content.dealDays * 86_400_000).toISOString();
  // One millisecond apart, so each list keeps the order given.
  const stamp = (i: number) => new Date(now.getTime() + i).toISOString();
  for (const [i, deal] of content.deals.entries()) {
    await repo.insertDeal(db, {
      id: newId(),
      title: deal.title,
      discount_text: deal.discountText,
      image: null,
      link: deal.link,
      starts_at: startsAt,
      ends_at: endsAt,
      sample: 1,
      created_at: stamp(i),
      updated_at: stamp(i),
    });
  }
  for (const [i, testimonial] of content.testimonials.entries()) {
    await repo.insertTestimonial(db, {
      id: newId(),
      ...testimonial,
      photo: null,
      sample: 1,
      created_at: stamp(i),
      updated_at: stamp(i),
    });
  }
  if (content.featuredProductId !== null) await repo.saveFeaturedProductId(db, content.featuredProductId, startsAt);
  return content.deals.length + content.testimonials.length + (content.featuredProductId === null ? 0 : 1);
}
