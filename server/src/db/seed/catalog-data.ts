/**
 * The demo catalogue the shop starts with: pure data, no database code.
 *
 * Prices are in rupees on the specification's scale (the products page filters by the
 * bands 0-50, 50-100 and 100-150), with a few premium pieces above. Each product's first
 * colour is the one its illustrations are drawn in (see product-art.ts); `views` picks
 * which of the drawn pictures it shows, front first.
 */
import type { ArtKind, ArtView } from '../../modules/catalog/product-art/product-art.ts';

export interface SeedCategory {
  id: string;
  name: string;
  parentId: string | null;
}

export interface SeedProduct {
  /** Unique, kebab-case. */
  slug: string;
  name: string;
  /** Two to four sentences: fabric, fit and care. */
  description: string;
  categoryId: string;
  /** Rupees, at most two decimals. */
  price: number;
  /** Rupees, above `price`, when the product is marked down. */
  originalPrice?: number;
  /** Keys of `colorSwatches`; the first is the colour drawn in the images. */
  colors: string[];
  tags: string[];
  art: ArtKind;
  /** Two to four views, 'front' first. */
  views: ArtView[];
  /** Size label (upper case) → stock. */
  sizes: Record<string, number>;
  /** How long ago the product was added, so "newest" has a meaning. */
  daysSinceAdded: number;
}

export const seedCategories: SeedCategory[] = [
  { id: 'mens-clothing', name: "Men's clothing", parentId: null },
  { id: 'mens-t-shirts', name: "Men's T-Shirts", parentId: 'mens-clothing' },
  { id: 'mens-shirts', name: "Men's Shirts", parentId: 'mens-clothing' },
  { id: 'mens-bottoms', name: "Men's Trousers & Jeans", parentId: 'mens-clothing' },
  { id: 'mens-outerwear', name: "Men's Jackets & Hoodies", parentId: 'mens-clothing' },
  { id: 'mens-accessories', name: 'Men Accessories', parentId: null },
  { id: 'womens-clothing', name: "Women's clothing", parentId: null },
  { id: 'jewelery', name: 'Jewelery', parentId: null },
];

const ALL: ArtView[] = ['front', 'back', 'detail', 'styled'];
const NO_BACK: ArtView[] = ['front', 'detail', 'styled'];
const PAIR: ArtView[] = ['front', 'back'];
const FRONT_STYLED: ArtView[] = ['front', 'styled'];

/** Tops and dresses: S, M, L, XL, XXL. */
const apparel = (s: number, m: number, l: number, xl: number, xxl: number): Record<string, number> => ({
  S: s,
  M: m,
  L: l,
  XL: xl,
  XXL: xxl,
});

/** Trousers, jeans and shorts: waist in inches. */
const waist = (w30: number, w32: number, w34: number, w36: number): Record<string, number> => ({
  '30': w30,
  '32': w32,
  '34': w34,
  '36': w36,
});

const ringSizes = (s8: number, s10: number, s12: number): Record<string, number> => ({
  '8': s8,
  '10': s10,
  '12': s12,
});

const oneSize = (stock: number): Record<string, number> => ({ 'ONE SIZE': stock });

