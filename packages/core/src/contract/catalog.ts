import { z } from 'zod';
import { makerRoles } from '../listing-declarations.ts';
import { isKnownColor } from '../colors.ts';
import { successEnvelope } from './envelope.ts';
import {
  idSchema,
  inputText,
  limitQuery,
  moneyIn,
  moneyOut,
  pageQuery,
  rupeesQuery,
  rupeesSchema,
  textQuery,
} from './primitives.ts';

/**
 * `relevance` orders a search by how well each product matches; without a search it is `price`.
 * `origin` orders by country of origin, A to Z (then by name).
 */
export const productSorts = ['price', '-price', 'newest', 'name', 'origin', 'relevance'] as const;
export type ProductSort = (typeof productSorts)[number];

export const productListQuery = z.object({
  page: pageQuery,
  limit: limitQuery,
  /** Left out: `relevance` with a search, `price` without. */
  sort: z.enum(productSorts, { error: `must be one of ${productSorts.join(', ')}` }).optional(),
  color: textQuery,
  tag: textQuery,
  /** Only products made in this country ("India"; any case). */
  origin: textQuery,
  /** Only products with this size in stock (in the chosen colour, when one is): "M". */
  size: textQuery,
  /** `true`: only products with some variant in stock. */
  inStock: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  /** A collection or category id; a collection includes its sub-categories. */
  category: textQuery,
  minPrice: rupeesQuery.optional(),
  maxPrice: rupeesQuery.optional(),
  q: textQuery,
});
/** A products query: `minPrice` and `maxPrice` are rupees as a client sends them, paise once the server parsed them. */
export type ProductListQuery = z.infer<typeof productListQuery>;

export const productSearchQuery = z.object({
  q: inputText().trim().min(1, 'must not be empty').max(100, 'must be 100 characters or fewer'),
  page: pageQuery,
  limit: limitQuery,
});

export const categoryProductsQuery = z.object({ page: pageQuery, limit: limitQuery });

export const productIdParams = z.object({ id: idSchema });
export const categoryIdParams = z.object({ categoryId: idSchema });

export const productSize = z.object({
  size: z.string(),
  stock: z.number().int(),
});
export type ProductSize = z.infer<typeof productSize>;

/** One colour and size the product is sold in, with its own SKU and stock; a price of its own when it differs. */
export const productVariant = z.object({
  sku: z.string(),
  /** '' for a product without named colours. */
  color: z.string(),
  size: z.string(),
  stock: z.number().int(),
  /** Null: the product's price. */
  price: moneyOut.nullable(),
  originalPrice: moneyOut.nullable(),
});
export type ProductVariant = z.infer<typeof productVariant>;

/** A photo and the colour it shows (null: every colour's). */
export const productPhoto = z.object({ url: z.string(), color: z.string().nullable() });

/** What the listing declares (Legal Metrology); '' where staff have not entered it. */
export const listingDeclarations = z.object({
  genericName: z.string(),
  netQuantity: z.string(),
  countryOfOrigin: z.string(),
  makerRole: z.enum([...makerRoles, '']),
  makerName: z.string(),
  makerAddress: z.string(),
});

export const product = z.object({
  _id: z.string(),
  name: z.string(),
  /** The spec's client reads both `name` and `title`; they are the same text. */
  title: z.string(),
  description: z.string(),
  price: moneyOut,
  originalPrice: moneyOut.nullable(),
  image: z.string(),
  images: z.array(z.string()),
  colors: z.array(z.string()),
  tags: z.array(z.string()),
  category: z.string(),
  categoryId: z.string(),
  soldOut: z.boolean(),
  /** Each size with its stock over every colour; `variants` has the stock per colour. */
  sizes: z.array(productSize),
  variants: z.array(productVariant),
  /** The photos with their colours: a colour's gallery is its own photos, then the shared ones. */
  photos: z.array(productPhoto),
  /** When the product's sale ends (ISO), as staff set it; null: no countdown. */
  saleEndsAt: z.string().nullable(),
  declarations: listingDeclarations,
  /** The GST rate (whole percent) of the product's category: what its MRP includes. */
  gstPercent: z.number().int(),
  createdAt: z.string(),
});
export type Product = z.infer<typeof product>;

/**
 * A product as lists show it (cards): no description, sizes or gallery, which only the
 * product page needs. Keeps list answers small and fast.
 */
export const productSummary = product.pick({
  _id: true,
  name: true,
  title: true,
  price: true,
  originalPrice: true,
  image: true,
  colors: true,
  category: true,
  categoryId: true,
  soldOut: true,
});
export type ProductSummary = z.infer<typeof productSummary>;

/** How many products of the current list an option of a filter would show ("Navy (124)"). */
export const facetCount = z.object({ value: z.string(), count: z.number().int() });
export type FacetCount = z.infer<typeof facetCount>;

/**
 * Counts beside the filters, for the current search and the other filters: each option's count
 * is the total the list would have with that option chosen in its group instead.
 */
export const productFacets = z.object({
  /** Every colour some product of the list has in stock, most products first. */
  colors: z.array(facetCount),
  /** Every size some product of the list has in stock (in the chosen colour, when one is), small to large. */
  sizes: z.array(facetCount),
  /** The store's price bands ("50-100"), in their order. */
  priceBands: z.array(facetCount),
  /** The store's filter tags, in their order. */
  tags: z.array(facetCount),
  /** The store's collections, in their order; "all" counts every collection. */
  collections: z.array(facetCount),
  /** Every country of origin of the list's products, A to Z. */
  origins: z.array(facetCount),
});
export type ProductFacets = z.infer<typeof productFacets>;

