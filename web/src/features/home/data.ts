/**
 * The home page's fixed parts: timings, texts and drawings. What it shows of the shop (deals,
 * products, testimonials) comes from the server (`GET /api/home`). Pictures are the server's
 * drawn product illustrations (`/images/products/{kind}--{colour}--{view}.svg`) or, for deals
 * without an uploaded picture, inline drawings.
 */

/** Spec §9: both carousels move every 10 s; the heading types one character every 150 ms. */
export const CAROUSEL_INTERVAL_MS = 10_000;
export const TYPING_INTERVAL_MS = 150;
export const DEALS_TITLE = 'Deals Of The Month';

export type DealArt = 'spring' | 'summer' | 'holiday';

/** The drawn scenes a deal without an uploaded picture shows, in turn. */
export const dealArts: readonly { art: DealArt; label: string }[] = [
  { art: 'spring', label: 'A white linen shirt among spring blossoms' },
  { art: 'summer', label: 'A sky-blue polo under a summer sun by the sea' },
  { art: 'holiday', label: 'A maroon festive kurta beside a wrapped gift and lanterns' },
];

const art = (kind: string, colour: string, view = 'front') => `/images/products/${kind}--${colour}--${view}.svg`;

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