export const seedProducts: SeedProduct[] = [
  // ---- Men's T-shirts and polos ----------------------------------------------------------
  {
    slug: 'classic-crew-neck-cotton-tee',
    name: 'Classic Crew Neck Cotton Tee',
    description:
      'An everyday crew neck in soft 180 GSM combed cotton that stays breathable through humid Indian summers. Regular fit with a ribbed collar that holds its shape wash after wash. Machine wash cold with similar colours; do not bleach.',
    categoryId: 'mens-t-shirts',
    price: 19.99,
    originalPrice: 29.99,
    colors: ['white', 'black', 'navy', 'grey'],
    tags: ['T-Shirt', 'Basics', 'Cotton'],
    art: 't-shirt',
    views: ALL,
    sizes: apparel(8, 12, 15, 9, 4),
    daysSinceAdded: 40,
  },
  {
    slug: 'essential-v-neck-tee',
    name: 'Essential V-Neck Tee',
    description:
      'A lightweight V-neck knitted from bio-washed cotton for a smooth, pill-resistant finish. Slim through the chest without clinging, so it layers neatly under an open shirt. Wash inside out and dry in the shade to keep the colour rich.',
    categoryId: 'mens-t-shirts',
    price: 24.5,
    colors: ['black', 'white', 'maroon'],
    tags: ['T-Shirt', 'Basics'],
    art: 't-shirt',
    views: ['front', 'back', 'styled'],
    sizes: apparel(6, 0, 11, 7, 3),
    daysSinceAdded: 75,
  },
  {
    slug: 'ribbed-crew-neck-muscle-tee',
    name: 'Ribbed Crew Neck Muscle Tee',
    description:
      'A fitted tee in stretchy rib-knit cotton with a touch of elastane for easy movement. Short sleeves sit close on the arm for a sharp, tailored look. Machine wash cold and lay flat to dry.',
    categoryId: 'mens-t-shirts',
    price: 34.99,
    colors: ['navy', 'black', 'sky blue'],
    tags: ['T-Shirt', 'Slim Fit'],
    art: 't-shirt',
    views: ALL,
    sizes: apparel(10, 12, 8, 4, 0),
    daysSinceAdded: 3,
  },
  {
    slug: 'organic-cotton-longline-tee',
    name: 'Organic Cotton Longline Tee',
    description:
      'Cut a little longer at the hem from GOTS-certified organic cotton grown in Madhya Pradesh. Relaxed fit with dropped shoulders for an easy streetwear shape. Gentle machine wash; iron on low if needed.',
    categoryId: 'mens-t-shirts',
    price: 39,
    colors: ['white', 'grey'],
    tags: ['T-Shirt', 'Organic'],
    art: 't-shirt',
    views: NO_BACK,
    sizes: apparel(7, 11, 0, 6, 3),
    daysSinceAdded: 95,
  },
  {
    slug: 'heavyweight-oversized-tee',
    name: 'Heavyweight Oversized Tee',
    description:
      'A boxy, oversized tee in dense 240 GSM cotton jersey with a thick ribbed neckline. Drop shoulders and a wide body give it a relaxed drape that looks good on its own or under an overshirt. Machine wash cold; tumble dry low.',
    categoryId: 'mens-t-shirts',
    price: 44.99,
    colors: ['black', 'beige', 'olive'],
    tags: ['T-Shirt', 'Oversized'],
    art: 't-shirt',
    views: ALL,
    sizes: apparel(5, 9, 12, 6, 2),
    daysSinceAdded: 12,
  },
  {
    slug: 'raglan-sleeve-cotton-tee',
    name: 'Raglan Sleeve Cotton Tee',
    description:
      'A sporty raglan tee in soft cotton jersey with sleeves set on a diagonal seam for free arm movement. Regular fit, finished with a flat-locked hem. Machine wash cold with similar colours.',
    categoryId: 'mens-t-shirts',
    price: 47.5,
    colors: ['black', 'white', 'navy'],
    tags: ['T-Shirt', 'Casual'],
    art: 't-shirt',
    views: PAIR,
    sizes: apparel(0, 0, 0, 0, 0),
    daysSinceAdded: 110,
  },
  {
    slug: 'pima-cotton-pocket-tee',
    name: 'Pima Cotton Pocket Tee',
    description:
      'Long-staple Pima cotton gives this pocket tee a silky hand-feel and a subtle sheen. A patch pocket on the chest and a regular fit keep it classic. Wash cold, inside out, and dry in the shade.',
    categoryId: 'mens-t-shirts',
    price: 50,
    originalPrice: 69,
    colors: ['navy', 'white', 'sky blue'],
    tags: ['T-Shirt', 'Premium Cotton'],
    art: 't-shirt',
    views: ALL,
    sizes: apparel(4, 10, 9, 3, 0),
    daysSinceAdded: 30,
  },
  {
    slug: 'slub-cotton-henley-tee',
    name: 'Slub Cotton Henley Tee',
    description:
      'A short-sleeve henley in textured slub cotton that wears in beautifully. The three-button placket and regular fit make it an easy step up from a plain tee. Machine wash cold; do not tumble dry.',
    categoryId: 'mens-t-shirts',
    price: 58.75,
    colors: ['olive', 'navy', 'rust'],
    tags: ['T-Shirt', 'Henley'],
    art: 't-shirt',
    views: NO_BACK,
    sizes: apparel(0, 6, 8, 5, 1),
    daysSinceAdded: 55,
  },
  {
    slug: 'garment-dyed-relaxed-tee',
    name: 'Garment-Dyed Relaxed Tee',
    description:
      'Dyed after sewing for a softly faded, lived-in colour that is a little different on every piece. Relaxed fit in 200 GSM cotton with a ribbed crew neck. Wash separately for the first few washes.',
    categoryId: 'mens-t-shirts',
    price: 64,
    originalPrice: 89,
    colors: ['rust', 'bottle green', 'black'],
    tags: ['T-Shirt', 'Casual'],
    art: 't-shirt',
    views: ALL,
    sizes: apparel(3, 7, 10, 4, 2),
    daysSinceAdded: 8,
  },
  {
    slug: 'bamboo-blend-performance-tee',
    name: 'Bamboo Blend Performance Tee',
    description:
      'A bamboo and cotton blend that wicks sweat and dries quickly, made for morning runs and gym sessions. Athletic fit with flat seams that do not chafe. Machine wash cold; skip the fabric softener.',
    categoryId: 'mens-t-shirts',
    price: 72.5,
    colors: ['grey', 'navy', 'black'],
    tags: ['T-Shirt', 'Activewear'],
    art: 't-shirt',
    views: ALL,
    sizes: apparel(9, 14, 13, 8, 5),
    daysSinceAdded: 20,
  },
  {
    slug: 'mercerised-cotton-crew-tee',
    name: 'Mercerised Cotton Crew Tee',
    description:
      'Mercerised cotton is treated for extra strength and a refined lustre, so this tee looks smart enough to wear under a blazer. Regular fit with a narrow collar. Gentle wash, cool iron.',
    categoryId: 'mens-t-shirts',
    price: 99.99,
    originalPrice: 129,
    colors: ['white', 'navy', 'maroon'],
    tags: ['T-Shirt', 'Premium Cotton'],
    art: 't-shirt',
    views: ALL,
    sizes: apparel(2, 5, 6, 3, 1),
    daysSinceAdded: 60,
  },
  {
    slug: 'linen-blend-summer-tee',
    name: 'Linen Blend Summer Tee',
    description:
      'A breezy linen and cotton blend that keeps you cool from Chennai afternoons to Goa evenings. Relaxed fit with a slightly textured finish. Hand wash or gentle machine wash; dry flat.',
    categoryId: 'mens-t-shirts',
    price: 119,
    colors: ['beige', 'white', 'sky blue'],
    tags: ['T-Shirt', 'Linen'],
    art: 't-shirt',
    views: NO_BACK,
    sizes: apparel(4, 7, 7, 3, 1),
    daysSinceAdded: 35,
  },
  {
    slug: 'pique-cotton-polo',
    name: 'Pique Cotton Polo',
    description:
      'The classic polo in breathable cotton pique with a two-button placket and ribbed sleeve cuffs. Regular fit that works from office Fridays to weekend brunch. Machine wash cold; iron on medium.',
    categoryId: 'mens-t-shirts',
    price: 85,
    originalPrice: 119,
    colors: ['navy', 'white', 'black', 'bottle green'],
    tags: ['Polo', 'Smart Casual'],
    art: 'polo',
    views: ALL,
    sizes: apparel(6, 10, 12, 7, 3),
    daysSinceAdded: 25,
  },
  {
    slug: 'jersey-tech-polo',
    name: 'Jersey Tech Polo',
    description:
      'A smooth, quick-dry jersey polo with a soft collar that stays flat all day. Slim fit with a little stretch, made for golf, travel and long commutes. Machine wash cold and hang to dry.',
    categoryId: 'mens-t-shirts',
    price: 110,
    colors: ['black', 'grey', 'sky blue'],
    tags: ['Polo', 'Activewear'],
    art: 'polo',
    views: ['front', 'back', 'detail'],
    sizes: apparel(5, 9, 11, 6, 4),
    daysSinceAdded: 15,
  },
  {
    slug: 'tipped-collar-knit-polo',
    name: 'Tipped Collar Knit Polo',
    description:
      'A fine-gauge knitted polo with a neat tipped collar and cuffs for a polished finish. Regular fit in soft combed cotton. Hand wash cold and dry flat to keep the knit in shape.',
    categoryId: 'mens-t-shirts',
    price: 129,
    colors: ['white', 'navy', 'maroon'],
    tags: ['Polo', 'Smart Casual'],
    art: 'polo',
    views: ALL,
    sizes: apparel(3, 8, 6, 2, 0),
    daysSinceAdded: 45,
  },

  // ---- Men's shirts and kurtas -----------------------------------------------------------
  {
    slug: 'stretch-twill-casual-shirt',
    name: 'Stretch Twill Casual Shirt',
    description:
      'A soft cotton twill shirt with a hint of stretch for comfort through a long day. Slim fit with a button-down collar and a single chest pocket. Machine wash warm; iron while slightly damp.',
    categoryId: 'mens-shirts',
    price: 54.5,
    originalPrice: 74,
    colors: ['olive', 'white', 'navy'],
    tags: ['Shirt', 'Casual'],
    art: 'shirt',
    views: ALL,
    sizes: apparel(8, 12, 11, 6, 2),
    daysSinceAdded: 58,
  },
  {
    slug: 'cuban-collar-rayon-shirt',
    name: 'Cuban Collar Rayon Shirt',
    description:
      'Fluid, lightweight rayon with an open camp collar, made for holidays and sangeet nights alike. Relaxed fit with a straight hem to wear untucked. Hand wash cold; do not wring.',
    categoryId: 'mens-shirts',
    price: 69.99,
    colors: ['black', 'mustard', 'white'],
    tags: ['Shirt', 'Resort'],
    art: 'shirt',
    views: NO_BACK,
    sizes: apparel(7, 9, 8, 4, 0),
    daysSinceAdded: 6,
  },
  {
    slug: 'oxford-button-down-shirt',
    name: 'Oxford Button-Down Shirt',
    description:
      'Woven from sturdy yet soft Oxford cotton, this button-down gets better with every wash. Regular fit with a curved shirttail hem and a chest pocket. Machine wash warm; tumble dry low.',
    categoryId: 'mens-shirts',
    price: 89,
    originalPrice: 119,
    colors: ['sky blue', 'white', 'navy'],
    tags: ['Shirt', 'Formal'],
    art: 'shirt',
    views: ALL,
    sizes: apparel(5, 12, 14, 8, 3),
    daysSinceAdded: 50,
  },
  {
    slug: 'slim-fit-poplin-formal-shirt',
    name: 'Slim Fit Poplin Formal Shirt',
    description:
      'Crisp two-ply cotton poplin with a spread collar for interviews, weddings and the boardroom. Slim fit through the body with adjustable two-button cuffs. Machine wash warm and iron while damp for a sharp finish.',
    categoryId: 'mens-shirts',
    price: 100,
    colors: ['white', 'black', 'sky blue'],
    tags: ['Shirt', 'Formal'],
    art: 'shirt',
    views: ALL,
    sizes: apparel(6, 13, 12, 7, 2),
    daysSinceAdded: 70,
  },
  {
    slug: 'chambray-utility-shirt',
    name: 'Chambray Utility Shirt',
    description:
      'Lightweight cotton chambray with two flap pockets and a relaxed, workwear-inspired cut. Soft from the first wear and easy to layer. Machine wash cold; colour may fade gently over time.',
    categoryId: 'mens-shirts',
    price: 112,
    colors: ['sky blue', 'navy'],
    tags: ['Shirt', 'Casual'],
    art: 'shirt',
    views: PAIR,
    sizes: apparel(0, 0, 0, 0, 0),
    daysSinceAdded: 85,
  },
  {
    slug: 'linen-mandarin-collar-shirt',
    name: 'Linen Mandarin Collar Shirt',
    description:
      'Pure linen woven in India, cut with a neat mandarin collar for an easy Indo-western look. Regular fit that lets air move freely on the hottest days. Hand wash or gentle cycle; linen creases naturally, so iron on high while damp.',
    categoryId: 'mens-shirts',
    price: 124.5,
    colors: ['white', 'beige', 'olive'],
    tags: ['Shirt', 'Linen'],
    art: 'shirt',
    views: ALL,
    sizes: apparel(4, 8, 9, 5, 2),
    daysSinceAdded: 18,
  },
  {
    slug: 'classic-denim-shirt',
    name: 'Classic Denim Shirt',
    description:
      'A mid-weight cotton denim shirt with snap-look buttons and twin chest pockets. Regular fit, soft enough to wear on its own or open over a tee. Wash inside out in cold water to slow fading.',
    categoryId: 'mens-shirts',
    price: 134,
    colors: ['navy', 'sky blue', 'black'],
    tags: ['Shirt', 'Denim'],
    art: 'shirt',
    views: ALL,
    sizes: apparel(4, 9, 10, 6, 3),
    daysSinceAdded: 38,
  },
  {
    slug: 'brushed-flannel-overshirt',
    name: 'Brushed Flannel Overshirt',
    description:
      'A warm, brushed cotton flannel for cool Delhi winters and hill-station trips. Relaxed fit to layer over a tee or hoodie. Machine wash cold; tumble dry low.',
    categoryId: 'mens-shirts',
    price: 139,
    originalPrice: 189,
    colors: ['maroon', 'bottle green', 'navy'],
    tags: ['Shirt', 'Winter'],
    art: 'shirt',
    views: ALL,
    sizes: apparel(3, 6, 8, 4, 1),
    daysSinceAdded: 100,
  },
  {
    slug: 'cotton-straight-kurta',
    name: 'Cotton Straight Kurta',
    description:
      'A knee-length kurta in soft cambric cotton with a mandarin collar and half placket. Straight fit with side slits, easy to pair with churidar, jeans or chinos. Machine wash cold; starch lightly for a crisp look.',
    categoryId: 'mens-shirts',
    price: 79,
    colors: ['white', 'navy', 'maroon'],
    tags: ['Kurta', 'Ethnic'],
    art: 'kurta',
    views: ALL,
    sizes: apparel(5, 10, 12, 7, 4),
    daysSinceAdded: 28,
  },
  {
    slug: 'handloom-khadi-kurta',
    name: 'Handloom Khadi Kurta',
    description:
      'Hand-spun, handwoven khadi with a naturally uneven texture that breathes beautifully. Regular fit with contrast embroidery along the placket and hem. Hand wash separately in cold water; dry in the shade.',
    categoryId: 'mens-shirts',
    price: 149.99,
    originalPrice: 199,
    colors: ['beige', 'white', 'mustard'],
    tags: ['Kurta', 'Ethnic', 'Handloom'],
    art: 'kurta',
    views: ALL,
    sizes: apparel(2, 6, 5, 3, 1),
    daysSinceAdded: 10,
  },
  {
    slug: 'silk-blend-festive-kurta',
    name: 'Silk Blend Festive Kurta',
    description:
      'A festive kurta in lustrous silk blend with zari dot embroidery, made for Diwali, weddings and pujas. Regular fit with a mandarin collar and covered buttons. Dry clean only.',
    categoryId: 'mens-shirts',
    price: 499,
    colors: ['maroon', 'gold', 'black'],
    tags: ['Kurta', 'Ethnic', 'Festive'],
    art: 'kurta',
    views: ALL,
    sizes: apparel(2, 4, 5, 2, 1),
    daysSinceAdded: 5,
  },

  // ---- Men's trousers, jeans and shorts ----------------------------------------------------
  {
    slug: 'cotton-drawstring-shorts',
    name: 'Cotton Drawstring Shorts',
    description:
      'Soft cotton twill shorts with an elastic drawstring waist for lazy Sundays and beach days. Relaxed fit that ends just above the knee, with two side pockets. Machine wash cold.',
    categoryId: 'mens-bottoms',
    price: 29.99,
    colors: ['navy', 'grey', 'olive', 'black'],
    tags: ['Shorts', 'Casual'],
    art: 'shorts',
    views: ALL,
    sizes: waist(10, 14, 12, 6),
    daysSinceAdded: 44,
  },
  {
    slug: 'chino-bermuda-shorts',
    name: 'Chino Bermuda Shorts',
    description:
      'Tailored chino shorts with a flat front and a neat turn-up hem. Regular fit in stretch cotton that stays comfortable through long summer days. Machine wash cold; iron on medium.',
    categoryId: 'mens-bottoms',
    price: 48,
    originalPrice: 59,
    colors: ['beige', 'navy', 'white'],
    tags: ['Shorts', 'Chinos'],
    art: 'shorts',
    views: FRONT_STYLED,
    sizes: waist(0, 0, 0, 0),
    daysSinceAdded: 63,
  },
  {
    slug: 'slim-fit-stretch-chinos',
    name: 'Slim Fit Stretch Chinos',
    description:
      'Our best-selling chinos in cotton twill with two percent elastane for all-day comfort. Slim fit with a mid rise, slant front pockets and welt back pockets. Machine wash cold; warm iron.',
    categoryId: 'mens-bottoms',
    price: 94,
    originalPrice: 129,
    colors: ['beige', 'navy', 'black', 'olive'],
    tags: ['Trousers', 'Chinos'],
    art: 'trousers',
    views: ALL,
    sizes: waist(6, 11, 9, 4),
    daysSinceAdded: 33,
  },
  {
    slug: 'drawstring-linen-trousers',
    name: 'Drawstring Linen Trousers',
    description:
      'Airy linen-cotton trousers with a drawstring waist that pair as easily with a kurta as with a tee. Relaxed straight leg with a pressed crease. Gentle machine wash; iron while damp.',
    categoryId: 'mens-bottoms',
    price: 118,
    colors: ['white', 'beige', 'olive'],
    tags: ['Trousers', 'Linen'],
    art: 'trousers',
    views: NO_BACK,
    sizes: waist(3, 7, 0, 2),
    daysSinceAdded: 22,
  },
  {
    slug: 'classic-straight-fit-jeans',
    name: 'Classic Straight Fit Jeans',
    description:
      'Five-pocket jeans in 12 oz cotton denim with copper rivets and contrast stitching. Straight fit from hip to hem, with a comfortable mid rise. Wash inside out in cold water to keep the colour deep.',
    categoryId: 'mens-bottoms',
    price: 139,
    originalPrice: 179,
    colors: ['navy', 'black', 'sky blue'],
    tags: ['Jeans', 'Denim'],
    art: 'jeans',
    views: ALL,
    sizes: waist(8, 14, 12, 5),
    daysSinceAdded: 65,
  },
  {
    slug: 'tapered-fit-black-jeans',
    name: 'Tapered Fit Black Jeans',
    description:
      'Stretch denim dyed a deep black that holds its shade. Tapered fit, roomy at the thigh and narrow at the ankle, for a modern silhouette. Wash inside out with dark colours.',
    categoryId: 'mens-bottoms',
    price: 145,
    colors: ['black', 'grey'],
    tags: ['Jeans', 'Denim'],
    art: 'jeans',
    views: ALL,
    sizes: waist(4, 9, 7, 3),
    daysSinceAdded: 14,
  },
  {
    slug: 'pleated-wool-blend-trousers',
    name: 'Pleated Wool Blend Trousers',
    description:
      'Single-pleat trousers in a fine wool-viscose blend that drapes well and resists creasing. Tailored regular fit with a hook-and-bar closure and belt loops. Dry clean recommended.',
    categoryId: 'mens-bottoms',
    price: 249,
    colors: ['grey', 'black', 'navy'],
    tags: ['Trousers', 'Formal'],
    art: 'trousers',
    views: ALL,
    sizes: waist(2, 5, 4, 1),
    daysSinceAdded: 48,
  },
  {
    slug: 'selvedge-denim-jeans',
    name: 'Selvedge Denim Jeans',
    description:
      'Raw selvedge denim woven on shuttle looms, with a clean self-finished edge on the outseam. Slim straight fit that moulds to you as you wear it. Wash rarely, inside out, in cold water.',
    categoryId: 'mens-bottoms',
    price: 1199,
    colors: ['navy'],
    tags: ['Jeans', 'Denim', 'Premium'],
    art: 'jeans',
    views: ALL,
    sizes: waist(1, 3, 2, 0),
    daysSinceAdded: 2,
  },

  // ---- Men's jackets and hoodies -------------------------------------------------------------
  {
    slug: 'lightweight-cotton-hoodie',
    name: 'Lightweight Cotton Hoodie',
    description:
      'A light loopback cotton hoodie for air-conditioned offices and monsoon evenings. Regular fit with a lined hood, flat drawcords and a kangaroo pocket. Machine wash cold; tumble dry low.',
    categoryId: 'mens-outerwear',
    price: 76.5,
    colors: ['white', 'sky blue', 'navy'],
    tags: ['Hoodie', 'Casual'],
    art: 'hoodie',
    views: ALL,
    sizes: apparel(6, 9, 9, 3, 1),
    daysSinceAdded: 7,
  },
  {
    slug: 'fleece-pullover-hoodie',
    name: 'Fleece Pullover Hoodie',
    description:
      'Brushed-back fleece that traps warmth without weight, for winter mornings and late-night drives. Relaxed fit with ribbed cuffs and hem. Wash inside out in cold water and dry flat.',
    categoryId: 'mens-outerwear',
    price: 129,
    originalPrice: 169,
    colors: ['black', 'grey', 'navy', 'maroon'],
    tags: ['Hoodie', 'Winter'],
    art: 'hoodie',
    views: ALL,
    sizes: apparel(5, 10, 12, 8, 3),
    daysSinceAdded: 90,
  },
  {
    slug: 'water-resistant-windcheater',
    name: 'Water-Resistant Windcheater',
    description:
      'A packable windcheater in water-resistant nylon for monsoon commutes and weekend treks. Regular fit with a full zip, ribbed cuffs and zipped hand pockets. Wipe clean or machine wash cold; do not iron.',
    categoryId: 'mens-outerwear',
    price: 142,
    colors: ['navy', 'black', 'mustard'],
    tags: ['Jacket', 'Monsoon'],
    art: 'jacket',
    views: ALL,
    sizes: apparel(3, 7, 8, 4, 2),
    daysSinceAdded: 16,
  },
  {
    slug: 'varsity-zip-jacket',
    name: 'Varsity Zip Jacket',
    description:
      'A college-style jacket in brushed cotton fleece with ribbed collar, cuffs and hem. Regular fit with welt pockets and a sleeve zip pocket. Machine wash cold; dry flat.',
    categoryId: 'mens-outerwear',
    price: 148,
    colors: ['maroon', 'navy', 'black'],
    tags: ['Jacket', 'Casual'],
    art: 'jacket',
    views: ['front', 'back', 'styled'],
    sizes: apparel(4, 6, 7, 2, 0),
    daysSinceAdded: 37,
  },
  {
    slug: 'french-terry-zip-hoodie',
    name: 'French Terry Zip Hoodie',
    description:
      'Mid-weight French terry with a smooth face and soft loops inside, comfortable from autumn to spring. Regular fit with a two-way drawcord hood. Machine wash cold with similar colours.',
    categoryId: 'mens-outerwear',
    price: 149,
    colors: ['grey', 'olive', 'black'],
    tags: ['Hoodie'],
    art: 'hoodie',
    views: NO_BACK,
    sizes: apparel(4, 8, 0, 5, 2),
    daysSinceAdded: 26,
  },
  {
    slug: 'classic-bomber-jacket',
    name: 'Classic Bomber Jacket',
    description:
      'A timeless bomber in a smooth twill shell with a quilted lining for real warmth. Regular fit with a rib-knit collar, cuffs and hem and a utility sleeve pocket. Dry clean or gentle cold wash.',
    categoryId: 'mens-outerwear',
    price: 499,
    originalPrice: 649,
    colors: ['black', 'olive', 'navy'],
    tags: ['Jacket', 'Winter', 'Premium'],
    art: 'jacket',
    views: ALL,
    sizes: apparel(2, 5, 6, 3, 1),
    daysSinceAdded: 52,
  },

  // ---- Men's accessories -----------------------------------------------------------------------
  {
    slug: 'six-panel-cotton-cap',
    name: 'Six-Panel Cotton Cap',
    description:
      'A structured six-panel cap in sturdy cotton twill with embroidered eyelets for airflow. An adjustable back strap gives a comfortable fit for most heads. Spot clean only.',
    categoryId: 'mens-accessories',
    price: 18.5,
    colors: ['black', 'navy', 'white', 'beige'],
    tags: ['Hat', 'Cap'],
    art: 'cap',
    views: ALL,
    sizes: oneSize(25),
    daysSinceAdded: 11,
  },
  {
    slug: 'ribbed-wool-blend-beanie',
    name: 'Ribbed Wool Blend Beanie',
    description:
      'A cosy rib-knit beanie in a soft wool-acrylic blend with a fold-up cuff and pom-pom. Warm enough for Manali, light enough for Bengaluru winters. Hand wash cold and dry flat.',
    categoryId: 'mens-accessories',
    price: 22.99,
    originalPrice: 29.99,
    colors: ['black', 'grey', 'maroon', 'navy'],
    tags: ['Hat', 'Winter'],
    art: 'beanie',
    views: NO_BACK,
    sizes: oneSize(18),
    daysSinceAdded: 115,
  },
  {
    slug: 'washed-twill-baseball-cap',
    name: 'Washed Twill Baseball Cap',
    description:
      'A soft, unstructured cap in garment-washed cotton twill for a broken-in look from day one. Curved peak and a brass-buckle strap at the back. Hand wash cold; reshape while damp.',
    categoryId: 'mens-accessories',
    price: 27,
    originalPrice: 35,
    colors: ['navy', 'olive', 'rust'],
    tags: ['Hat', 'Cap'],
    art: 'cap',
    views: ALL,
    sizes: oneSize(14),
    daysSinceAdded: 67,
  },
  {
    slug: 'performance-running-cap',
    name: 'Performance Running Cap',
    description:
      'A featherlight running cap in quick-dry fabric with a sweat-wicking band. The adjustable strap keeps it in place on long runs. Hand wash and air dry.',
    categoryId: 'mens-accessories',
    price: 32.5,
    colors: ['white', 'black', 'grey'],
    tags: ['Hat', 'Cap', 'Activewear'],
    art: 'cap',
    views: PAIR,
    sizes: oneSize(0),
    daysSinceAdded: 104,
  },
  {
    slug: 'retro-square-sunglasses',
    name: 'Retro Square Sunglasses',
    description:
      'Bold square acetate frames with UV400 lenses that block harsh afternoon glare. Comes with a soft pouch and a cleaning cloth. Clean the lenses with the cloth only; avoid paper tissues.',
    categoryId: 'mens-accessories',
    price: 36,
    colors: ['black', 'white', 'rust'],
    tags: ['Sunglasses'],
    art: 'sunglasses',
    views: ['front', 'detail'],
    sizes: oneSize(2),
    daysSinceAdded: 23,
  },
  {
    slug: 'reversible-bucket-hat',
    name: 'Reversible Bucket Hat',
    description:
      'Two hats in one: a plain cotton canvas side and a contrast side, with a stitched brim that shades the face and neck. Packs flat into a bag for travel. Hand wash cold.',
    categoryId: 'mens-accessories',
    price: 42,
    colors: ['beige', 'black', 'bottle green'],
    tags: ['Hat', 'Bucket Hat'],
    art: 'bucket-hat',
    views: ALL,
    sizes: oneSize(9),
    daysSinceAdded: 9,
  },
  {
    slug: 'reversible-formal-belt',
    name: 'Reversible Formal Belt',
    description:
      'A smooth leather belt that is black on one side and brown on the other, with a rotating buckle. Trim-to-fit strap for waists 30 to 40 inches. Wipe with a dry cloth; keep away from water.',
    categoryId: 'mens-accessories',
    price: 45,
    colors: ['black', 'brown'],
    tags: ['Belt', 'Leather'],
    art: 'belt',
    views: ['front', 'detail', 'styled'],
    sizes: oneSize(7),
    daysSinceAdded: 19,
  },
  {
    slug: 'canvas-bucket-hat',
    name: 'Canvas Bucket Hat',
    description:
      'A sturdy cotton canvas bucket hat with metal eyelets for ventilation and rows of stitching on the brim. Ideal for treks, festivals and beach days. Spot clean or hand wash cold.',
    categoryId: 'mens-accessories',
    price: 56,
    colors: ['olive', 'navy', 'white'],
    tags: ['Hat', 'Bucket Hat'],
    art: 'bucket-hat',
    views: ALL,
    sizes: oneSize(3),
    daysSinceAdded: 41,
  },
  {
    slug: 'full-grain-leather-belt',
    name: 'Full-Grain Leather Belt',
    description:
      'Cut from a single strip of full-grain leather from Kanpur tanneries, with a brushed steel buckle. It darkens and softens beautifully with age. Condition occasionally with leather balm.',
    categoryId: 'mens-accessories',
    price: 59,
    originalPrice: 79,
    colors: ['brown', 'black'],
    tags: ['Belt', 'Leather'],
    art: 'belt',
    views: ALL,
    sizes: oneSize(12),
    daysSinceAdded: 72,
  },
  {
    slug: 'slim-bifold-leather-wallet',
    name: 'Slim Bifold Leather Wallet',
    description:
      'A slim bifold in vegetable-tanned leather with six card slots and a full-length note pocket. Edge-stitched by hand for strength, and slim enough for a front pocket. Wipe clean with a dry cloth.',
    categoryId: 'mens-accessories',
    price: 65.5,
    colors: ['brown', 'black', 'navy'],
    tags: ['Wallet', 'Leather'],
    art: 'wallet',
    views: ALL,
    sizes: oneSize(15),
    daysSinceAdded: 57,
  },
  {
    slug: 'polarised-wayfarer-sunglasses',
    name: 'Polarised Wayfarer Sunglasses',
    description:
      'Classic wayfarer frames with polarised lenses that cut glare off roads and water. Lightweight acetate with sturdy metal hinges and full UV protection. Store in the hard case provided.',
    categoryId: 'mens-accessories',
    price: 99.5,
    originalPrice: 139,
    colors: ['black', 'brown', 'navy'],
    tags: ['Sunglasses'],
    art: 'sunglasses',
    views: ALL,
    sizes: oneSize(11),
    daysSinceAdded: 31,
  },
  {
    slug: 'minimalist-analogue-watch',
    name: 'Minimalist Analogue Watch',
    description:
      'A clean, easy-to-read dial in a brushed steel case on a soft leather strap. Japanese quartz movement and water resistance to 30 metres. Keep the strap away from water and perfume.',
    categoryId: 'mens-accessories',
    price: 149.5,
    colors: ['black', 'brown', 'navy'],
    tags: ['Watch'],
    art: 'watch',
    views: ALL,
    sizes: oneSize(6),
    daysSinceAdded: 13,
  },
  {
    slug: 'steel-bracelet-chronograph-watch',
    name: 'Steel Bracelet Chronograph Watch',
    description:
      'A solid stainless steel watch with a link bracelet, sapphire-coated glass and a screw-down case back. Water resistant to 100 metres and backed by a two-year warranty. Wipe with a soft cloth after wear.',
    categoryId: 'mens-accessories',
    price: 1199,
    colors: ['silver', 'gold'],
    tags: ['Watch', 'Premium'],
    art: 'watch',
    views: ALL,
    sizes: oneSize(3),
    daysSinceAdded: 4,
  },

  // ---- Women's clothing --------------------------------------------------------------------------
  {
    slug: 'smocked-waist-cotton-top',
    name: 'Smocked Waist Cotton Top',
    description:
      'A breezy cotton top with a smocked waist and short flutter sleeves. Relaxed fit that flatters without clinging, perfect with jeans or palazzos. Machine wash cold; dry in the shade.',
    categoryId: 'womens-clothing',
    price: 27.5,
    colors: ['mustard', 'white', 'navy'],
    tags: ['Top', 'Casual'],
    art: 'top',
    views: ALL,
    sizes: apparel(9, 11, 8, 4, 3),
    daysSinceAdded: 88,
  },
  {
    slug: 'puff-sleeve-cotton-top',
    name: 'Puff Sleeve Cotton Top',
    description:
      'Soft cotton poplin with gathered puff sleeves and a flattering V neckline. Regular fit with a gentle peplum flare at the waist. Machine wash cold; iron on medium.',
    categoryId: 'womens-clothing',
    price: 38.5,
    colors: ['white', 'pink', 'black'],
    tags: ['Top'],
    art: 'top',
    views: NO_BACK,
    sizes: apparel(7, 10, 9, 5, 2),
    daysSinceAdded: 21,
  },
  {
    slug: 'peplum-crepe-top',
    name: 'Peplum Crepe Top',
    description:
      'A polished top in fluid crepe with a structured peplum and a keyhole button at the back. Fits close at the waist and flares softly over the hips. Gentle hand wash; cool iron.',
    categoryId: 'womens-clothing',
    price: 49.99,
    originalPrice: 64.99,
    colors: ['navy', 'maroon', 'white'],
    tags: ['Top', 'Workwear'],
    art: 'top',
    views: ALL,
    sizes: apparel(4, 6, 8, 3, 1),
    daysSinceAdded: 36,
  },
  {
    slug: 'linen-blend-sundress',
    name: 'Linen Blend Sundress',
    description:
      'A light linen-blend sundress with a V neckline and a full, swishy skirt. Fitted bodice with a defined waist seam. Hand wash cold and dry flat in the shade.',
    categoryId: 'womens-clothing',
    price: 64,
    colors: ['sky blue', 'white', 'mustard'],
    tags: ['Dress', 'Linen'],
    art: 'dress',
    views: ALL,
    sizes: apparel(3, 6, 6, 4, 2),
    daysSinceAdded: 17,
  },
  {
    slug: 'ruffled-georgette-blouse',
    name: 'Ruffled Georgette Blouse',
    description:
      'Flowing georgette with soft gathered sleeves and a relaxed peplum for a festive-ready look. Lightly lined so it is never sheer. Hand wash cold separately; do not wring.',
    categoryId: 'womens-clothing',
    price: 72,
    colors: ['beige', 'sky blue', 'black'],
    tags: ['Top', 'Festive'],
    art: 'top',
    views: ['front', 'back', 'detail'],
    sizes: apparel(5, 7, 7, 2, 0),
    daysSinceAdded: 53,
  },
  {
    slug: 'sleeveless-fit-and-flare-dress',
    name: 'Sleeveless Fit and Flare Dress',
    description:
      'A sleeveless fit-and-flare dress in stretch crepe with a V neck and concealed back zip. Fitted through the bodice with a flared knee-length skirt. Machine wash cold on a gentle cycle.',
    categoryId: 'womens-clothing',
    price: 89.99,
    colors: ['black', 'maroon', 'bottle green'],
    tags: ['Dress', 'Party'],
    art: 'dress',
    views: ALL,
    sizes: apparel(5, 9, 6, 2, 0),
    daysSinceAdded: 46,
  },
  {
    slug: 'tiered-cotton-midi-dress',
    name: 'Tiered Cotton Midi Dress',
    description:
      'A relaxed midi dress in breathable cotton voile with a softly tiered skirt. Fitted bodice, V neckline and an easy pull-on fit. Machine wash cold; dry in the shade.',
    categoryId: 'womens-clothing',
    price: 115,
    originalPrice: 149,
    colors: ['white', 'pink', 'navy'],
    tags: ['Dress'],
    art: 'dress',
    views: ALL,
    sizes: apparel(4, 8, 7, 3, 1),
    daysSinceAdded: 29,
  },
  {
    slug: 'satin-slip-evening-dress',
    name: 'Satin Slip Evening Dress',
    description:
      'A bias-cut satin dress with fine straps that skims the body and moves beautifully. Made for cocktail evenings and reception parties. Dry clean only.',
    categoryId: 'womens-clothing',
    price: 144,
    colors: ['black', 'maroon'],
    tags: ['Dress', 'Party'],
    art: 'dress',
    views: NO_BACK,
    sizes: apparel(2, 0, 3, 1, 0),
    daysSinceAdded: 62,
  },

  // ---- Jewellery ---------------------------------------------------------------------------------
  {
    slug: 'beaded-stone-bracelet',
    name: 'Beaded Stone Bracelet',
    description:
      'Polished onyx-look beads strung on strong elastic with silver-tone spacers. Slips on easily and fits most wrists. Keep dry and store away from perfume.',
    categoryId: 'jewelery',
    price: 24.99,
    colors: ['black', 'navy', 'white'],
    tags: ['Bracelet'],
    art: 'bracelet',
    views: ALL,
    sizes: oneSize(20),
    daysSinceAdded: 12,
  },
  {
    slug: 'drop-stone-earrings',
    name: 'Drop Stone Earrings',
    description:
      'Faceted teardrop stones in gold-plated bezels on lightweight fish-hook wires. Comfortable enough to wear from morning to night. Store in the pouch provided; avoid water and perfume.',
    categoryId: 'jewelery',
    price: 35,
    colors: ['gold', 'red'],
    tags: ['Earrings'],
    art: 'earrings',
    views: ALL,
    sizes: oneSize(13),
    daysSinceAdded: 39,
  },
  {
    slug: 'solitaire-cocktail-ring',
    name: 'Solitaire Cocktail Ring',
    description:
      'A single sparkling cubic zirconia in a four-prong setting on a rhodium-plated band. Polished finish that catches the light from every angle. Remove before washing hands or swimming.',
    categoryId: 'jewelery',
    price: 44,
    colors: ['silver', 'black', 'white'],
    tags: ['Ring'],
    art: 'ring',
    views: ALL,
    sizes: ringSizes(4, 0, 6),
    daysSinceAdded: 34,
  },
  {
    slug: 'teardrop-pendant-necklace',
    name: 'Teardrop Pendant Necklace',
    description:
      'A teardrop pendant set in a polished bezel on a fine 18-inch chain with a lobster clasp. Delicate enough for every day, special enough for a celebration. Wipe with a soft cloth after wear.',
    categoryId: 'jewelery',
    price: 54,
    originalPrice: 72,
    colors: ['silver', 'navy', 'white'],
    tags: ['Necklace'],
    art: 'necklace',
    views: ALL,
    sizes: oneSize(10),
    daysSinceAdded: 27,
  },
  {
    slug: 'pearl-bead-bracelet',
    name: 'Pearl Bead Bracelet',
    description:
      'Lustrous shell pearls strung with gold-tone spacer beads and a small charm. Stretch fit that sits comfortably on the wrist. Put it on after make-up and perfume to keep the pearls bright.',
    categoryId: 'jewelery',
    price: 68,
    originalPrice: 85,
    colors: ['white', 'gold'],
    tags: ['Bracelet'],
    art: 'bracelet',
    views: NO_BACK,
    sizes: oneSize(8),
    daysSinceAdded: 80,
  },
  {
    slug: 'statement-stone-ring',
    name: 'Statement Stone Ring',
    description:
      'A bold faceted stone raised on a gold-plated band for festive looks. The open gallery lets the light through for extra sparkle. Store separately to avoid scratches.',
    categoryId: 'jewelery',
    price: 110,
    colors: ['navy', 'gold', 'black'],
    tags: ['Ring', 'Festive'],
    art: 'ring',
    views: ALL,
    sizes: ringSizes(2, 3, 1),
    daysSinceAdded: 59,
  },
  {
    slug: 'gold-plated-chain-necklace',
    name: 'Gold-Plated Chain Necklace',
    description:
      'A fine curb chain in 18k gold-plated brass with a clear stone pendant. Hypoallergenic and nickel-free for sensitive skin. Keep dry and store in the box provided.',
    categoryId: 'jewelery',
    price: 129.5,
    colors: ['gold', 'white'],
    tags: ['Necklace'],
    art: 'necklace',
    views: ALL,
    sizes: oneSize(5),
    daysSinceAdded: 49,
  },
  {
    slug: 'sterling-silver-drop-earrings',
    name: 'Sterling Silver Drop Earrings',
    description:
      'Hallmarked 925 sterling silver drops set with clear faceted stones. Secure hooks with silicone stoppers keep them in place all evening. Polish gently with a silver cloth.',
    categoryId: 'jewelery',
    price: 249,
    colors: ['silver', 'sky blue'],
    tags: ['Earrings', 'Premium'],
    art: 'earrings',
    views: ALL,
    sizes: oneSize(4),
    daysSinceAdded: 58,
  },
];

