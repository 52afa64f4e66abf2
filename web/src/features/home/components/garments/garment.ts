/**
 * Flat garment drawings for the home page's inline illustrations (hero and deals), one module
 * each: the hero, painted first, draws only the shirt. Each is drawn in a 200 × 240 box; place it
 * with `transform`.
 */
export interface GarmentProps {
  fill: string;
  line: string;
  transform?: string;
}