export const productPage = z.object({
  products: z.array(productSummary),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  /** Only on GET /product (the products page); the other lists leave it out. */
  facets: productFacets.optional(),
});
export type ProductPage = z.infer<typeof productPage>;

export const productSuggestionsQuery = z.object({
  q: inputText().trim().min(1, 'must not be empty').max(100, 'must be 100 characters or fewer'),
});

/** What the search box offers while the shopper types: the best products and categories. */
export const productSuggestions = z.object({
  products: z.array(productSummary.pick({ _id: true, name: true, price: true, image: true, category: true })),
  categories: z.array(z.object({ _id: z.string(), name: z.string(), count: z.number().int() })),
});
export type ProductSuggestions = z.infer<typeof productSuggestions>;
export const productSuggestionsResponse = successEnvelope(productSuggestions);

export const productListResponse = successEnvelope(productPage);
export const productResponse = successEnvelope(product);
export const productSizesResponse = successEnvelope(z.array(productSize));
/** `GET /product/{id}/sizes?color=`: the sizes of that colour; without it, of every colour together. */
export const productSizesQuery = z.object({ color: textQuery });

const stockFigure = z.number().int('must be a whole number').min(0, 'must not be negative').max(1_000_000);
const sizeInput = z.object({
  size: inputText().trim().min(1, 'must not be empty').max(20, 'is too long').toUpperCase(),
  stock: stockFigure,
});
/**
 * A size of an update may say what stock the client read (`stockWas`): a size still at that
 * figure keeps what orders left meanwhile (core `sizeTotalsToSet`).
 */
const sizeUpdate = sizeInput.extend({ stockWas: stockFigure.optional() });

/** A product's sizes with stock, each size once. */
const sizeList = <T extends z.ZodType<{ size: string }>>(item: T) =>
  z
    .array(item)
    .max(12)
    .refine((sizes) => new Set(sizes.map((s) => s.size)).size === sizes.length, 'must not repeat a size');

// Only the shop's own pictures: staff uploads and the drawn illustrations. A path like
// //evil.example/x.png is another site's, and a picture from elsewhere can change after review.
export const shopImageUrl = inputText()
  .max(200)
  .regex(
    /^\/(uploads|images\/products)\/[A-Za-z0-9_-][A-Za-z0-9._-]*$/,
    'must be an uploaded image (/uploads/…) or a drawn one (/images/products/…)',
  );

const declarationText = (max: number) => inputText().trim().max(max, `must be ${max} characters or fewer`);

/**
 * What staff send to create a product; prices in rupees (paise once parsed: a client that
 * checks a body with it sends `requestJson(productCreateBody, parsed)`). Lists left out are empty. No
 * defaults here: the update schema is the same object made partial, and a default would
 * overwrite what an update leaves out.
 */
export const productCreateBody = z
  .object({
    name: inputText().trim().min(1, 'is required').max(120, 'must be 120 characters or fewer'),
    description: inputText().trim().max(4000, 'must be 4000 characters or fewer').optional(),
    categoryId: idSchema,
    price: moneyIn(rupeesSchema.refine((v) => v >= 1, 'must be at least 1')),
    originalPrice: moneyIn(rupeesSchema).nullable().optional(),
    /** When the sale ends (an ISO date and time with its offset); null: no sale end, no countdown. */
    saleEndsAt: z
      .codec(
        z.iso.datetime({ offset: true, error: 'must be a date and time, e.g. 2026-12-01T18:30:00Z' }),
        z.string(),
        {
          // Stored in UTC; a client checking its body sends that UTC text back, which reads the same.
          decode: (text) => new Date(text).toISOString(),
          encode: (utc) => utc,
        },
      )
      .nullable()
      .optional(),
    colors: z
      .array(z.string().trim().toLowerCase().refine(isKnownColor, "is not one of the shop's colours"))
      .max(12)
      .optional(),
    tags: z.array(inputText().trim().min(1).max(30)).max(12).optional(),
    images: z.array(shopImageUrl).max(8).optional(),
    sizes: sizeList(sizeInput).optional(),
    // Legal Metrology declarations: a product lacking one is refused on sale (see product-writes).
    genericName: declarationText(80).optional(),
    netQuantity: declarationText(40).optional(),
    // Spaces inside are made single by the server (`tidyCountry`): a transform cannot be encoded.
    countryOfOrigin: declarationText(56).optional(),
    makerRole: z.enum([...makerRoles, ''], { error: 'must be manufacturer, packer or importer' }).optional(),
    makerName: declarationText(120).optional(),
    makerAddress: declarationText(300).optional(),
  })
  .strict();
/** The JSON staff send (rupees); the server reads `z.output` of the schema (paise). */
export type ProductCreateBody = z.input<typeof productCreateBody>;

export const productUpdateBody = productCreateBody
  .extend({ sizes: sizeList(sizeUpdate) })
  .partial()
  .strict();
export type ProductUpdateBody = z.input<typeof productUpdateBody>;

export const category = z.object({
  _id: z.string(),
  name: z.string(),
  parentId: z.string().nullable(),
});
export const categoryListResponse = successEnvelope(z.array(category));

/** A product page's heartbeat: an anonymous id the browser keeps for its tab (sessionStorage). */
export const productViewersBody = z.object({
  visitor: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'visitor must be 16 to 64 letters, digits, - or _.'),
});
/** How many visitors have the product open now; null below two (one is the shopper reading it). */
export const productViewersResponse = successEnvelope(z.object({ viewers: z.number().int().nullable() }));