/** The demo seller (migration 011's), who makes the demo's goods in India and imports the rest. */
const DEMO_MAKER = {
  makerName: 'Kapas Apparel Private Limited',
  makerAddress: 'Unit 4, Kamala Mills Compound, Senapati Bapat Marg, Lower Parel, Mumbai 400013, Maharashtra',
};

/** The demo's imported pieces, by slug, and where they are made; every other piece is made in India. */
const importedFrom: Readonly<Record<string, string>> = {
  'retro-square-sunglasses': 'China',
  'polarised-wayfarer-sunglasses': 'China',
  'minimalist-analogue-watch': 'Japan',
  'steel-bracelet-chronograph-watch': 'Japan',
  'performance-running-cap': 'Vietnam',
  'water-resistant-windcheater': 'Vietnam',
  'fleece-pullover-hoodie': 'Bangladesh',
  'ribbed-wool-blend-beanie': 'Nepal',
};

/** The common name of a piece, from the kind its name ends in (the first match wins). */
const genericNames: readonly [RegExp, string][] = [
  [/\bpolo\b/i, 'Polo shirt'],
  [/\btee\b/i, 'T-shirt'],
  [/\bkurta\b/i, 'Kurta'],
  [/shirt\b/i, 'Shirt'],
  [/\bshorts\b/i, 'Shorts'],
  [/\bjeans\b/i, 'Jeans'],
  [/\b(chinos|trousers)\b/i, 'Trousers'],
  [/\bhoodie\b/i, 'Hoodie'],
  [/\b(jacket|windcheater)\b/i, 'Jacket'],
  [/\bcap\b/i, 'Cap'],
  [/\bbeanie\b/i, 'Beanie'],
  [/\bhat\b/i, 'Hat'],
  [/\bsunglasses\b/i, 'Sunglasses'],
  [/\bbelt\b/i, 'Belt'],
  [/\bwallet\b/i, 'Wallet'],
  [/\bwatch\b/i, 'Wristwatch'],
  [/\bearrings\b/i, 'Earrings (one pair)'],
  [/\b(top|blouse)\b/i, 'Top'],
  [/dress\b/i, 'Dress'],
];

/** A demo piece's Legal Metrology declarations: complete, so that every demo product may stay on sale. */
export function seedDeclarations(seed: Pick<SeedProduct, 'slug' | 'name'>) {
  const origin = importedFrom[seed.slug];
  return {
    generic_name: genericNames.find(([pattern]) => pattern.test(seed.name))?.[1] ?? 'Jewellery',
    net_quantity: '1 N',
    country_of_origin: origin ?? 'India',
    maker_role: origin ? 'importer' : 'manufacturer',
    maker_name: DEMO_MAKER.makerName,
    maker_address: DEMO_MAKER.makerAddress,
  };
}
