/**
 * The home page's sample content (spec §1, §3): static, held in the client, and not tied to
 * the catalogue on the server. Pictures are the server's drawn product illustrations
 * (`/images/products/{kind}--{colour}--{view}.svg`) or, for the deals, inline drawings.
 */

/** Spec §9: the deals countdown runs 3 days from page load. */
export const DEALS_COUNTDOWN_MS = 259_200_000;
/** Spec §9: both carousels move every 10 s; the heading types one character every 150 ms. */
export const CAROUSEL_INTERVAL_MS = 10_000;
export const TYPING_INTERVAL_MS = 150;
export const DEALS_TITLE = 'Deals Of The Month';

export type DealArt = 'spring' | 'summer' | 'holiday';

export interface Deal {
  id: 1 | 2 | 3;
  title: string;
  discount: string;
  /** Which inline drawing shows the deal (no image can be downloaded here). */
  art: DealArt;
  /** What the drawing shows, for screen readers. */
  imageAlt: string;
}

export const deals: readonly Deal[] = [
  {
    id: 1,
    title: 'Spring Sale',
    discount: '30% OFF',
    art: 'spring',
    imageAlt: 'A white linen shirt among spring blossoms',
  },
  {
    id: 2,
    title: 'Summer Breeze',
    discount: '25% OFF',
    art: 'summer',
    imageAlt: 'A sky-blue polo under a summer sun by the sea',
  },
  {
    id: 3,
    title: 'Holiday Special',
    discount: '40% OFF',
    art: 'holiday',
    imageAlt: 'A maroon festive kurta beside a wrapped gift and lanterns',
  },
];

export const categories = [
  "Men's Fashion",
  "Men's T-Shirts",
  "Men's Shirts",
  'Men Accessories',
  'Discount Deals',
] as const;

export type Category = (typeof categories)[number];
/** The category New Arrivals opens on; it shows every sample item. */
export const DEFAULT_CATEGORY: Category = "Men's T-Shirts";

export interface SampleItem {
  id: string;
  name: string;
  brand: string;
  /** Thousands of reviews, shown as "(4.1k) Customer Reviews". */
  reviews: number;
  /** Rupees. */
  price: number;
  category: string;
  image: string;
}

const art = (kind: string, colour: string, view = 'front') => `/images/products/${kind}--${colour}--${view}.svg`;

export const sampleItems: readonly SampleItem[] = [
  {
    id: 'crew-tee',
    name: 'Classic Crew Neck Tee',
    brand: 'KAPAS Basics',
    reviews: 4.1,
    price: 599,
    category: "Men's T-Shirts",
    image: art('t-shirt', 'navy'),
  },
  {
    id: 'pique-polo',
    name: 'Piqué Cotton Polo',
    brand: 'Monsoon & Co.',
    reviews: 3.6,
    price: 899,
    category: "Men's T-Shirts",
    image: art('polo', 'bottle-green'),
  },
  {
    id: 'oxford-shirt',
    name: 'Oxford Button-Down Shirt',
    brand: 'Indigo Loom',
    reviews: 5.2,
    price: 1299,
    category: "Men's Shirts",
    image: art('shirt', 'sky-blue'),
  },
  {
    id: 'linen-kurta',
    name: 'Linen Blend Short Kurta',
    brand: 'Urban Khadi',
    reviews: 2.8,
    price: 1099,
    category: "Men's Fashion",
    image: art('kurta', 'beige'),
  },
  {
    id: 'fleece-hoodie',
    name: 'Brushed Fleece Hoodie',
    brand: 'Monsoon & Co.',
    reviews: 1.9,
    price: 1499,
    category: "Men's Fashion",
    image: art('hoodie', 'maroon'),
  },
  {
    id: 'canvas-cap',
    name: 'Six-Panel Canvas Cap',
    brand: 'Saffron Street',
    reviews: 1.2,
    price: 449,
    category: 'Men Accessories',
    image: art('cap', 'olive'),
  },
];

/** The specials banner (spec §2): one static product. */
export const special = {
  eyebrow: "Men's Collection",
  name: 'The Monsoon Overshirt',
  description:
    'A heavyweight cotton overshirt with a soft brushed finish: layer it over a tee on cool evenings, or wear it buttoned up on its own.',
  sizes: ['S', 'M', 'L', 'XL'] as const,
  price: 1199,
  image: art('jacket', 'olive', 'styled'),
  imageAlt: 'An olive cotton overshirt on a hanger',
};

/**
 * The feature blurbs under the specials banner, worded as the spec gives them, but for shipping:
 * the banner fills that one in from the shop's settings (the spec's "over 150 dollars" is not
 * what the totals do).
 */
export const specialFeatures = [
  { id: 'quality', title: 'High Quality', text: 'Crafted from top materials' },
  { id: 'warranty', title: 'Warranty Protection', text: 'Over 2 years' },
  { id: 'shipping', title: 'Shipping', text: 'Across most of India' },
  { id: 'support', title: '24/7 Support', text: 'Dedicated support' },
] as const;

export interface InstagramTile {
  image: string;
  alt: string;
}

export const INSTAGRAM_HANDLE = '@kapas.menswear';

export const instagramTiles: readonly InstagramTile[] = [
  { image: art('shirt', 'white', 'styled'), alt: 'A white shirt on a rail' },
  { image: art('t-shirt', 'mustard', 'detail'), alt: 'Close-up of a mustard tee' },
  { image: art('kurta', 'maroon', 'styled'), alt: 'A maroon kurta on a hanger' },
  { image: art('jeans', 'navy', 'detail'), alt: 'Close-up of indigo jeans' },
  { image: art('polo', 'rust', 'styled'), alt: 'A rust polo on a hanger' },
  { image: art('hoodie', 'grey', 'detail'), alt: 'Close-up of a grey hoodie' },
];

export interface Testimonial {
  id: string;
  name: string;
  role: string;
  text: string;
  /** 1 to 5. */
  stars: 1 | 2 | 3 | 4 | 5;
}

export const testimonials: readonly Testimonial[] = [
  {
    id: 'arjun',
    name: 'Arjun Mehta',
    role: 'Product designer, Bengaluru',
    text: 'The Oxford shirt fits like it was made for me. Three washes in and it still looks new. Cash on delivery made the first order an easy yes.',
    stars: 5,
  },
  {
    id: 'rohan',
    name: 'Rohan Iyer',
    role: 'College student, Chennai',
    text: 'Great tees for the price and the cotton breathes in Chennai heat. Delivery took a day longer than promised, but support kept me posted.',
    stars: 4,
  },
  {
    id: 'kabir',
    name: 'Kabir Singh',
    role: 'Architect, Delhi',
    text: 'I wore the linen kurta to my cousin’s mehndi and got asked where it was from all evening. Simple, well cut, and properly finished inside.',
    stars: 5,
  },
  {
    id: 'vikram',
    name: 'Vikram Nair',
    role: 'Sales manager, Kochi',
    text: 'The hoodie is warm and soft, though the sleeves run a little long. Sizing help on chat sorted me out quickly for the next one.',
    stars: 3,
  },
  {
    id: 'sameer',
    name: 'Sameer Khan',
    role: 'Photographer, Mumbai',
    text: 'Ordered a cap and two polos on a Monday, had them by Thursday. Colours are exactly as shown, which is rarer than it should be.',
    stars: 4,
  },
];
