/**
 * The staff variant grid, colour photos and low stock (`/api/admin/...`, admin role only).
 */
import { z } from 'zod';
import { MAX_LOW_STOCK_THRESHOLD } from '../low-stock.ts';
import { isKnownColor } from '../colors.ts';
import { SKU_PATTERN } from '../variants.ts';
import { inputText, limitQuery, moneyIn, rupeesSchema } from './primitives.ts';
import { successEnvelope } from './envelope.ts';
import { shopImageUrl } from './catalog.ts';

const stockCount = z
  .number({ error: 'stock must be a number.' })
  .int('stock must be a whole number.')
  .min(0, 'stock must not be negative.')
  .max(1_000_000, 'stock is too large.');

const gridSize = inputText().trim().min(1, 'a size must not be empty.').max(20, 'a size is too long.').toUpperCase();

/** A colour of the grid: one of the shop's colours, or '' for a product sold without named colours. */
const gridColor = z
  .string()
  .trim()
  .toLowerCase()
  .refine((c) => c === '' || isKnownColor(c), "is not one of the shop's colours");

/**
 * A colour named in the grid's list of colours: never '', which would store a nameless colour
 * beside (or instead of) named ones; a product without colours sends an empty list.
 */
const namedGridColor = gridColor.refine((c) => c !== '', 'must name a colour (a product without colours lists none)');

/** Low-stock thresholds: pieces at or below which a variant is low. */
export const lowStockThresholdInput = z
  .number({ error: 'The low-stock threshold must be a whole number.' })
  .int('The low-stock threshold must be a whole number.')
  .min(0, 'The low-stock threshold must not be negative.')
  .max(MAX_LOW_STOCK_THRESHOLD, `The low-stock threshold must be ${MAX_LOW_STOCK_THRESHOLD} or less.`);

const unique = (list: string[]) => new Set(list).size === list.length;

/**
 * The whole grid of a product's variants, saved at once: its colours (rows, in the product's
 * order), its sizes (columns) and a cell per colour and size. A cell left out starts at zero; an
 * empty SKU is generated. `stockWas` is the stock staff saw when they loaded the grid: a cell
 * whose stock is still that is left as it is now (orders may have taken pieces meanwhile).
 */
export const variantGridBody = z
  .object({
    colors: z
      .array(namedGridColor)
      .max(12, 'A product has 12 colours or fewer.')
      .refine(unique, 'must not repeat a colour'),
    sizes: z
      .array(gridSize)
      .min(1, 'A product needs at least one size.')
      .max(12, 'A product has 12 sizes or fewer.')
      .refine(unique, 'must not repeat a size'),
    cells: z
      .array(
        z
          .object({
            color: gridColor,
            size: gridSize,
            sku: inputText()
              .trim()
              .toUpperCase()
              .refine((s) => s === '' || SKU_PATTERN.test(s), 'A SKU is letters, digits and dashes, up to 40.')
              .default(''),
            stock: stockCount,
            stockWas: stockCount.optional(),
            /** Rupees; null: the product's price. */
            price: moneyIn(rupeesSchema.refine((v) => v >= 1, 'must be at least 1'))
              .nullable()
              .default(null),
            originalPrice: moneyIn(rupeesSchema).nullable().default(null),
          })
          .strict(),
      )
      .max(144),
    /** The product's own low-stock threshold; null: the shop's. Left out: unchanged. */
    lowStockThreshold: lowStockThresholdInput.nullable().optional(),
  })
  .strict();
export type VariantGridBody = z.input<typeof variantGridBody>;

/** A product's photos in their order, each of one colour or (null) of every colour. */
export const productPhotosBody = z
  .object({
    photos: z
      .array(z.object({ url: shopImageUrl, color: gridColor.nullable() }).strict())
      .max(24, 'A product has 24 photos or fewer.')
      .refine((photos) => unique(photos.map((p) => p.url)), 'must not repeat a photo'),
  })
  .strict();
export type ProductPhotosBody = z.input<typeof productPhotosBody>;

export const lowStockQuery = z.object({
  /** Variants at or below this count; left out, each at or below its own threshold. */
  threshold: z.coerce.number().int().min(0).max(MAX_LOW_STOCK_THRESHOLD).optional(),
  limit: limitQuery,
});
export const lowStockRow = z.object({
  productId: z.string(),
  name: z.string(),
  color: z.string(),
  size: z.string(),
  sku: z.string(),
  stock: z.number().int(),
  /** The threshold the variant is held to: its product's, else the shop's. */
  threshold: z.number().int(),
});
export type LowStockRow = z.infer<typeof lowStockRow>;
export const lowStockResponse = successEnvelope(z.array(lowStockRow));
