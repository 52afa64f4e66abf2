/**
 * The home page from the shop's own data (issue 26): deals staff run, New Arrivals from the
 * catalogue, the product staff feature, and testimonials staff enter.
 */
import { z } from 'zod';
import { isShopLink, newArrivalTabIds } from '../home-page.ts';
import { shopImageUrl } from './catalog.ts';
import { successEnvelope } from './envelope.ts';
import { idSchema, inputText, moneyOut, pageQuery } from './primitives.ts';

const text = (label: string, max: number) =>
  inputText({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be ${max} characters or fewer.`);

const moment = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label} must be a date and time, e.g. 2026-12-01T18:30:00+05:30.` })
    .transform((value) => new Date(value).toISOString());

export const deal = z.object({
  _id: z.string(),
  title: z.string(),
  discountText: z.string(),
  /** An uploaded picture; null: the storefront draws one. */
  image: z.string().nullable(),
  link: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** Seeded for the demo: renewed in demo mode once it ends. */
  sample: z.boolean(),
});
export type Deal = z.infer<typeof deal>;

/** What staff send to create or change a deal. */
export const dealBody = z
  .object({
    title: text('Title', 60),
    discountText: text('Discount text', 30),
    image: shopImageUrl.nullable().default(null),
    link: text('Link', 300).refine(isShopLink, 'Link must be a page of this shop, starting with "/".'),
    startsAt: moment('Start'),
    endsAt: moment('End'),
  })
  .strict()
  .refine((body) => Date.parse(body.endsAt) > Date.parse(body.startsAt), {
    message: 'The end must come after the start.',
    path: ['endsAt'],
  });
export type DealBody = z.input<typeof dealBody>;

export const dealIdParams = z.object({ id: idSchema });
export const dealResponse = successEnvelope(deal);
export const dealListResponse = successEnvelope(z.object({ deals: z.array(deal) }));

export const testimonial = z.object({
  _id: z.string(),
  name: z.string(),
  role: z.string(),
  text: z.string(),
  rating: z.number().int(),
  photo: z.string().nullable(),
  /** Not from a real customer: the storefront says so. */
  sample: z.boolean(),
});
export type Testimonial = z.infer<typeof testimonial>;

export const testimonialBody = z
  .object({
    name: text('Name', 60),
    role: inputText().trim().max(60, 'Role must be 60 characters or fewer.').default(''),
    text: text('Text', 600),
    rating: z
      .number({ error: 'Rating must be a whole number from 1 to 5.' })
      .int('Rating must be a whole number from 1 to 5.')
      .min(1, 'Rating must be a whole number from 1 to 5.')
      .max(5, 'Rating must be a whole number from 1 to 5.'),
    photo: shopImageUrl.nullable().default(null),
    sample: z.boolean().default(false),
  })
  .strict();
export type TestimonialBody = z.input<typeof testimonialBody>;

export const testimonialIdParams = z.object({ id: idSchema });
export const testimonialResponse = successEnvelope(testimonial);
export const testimonialListResponse = successEnvelope(z.object({ testimonials: z.array(testimonial) }));

/** A New Arrivals card: the product's real price, and "Almost Sold Out" only when true. */
export const homeCard = z.object({
  _id: z.string(),
  name: z.string(),
  category: z.string(),
  price: moneyOut,
  originalPrice: moneyOut.nullable(),
  image: z.string(),
  soldOut: z.boolean(),
  almostSoldOut: z.boolean(),
});
export type HomeCard = z.infer<typeof homeCard>;

export const newArrivalsQuery = z.object({
  tab: z.enum(newArrivalTabIds, { error: `tab must be one of ${newArrivalTabIds.join(', ')}` }).default('t-shirts'),
  page: pageQuery,
});
export type NewArrivalsQuery = z.input<typeof newArrivalsQuery>;

/** The home page, its New Arrivals opened on a tab (the specification's default, unless asked). */
export const homePageQuery = newArrivalsQuery.pick({ tab: true });

export const newArrivalsPage = z.object({
  tab: z.enum(newArrivalTabIds),
  products: z.array(homeCard),
  page: z.number().int(),
  total: z.number().int(),
  hasMore: z.boolean(),
});
export type NewArrivalsPage = z.infer<typeof newArrivalsPage>;
export const newArrivalsResponse = successEnvelope(newArrivalsPage);

/** The specials banner: the product staff feature, with the sizes it is made in. */
export const featuredProduct = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  price: moneyOut,
  originalPrice: moneyOut.nullable(),
  image: z.string(),
  sizes: z.array(z.object({ size: z.string(), inStock: z.boolean() })),
});
export type FeaturedProduct = z.infer<typeof featuredProduct>;

export const homeFeatureBody = z.object({ productId: idSchema.nullable() }).strict();
export const homeFeature = z.object({ productId: z.string().nullable(), product: featuredProduct.nullable() });
export const homeFeatureResponse = successEnvelope(homeFeature);

/** Everything the home page shows from the shop, in one answer. */
export const homePage = z.object({
  /** The deals running now, in the order they end. */
  deals: z.array(deal),
  /** The earliest end among them; null: no countdown. */
  dealsEndAt: z.string().nullable(),
  /** The hero's badge; null: none. */
  heroOffer: z.object({ percent: z.number().int(), endsAt: z.string() }).nullable(),
  newArrivals: newArrivalsPage,
  featured: featuredProduct.nullable(),
  testimonials: z.array(testimonial),
});
export type HomePage = z.infer<typeof homePage>;
export const homePageResponse = successEnvelope(homePage);
